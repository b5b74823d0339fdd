// expect: warpsafe: data race
// Lanes exchange values through shared memory with inline PTX loads and stores and no barrier
// between the store and the neighbour's load. The result is not checked: the race is the finding
// (ptx_exchange_ok.cu is the repaired twin).
__global__ void rotate(int* out) {
  __shared__ int s[32];
  unsigned base;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(base) : "l"(&s[0]));
  const unsigned lane = threadIdx.x & 31;
  int v;
  asm volatile("st.shared.s32 [%0], %1;" : : "r"(base + 4 * lane), "r"(int(lane) * 3) : "memory");
  asm volatile("ld.shared.s32 %0, [%1];" : "=r"(v) : "r"(base + 4 * ((lane + 1) & 31)) : "memory");
  out[lane] = v;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  rotate<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
