// Asserts that __activemask() names the whole warp: true under lockstep (the warp reconverges
// before the query), false under independent thread scheduling for some seeds.
#include <assert.h>
__global__ void k() {
  const unsigned mask = __activemask();
  assert(mask == 0xffffffffu);
}
int main() {
  k<<<1, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
