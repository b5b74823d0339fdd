// A kernel reads, through a surface, elements of a CUDA array that no copy and no surface write
// ever filled: the read is one of device memory nothing wrote (SURFOBJ-6, MEM-3). Built with
// -D CLEAN, the array is filled first and the run is clean.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: %build-instrumented %s -o %t.clean -D CLEAN
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t.clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// CHECK:      warpsafe: read of uninitialized global memory
// CHECK-NEXT:   in kernel Sample (launched at [[FILE]]:[[@LINE+29]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: read of 2 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of bytes that no copy, memset or kernel had written
// CHECK-NEXT:   global memory: cudaMalloc block of 32 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]), at +0
// CHECK-NEXT:   cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel before reading it (MEM-3)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}
// CLEAN:      sum 120
// CLEAN-NOT:  {{.}}
#include <cstdio>

__global__ void Sample(cudaSurfaceObject_t s, int* sum) { atomicAdd(sum, int(surf1Dread<unsigned short>(s, threadIdx.x * 2))); }

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned short>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, 16, 0, cudaArraySurfaceLoadStore);
#ifdef CLEAN
  unsigned short values[16];
  for (int i = 0; i < 16; ++i) values[i] = i;
  cudaMemcpy2DToArray(array, 0, 0, values, sizeof values, sizeof values, 1, cudaMemcpyHostToDevice);
#endif
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = array;
  cudaSurfaceObject_t s;
  cudaCreateSurfaceObject(&s, &rd);
  int* sum;
  cudaMallocManaged(&sum, sizeof(int));
  *sum = 0;
  Sample<<<1, 16>>>(s, sum);
  cudaDeviceSynchronize();
  std::printf("sum %d\n", *sum);
  return 0;
}
