// malloc_before_start_defect.cu with the index guarded: vertex 0 reads its own first edge.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 64 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+15]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 64 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+15]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 64 bytes (the program's 3rd allocation, made at [[FILE]]:[[@LINE+15]]) was never freed
// CHECK-NOT:  {{.}}

__global__ void previous_edge(const int* offsets, const int* edges, int* out) {
  const int v = threadIdx.x;
  out[v] = edges[offsets[v] - (v > 0 ? 1 : 0)];  // vertex 0 has no edge before its first
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
