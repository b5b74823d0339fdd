// expect: warpsafe: integer division by zero in GPU thread
// report: thread \(3,0,0\)[^\n]*\n  at [^\n]*division_by_zero_defect\.cu:9: the division by zero
// One thread divides by a divisor that is zero at run time. A GPU does not trap: the quotient is
// unspecified and the program goes on; the engine reports the thread and the line.
#include <cstdio>

__global__ void k(int* out, const int* divisors, int a) {
  const int i = threadIdx.x;
  out[i] = a / divisors[i];
}
int main() {
  int* out;
  int* divisors;
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&divisors, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) divisors[i] = i == 3 ? 0 : i + 1;
  k<<<1, 32>>>(out, divisors, 1000);
  cudaDeviceSynchronize();
  std::printf("out[3] = %d\n", out[3]);
  return 0;
}
