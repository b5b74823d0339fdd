// Conversions whose truncated value fits the integer type are defined and not reported: the
// largest float below 2^32 to unsigned, -0.9 to unsigned (truncates to 0), values next to the
// signed limits, and negative values to signed integers, in float and double. A conversion that
// does not fit, in host code, is not reported either: host code keeps C++'s meaning, in a file
// built in one pass as in one built in two (HOST_TWO_PASS reads __CUDA_ARCH__).
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D HOST_TWO_PASS --schedule lockstep 2>&1 | FileCheck %s
// CHECK:      4294967040 0 2147483520 -2147483648 -7 9223372036854774784 65535
// CHECK-NEXT: host done
// CHECK-NOT:  {{.}}
#include <cstdio>

volatile float g_big = 1e20f;

__global__ void Convert(unsigned* u, int* s, long long* l, unsigned short* h) {
#if defined(HOST_TWO_PASS) && defined(__CUDA_ARCH__)
  const float below_2_32 = 4294967040.0f;
#else
  const float below_2_32 = 4294967040.0f + 0.0f;
#endif
  volatile float f = below_2_32;
  u[0] = f;
  f = -0.9f;
  u[1] = f;
  f = 2147483520.0f;
  s[0] = f;
  volatile double d = -2147483648.0;
  s[1] = d;
  d = -7.99;
  s[2] = d;
  d = 9223372036854774784.0;
  l[0] = d;
  f = 65535.5f;
  h[0] = f;
}

int main() {
  unsigned* u;
  int* s;
  long long* l;
  unsigned short* h;
  cudaMallocManaged(&u, 2 * sizeof(unsigned));
  cudaMallocManaged(&s, 3 * sizeof(int));
  cudaMallocManaged(&l, sizeof(long long));
  cudaMallocManaged(&h, sizeof(unsigned short));
  Convert<<<1, 1>>>(u, s, l, h);
  cudaDeviceSynchronize();
  std::printf("%u %u %d %d %d %lld %u\n", u[0], u[1], s[0], s[1], s[2], l[0], h[0]);
  const unsigned host = g_big;  // undefined in C++, but host code: not reported
  std::printf("host done%s\n", host == 7u ? "!" : "");
  return 0;
}
