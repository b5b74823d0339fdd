// A kernel fetches texels of a CUDA array that no copy ever filled: the fetch reads device memory
// nothing wrote (TEX-8, MEM-3).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// CHECK:      warpsafe: read of uninitialized global memory
// CHECK-NEXT:   in kernel Sample (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of bytes that no copy, memset or kernel had written
// CHECK-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+10]]), at +0
// CHECK-NEXT:   cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel before reading it (MEM-3)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Sample(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex1D<float>(t, threadIdx.x + 0.5f); }

int main() {
  cudaArray_t a;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaMallocArray(&a, &cd, 32);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  Sample<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  return 0;
}
