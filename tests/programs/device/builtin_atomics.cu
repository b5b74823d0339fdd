// CUDA 12.8's built-in atomics with an explicit order and scope, as programs guarded by
// `#if CUDA_VERSION >= 12080` call them: fetch and no-fetch arithmetic and bit operations,
// the _n and pointer forms of load, store and exchange, compare-exchange in a loop (a maximum
// of doubles through their bits), a spin lock taken with acquire and released with release
// around a plain counter, and the fence. Blocks run on several OS threads (--workers 4).
// Released with a relaxed store instead (-D RELAXED_UNLOCK), the lock orders nothing and
// `warpsafe check` reports the counter's race.
// RUN: %warpsafe run %s --workers 4 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 4 --schedule random --seed 5 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 6 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: %expect-exit 66 %warpsafe check %s --schedules 6 -D RELAXED_UNLOCK 2>&1 | FileCheck %s --check-prefix=RELAXED -DFILE=%s
// CHECK:      version ok
// CHECK-NEXT: sum 8256 sub -8256 min 1 max 128 and 0 or 255 xor 0
// CHECK-NEXT: load 8256 exchange 7 store 9 cas-max 127.5
// CHECK-NEXT: locked counter 128 fenced 128
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 6 schedules {{.*}}
// CHECKED-NOT:  {{.}}
// RELAXED:      warpsafe: data race
// RELAXED-NEXT:   in kernel work (launched at [[FILE]]:[[@LINE+79]]), block ({{[0-3]}},0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// RELAXED-NEXT:   in global memory, between two threads with no happens-before between them:
// RELAXED-NEXT:   at [[FILE]]:[[@LINE+52]]: read of 4 bytes by block ({{[0-3]}},0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// RELAXED-NEXT:   at [[FILE]]:[[@LINE+51]]: previous write of 4 bytes by block ({{[0-3]}},0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// RELAXED-NEXT:   global memory: cudaMallocManaged block of 72 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+70]]), at +60
// RELAXED-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// RELAXED-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90 -D RELAXED_UNLOCK
// RELAXED-NOT:  {{.}}

#include <cstdio>

#include <cuda.h>

struct Totals {
  int sum, sub, min, max;
  unsigned bits_and, bits_or, bits_xor;
  unsigned long long loaded;
  int exchanged, stored;
  unsigned long long max_bits;  // a double's bits
  int lock, locked_counter, fenced;
};

#ifdef RELAXED_UNLOCK
constexpr int kUnlockOrder = __NV_ATOMIC_RELAXED;  // orders nothing: the counter's accesses race
#else
constexpr int kUnlockOrder = __NV_ATOMIC_RELEASE;
#endif

__device__ void atomic_max_double(unsigned long long* bits, double value) {
  unsigned long long seen = __nv_atomic_load_n(bits, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  while (value > __longlong_as_double(seen)) {
    if (__nv_atomic_compare_exchange_n(bits, &seen, __double_as_longlong(value), false, __NV_ATOMIC_RELAXED,
                                       __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE))
      break;  // on failure `seen` holds the newer value and the loop compares again
  }
}

__global__ void work(Totals* t, unsigned long long* total) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x + 1;  // 1 .. 128
  __nv_atomic_fetch_add(&t->sum, id, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_sub(&t->sub, id, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_min(&t->min, id, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_max(&t->max, id, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);
  __nv_atomic_and(&t->bits_and, ~(1u << (id % 8)), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_or(&t->bits_or, 1u << (id % 8), __NV_ATOMIC_RELAXED);
  __nv_atomic_xor(&t->bits_xor, 1u << (id % 8), __NV_ATOMIC_ACQ_REL);  // 16 toggles of each bit
  __nv_atomic_fetch_add(total, (unsigned long long)id, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  atomic_max_double(&t->max_bits, id - 0.5);
  // A lock around a plain read-modify-write: acquire on taking it, release on giving it back.
  int unlocked = 0;
  while (!__nv_atomic_compare_exchange_n(&t->lock, &unlocked, 1, true, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELAXED,
                                         __NV_THREAD_SCOPE_DEVICE)) {
    unlocked = 0;
  }
  t->locked_counter = t->locked_counter + 1;
  __nv_atomic_store_n(&t->lock, 0, kUnlockOrder, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&t->fenced, 1, __NV_ATOMIC_RELAXED);
}

__global__ void finish(Totals* t, unsigned long long* total) {
  __nv_atomic_load(total, &t->loaded, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  int seven = 7, old = 0;
  __nv_atomic_exchange(&t->exchanged, &seven, &old, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  int nine = 9;
  __nv_atomic_store(&t->stored, &nine, __NV_ATOMIC_RELAXED);
}

int main() {
#if CUDA_VERSION >= 12080
  std::printf("version ok\n");
#endif
  Totals* t = nullptr;
  unsigned long long* total = nullptr;
  if (cudaMallocManaged(&t, sizeof(Totals)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&total, sizeof(unsigned long long)) != cudaSuccess) return 1;
  *t = Totals{0, 0, 1 << 30, 0, 0xffu, 0u, 0u, 0, 0, 0, 0, 0, 0, 0};
  t->max_bits = __double_as_longlong(-1.0);
  *total = 0;
  work<<<4, 32>>>(t, total);
  finish<<<1, 1>>>(t, total);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("sum %d sub %d min %d max %d and %u or %u xor %u\n", t->sum, t->sub, t->min, t->max, t->bits_and,
              t->bits_or, t->bits_xor);
  std::printf("load %llu exchange %d store %d cas-max %.1f\n", t->loaded, t->exchanged, t->stored,
              __longlong_as_double(t->max_bits));
  std::printf("locked counter %d fenced %d\n", t->locked_counter, t->fenced);
  return 0;
}
