// WarpAggregatedAtomic: each lane's old value must be what one-by-one atomicAdds would have
// returned in some order: per address, the returned old values, sorted, tile [initial, final) with
// each lane's own value, and the final value is the initial plus every value. Only some lanes call
// (inside a branch), and the keys collide often.
#include <algorithm>
#include <utility>
#include <vector>

#include "test_cases.cuh"

namespace wstest {

inline constexpr int kKeys = 5;

template <class T>
__global__ void AggregateKernel(T* table, const int* keys, const T* values, const unsigned char* take, T* old) {
  const int tid = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (take[tid]) old[tid] = warpsafe::WarpAggregatedAtomic<T>().AddByKey(table, keys[tid], values[tid]);
}

template <class T>
void TestAggregate(Harness& h, Random& rng, const char* type, int block_threads) {
  const int n = 4 * block_threads;
  std::vector<int> keys(n);
  std::vector<T> values(n), table(kKeys);
  std::vector<unsigned char> take(n);
  const int spread = rng.Int(1, kKeys);  // how many keys are in use: 1 means every lane collides
  for (int i = 0; i < n; ++i) {
    keys[i] = rng.Int(0, spread - 1);
    values[i] = T(rng.Int(1, 9));
    take[i] = rng.Bool(80) ? 1 : 0;
  }
  for (auto& t : table) t = T(rng.Int(0, 1000));
  DeviceBuffer<T> d_table(kKeys), d_values(n), d_old(n);
  DeviceBuffer<int> d_keys(n);
  DeviceBuffer<unsigned char> d_take(n);
  d_table.Upload(table.data());
  d_values.Upload(values.data());
  d_keys.Upload(keys.data());
  d_take.Upload(take.data());
  d_old.Poison();
  AggregateKernel<T><<<4, block_threads>>>(d_table.get(), d_keys.get(), d_values.get(), d_take.get(), d_old.get());
  WS_LAUNCHED();
  std::vector<T> old(n), final_table(kKeys);
  d_old.Download(old.data());
  d_table.Download(final_table.data());
  for (int k = 0; k < kKeys; ++k) {
    std::vector<std::pair<T, T>> spans;  // (old, value) of each lane that added to key k
    T sum = T(0);
    for (int i = 0; i < n; ++i) {
      if (take[i] && keys[i] == k) {
        spans.push_back({old[i], values[i]});
        sum = T(sum + values[i]);
      }
    }
    std::sort(spans.begin(), spans.end());
    T expect = table[k];
    bool ok = true;
    for (const auto& s : spans) {
      ok = ok && s.first == expect;
      expect = T(expect + s.second);
    }
    h.Expect(ok, "%s AddByKey block %d key %d: the old values do not tile the counter's history", type, block_threads,
             k);
    h.Expect(final_table[k] == T(table[k] + sum), "%s AddByKey block %d key %d: final value", type, block_threads, k);
  }
}

template <class T>
void TestType(Harness& h, Random& rng, const char* type) {
  for (int round = 0; round < 6; ++round)
    for (int block_threads : kBlockSizes) TestAggregate<T>(h, rng, type, block_threads);
}

}  // namespace wstest

int main() {
  wstest::Harness h;
  wstest::Random rng(8);
  wstest::TestType<int>(h, rng, "int32");
  wstest::TestType<unsigned>(h, rng, "uint32");
  wstest::TestType<unsigned long long>(h, rng, "uint64");
  wstest::TestType<float>(h, rng, "float");
  wstest::TestType<double>(h, rng, "double");
  return h.Finish();
}
