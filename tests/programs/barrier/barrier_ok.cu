// libcu++'s cuda::barrier of block scope in shared memory, from libcu++'s own headers: init by one
// thread, then arrive_and_wait, arrive + wait(token) and arrive_and_drop, each phase completing
// once the expected count has arrived (ASYNC-BAR-1); and cuda::std::barrier (system scope, built
// on atomics). Every phase's data is checked on the host.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 7 2>&1 | count 0
// RUN: %warpsafe run %s --schedule pct --seed 3 2>&1 | count 0

#include <cuda/barrier>
#include <cuda/std/barrier>
#include <new>

constexpr int kThreads = 96;

__global__ void rounds(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int values[kThreads];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();

  // Round 1: arrive_and_wait between a write and a neighbour's read.
  values[t] = t + 1;
  bar.arrive_and_wait();
  int sum = values[(t + 1) % kThreads];
  bar.arrive_and_wait();

  // Round 2: split arrive and wait, with work in between that touches nothing shared.
  values[t] = 2 * (t + 1);
  auto token = bar.arrive();
  int local = t * 3;
  bar.wait(std::move(token));
  sum += values[(t + 5) % kThreads] + local;
  bar.arrive_and_wait();

  // Round 3: the last warp drops out; the next phase then expects only the others.
  if (t >= kThreads - 32) {
    bar.arrive_and_drop();
  } else {
    values[t] = 100;
    bar.arrive_and_wait();
    values[t] += 1;
    bar.arrive_and_wait();
    sum += values[(t + 1) % (kThreads - 32)];
  }
  out[blockIdx.x * kThreads + t] = sum;
}

// cuda::std::barrier has no init(): it is constructed in place in shared memory by one thread.
__global__ void std_barrier(int* out) {
  using Barrier = cuda::std::barrier<>;
  __shared__ unsigned long long storage[(sizeof(Barrier) + 7) / 8];
  __shared__ int values[kThreads];
  Barrier* bar = reinterpret_cast<Barrier*>(storage);
  const int t = threadIdx.x;
  if (t == 0) new (bar) Barrier(blockDim.x);
  __syncthreads();
  values[t] = t * t;
  bar->arrive_and_wait();
  out[t] = values[kThreads - 1 - t];
}

int main() {
  int* out;
  cudaMallocManaged(&out, 2 * kThreads * sizeof(int));
  rounds<<<2, kThreads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int b = 0; b < 2; ++b) {
    for (int t = 0; t < kThreads; ++t) {
      int want = (t + 1) % kThreads + 1 + 2 * ((t + 5) % kThreads + 1) + t * 3;
      if (t < kThreads - 32) want += 101;
      if (out[b * kThreads + t] != want) return 2;
    }
  }
  std_barrier<<<1, kThreads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  for (int t = 0; t < kThreads; ++t) {
    if (out[t] != (kThreads - 1 - t) * (kThreads - 1 - t)) return 4;
  }
  return 0;
}
