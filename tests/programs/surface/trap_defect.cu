// Each thread of a warp writes one element of row 1 of a 2D array through a surface, under the
// default boundary mode, trap. Built with -D CLEAN the array has an element per thread; without it
// the array is one element short and lane 31 writes past the row's end, which fails the kernel on a
// GPU (cudaErrorIllegalAddress, SURFOBJ-3): the engine reports it as that fault and stops.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 3'
// RUN: %warpsafe run %s -D CLEAN --schedule random --seed 3 2>&1 | FileCheck %s --check-prefix=CLEAN
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in kernel Fill (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+15]]: surf2Dwrite of 4 bytes through surface object 1
// CHECK-NEXT:   x = 124 (bytes) is outside the array's rows of 124 bytes (31 elements of 4 bytes), with cudaBoundaryModeTrap: the access fails the kernel (on a GPU: cudaErrorIllegalAddress)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CLEAN:      row 1: 0 10 20 ... 310
// CLEAN-NOT:  {{.}}
#include <cstdio>

#ifdef CLEAN
constexpr int kWidth = 32;
#else
constexpr int kWidth = 31;
#endif

__global__ void Fill(cudaSurfaceObject_t s) {
  surf2Dwrite(int(threadIdx.x * 10), s, threadIdx.x * sizeof(int), 1);
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, kWidth, 2, cudaArraySurfaceLoadStore);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = array;
  cudaSurfaceObject_t s;
  cudaCreateSurfaceObject(&s, &rd);
  Fill<<<1, 32>>>(s);
  cudaDeviceSynchronize();
  int row[32];
  cudaMemcpy2DFromArray(row, sizeof row, array, 0, 1, kWidth * sizeof(int), 1, cudaMemcpyDeviceToHost);
  std::printf("row 1: %d %d %d ... %d\n", row[0], row[1], row[2], row[kWidth - 1]);
  cudaDestroySurfaceObject(s);
  cudaFreeArray(array);
  return 0;
}
