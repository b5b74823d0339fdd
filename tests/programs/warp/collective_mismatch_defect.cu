// expect: warpsafe: mismatched warp collective
// Half the warp shuffles, the other half votes, each naming the whole warp.
__global__ void k(int* out) {
  if (threadIdx.x < 16) out[threadIdx.x] = __shfl_sync(0xffffffff, 1, 0);
  else out[threadIdx.x] = __ballot_sync(0xffffffff, 1);
}
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
