// expect: warpsafe: data race
// A spin lock from atomicCAS/atomicExch guarding a plain counter, taken by one thread of each
// block, with no fences. CUDA's atomics are relaxed: without __threadfence after taking the lock
// and before releasing it, one holder's plain store need not be visible to the next holder, so
// the counter's accesses race. The count is not checked: the race is the finding (lock_ok.cu is
// the repaired twin).
__device__ int lock = 0;
__device__ int counter = 0;

__global__ void increment() {
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1) != 0) {
    }
    counter = counter + 1;
    atomicExch(&lock, 0);
  }
}

int main() {
  increment<<<4, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
