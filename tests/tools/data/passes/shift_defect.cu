// A device shift by the operand's width, built by warpsafe_add_executable: in one compile (no line
// depends on __CUDA_ARCH__) and, with WARPSAFE_TOOLS_ARCH_BRANCH, in two passes. Either way the
// kernel's shift is checked as `warpsafe run` checks it (docs/semantics/shift.md): a report and
// exit 66, not x86's masked count.
#include <cstdio>

__device__ unsigned Shift(unsigned value, unsigned count) {
#if defined(WARPSAFE_TOOLS_ARCH_BRANCH) && !defined(__CUDA_ARCH__)
  return 0;
#else
  return value << count;
#endif
}

__global__ void ShiftByWidth(unsigned* out, const unsigned* counts) { out[threadIdx.x] = Shift(0x12345678u, counts[threadIdx.x]); }

int main() {
  unsigned* out = nullptr;
  unsigned* counts = nullptr;
  if (cudaMallocManaged(&out, 4 * sizeof(unsigned)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&counts, 4 * sizeof(unsigned)) != cudaSuccess) return 1;
  for (int i = 0; i < 4; ++i) counts[i] = i == 2 ? 32 : i;
  ShiftByWidth<<<1, 4>>>(out, counts);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("shifted %x %x %x %x\n", out[0], out[1], out[2], out[3]);
  return 0;
}
