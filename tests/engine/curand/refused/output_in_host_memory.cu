// A generator made by curandCreateGenerator writes device memory; a host array is reported.
#include <curand.h>

int main() {
  static unsigned host[64];
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW);
  curandGenerate(g, host, 64);
  return 0;
}
