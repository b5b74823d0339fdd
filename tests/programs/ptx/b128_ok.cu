// 128-bit loads, stores and moves in inline PTX: `.reg .b128` registers filled by `ld.b128`
// (global, shared, generic, .volatile and .relaxed forms), written by `st.b128`, packed from and
// unpacked into two .b64 halves with `mov.b128 d, {lo, hi}` / `mov.b128 {lo, hi}, d`, and copied
// with `mov.b128`. The low half is the lower address (little-endian, as the GPU lays out a 128-bit
// value). The program prints the words each thread read and wrote; the GPU printed the same lines
// (the program built with nvcc 13.0 -arch=sm_90 and run on an NVIDIA H200, driver 580.159.04,
// on 2026-11-26).
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// CHECK:      global: 0000000000000100 0000000000000101 0000000000000110 0000000000000111
// CHECK-NEXT: shared: 0000000000000101 0000000000000100 0000000000000111 0000000000000110
// CHECK-NEXT: generic: 0000000000000100 0000000000000101 0000000000000110 0000000000000111
// CHECK-NEXT: volatile: 0000000000000100 0000000000000101 0000000000000110 0000000000000111
// CHECK-NEXT: relaxed: 0000000000000100 0000000000000101 0000000000000110 0000000000000111
// CHECK-NEXT: stored: 0000000000000101 0000000000000100 0000000000000111 0000000000000110
// CHECK-NEXT: copied: 00000000deadbeef 0123456789abcdef 00000000deadbeef 0123456789abcdef
// CHECK-NEXT: PASS
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cstdlib>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int kThreads = 2;
// Per thread: lo/hi words read by each form, in `out[form][thread][2]`.
constexpr int kForms = 7;

__global__ void Wide(const unsigned long long* src, unsigned long long* dst, unsigned long long* out) {
  __shared__ alignas(16) unsigned long long tile[2 * kThreads];
  const int t = threadIdx.x;
  // Swapped halves into shared memory, through a packed b128 store.
  asm volatile(
      "{ .reg .b128 v; .reg .b64 lo, hi;\n"
      "  ld.global.b128 v, [%0];\n"
      "  mov.b128 {lo, hi}, v;\n"
      "  mov.b128 v, {hi, lo};\n"
      "  st.shared.b128 [%1], v; }" ::"l"(src + 2 * t),
      "r"(static_cast<unsigned>(__cvta_generic_to_shared(tile + 2 * t))) : "memory");
  __syncthreads();
  unsigned long long lo, hi;
  asm volatile("{ .reg .b128 v; ld.global.b128 v, [%2]; mov.b128 {%0, %1}, v; }" : "=l"(lo), "=l"(hi) : "l"(src + 2 * t));
  out[(0 * kThreads + t) * 2] = lo, out[(0 * kThreads + t) * 2 + 1] = hi;
  asm volatile("{ .reg .b128 v; ld.shared.b128 v, [%2]; mov.b128 {%0, %1}, v; }"
               : "=l"(lo), "=l"(hi)
               : "r"(static_cast<unsigned>(__cvta_generic_to_shared(tile + 2 * t))));
  out[(1 * kThreads + t) * 2] = lo, out[(1 * kThreads + t) * 2 + 1] = hi;
  asm volatile("{ .reg .b128 v; ld.b128 v, [%2]; mov.b128 {%0, %1}, v; }" : "=l"(lo), "=l"(hi) : "l"(src + 2 * t));
  out[(2 * kThreads + t) * 2] = lo, out[(2 * kThreads + t) * 2 + 1] = hi;
  asm volatile("{ .reg .b128 v; ld.volatile.global.b128 v, [%2]; mov.b128 {%0, %1}, v; }"
               : "=l"(lo), "=l"(hi)
               : "l"(src + 2 * t));
  out[(3 * kThreads + t) * 2] = lo, out[(3 * kThreads + t) * 2 + 1] = hi;
  asm volatile("{ .reg .b128 v; ld.relaxed.gpu.global.b128 v, [%2]; mov.b128 {%0, %1}, v; }"
               : "=l"(lo), "=l"(hi)
               : "l"(src + 2 * t));
  out[(4 * kThreads + t) * 2] = lo, out[(4 * kThreads + t) * 2 + 1] = hi;
  // A generic store of the shared tile's record to global memory, read back as two words.
  asm volatile("{ .reg .b128 v; ld.shared.b128 v, [%1]; st.global.b128 [%0], v; }" ::"l"(dst + 2 * t),
               "r"(static_cast<unsigned>(__cvta_generic_to_shared(tile + 2 * t))) : "memory");
  out[(5 * kThreads + t) * 2] = dst[2 * t], out[(5 * kThreads + t) * 2 + 1] = dst[2 * t + 1];
  // A register-to-register copy of a packed value.
  asm volatile("{ .reg .b128 v, w; mov.b128 v, {%2, %3}; mov.b128 w, v; mov.b128 {%0, %1}, w; }"
               : "=l"(lo), "=l"(hi)
               : "l"(0xdeadbeefull), "l"(0x0123456789abcdefull));
  out[(6 * kThreads + t) * 2] = lo, out[(6 * kThreads + t) * 2 + 1] = hi;
}

int main() {
  const unsigned long long host[2 * kThreads] = {0x100, 0x101, 0x110, 0x111};
  unsigned long long *src, *dst, *out;
  CK(cudaMalloc(&src, sizeof(host)));
  CK(cudaMalloc(&dst, sizeof(host)));
  CK(cudaMalloc(&out, sizeof(unsigned long long) * kForms * kThreads * 2));
  CK(cudaMemcpy(src, host, sizeof(host), cudaMemcpyHostToDevice));
  CK(cudaMemset(dst, 0xab, sizeof(host)));
  Wide<<<1, kThreads>>>(src, dst, out);
  CK(cudaGetLastError());
  unsigned long long got[kForms * kThreads * 2];
  CK(cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost));
  // The shared tile holds each record with its halves swapped; the shared row shows tile[0..3]
  // as thread 0 and 1 read them.
  const char* names[kForms] = {"global", "shared", "generic", "volatile", "relaxed", "stored", "copied"};
  bool ok = true;
  for (int f = 0; f < kForms; ++f) {
    printf("%s:", names[f]);
    for (int i = 0; i < kThreads * 2; ++i) printf(" %016llx", got[f * kThreads * 2 + i]);
    printf("\n");
  }
  for (int i = 0; i < 2 * kThreads; ++i) ok = ok && got[i] == host[i] && got[2 * kThreads * 5 + i] == host[i ^ 1];
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
