// A host helper with no return statement, built by warpsafe_add_executable: reaching its end is
// reported as `warpsafe run` reports it (docs/semantics/missing_return.md), not a jump past it.
#include <cstdio>

__global__ void Fill(int* out) { out[threadIdx.x] = static_cast<int>(threadIdx.x); }

int CountFilled(const int* values, int n) {
  int count = 0;
  for (int i = 0; i < n; ++i) count += values[i] >= 0;
  std::printf("counted %d\n", count);
}

int main() {
  int* out = nullptr;
  if (cudaMallocManaged(&out, 4 * sizeof(int)) != cudaSuccess) return 1;
  Fill<<<1, 4>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("filled: %d\n", CountFilled(out, 4));
  return 0;
}
