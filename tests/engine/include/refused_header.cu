// A program that includes a library the engine does not provide: its compile stops at line 3.
#include <cstdio>
#include <cusolverSp.h>

int main() {
  cusolverSpHandle_t handle;
  cusolverSpCreate(&handle);
  std::printf("compiled\n");
  return 0;
}
