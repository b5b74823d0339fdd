// Another folder's program for precompiled_prologue.cu: a product by a warp's shuffles, and a
// device pass (it reads __CUDA_ARCH__), so both passes' prologues are looked up.
#include <cstdio>

__global__ void product(int* out) {
  int v = threadIdx.x < 7 ? int(threadIdx.x) + 1 : 1;
  for (int offset = 16; offset > 0; offset /= 2) v *= __shfl_xor_sync(0xffffffffu, v, offset);
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0) *out = v;
#endif
}

int main() {
  int* out = nullptr;
  if (cudaMalloc(&out, sizeof(int)) != cudaSuccess) return 1;
  product<<<1, 32>>>(out);
  int result = 0;
  if (cudaMemcpy(&result, out, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("product %d\n", result);
  return 0;
}
