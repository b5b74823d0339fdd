// cub::DeviceScan (inclusive and exclusive sums) and cub::DeviceReduce::Sum from CCCL's own headers,
// as a program calls them: a first call for the temporary storage's size, cudaMalloc, then the
// algorithm. Sizes cover one tile, several tiles (the decoupled look-back between blocks) and a
// ragged last tile; the results are checked against sequential sums on the host.
#include <cstdio>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      std::printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_));  \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

static int Check(int n) {
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 37 + 11) % 101 - 50;
  int *in, *inclusive, *exclusive, *sum;
  CK(cudaMalloc(&in, n * sizeof(int)));
  CK(cudaMalloc(&inclusive, n * sizeof(int)));
  CK(cudaMalloc(&exclusive, n * sizeof(int)));
  CK(cudaMalloc(&sum, sizeof(int)));
  CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  void* temp = nullptr;
  size_t temp_bytes = 0, need = 0;
  CK(cub::DeviceScan::InclusiveSum(nullptr, need, in, inclusive, n));
  temp_bytes = need;
  CK(cub::DeviceScan::ExclusiveSum(nullptr, need, in, exclusive, n));
  if (need > temp_bytes) temp_bytes = need;
  CK(cub::DeviceReduce::Sum(nullptr, need, in, sum, n));
  if (need > temp_bytes) temp_bytes = need;
  CK(cudaMalloc(&temp, temp_bytes));
  need = temp_bytes;
  CK(cub::DeviceScan::InclusiveSum(temp, need, in, inclusive, n));
  need = temp_bytes;
  CK(cub::DeviceScan::ExclusiveSum(temp, need, in, exclusive, n));
  need = temp_bytes;
  CK(cub::DeviceReduce::Sum(temp, need, in, sum, n));
  CK(cudaDeviceSynchronize());
  std::vector<int> inc(n), exc(n);
  int total = 0;
  CK(cudaMemcpy(inc.data(), inclusive, n * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(exc.data(), exclusive, n * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&total, sum, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0, run = 0;
  for (int i = 0; i < n; ++i) {
    if (exc[i] != run) ++bad;
    run += h[i];
    if (inc[i] != run) ++bad;
  }
  if (total != run) ++bad;
  CK(cudaFree(in));
  CK(cudaFree(inclusive));
  CK(cudaFree(exclusive));
  CK(cudaFree(sum));
  CK(cudaFree(temp));
  if (bad != 0) std::printf("n = %d: %d wrong\n", n, bad);
  return bad;
}

int main() {
  int bad = 0;
  for (int n : {1, 100, 3000, 20000}) bad += Check(n);
  std::printf("CUB %d: ", CUB_VERSION);
  std::printf("%s (%d wrong)\n", bad == 0 ? "PASS" : "FAIL", bad);
  return bad == 0 ? 0 : 1;
}
