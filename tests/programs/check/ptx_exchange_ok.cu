// ptx_exchange_bug.cu with bar.warp.sync between the store and the neighbour's load.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

__global__ void rotate(int* out) {
  __shared__ int s[32];
  unsigned base;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(base) : "l"(&s[0]));
  const unsigned lane = threadIdx.x & 31;
  int v;
  asm volatile("st.shared.s32 [%0], %1;" : : "r"(base + 4 * lane), "r"(int(lane) * 3) : "memory");
  asm volatile("bar.warp.sync 0xffffffff;" ::: "memory");
  asm volatile("ld.shared.s32 %0, [%1];" : "=r"(v) : "r"(base + 4 * ((lane + 1) & 31)) : "memory");
  out[lane] = v;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  rotate<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < 32; ++i) {
    if (out[i] != ((i + 1) & 31) * 3) return 1;
  }
  return 0;
}
