// The pipeline primitives of <cuda_pipeline.h>: __pipeline_memcpy_async (with a zero-filled tail),
// __pipeline_commit and __pipeline_wait_prior, double-buffered: the batch waited for has landed, the
// one left in flight need not have (ASYNC-COPY-2, ASYNC-COPY-3). The sums are checked on the host.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0

#include <cuda_pipeline.h>

constexpr int kThreads = 32;
constexpr int kSteps = 5;

__global__ void k(const int4* in, int* out) {
  __shared__ int4 buffer[2][kThreads];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&buffer[0][t], &in[t], sizeof(int4));
  __pipeline_commit();
  int sum = 0;
  for (int step = 0; step < kSteps; ++step) {
    if (step + 1 < kSteps) {
      // The last 8 bytes of every copy are zero-filled, not read.
      __pipeline_memcpy_async(&buffer[(step + 1) % 2][t], &in[(step + 1) * kThreads + t], sizeof(int4), 8);
    }
    __pipeline_commit();
    __pipeline_wait_prior(1);
    const int4 v = buffer[step % 2][t];
    sum += v.x + v.y + v.z + v.w;
  }
  out[t] = sum;
}

int main() {
  int4* in;
  int* out;
  cudaMallocManaged(&in, kSteps * kThreads * sizeof(int4));
  cudaMallocManaged(&out, kThreads * sizeof(int));
  for (int i = 0; i < kSteps * kThreads; ++i) in[i] = make_int4(i, 2 * i, 3 * i, 4 * i);
  k<<<1, kThreads>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int t = 0; t < kThreads; ++t) {
    int want = 10 * t;  // step 0: the whole vector
    for (int s = 1; s < kSteps; ++s) want += 3 * (s * kThreads + t);  // then x and y only
    if (out[t] != want) return 2;
  }
  return 0;
}
