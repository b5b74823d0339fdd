// Dynamic parallelism as CUDA 12 defines it (DP-1): a kernel launches kernels, which run after its
// grid and before the host's wait returns. Children see what the parent wrote before launching them;
// launches on one stream keep their order; a tail launch runs after its parent's other work; a
// grandchild's grid completes within its grandparent's.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 7 --workers 4 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 3 --seed 1 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:     filled 256 of 256, doubled 256 of 256, tail saw 256 doubled, grandchildren 4, stream order ok, fire-and-forget 1
// CHECK-NOT: {{.}}
// CHECKED:      warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <cstdio>

struct Results {
  int filled[256];
  int doubled[256];
  int tail_saw;
  int grandchildren;
  int order[2];
  int fire_and_forget;
};

__global__ void Double(Results* r, int base) {
  const int i = base + threadIdx.x;
  r->doubled[i] = 2 * r->filled[i];  // written by the parent before the launch
}

__global__ void Grandchild(Results* r) { atomicAdd(&r->grandchildren, 1); }

__global__ void Child(Results* r) {
  if (threadIdx.x == 0) Grandchild<<<1, 1>>>(r);
}

// Runs after the parent's grid and all its other work: every doubled value is there.
__global__ void Tail(Results* r) {
  int seen = 0;
  for (int i = 0; i < 256; ++i) seen += r->doubled[i] == 2 * i ? 1 : 0;
  r->tail_saw = seen;
}

__global__ void First(Results* r) { r->order[0] = r->order[1] == 0 ? 1 : -1; }
__global__ void Second(Results* r) { r->order[1] = r->order[0] == 1 ? 2 : -1; }
__global__ void Forget(Results* r) { r->fire_and_forget = 1; }

__global__ void Parent(Results* r) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  r->filled[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0) {
      Tail<<<1, 1, 0, cudaStreamTailLaunch>>>(r);  // launched first, runs last
      cudaStream_t s;
      cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
      First<<<1, 1, 0, s>>>(r);
      Second<<<1, 1, 0, s>>>(r);
      cudaStreamDestroy(s);
      Forget<<<1, 1, 0, cudaStreamFireAndForget>>>(r);
    }
    Double<<<1, blockDim.x>>>(r, blockIdx.x * blockDim.x);  // the values this block filled
    Child<<<1, 32>>>(r);
  }
}

int main() {
  Results* r;
  if (cudaMallocManaged(&r, sizeof(Results)) != cudaSuccess) return 2;
  cudaMemset(r, 0, sizeof(Results));
  Parent<<<4, 64>>>(r);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  int filled = 0, doubled = 0;
  for (int i = 0; i < 256; ++i) {
    filled += r->filled[i] == i ? 1 : 0;
    doubled += r->doubled[i] == 2 * i ? 1 : 0;
  }
  std::printf("filled %d of 256, doubled %d of 256, tail saw %d doubled, grandchildren %d, stream order %s, fire-and-forget %d\n",
              filled, doubled, r->tail_saw, r->grandchildren, r->order[0] == 1 && r->order[1] == 2 ? "ok" : "broken",
              r->fire_and_forget);
  return 0;
}
