// Block 0 writes row 0 of a 2D array through a surface while block 1 reads it through the same
// surface in the same launch: surface accesses are writes and reads of the array's memory
// (SURFOBJ-6), and nothing orders two blocks. Built with -D CLEAN, the writes and the reads are two
// launches on one stream, which orders them, and the run is clean under every schedule.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: %build-instrumented %s -o %t.clean -D CLEAN
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t.clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Update (launched at [[FILE]]:[[@LINE+37]]), block (1,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+15]]: read of 4 bytes by block (1,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   global memory: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+19]]), at +{{[0-9]+}}
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}
// CLEAN:      sum 1984
// CLEAN-NOT:  {{.}}
#include <cstdio>

__global__ void Store(cudaSurfaceObject_t s) { surf2Dwrite(4.0f * threadIdx.x, s, threadIdx.x * 4, 0); }
__global__ void Load(cudaSurfaceObject_t s, float* out) { out[threadIdx.x] = surf2Dread<float>(s, threadIdx.x * 4, 0); }

__global__ void Update(cudaSurfaceObject_t s, float* out) {
  if (blockIdx.x == 0) surf2Dwrite(4.0f * threadIdx.x, s, threadIdx.x * 4, 0);
  else out[threadIdx.x] = surf2Dread<float>(s, threadIdx.x * 4, 0);
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, 32, 2, cudaArraySurfaceLoadStore);
  float zeros[64] = {};
  cudaMemcpy2DToArray(array, 0, 0, zeros, 128, 128, 2, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = array;
  cudaSurfaceObject_t s;
  cudaCreateSurfaceObject(&s, &rd);
  float* out;
  cudaMallocManaged(&out, 32 * sizeof(float));
#ifdef CLEAN
  Store<<<1, 32>>>(s);
  Load<<<1, 32>>>(s, out);
#else
  Update<<<2, 32>>>(s, out);
#endif
  cudaDeviceSynchronize();
  float sum = 0;
  for (int i = 0; i < 32; ++i) sum += out[i];
  std::printf("sum %g\n", sum);
  return 0;
}
