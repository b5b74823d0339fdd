// The twin of block_overrun_defect.cu: kernels and host code that write every byte of their
// blocks up to the last, of sizes that are and are not multiples of 256 (the slack of the rounding
// is not a red zone), and more small blocks than get a mapping of their own (kGuardedBlockLimit),
// run clean: nothing is reported when the grids finish or the blocks are freed.
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK:      sum 143685, last 2999
// CHECK-NEXT: done
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <vector>

__global__ void fill(int* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = i;
}

int main() {
  std::vector<int*> blocks;
  long long sum = 0;
  int last = 0;
  for (int b = 0; b < 3000; ++b) {
    const int n = 1 + b % 97;  // 4 to 388 bytes
    int* a;
    if (cudaMalloc(&a, n * sizeof(int)) != cudaSuccess) return 1;
    fill<<<(n + 63) / 64, 64>>>(a, n);
    int back = 0;
    cudaMemcpy(&back, a + n - 1, sizeof(int), cudaMemcpyDeviceToHost);
    sum += back;
    blocks.push_back(a);
  }
  int* h;
  cudaMallocHost(&h, 3000 * sizeof(int));
  for (int i = 0; i < 3000; ++i) h[i] = i;
  last = h[2999];
  cudaFreeHost(h);
  for (int* a : blocks) cudaFree(a);
  std::printf("sum %lld, last %d\n", sum, last);
  std::printf("done\n");
  return 0;
}
