// expect: warpsafe: data race
// report: shared memory: __shared__ variable `tile` \(declared at namespace scope\)
// A __shared__ array declared at namespace scope, written by one thread and read by another with no
// __syncthreads between them. The report names the variable (its declaration is reached through
// the engine's accessor, whose line would say nothing).
__shared__ int tile[64];
__global__ void Shift(int* out) {
  tile[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}
int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  Shift<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
