// cub::DeviceRadixSort::SortKeys from CCCL's own headers: unsigned and signed keys, all bits and a
// bit range, checked against std::sort on the host. Sizes cover one tile and several (the
// upsweep, the scan of digit counts and the downsweep across blocks, or the onesweep passes).
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cub/device/device_radix_sort.cuh>

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      std::printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_));  \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

template <class Key> static int Check(int n, int end_bit) {
  std::vector<Key> h(n);
  unsigned s = 7u + n;
  for (auto& k : h) {
    s = s * 1664525u + 1013904223u;
    k = static_cast<Key>(s >> 3);
    if (end_bit < int(sizeof(Key) * 8)) k = static_cast<Key>(k & ((Key(1) << end_bit) - 1));
  }
  Key *in, *out;
  CK(cudaMalloc(&in, n * sizeof(Key)));
  CK(cudaMalloc(&out, n * sizeof(Key)));
  CK(cudaMemcpy(in, h.data(), n * sizeof(Key), cudaMemcpyHostToDevice));
  size_t temp_bytes = 0;
  CK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, in, out, n, 0, end_bit));
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));
  CK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, in, out, n, 0, end_bit));
  CK(cudaDeviceSynchronize());
  std::vector<Key> got(n);
  CK(cudaMemcpy(got.data(), out, n * sizeof(Key), cudaMemcpyDeviceToHost));
  std::sort(h.begin(), h.end());
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += got[i] != h[i];
  CK(cudaFree(in));
  CK(cudaFree(out));
  CK(cudaFree(temp));
  if (bad != 0) std::printf("n = %d, end_bit %d: %d wrong\n", n, end_bit, bad);
  return bad;
}

int main() {
  int bad = 0;
  bad += Check<unsigned>(1000, 32);
  bad += Check<unsigned>(20000, 32);
  bad += Check<int>(5000, 32);
  bad += Check<unsigned>(3000, 12);
  std::printf("CUB %d: ", CUB_VERSION);
  std::printf("%s (%d wrong)\n", bad == 0 ? "PASS" : "FAIL", bad);
  return bad == 0 ? 0 : 1;
}
