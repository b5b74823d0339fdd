// A program that prints, then crashes in host code (a null pointer that is only known at run
// time). It dies of SIGSEGV as it would without warpsafe, but nothing it printed may be lost.
#include <cstdio>

__global__ void noop() {}

int main(int argc, char**) {
  noop<<<1, 32>>>();
  cudaDeviceSynchronize();
  for (int i = 0; i < 500; ++i) std::printf("line %d\n", i);
  volatile int* p = argc > 1000 ? new int : nullptr;
  *p = 1;
  return 0;
}
