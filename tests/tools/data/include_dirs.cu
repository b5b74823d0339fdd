// cmake/Warpsafe.cmake's INCLUDE_DIRS and DEFINES: block_sum.cuh is found only in the include
// directory given to the function, must be rewritten by the front end (its __shared__ and its
// launch), and compiles only with WARPSAFE_TOOLS_FACTOR defined.
#include <cstdio>
#include <block_sum.cuh>

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  LaunchBlockSum(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  std::printf("block sum %d\n", *out);
  return *out == 496 * WARPSAFE_TOOLS_FACTOR ? 0 : 1;
}
