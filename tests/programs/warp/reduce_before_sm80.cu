// __reduce_*_sync exists from sm_80 (REDUX-1): built for sm_75, as with nvcc, this does not compile.
// Registered by tests/examples/CMakeLists.txt (example.reduce_before_sm80.*), not by the case runner.
__global__ void k(int* out) { out[threadIdx.x] = __reduce_add_sync(0xffffffff, (int)threadIdx.x); }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[0] == 496 ? 0 : 2;
}
