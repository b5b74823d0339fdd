// No __shfl*_sync overload takes long double (nvcc finds the call ambiguous); a build for the engine
// must not compile either, rather than shuffle 8 of its 16 bytes. Registered by
// tests/examples/CMakeLists.txt (example.shfl_long_double.*), not by the case runner.
__global__ void k(long double* out) { out[threadIdx.x] = __shfl_sync(0xffffffff, (long double)threadIdx.x, 0); }
int main() {
  long double* out;
  cudaMallocManaged(&out, 32 * sizeof(long double));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
