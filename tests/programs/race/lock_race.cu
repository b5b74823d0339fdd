// A spin lock from atomicCAS/atomicExch guarding a plain read-modify-write, taken by one thread
// of every warp of two blocks. Without fences the atomics order nothing (ATOMIC-1):
// the critical sections race.
// expect: warpsafe: data race
__device__ int lock;
__device__ int counter;

__global__ void increment() {
  if (threadIdx.x % 32 != 0) return;
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  
  counter = counter + 1;
  
  atomicExch(&lock, 0);
}

int main() {
  increment<<<2, 128>>>();
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpyFromSymbol(&h, counter, sizeof h);
  return h == 8 ? 0 : 1;
}
