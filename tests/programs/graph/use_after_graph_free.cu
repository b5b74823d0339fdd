// A graph allocates, fills and frees memory (a captured cudaMallocAsync / cudaFreeAsync pair), and
// a kernel reads that memory (GRAPH-MEM-3):
//   (as written)   the reading kernel is launched after the graph's launch, when the graph's free
//                  node has run: a use after free, which `warpsafe check` reports as it reports one
//                  after cudaFreeAsync;
//   CAPTURED_READ  the reading kernel is captured between the graph's allocation and its free, so
//                  every launch of the graph reads live memory, and the program checks the values.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: %build-instrumented %s -o %t.captured -D CAPTURED_READ
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.captured 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t.captured 2>&1 | count 0
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in kernel Read (launched at [[FILE]]:[[@LINE+31]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: read of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   the address is in a graph allocation (a memory alloc node, or cudaMallocAsync captured into a graph) that is freed: a memory free node, cudaFreeAsync or cudaFree released it, and its alloc node has not run again; using it is a use after free (docs/semantics/graph_memory.md, GRAPH-MEM-3)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Fill(int* v) { v[threadIdx.x] = 3 * threadIdx.x; }
__global__ void Read(const int* v, int* out) { out[threadIdx.x] = v[threadIdx.x]; }

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  int* tmp = nullptr;
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaMallocAsync(reinterpret_cast<void**>(&tmp), 32 * sizeof(int), s);
  Fill<<<1, 32, 0, s>>>(tmp);
#ifdef CAPTURED_READ
  Read<<<1, 32, 0, s>>>(tmp, out);
#endif
  cudaFreeAsync(tmp, s);
  cudaStreamEndCapture(s, &g);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g, 0);
#ifdef CAPTURED_READ
  for (int i = 0; i < 2; ++i) cudaGraphLaunch(exec, s);
#else
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  Read<<<1, 32, 0, s>>>(tmp, out);  // tmp was freed by the graph's free node
#endif
  cudaStreamSynchronize(s);
  int host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  cudaFree(out);
  cudaStreamDestroy(s);
  for (int i = 0; i < 32; ++i) {
    if (host[i] != 3 * i) return 1;
  }
  return 0;
}
