// nvcc takes the operands of an asm statement written one after the other without their comma
// (`"r"(a) "r"(b)`, as one of NVIDIA's multi-GPU samples writes a release store); the host
// compiler does not. The front end separates them, and the statement runs as written with commas.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      sums 3 5 7 9, flag 1
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void add(const unsigned* a, const unsigned* b, unsigned* d, unsigned char* flag) {
  unsigned s;
  asm("add.u32 %0, %1, %2;" : "=r"(s) : "r"(a[threadIdx.x]) "r"(b[threadIdx.x]));
  d[threadIdx.x] = s;
  if (threadIdx.x == 0) {
    unsigned one = 1;
    asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(one) "l"(flag) : "memory");
  }
}

int main() {
  unsigned host_a[4] = {1, 2, 3, 4}, host_b[4] = {2, 3, 4, 5}, out[4] = {};
  unsigned *a, *b, *d;
  unsigned char* flag;
  cudaMalloc(&a, sizeof host_a);
  cudaMalloc(&b, sizeof host_b);
  cudaMalloc(&d, sizeof out);
  cudaMalloc(&flag, 1);
  cudaMemset(flag, 0, 1);
  cudaMemcpy(a, host_a, sizeof host_a, cudaMemcpyHostToDevice);
  cudaMemcpy(b, host_b, sizeof host_b, cudaMemcpyHostToDevice);
  add<<<1, 4>>>(a, b, d, flag);
  unsigned char f = 0;
  cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(&f, flag, 1, cudaMemcpyDeviceToHost);
  std::printf("sums %u %u %u %u, flag %u\n", out[0], out[1], out[2], out[3], f);
  return 0;
}
