// A program that includes a header library with CCCL's layout from a -I directory: the library's
// headers reach the compiler through the shadow tree, rewritten once each.
#include <cstdio>
#include <cub/cub.cuh>

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 64 * sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  for (int i = 0; i < 64; ++i) in[i] = i;
  cub::LaunchSum<64>(in, out);
  cudaDeviceSynchronize();
  std::printf("sum %d\n", *out);
  return *out == 2016 ? 0 : 1;
}
