// A program that tests its runtime calls and copes: a launch with 2048 threads per block is
// refused, and the program falls back to 1024; a cudaFree of a pointer into a block is refused. Listed by `warpsafe check` (API-1, API-3: the
// refused launch with the limit it broke, and the block it never frees), not a defect: the run is
// clean; the lines below are the listing run_instrumented.cmake expects.
// listing: warpsafe note: the launch of Fill at .*api_errors_norace.cu:[0-9]+ failed with cudaErrorInvalidConfiguration: the block \(2048,1,1\) has 2048 threads, above maxThreadsPerBlock \(1024\)
// listing: warpsafe note: cudaFree returned cudaErrorInvalidValue at .*api_errors_norace.cu:[0-9]+
// listing: warpsafe note: leak: cudaMalloc block of 8192 bytes \(the program's 2nd allocation, made at .*api_errors_norace.cu:[0-9]+\) was never freed
__global__ void Fill(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
int main() {
  int *p, *kept;
  cudaMalloc(&p, 2048 * sizeof(int));
  cudaMalloc(&kept, 2048 * sizeof(int));
  Fill<<<1, 2048>>>(p);
  if (cudaGetLastError() != cudaSuccess) Fill<<<2, 1024>>>(p);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  if (cudaFree(p + 1) == cudaSuccess) return 2;  // not the start of a block: refused
  cudaFree(p);
  return 0;
}
