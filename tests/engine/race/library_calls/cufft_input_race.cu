// A kernel on one stream writes a transform's input; cuFFT, on another stream, transforms it
// without waiting (MEM-5).
#include <cufft.h>

#include <cstdio>

__global__ void Signal(cufftComplex* x, int n) {
  const int i = threadIdx.x;
  if (i < n) x[i] = make_cuComplex(static_cast<float>(i % 5), 0.0f);
}

int main() {
  const int n = 64;
  cufftComplex *x, *y;
  cudaMalloc(&x, n * sizeof(cufftComplex));
  cudaMalloc(&y, n * sizeof(cufftComplex));
  cudaStream_t signal_stream, fft_stream;
  cudaStreamCreateWithFlags(&signal_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&fft_stream, cudaStreamNonBlocking);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftSetStream(plan, fft_stream);
  Signal<<<1, n, 0, signal_stream>>>(x, n);
  cufftExecC2C(plan, x, y, CUFFT_FORWARD);  // reads x: unordered with Signal
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
