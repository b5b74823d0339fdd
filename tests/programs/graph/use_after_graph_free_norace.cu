// The twin of use_after_graph_free_defect.cu: the reading kernel is captured between the graph's
// allocation and its free, so every launch reads live memory (GRAPH-MEM-3).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

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
  Read<<<1, 32, 0, s>>>(tmp, out);
  cudaFreeAsync(tmp, s);
  cudaStreamEndCapture(s, &g);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g, 0);
  for (int i = 0; i < 2; ++i) cudaGraphLaunch(exec, s);
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
