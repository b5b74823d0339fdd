// cuBLAS scales x on one stream; a kernel on another stream reads x without waiting for the
// library's work (MEM-5).
#include <cublas_v2.h>

#include <cstdio>

__global__ void Sum(const float* x, int n, float* out) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += x[i];
  *out = s;
}

int main() {
  const int n = 64;
  float *x, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  cudaMemcpy(x, host, sizeof host, cudaMemcpyHostToDevice);
  cudaStream_t blas_stream, kernel_stream;
  cudaStreamCreateWithFlags(&blas_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&kernel_stream, cudaStreamNonBlocking);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, blas_stream);
  const float two = 2;
  cublasSscal(h, n, &two, x, 1);
  Sum<<<1, 1, 0, kernel_stream>>>(x, n, out);  // reads x: unordered with the scal
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
