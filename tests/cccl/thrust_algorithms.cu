// Thrust's CUDA backend from CCCL's own headers: device_vector and host_vector, sort, sort_by_key,
// reduce, transform, inclusive_scan, copy, fill and sequence, a raw cudaMalloc pointer wrapped in a
// thrust::device_ptr and handed back to a kernel of this file, and an execution policy bound to a
// stream. Every result is checked against a sequential computation on the host, so a wrong sort,
// scan or copy prints FAIL with the step that went wrong.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

namespace {

int failures = 0;

void Expect(bool ok, const char* step) {
  if (!ok) {
    std::printf("FAIL: %s\n", step);
    ++failures;
  }
}

// A deterministic, badly ordered sequence with repeated keys: a linear congruential generator.
unsigned Scrambled(int i) { return (static_cast<unsigned>(i) * 2654435761u + 12345u) % 1000u; }

struct TimesThreePlusOne {
  __host__ __device__ int operator()(int x) const { return 3 * x + 1; }
};

__global__ void Square(int* data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * data[i];
}

}  // namespace

int main() {
  // Several tiles of every algorithm (Thrust's tiles hold a few thousand items) and a ragged end.
  const int n = 3000;

  thrust::host_vector<unsigned> h_keys(n);
  for (int i = 0; i < n; ++i) h_keys[i] = Scrambled(i);

  // sort: the device result against std::sort on the host.
  thrust::device_vector<unsigned> d_keys = h_keys;
  thrust::sort(d_keys.begin(), d_keys.end());
  std::vector<unsigned> expect_sorted(h_keys.begin(), h_keys.end());
  std::sort(expect_sorted.begin(), expect_sorted.end());
  thrust::host_vector<unsigned> sorted = d_keys;
  Expect(std::equal(expect_sorted.begin(), expect_sorted.end(), sorted.begin()), "sort");

  // sort_by_key: keys ascend, and each value still belongs to its key (value = original index,
  // whose scrambled key must equal the key it now sits beside). Radix sort is stable: equal keys
  // keep their indices in increasing order.
  thrust::device_vector<unsigned> d_k = h_keys;
  thrust::device_vector<int> d_v(n);
  thrust::sequence(d_v.begin(), d_v.end());
  thrust::sort_by_key(d_k.begin(), d_k.end(), d_v.begin());
  thrust::host_vector<unsigned> k = d_k;
  thrust::host_vector<int> v = d_v;
  bool pairs_ok = true;
  for (int i = 0; i < n; ++i) {
    if (k[i] != expect_sorted[i] || Scrambled(v[i]) != k[i]) pairs_ok = false;
    if (i > 0 && k[i] == k[i - 1] && v[i] < v[i - 1]) pairs_ok = false;
  }
  Expect(pairs_ok, "sort_by_key");

  // sequence and reduce: 0 + 1 + ... + n-1, and a max reduction with an initial value.
  thrust::device_vector<int> d_seq(n);
  thrust::sequence(d_seq.begin(), d_seq.end());
  Expect(thrust::reduce(d_seq.begin(), d_seq.end()) == n * (n - 1) / 2, "reduce (sum)");
  Expect(thrust::reduce(d_seq.begin(), d_seq.end(), -7, thrust::maximum<int>()) == n - 1, "reduce (max)");

  // transform with a user functor, then inclusive_scan of the result.
  thrust::device_vector<int> d_t(n);
  thrust::transform(d_seq.begin(), d_seq.end(), d_t.begin(), TimesThreePlusOne());
  thrust::device_vector<int> d_scan(n);
  thrust::inclusive_scan(d_t.begin(), d_t.end(), d_scan.begin());
  thrust::host_vector<int> t = d_t, scan = d_scan;
  bool transform_ok = true, scan_ok = true;
  long long run = 0;
  for (int i = 0; i < n; ++i) {
    if (t[i] != 3 * i + 1) transform_ok = false;
    run += 3 * i + 1;
    if (scan[i] != static_cast<int>(run)) scan_ok = false;
  }
  Expect(transform_ok, "transform");
  Expect(scan_ok, "inclusive_scan");

  // fill part of a vector, copy device to device and back to a plain host array.
  thrust::device_vector<int> d_fill(n, 5);
  thrust::fill(d_fill.begin() + 100, d_fill.begin() + 200, 42);
  thrust::device_vector<int> d_copy(n);
  thrust::copy(d_fill.begin(), d_fill.end(), d_copy.begin());
  std::vector<int> back(n);
  thrust::copy(d_copy.begin(), d_copy.end(), back.begin());
  bool fill_ok = true;
  for (int i = 0; i < n; ++i) fill_ok = fill_ok && back[i] == (i >= 100 && i < 200 ? 42 : 5);
  Expect(fill_ok, "fill and copy");

  // A raw cudaMalloc pointer used through thrust::device_ptr, then by a kernel of this file
  // through thrust::raw_pointer_cast of a device_vector.
  int* raw = nullptr;
  if (cudaMalloc(&raw, n * sizeof(int)) != cudaSuccess) {
    std::printf("FAIL: cudaMalloc\n");
    return 1;
  }
  thrust::device_ptr<int> p = thrust::device_pointer_cast(raw);
  thrust::sequence(p, p + n, 1);
  Expect(thrust::reduce(p, p + n) == n * (n + 1) / 2, "device_ptr over cudaMalloc memory");
  thrust::device_vector<int> d_sq(p, p + n);
  Square<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(d_sq.data()), n);
  Expect(cudaDeviceSynchronize() == cudaSuccess, "kernel on raw_pointer_cast");
  Expect(d_sq[n - 1] == n * n && d_sq[9] == 100, "raw_pointer_cast");
  cudaFree(raw);

  // An execution policy bound to a stream: sort and reduce on it, then synchronize the stream.
  cudaStream_t stream;
  Expect(cudaStreamCreate(&stream) == cudaSuccess, "cudaStreamCreate");
  thrust::device_vector<unsigned> d_s = h_keys;
  thrust::sort(thrust::cuda::par.on(stream), d_s.begin(), d_s.end(), thrust::greater<unsigned>());
  const unsigned total = thrust::reduce(thrust::cuda::par.on(stream), d_s.begin(), d_s.end(), 0u);
  Expect(cudaStreamSynchronize(stream) == cudaSuccess, "cudaStreamSynchronize");
  thrust::host_vector<unsigned> desc = d_s;
  unsigned expect_total = 0;
  for (unsigned x : expect_sorted) expect_total += x;
  Expect(std::equal(expect_sorted.rbegin(), expect_sorted.rend(), desc.begin()), "sort on a stream (descending)");
  Expect(total == expect_total, "reduce on a stream");
  cudaStreamDestroy(stream);

  std::printf("Thrust %d, CUB %d: %s (%d failed)\n", THRUST_VERSION, CUB_VERSION, failures == 0 ? "PASS" : "FAIL",
              failures);
  return failures == 0 ? 0 : 1;
}
