// A kernel on one stream fills A; cuBLAS, on another stream, multiplies with A without waiting for
// it. On a GPU both are work queued on their streams, and nothing orders the two (MEM-5).
#include <cublas_v2.h>

#include <cstdio>

__global__ void Fill(float* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 0.5f * static_cast<float>(i % 7);
}

int main() {
  const int n = 16;
  float *a, *b, *c;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  cudaMemset(b, 0, n * n * sizeof(float));
  cudaStream_t fill_stream, blas_stream;
  cudaStreamCreateWithFlags(&fill_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&blas_stream, cudaStreamNonBlocking);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, blas_stream);
  Fill<<<(n * n + 127) / 128, 128, 0, fill_stream>>>(a, n * n);
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);  // reads a: unordered
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
