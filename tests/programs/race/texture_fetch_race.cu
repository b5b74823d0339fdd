// Block 1 fetches, through a texture object, the texels that block 0 stores to in the same launch:
// a fetch is a read of the texture's memory (TEX-8), and nothing orders the two blocks.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Update (launched at [[FILE]]:[[@LINE+27]]), block (1,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: read of 4 bytes by block (1,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: previous write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+12]]), at +{{[0-9]+}}
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Update(cudaTextureObject_t t, float* data, float* out) {
  if (blockIdx.x == 0) data[threadIdx.x] = 2.0f * threadIdx.x;
  else out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

int main() {
  float *data, *out;
  cudaMalloc(&data, 32 * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemset(data, 0, 32 * sizeof(float));
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = data;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 32 * sizeof(float);
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  Update<<<2, 32>>>(t, data, out);
  cudaDeviceSynchronize();
  return 0;
}
