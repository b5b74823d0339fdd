// A host array passed to cuFFT as the output of a transform: on a GPU the library's kernel faults
// (or writes wherever that address leads); the engine reports the call and the operand.
#include <cufft.h>

#include <cstdio>

int main() {
  cufftHandle plan;
  if (cufftPlan1d(&plan, 16, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;
  cufftComplex* in = nullptr;
  if (cudaMalloc(&in, 16 * sizeof(cufftComplex)) != cudaSuccess) return 1;
  cudaMemset(in, 0, 16 * sizeof(cufftComplex));
  cufftComplex host_out[16];
  cufftExecC2C(plan, in, host_out, CUFFT_FORWARD);
  std::printf("not reached\n");
  return 0;
}
