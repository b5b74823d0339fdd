// A quasi-random generator is refused when it is created, naming the generator type.
#include <curand.h>

int main() {
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32);
  return 0;
}
