// expect: warpsafe: caller not named in its own mask
// shfl.sync in inline PTX is the same collective as __shfl_sync: a mask of lane 0 only, run by every lane.
__global__ void k(unsigned* out) {
  unsigned v = threadIdx.x, r;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, %2;" : "=r"(r) : "r"(v), "r"(0x1u));
  out[threadIdx.x] = r;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
