// Two kernels on two non-blocking streams, ordered by the host: it waits for the first stream
// (cudaStreamSynchronize) before it launches the second kernel (STREAM-3).
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
// CHECK:      warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+9]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+9]]) was never freed
// CHECK-NOT:  {{.}}

__global__ void produce(int* data) { data[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }

int main() {
  int *data, *out;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  produce<<<1, 32, 0, a>>>(data);
  cudaStreamSynchronize(a);
  consume<<<1, 32, 0, b>>>(data, out);
  cudaStreamSynchronize(b);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h[5] == 10 ? 0 : 1;
}
