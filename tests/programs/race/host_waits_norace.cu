// The host touches what kernels read and write only after waiting for them, each way CUDA offers:
// cudaDeviceSynchronize, cudaStreamSynchronize, cudaEventSynchronize, and a synchronous
// cudaMemcpy (MEM-4). Host accesses to memory no kernel touched need no wait. Results checked.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

__global__ void Square(int* out) { out[threadIdx.x] = threadIdx.x * threadIdx.x; }
int main() {
  int *out, *other;
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&other, 32 * sizeof(int));
  int sum = 0;
  Square<<<1, 32>>>(out);
  other[0] = 5;  // not touched by the kernel
  cudaDeviceSynchronize();
  sum += out[1];
  cudaStream_t s;
  cudaStreamCreate(&s);
  Square<<<1, 32, 0, s>>>(out);
  cudaStreamSynchronize(s);
  sum += out[2];
  cudaEvent_t e;
  cudaEventCreate(&e);
  Square<<<1, 32, 0, s>>>(out);
  cudaEventRecord(e, s);
  cudaEventSynchronize(e);
  sum += out[3];
  Square<<<1, 32>>>(out);
  int host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  sum += out[4] + host[5] + other[0];
  cudaEventDestroy(e);
  cudaStreamDestroy(s);
  cudaFree(out);
  cudaFree(other);
  return sum == 1 + 4 + 9 + 16 + 25 + 5 ? 0 : 1;
}
