// The cache-hinted loads and stores move an aligned 8-byte struct or 16-byte value in one access
// (device_functions.h; docs/semantics/ptx.md, PTX-MEM-4): a thread on another OS thread, as a
// block on another worker is, never reads one half written. One thread stores records whose
// elements all equal a counter while another loads them and counts the loads whose elements
// differ. Copied as two halves (as g++ copies an int4 held in two registers), the reader saw
// torn int4 records in every run (thousands of them).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "warpsafe/engine/device_functions.h"

namespace {

// The writer writes until the reader has made this many loads, so that the two overlap however
// the OS runs the threads.
constexpr unsigned long long kLoads = 20000000;

template <class T, class Make, class Same>
unsigned long long TornLoads(Make make, Same same) {
  alignas(64) static T record;
  record = make(0);
  std::atomic<unsigned long long> loads{0};
  std::atomic<bool> done{false};
  unsigned long long torn = 0;
  std::thread reader([&] {
    unsigned long long n = 0;
    while (!done.load(std::memory_order_relaxed)) {
      const T v = __ldcg(&record);
      if (!same(v)) ++torn;
      if (++n % 1024 == 0) loads.store(n, std::memory_order_relaxed);
    }
  });
  for (unsigned c = 1; loads.load(std::memory_order_relaxed) < kLoads; ++c) __stcg(&record, make(c));
  done.store(true);
  reader.join();
  return torn;
}

TEST(CacheHintedAccess, Int4IsWhole) {
  const auto torn = TornLoads<int4>([](unsigned c) { const int i = static_cast<int>(c); return make_int4(i, i, i, i); },
                                    [](const int4& v) { return v.x == v.y && v.y == v.z && v.z == v.w; });
  EXPECT_EQ(torn, 0u);
}

TEST(CacheHintedAccess, LongLong2IsWhole) {
  const auto torn =
      TornLoads<longlong2>([](unsigned c) { return make_longlong2(c, c); }, [](const longlong2& v) { return v.x == v.y; });
  EXPECT_EQ(torn, 0u);
}

TEST(CacheHintedAccess, Int2IsWhole) {
  const auto torn = TornLoads<int2>([](unsigned c) { const int i = static_cast<int>(c); return make_int2(i, i); },
                                    [](const int2& v) { return v.x == v.y; });
  EXPECT_EQ(torn, 0u);
}

}  // namespace
