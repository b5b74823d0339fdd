// expect: warpsafe: __syncthreads after part of the block exited
// report: in kernel Reverse \(launched at [^\n]*barrier_after_exit_defect\.cu:22\), block \(0,0,0\)\n  at [^\n]*barrier_after_exit_defect\.cu:12:[0-9]+: __syncthreads reached by the block.s 48 remaining thread\(s\), e\.g\. thread \([0-9]+,0,0\) \(warp [01], lane [0-9]+\)\n  16 thread\(s\) of the block had exited before it, e\.g\. thread \(48,0,0\) \(warp 1, lane 16\)
// The threads past the end of the data return early, and the rest then meet at __syncthreads. The
// Programming Guide allows the barrier only where every thread of the block reaches it; a GPU since
// Volta lets the remaining threads through, but the program relies on what the Guide leaves
// undefined. `warpsafe check` reports it (`warpsafe run` lets it pass, as the hardware does).
__global__ void Reverse(const int* in, int* out, int n) {
  __shared__ int tile[64];
  const int i = threadIdx.x;
  if (i >= n) return;
  tile[i] = in[i];
  __syncthreads();
  out[i] = tile[n - 1 - i];
}

int main() {
  const int n = 48;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  Reverse<<<1, 64>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
