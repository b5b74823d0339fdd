// expect: warpsafe: stack overflow in GPU thread
// Unbounded recursion in one thread.
__device__ int depth(int n) {
  volatile char frame[256];
  frame[0] = (char)n;
  return frame[0] + depth(n + 1);
}
__global__ void k(int* out) {
  if (threadIdx.x == 5) out[0] = depth(0);
}
int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
