// Exits 5 unless its arguments are exactly `--size 1024`: tests that ARGS reach the program
// (warpsafe_add_check_test's packing of a list into one -D value).
#include <stdio.h>
#include <string.h>
__global__ void k(int* out) {
  const int v = __reduce_add_sync(0xffffffff, 1);
  if (threadIdx.x == 0) *out = v;
}
int main(int argc, char** argv) {
  if (argc != 3 || strcmp(argv[1], "--size") != 0 || strcmp(argv[2], "1024") != 0) {
    printf("needs_args: bad arguments\n");
    return 5;
  }
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  k<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return *out == 32 ? 0 : 1;
}
