// The twin of streams_copy_race.cu: the copy's stream waits for an event recorded after the kernel
// (STREAM-2), so the copy overwrites the buffer only once the kernel has read it. A second buffer
// is refilled by a cudaMemsetAsync issued on the kernel's own stream (STREAM-1), and a third
// filled by a copy that a later kernel on another stream reads after an event (STREAM-6 both ways).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      out[5] = 10, next[5] = 5
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }
__global__ void add(const int* a, int* b) { b[threadIdx.x] += a[threadIdx.x]; }

int main() {
  int *data, *out, *scratch, *next, *host;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMalloc(&scratch, 32 * sizeof(int));
  cudaMallocHost(&next, 32 * sizeof(int));
  cudaMallocHost(&host, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) host[i] = i;
  cudaStream_t compute, copy;
  cudaStreamCreate(&compute);
  cudaStreamCreate(&copy);
  cudaEvent_t copied, read;
  cudaEventCreate(&copied);
  cudaEventCreate(&read);
  // The input arrives on the copy stream; the kernel's stream waits for it.
  cudaMemcpyAsync(data, host, 32 * sizeof(int), cudaMemcpyHostToDevice, copy);
  cudaMemsetAsync(scratch, 0, 32 * sizeof(int), compute);
  cudaEventRecord(copied, copy);
  cudaStreamWaitEvent(compute, copied, 0);
  consume<<<1, 32, 0, compute>>>(data, out);
  add<<<1, 32, 0, compute>>>(data, scratch);
  cudaMemsetAsync(scratch, 0, 32 * sizeof(int), compute);
  // The next input overwrites `data` only after the kernels read it.
  cudaEventRecord(read, compute);
  cudaStreamWaitEvent(copy, read, 0);
  cudaMemcpyAsync(data, host, 32 * sizeof(int), cudaMemcpyHostToDevice, copy);
  cudaMemcpyAsync(next, data, 32 * sizeof(int), cudaMemcpyDeviceToHost, copy);
  cudaStreamSynchronize(copy);
  int result[32];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("out[5] = %d, next[5] = %d\n", result[5], next[5]);
  return 0;
}
