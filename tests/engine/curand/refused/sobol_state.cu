// The quasi-random states are declared but not provided: making one does not compile, and the
// compiler names this line and the state.
#include <curand_kernel.h>

__global__ void Draw() {
  curandStateSobol32_t state;
}

int main() {
  Draw<<<1, 1>>>();
  return 0;
}
