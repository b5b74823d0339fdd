// A lambda handed to Thrust whose captures differ between the passes: Thrust launches its kernel
// only in host code (under NV_IS_HOST), so no launch of it is compiled in the device pass; the
// record comes from the device pass's instantiation of the kernel itself. Here the device code
// uses `scale` and the host code does not, so the closure the host builds is smaller than the one
// the kernel reads, and the kernel would read `scale` from past the host's closure. The launch
// stops before any thread runs, named at the program's thrust::transform with Thrust's own launch
// as a note (exit 65). The argument's number and sizes are Thrust's own (they differ between CCCL
// versions); parameter_layout_thrust_agreeing.cu is the same program with agreeing captures.
// REQUIRES: cccl
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      before the transform
// CHECK-NEXT: warpsafe: [[FILE]]:[[@LINE+17]]: the launch of {{[A-Za-z_:]+}} (in {{.*}}/thrust/system/cuda/detail/core/triple_chevron_launch.h:{{[0-9]+}}) passes argument {{[0-9]+}} of {{[0-9]+}} as {{[0-9]+}} bytes aligned to {{[0-9]+}} (host code), but the kernel's device code reads it as {{[0-9]+}} bytes aligned to {{[0-9]+}}
// CHECK-NEXT:   the argument's type is laid out differently with and without __CUDA_ARCH__ (a member declared,
// CHECK-NEXT:   or a lambda capture used, only on one side); CUDA requires a kernel's parameter types to be
// CHECK-NEXT:   the same in host and device code
// CHECK-NOT:  {{.}}
#include <cstdio>

#include <thrust/device_vector.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>

int main(int argc, char**) {
  thrust::device_vector<int> in(8), out(8);
  thrust::sequence(in.begin(), in.end());
  const int offset = 9 + argc, scale = 2 + argc;  // not constants: the lambda must capture them
  std::printf("before the transform\n");
  std::fflush(stdout);
  thrust::transform(in.begin(), in.end(), out.begin(), [=] __device__(int i) {
#ifdef __CUDA_ARCH__
    return offset + scale * i;
#else
    return offset + i;
#endif
  });
  for (int i = 0; i < 8; ++i) std::printf("%d ", int(out[i]));
  std::printf("\n");
  return 0;
}
