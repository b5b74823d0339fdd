// cuda::pipeline from libcu++'s own headers: a thread-scope pipeline of two stages, each thread
// streaming its own elements through shared memory (producer_acquire, memcpy_async, producer_commit,
// consumer_wait, consumer_release); and a block-scope pipeline in pipeline_shared_state where one
// warp produces and the others consume. A stage's copies land when its consumer_wait returns
// (ASYNC-COPY-2); every sum is checked on the host.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 6 2>&1 | count 0
// RUN: %warpsafe run %s --schedule pct --seed 2 2>&1 | count 0

#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;
constexpr int kThreads = 64;
constexpr int kSteps = 6;
constexpr int kStages = 2;

// Thread t sums in[step * kThreads + t] over the steps, two stages in flight.
__global__ void per_thread(const int* in, int* out) {
  __shared__ int buffer[kStages][kThreads];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const int t = threadIdx.x;
  const auto shape = cuda::aligned_size_t<alignof(int)>(sizeof(int));
  int fetched = 0;
  for (; fetched < kStages; ++fetched) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buffer[fetched % kStages][t], &in[fetched * kThreads + t], shape, pipe);
    pipe.producer_commit();
  }
  int sum = 0;
  for (int step = 0; step < kSteps; ++step) {
    pipe.consumer_wait();
    sum += buffer[step % kStages][t];
    pipe.consumer_release();
    if (fetched < kSteps) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buffer[fetched % kStages][t], &in[fetched * kThreads + t], shape, pipe);
      pipe.producer_commit();
      ++fetched;
    }
  }
  out[t] = sum;
}

// Warp 0 produces rows of kThreads ints into the stages; warps 1 and 2 consume them, thread t of
// the consumers summing column t % 32 + 32 * (warp - 1) of every row.
__global__ void roles(const int* in, int* out) {
  __shared__ int rows[kStages][kThreads];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  const bool producer = threadIdx.x < 32;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  int sum = 0;
  for (int step = 0; step < kSteps; ++step) {
    if (producer) {
      pipe.producer_acquire();
      for (int c = threadIdx.x; c < kThreads; c += 32) {
        cuda::memcpy_async(&rows[step % kStages][c], &in[step * kThreads + c], cuda::aligned_size_t<4>(4), pipe);
      }
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      sum += rows[step % kStages][threadIdx.x - 32];
      pipe.consumer_release();
    }
  }
  if (!producer) out[threadIdx.x - 32] = sum;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, kSteps * kThreads * sizeof(int));
  cudaMallocManaged(&out, kThreads * sizeof(int));
  for (int i = 0; i < kSteps * kThreads; ++i) in[i] = i * 5 + 1;
  per_thread<<<1, kThreads>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int t = 0; t < kThreads; ++t) {
    int want = 0;
    for (int s = 0; s < kSteps; ++s) want += (s * kThreads + t) * 5 + 1;
    if (out[t] != want) return 2;
  }
  cudaMemset(out, 0, kThreads * sizeof(int));
  roles<<<1, kThreads + 32>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  for (int t = 0; t < kThreads; ++t) {
    int want = 0;
    for (int s = 0; s < kSteps; ++s) want += (s * kThreads + t) * 5 + 1;
    if (out[t] != want) return 4;
  }
  return 0;
}
