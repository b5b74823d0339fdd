// Each thread reads the element of its lane through a surface under the clamp boundary mode, but
// lane 3's byte offset is 2 more than its element's: not a multiple of the 4-byte read. The GPU
// fails the kernel with cudaErrorMisalignedAddress in every boundary mode (SURFOBJ-4). Built with
// -D CLEAN every offset is a whole element and the sum is right.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 2'
// RUN: %warpsafe run %s -D CLEAN --schedule random --seed 2 2>&1 | FileCheck %s --check-prefix=CLEAN
// CHECK:      warpsafe: misaligned memory access
// CHECK-NEXT:   in kernel Sum (launched at [[FILE]]:[[@LINE+36]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+17]]: surf1Dread of 4 bytes through surface object 1
// CHECK-NEXT:   x = 14 is a byte offset into the row that is not a multiple of the 4-byte access (on a GPU: cudaErrorMisalignedAddress, whatever the boundary mode)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CLEAN:      sum 496
// CLEAN-NOT:  {{.}}
#include <cstdio>

#ifdef CLEAN
constexpr int kSkew = 0;
#else
constexpr int kSkew = 2;
#endif

__global__ void Sum(cudaSurfaceObject_t s, int* sum) {
  int x = threadIdx.x * 4;
  if (threadIdx.x == 3) x += kSkew;
  atomicAdd(sum, surf1Dread<int>(s, x, cudaBoundaryModeClamp));
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, 32, 0, cudaArraySurfaceLoadStore);
  int values[32];
  for (int i = 0; i < 32; ++i) values[i] = i;
  cudaMemcpy2DToArray(array, 0, 0, values, sizeof values, sizeof values, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = array;
  cudaSurfaceObject_t s;
  cudaCreateSurfaceObject(&s, &rd);
  int* sum;
  cudaMallocManaged(&sum, sizeof(int));
  *sum = 0;
  Sum<<<1, 32>>>(s, sum);
  cudaDeviceSynchronize();
  std::printf("sum %d\n", *sum);
  return 0;
}
