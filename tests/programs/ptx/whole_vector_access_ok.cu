// Two blocks, on two workers, hand 8- and 16-byte records to each other through inline PTX vector
// (and .b64) stores and loads. The writer stores counter c into every element of its record, for
// c = 1 .. kRounds; the reader loads the record until it holds kRounds and counts the loads whose
// elements differ. On a GPU each aligned access is whole (PTX-MEM-4), so no load sees a record
// half written: every count must be 0. Run element by element, every run saw torn records:
// 15 to 62000 per run for each strong form (.relaxed, .acquire/.release, whose elements were
// separate scheduling points), from none to a hundred thousand for the weak ones. A record is one
// lane's, so each form moves 32 records at once; the writer waits (at most half a second) until
// the reader has started, so that the two blocks overlap. The reader's loop reaches a scheduling
// point every turn (a strong load of `started`): the writer's wait makes its block look stalled, and
// its worker then sets it aside and starts the reader itself when no other worker has taken it
// (always with one worker, and with two on a loaded machine). A reader spinning on weak loads alone
// never let the writer resume, and the run ended as a hang after 60 s; the fifth RUN line did so
// every time.
// RUN: %warpsafe run %s --workers 2 --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 2 --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 3 --schedule random --seed 7 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 1 --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 1 --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK:      st.relaxed.v4.u32 ld.relaxed.v4.u32: 0 torn
// CHECK-NEXT: st.v4.u32 ld.v4.u32: 0 torn
// CHECK-NEXT: st.volatile.v4.u32 ld.volatile.v4.u32: 0 torn
// CHECK-NEXT: st.release.v2.u64 ld.acquire.v2.u64: 0 torn
// CHECK-NEXT: st.relaxed.v2.u64 ld.relaxed.v2.u64: 0 torn
// CHECK-NEXT: st.relaxed.v2.u32 ld.relaxed.v2.u32: 0 torn
// CHECK-NEXT: st.v2.u32 ld.v2.u32: 0 torn
// CHECK-NEXT: st.relaxed.b64 ld.relaxed.b64: 0 torn
// CHECK-NEXT: st.v4.u16 ld.v4.u16: 0 torn
// CHECK-NEXT: PASS
// CHECK-NOT:  {{.}}
#include <cstdio>

constexpr unsigned kRounds = 3000;
constexpr int kLanes = 32;
constexpr long long kWaitNs = 500000000;

struct alignas(16) Record {
  unsigned long long lo, hi;
};

// Stores counter c into every element of the record at p, with the form's PTX.
template <int kForm>
__device__ void Put(Record* p, unsigned c) {
  const unsigned long long w = c;
  const unsigned long long ww = w | (w << 32);
  const unsigned short h = static_cast<unsigned short>(c);
  if (kForm == 0) asm volatile("st.relaxed.gpu.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(p), "r"(c) : "memory");
  if (kForm == 1) asm volatile("st.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(p), "r"(c) : "memory");
  if (kForm == 2) asm volatile("st.volatile.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(p), "r"(c) : "memory");
  if (kForm == 3) asm volatile("st.release.gpu.global.v2.u64 [%0], {%1, %1};" ::"l"(p), "l"(w) : "memory");
  if (kForm == 4) asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %1};" ::"l"(p), "l"(w) : "memory");
  if (kForm == 5) asm volatile("st.relaxed.gpu.global.v2.u32 [%0], {%1, %1};" ::"l"(p), "r"(c) : "memory");
  if (kForm == 6) asm volatile("st.global.v2.u32 [%0], {%1, %1};" ::"l"(p), "r"(c) : "memory");
  if (kForm == 7) asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(ww) : "memory");
  if (kForm == 8) asm volatile("st.global.v4.u16 [%0], {%1, %1, %1, %1};" ::"l"(p), "h"(h) : "memory");
}

// Loads the record at p with the form's PTX: its counter, or -1 when its elements differ.
template <int kForm>
__device__ long long Get(const Record* p) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  unsigned long long x = 0, y = 0;
  unsigned short h0 = 0, h1 = 0, h2 = 0, h3 = 0;
  if (kForm == 0) asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) : "memory");
  if (kForm == 1) asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) : "memory");
  if (kForm == 2) asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) : "memory");
  if (kForm == 3) asm volatile("ld.acquire.gpu.global.v2.u64 {%0, %1}, [%2];" : "=l"(x), "=l"(y) : "l"(p) : "memory");
  if (kForm == 4) asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];" : "=l"(x), "=l"(y) : "l"(p) : "memory");
  if (kForm == 5) asm volatile("ld.relaxed.gpu.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p) : "memory");
  if (kForm == 6) asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p) : "memory");
  if (kForm == 7) asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(x) : "l"(p) : "memory");
  if (kForm == 8) asm volatile("ld.global.v4.u16 {%0, %1, %2, %3}, [%4];" : "=h"(h0), "=h"(h1), "=h"(h2), "=h"(h3) : "l"(p) : "memory");
  if (kForm <= 2) return a == b && b == c && c == d ? static_cast<long long>(a) : -1;
  if (kForm <= 4) return x == y ? static_cast<long long>(x) : -1;
  if (kForm <= 6) return a == b ? static_cast<long long>(a) : -1;
  if (kForm == 7) return (x >> 32) == (x & 0xffffffffu) ? static_cast<long long>(x >> 32) : -1;
  return h0 == h1 && h1 == h2 && h2 == h3 ? static_cast<long long>(h0) : -1;
}

// Block 0 writes, block 1 reads; torn[lane] counts the reader's torn loads.
template <int kForm>
__global__ void HandOver(Record* records, unsigned* started, unsigned* torn) {
  Record* mine = records + threadIdx.x;
  const unsigned last = kForm == 8 ? kRounds % 65536 : kRounds;
  if (blockIdx.x == 0) {
    const long long begin = clock64();
    unsigned seen = 0;
    while (seen == 0 && clock64() - begin < kWaitNs) {
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(started) : "memory");
    }
    for (unsigned c = 1; c <= kRounds; ++c) Put<kForm>(mine, c);
  } else {
    asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(started), "r"(1u) : "memory");
    unsigned count = 0;
    for (long long v = Get<kForm>(mine); v != last; v = Get<kForm>(mine)) {
      if (v < 0) ++count;
      // A strong load: a scheduling point per turn (see the top of the file).
      unsigned ignored;
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(ignored) : "l"(started) : "memory");
    }
    torn[threadIdx.x] = count;
  }
}

template <int kForm>
bool Run(const char* name, Record* records, unsigned* started, unsigned* torn) {
  cudaMemset(records, 0, kLanes * sizeof(Record));
  cudaMemset(started, 0, sizeof(unsigned));
  cudaMemset(torn, 0xff, kLanes * sizeof(unsigned));
  HandOver<kForm><<<2, kLanes>>>(records, started, torn);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("%s: launch failed\n", name);
    return false;
  }
  unsigned host[kLanes];
  cudaMemcpy(host, torn, sizeof(host), cudaMemcpyDeviceToHost);
  unsigned long long total = 0;
  for (unsigned t : host) total += t;
  std::printf("%s: %llu torn\n", name, total);
  return total == 0;
}

int main() {
  Record* records;
  unsigned *started, *torn;
  cudaMalloc(&records, kLanes * sizeof(Record));
  cudaMalloc(&started, sizeof(unsigned));
  cudaMalloc(&torn, kLanes * sizeof(unsigned));
  bool ok = true;
  ok &= Run<0>("st.relaxed.v4.u32 ld.relaxed.v4.u32", records, started, torn);
  ok &= Run<1>("st.v4.u32 ld.v4.u32", records, started, torn);
  ok &= Run<2>("st.volatile.v4.u32 ld.volatile.v4.u32", records, started, torn);
  ok &= Run<3>("st.release.v2.u64 ld.acquire.v2.u64", records, started, torn);
  ok &= Run<4>("st.relaxed.v2.u64 ld.relaxed.v2.u64", records, started, torn);
  ok &= Run<5>("st.relaxed.v2.u32 ld.relaxed.v2.u32", records, started, torn);
  ok &= Run<6>("st.v2.u32 ld.v2.u32", records, started, torn);
  ok &= Run<7>("st.relaxed.b64 ld.relaxed.b64", records, started, torn);
  ok &= Run<8>("st.v4.u16 ld.v4.u16", records, started, torn);
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
