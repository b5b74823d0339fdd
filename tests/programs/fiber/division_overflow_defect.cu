// expect: warpsafe: integer division overflow in GPU thread
// report: thread \(5,0,0\)[^\n]*\n  at [^\n]*division_overflow_defect\.cu:10: the division\n  the most negative 64-bit integer divided by -1
// LLONG_MIN / -1: the quotient does not fit in 64 bits. Undefined in C++; a GPU does not trap.
#include <climits>

__global__ void k(long long* values, long long divisor) {
  const int i = threadIdx.x;
  long long v = values[i];
  if (i == 5) v = LLONG_MIN;
  values[i] = v / divisor;
}
int main(int argc, char**) {
  long long* values;
  cudaMallocManaged(&values, 32 * sizeof(long long));
  for (int i = 0; i < 32; ++i) values[i] = i * 10;
  k<<<1, 32>>>(values, argc > 1000 ? 1 : -1);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
