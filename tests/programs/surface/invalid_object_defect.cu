// Surface accesses CUDA does not define (SURFOBJ-2), one per variant: a write through a surface
// object the program already destroyed (DESTROYED), a read through a surface over an array made
// without cudaArraySurfaceLoadStore (NO_FLAG; the GPU accepts the object), and surf1Dread of a 2D
// array (FORM; the GPU read zeros). Built with -D CLEAN, the same program accesses its live 2D
// surface with surf2Dread and surf2Dwrite and prints what it read.
// RUN: %expect-exit 66 %warpsafe run %s -D DESTROYED --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DESTROYED
// RUN: %expect-exit 66 %warpsafe run %s -D NO_FLAG --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NO_FLAG
// RUN: %expect-exit 66 %warpsafe run %s -D FORM --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=FORM
// RUN: %warpsafe run %s -D CLEAN --schedule lockstep --seed 1 2>&1 | FileCheck %s --check-prefix=CLEAN
// DESTROYED:      warpsafe: invalid surface access
// DESTROYED-NEXT:   in kernel Touch (launched at [[FILE]]:[[@LINE+54]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// DESTROYED-NEXT:   at [[FILE]]:[[@LINE+30]]: surf2Dwrite of 4 bytes through surface object 1
// DESTROYED-NEXT:   no live surface object has this handle (destroyed, or never created) (undefined)
// DESTROYED-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D DESTROYED
// DESTROYED-NOT:  {{.}}
// NO_FLAG:      warpsafe: invalid surface access
// NO_FLAG-NEXT:   in kernel Touch (launched at [[FILE]]:[[@LINE+48]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// NO_FLAG-NEXT:   at [[FILE]]:[[@LINE+26]]: surf2Dread of 4 bytes through surface object 1
// NO_FLAG-NEXT:   the surface's CUDA array was made without cudaArraySurfaceLoadStore, and only such arrays are read and written through surfaces (undefined)
// NO_FLAG-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D NO_FLAG
// NO_FLAG-NOT:  {{.}}
// FORM:      warpsafe: invalid surface access
// FORM-NEXT:   in kernel Touch (launched at [[FILE]]:[[@LINE+42]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// FORM-NEXT:   at [[FILE]]:[[@LINE+16]]: surf1Dread of 4 bytes through surface object 1
// FORM-NEXT:   the surface is a 2D array, which is accessed by surf2Dread only (undefined)
// FORM-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D FORM
// FORM-NOT:  {{.}}
// CLEAN:      read 7, then 8
// CLEAN-NOT:  {{.}}
#include <cstdio>

#ifdef NO_FLAG
constexpr unsigned kFlags = cudaArrayDefault;
#else
constexpr unsigned kFlags = cudaArraySurfaceLoadStore;
#endif

__global__ void Touch(cudaSurfaceObject_t s, int* out) {
#if defined(FORM)
  out[0] = surf1Dread<int>(s, 4);
#elif defined(DESTROYED)
  surf2Dwrite(8, s, 4, 1);
#else
  out[0] = surf2Dread<int>(s, 4, 1);
  surf2Dwrite(out[0] + 1, s, 4, 1);
#endif
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t array;
  cudaMallocArray(&array, &desc, 2, 2, kFlags);
  const int values[4] = {4, 5, 6, 7};
  cudaMemcpy2DToArray(array, 0, 0, values, 8, 8, 2, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = array;
  cudaSurfaceObject_t s;
  cudaCreateSurfaceObject(&s, &rd);
#ifdef DESTROYED
  cudaDestroySurfaceObject(s);
#endif
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  Touch<<<1, 1>>>(s, out);
  cudaDeviceSynchronize();
  int after;
  cudaMemcpy2DFromArray(&after, 4, array, 4, 1, 4, 1, cudaMemcpyDeviceToHost);
  std::printf("read %d, then %d\n", out[0], after);
  return 0;
}
