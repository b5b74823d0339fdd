// A graph kernel reads the edge before a vertex's first one: for vertex 0 that is index -1, the
// 4 bytes just before the cudaMalloc block (its redzone before the start).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   in kernel previous_edge (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: 4 bytes before the nearest allocation, a cudaMalloc block of 64 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+15]])
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void previous_edge(const int* offsets, const int* edges, int* out) {
  const int v = threadIdx.x;
  out[v] = edges[offsets[v] - 1];  // offsets[0] == 0: edges[-1]
}

int main() {
  const int n = 16;
  int h_offsets[n];
  for (int i = 0; i < n; ++i) h_offsets[i] = i;
  int *offsets, *edges, *out;
  cudaMalloc(&offsets, n * sizeof(int));
  cudaMalloc(&edges, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(offsets, h_offsets, sizeof h_offsets, cudaMemcpyHostToDevice);
  cudaMemset(edges, 0, n * sizeof(int));
  previous_edge<<<1, n>>>(offsets, edges, out);
  cudaDeviceSynchronize();
  return 0;
}
