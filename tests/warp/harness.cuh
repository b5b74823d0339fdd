// A minimal self-contained test harness for the warp collective tests (no gtest, so the same .cu
// files build with nvcc for the GPU and with the warpsafe engine for the CPU).
//
//   WS_CUDA(cudaMalloc(&p, bytes));        // every CUDA call checked: a failure ends the program
//   h.Expect(ok, "what", fmt...);          // counts a check; prints the first failures
//   return h.Finish();                     // prints "N passed, M failed"; non-zero on a failure
//                                          // or when no check ran (0 passed, 0 failed)
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdarg>
#include <cuda_runtime.h>

#define WS_CUDA(call)                                                                         \
  do {                                                                                        \
    cudaError_t ws_err_ = (call);                                                             \
    if (ws_err_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: CUDA error %s: %s\n  in %s\n", __FILE__, __LINE__,         \
                   cudaGetErrorName(ws_err_), cudaGetErrorString(ws_err_), #call);            \
      std::exit(2);                                                                           \
    }                                                                                         \
  } while (0)

// After a launch: the launch's own error, then the kernel's.
#define WS_LAUNCHED()                   \
  do {                                  \
    WS_CUDA(cudaGetLastError());        \
    WS_CUDA(cudaDeviceSynchronize());   \
  } while (0)

namespace wstest {

class Harness {
 public:
  // Counts one check; prints the failure (at most kMaxPrinted of them).
  bool Expect(bool ok, const char* fmt, ...) {
    if (ok) {
      ++passed_;
      return true;
    }
    if (++failed_ <= kMaxPrinted) {
      std::va_list args;
      va_start(args, fmt);
      std::fprintf(stderr, "FAIL: ");
      std::vfprintf(stderr, fmt, args);
      std::fprintf(stderr, "\n");
      va_end(args);
    }
    return false;
  }
  // A run that checked nothing proves nothing: it fails like a failed check.
  int Finish() const {
    std::printf("%d passed, %d failed\n", passed_, failed_);
    if (passed_ + failed_ == 0) std::fprintf(stderr, "FAIL: no check ran\n");
    return failed_ == 0 && passed_ > 0 ? 0 : 1;
  }
  int failed() const { return failed_; }

 private:
  static constexpr int kMaxPrinted = 20;
  int passed_ = 0;
  int failed_ = 0;
};

// xorshift64*: reproducible inputs, seeded per test.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  std::uint64_t Next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Dull;
  }
  // Uniform in [lo, hi].
  int Int(int lo, int hi) { return lo + int(Next() % std::uint64_t(hi - lo + 1)); }
  bool Bool(int percent_true) { return int(Next() % 100) < percent_true; }

 private:
  std::uint64_t state_;
};

// A device buffer of n elements, poisoned with 0xAB bytes before every kernel that writes it.
template <class T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) { WS_CUDA(cudaMalloc(&ptr_, bytes())); }
  ~DeviceBuffer() { cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  T* get() const { return ptr_; }
  std::size_t bytes() const { return n_ * sizeof(T); }
  void Poison() { WS_CUDA(cudaMemset(ptr_, 0xAB, bytes())); }
  void Upload(const T* host) { WS_CUDA(cudaMemcpy(ptr_, host, bytes(), cudaMemcpyHostToDevice)); }
  void Download(T* host) const { WS_CUDA(cudaMemcpy(host, ptr_, bytes(), cudaMemcpyDeviceToHost)); }

 private:
  std::size_t n_;
  T* ptr_ = nullptr;
};

// The geometry of logical warps as warpsafe defines it (include/warpsafe/detail/logical_warp.cuh),
// for a thread of a block of `block_threads` threads.
struct HostLogicalWarp {
  int base;   // first thread (block-linear) of the logical warp
  int count;  // existing lanes
  int rank;   // the thread's logical lane
};
inline HostLogicalWarp GeometryOf(int tid, int width, int block_threads) {
  const int warp_first = tid & ~31;
  const int lane = tid & 31;
  const int base_lane = (lane / width) * width;
  int span = 32 - base_lane < width ? 32 - base_lane : width;
  const int present = block_threads - warp_first - base_lane;
  if (present < span) span = present;
  return HostLogicalWarp{warp_first + base_lane, span, lane - base_lane};
}

}  // namespace wstest
