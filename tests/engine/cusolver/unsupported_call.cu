// Calls a cuSOLVER function the engine does not provide: the build stops naming it.
#include <cusolverDn.h>

int main() {
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  float* a = nullptr;
  int* info = nullptr;
  cusolverDnSgesvd(h, 'A', 'A', 4, 4, a, 4, a, a, 4, a, 4, a, 16, a, info);
  return 0;
}
