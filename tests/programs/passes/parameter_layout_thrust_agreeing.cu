// The twin of parameter_layout_thrust.cu whose lambda captures the same variables in both passes:
// its body still differs under __CUDA_ARCH__, which changes no layout, so the transform runs, and
// it runs the device branch (offset + scale * i, never the host's offset - i).
// REQUIRES: cccl
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      {{^}}10 13 16 19 22 25 28 31 {{$}}
// CHECK-NOT:  {{.}}
#include <cstdio>

#include <thrust/device_vector.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

int main(int argc, char**) {
  thrust::device_vector<int> in(8), out(8);
  thrust::sequence(in.begin(), in.end());
  const int offset = 9 + argc, scale = 2 + argc;  // not constants: the lambda must capture them
  thrust::transform(in.begin(), in.end(), out.begin(), [=] __device__(int i) {
#ifdef __CUDA_ARCH__
    return offset + scale * i;
#else
    return offset - i + 0 * scale;
#endif
  });
  for (int i = 0; i < 8; ++i) std::printf("%d ", int(out[i]));
  std::printf("\n");
  return 0;
}
