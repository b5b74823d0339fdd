// streams_no_event_race.cu with an event: recorded on the first stream after the producer, waited
// for by the second stream before the consumer (STREAM-2). Then a third kernel on the legacy default
// stream reads both buffers: it waits for all prior work of the blocking streams (STREAM-4).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 4 bytes (the program's 3rd allocation, made at [[FILE]]:[[@LINE+13]]) was never freed
// CHECK-NOT:  {{.}}

__global__ void produce(int* data) { data[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }
__global__ void check(const int* data, const int* out, int* bad) {
  if (out[threadIdx.x] != data[threadIdx.x] * 2) atomicAdd(bad, 1);
}

int main() {
  int *data, *out, *bad;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMalloc(&bad, sizeof(int));
  cudaMemset(bad, 0, sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  cudaEvent_t produced;
  cudaEventCreate(&produced);
  produce<<<1, 32, 0, a>>>(data);
  cudaEventRecord(produced, a);
  cudaStreamWaitEvent(b, produced, 0);
  consume<<<1, 32, 0, b>>>(data, out);
  check<<<1, 32>>>(data, out, bad);
  int h = -1;
  cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost);
  return h == 0 ? 0 : 1;
}
