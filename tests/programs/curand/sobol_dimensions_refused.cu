// cuRAND's Sobol generators take up to 20000 dimensions; the engine's direction vectors (Joe and
// Kuo's numbers as Boost ships them) stop at 3667. A generator set to more is refused with the
// limit named (3667 itself is provided; 0 and 20001 are answered as on a GPU). A program that
// copies a dimension past 3667 out of curandGetDirectionVectors32's table is stopped at that read
// (TABLE), and a kernel that reads one there directly too (KERNEL).
// RUN: %expect-exit 66 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s -D TABLE 2>&1 | FileCheck %s --check-prefix=TABLE -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s -D KERNEL 2>&1 | FileCheck %s --check-prefix=KERNEL -DFILE=%s
// CHECK:      3667 dimensions: status 0, 0: status 104, 20001: status 104
// CHECK-NEXT: warpsafe: unsupported by the engine
// CHECK-NEXT:   at [[FILE]]:56: curandSetQuasiRandomGeneratorDimensions: 3668 dimensions: the engine's Sobol direction vectors stop at 3667 dimensions (cuRAND's at 20000)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] {{.*}}
// CHECK-NOT:  {{.}}
// TABLE:      dimension 3666 copied
// TABLE-NEXT: warpsafe: unsupported by the engine
// TABLE-NEXT:   at [[FILE]]:40: a read of dimension {{3667|3668}} of the table curandGetDirectionVectors32 handed out: the engine's Sobol direction vectors stop at 3667 dimensions (cuRAND's at 20000)
// TABLE-NEXT:   replay: {{.*}}
// TABLE-NOT:  {{.}}
// KERNEL:      warpsafe: unsupported by the engine
// KERNEL-NEXT:   in kernel Read (launched at [[FILE]]:46), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// KERNEL-NEXT:   at [[FILE]]:29: the access
// KERNEL-NEXT:   a read of dimension 19999 of the table curandGetDirectionVectors64 handed out: the engine's Sobol direction vectors stop at 3667 dimensions (cuRAND's at 20000)
// KERNEL-NEXT:   replay: {{.*}}
// KERNEL-NOT:  {{.}}
#include <cstdio>

#include <curand.h>

__global__ void Read(const curandDirectionVectors64_t* table, unsigned long long* out) { *out = table[19999][63]; }

int main() {
#if defined(TABLE)
  curandDirectionVectors32_t* table = nullptr;
  curandGetDirectionVectors32(&table, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  unsigned* d = nullptr;
  cudaMalloc(&d, 2 * sizeof(curandDirectionVectors32_t));
  cudaMemcpy(d, table[3666], sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
  std::printf("dimension 3666 copied\n");
  std::fflush(stdout);
  cudaMemcpy(d, table[3666], 2 * sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
#elif defined(KERNEL)
  curandDirectionVectors64_t* table = nullptr;
  curandGetDirectionVectors64(&table, CURAND_DIRECTION_VECTORS_64_JOEKUO6);
  unsigned long long* out = nullptr;
  cudaMallocManaged(&out, sizeof *out);
  Read<<<1, 1>>>(table, out);
  cudaDeviceSynchronize();
#else
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64);
  const int ok = curandSetQuasiRandomGeneratorDimensions(g, 3667);
  const int none = curandSetQuasiRandomGeneratorDimensions(g, 0);
  const int too_many = curandSetQuasiRandomGeneratorDimensions(g, 20001);
  std::printf("3667 dimensions: status %d, 0: status %d, 20001: status %d\n", ok, none, too_many);
  std::fflush(stdout);
  curandSetQuasiRandomGeneratorDimensions(g, 3668);
#endif
  return 0;
}
