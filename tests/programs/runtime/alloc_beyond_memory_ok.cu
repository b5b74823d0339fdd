// An allocation as large as the machine's whole memory cannot be backed while anything else runs:
// cudaMalloc and cudaMallocManaged must fail with cudaErrorMemoryAllocation (as a GPU's do), and
// the process must go on, never be killed by the OOM killer. Smaller allocations still work.
#include <cstdio>
int main() {
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 1;
  void* p = nullptr;
  if (cudaMalloc(&p, total) != cudaErrorMemoryAllocation || p != nullptr) return 2;
  if (cudaGetLastError() != cudaErrorMemoryAllocation) return 3;
  if (cudaMallocManaged(&p, total) != cudaErrorMemoryAllocation) return 4;
  (void)cudaGetLastError();
  if (cudaMalloc(&p, 1 << 20) != cudaSuccess || cudaFree(p) != cudaSuccess) return 5;
  std::printf("refused %zu bytes\n", total);
  return 0;
}
