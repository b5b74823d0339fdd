// 128-bit operands of inline PTX: the "q" constraint binds an `__int128` or `unsigned __int128`
// to a .b128 operand. `mov.b128` packs two .b64 values into one and unpacks it (the low half is
// the first element), copies one operand to another or through a `.reg .b128`; `ld.b128` and
// `st.b128` move one such operand from and to memory (the low half at the lower address); a "+q"
// operand is read and written. The program prints the halves of every result; the GPU printed the
// same lines (recorded on an NVIDIA H200, driver 580.159.04, on 2026-11-26 with
// `nvcc -arch=sm_90 q_operands_ok.cu && ./a.out`, nvcc 13.0.88). Each follows from the PTX ISA's
// mov, ld and st of .b128: thread t has a = 0x0123456789abcdef + t and b = 0xfedcba9876543210 - t.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:      pack: 0123456789abcdef fedcba9876543210 0123456789abcdf0 fedcba987654320f
// CHECK-NEXT: unpack: fedcba9876543210 0123456789abcdef fedcba987654320f 0123456789abcdf0
// CHECK-NEXT: copy: 0123456789abcd10 fedcba987654cd10 0123456789abcd0f fedcba987654cd0f
// CHECK-NEXT: ld.global: 0000000000000100 1111111111111111 0000000000000101 2222222222222222
// CHECK-NEXT: st.global: 0123456789abcdf1 fedcba9876543212 0123456789abcdf2 fedcba9876543211
// CHECK-NEXT: read-write: 0123456789abcdf0 0123456789abcdef 0123456789abcdf1 0123456789abcdf0
// CHECK-NEXT: signed: fedcba9876543211 ffffffffffffffff fedcba9876543210 ffffffffffffffff
// CHECK-NEXT: shared: fedcba987654320f 0123456789abcdf7 fedcba9876543210 0123456789abcdf6
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
constexpr int kForms = 8;

using u128 = unsigned __int128;

__device__ u128 Make(unsigned long long lo, unsigned long long hi) { return (u128(hi) << 64) | lo; }

__global__ void Q(const u128* src, u128* dst, unsigned long long* out) {
  const int t = threadIdx.x;
  const unsigned long long a = 0x0123456789abcdefull + t, b = 0xfedcba9876543210ull - t;
  unsigned long long* o = out + t * kForms * 2;
  u128 x;
  // 0: pack two .b64 into a "q" output.
  asm("mov.b128 %0, {%1, %2};" : "=q"(x) : "l"(a), "l"(b));
  o[0] = (unsigned long long)x, o[1] = (unsigned long long)(x >> 64);
  // 1: unpack a "q" input.
  unsigned long long lo, hi;
  asm("mov.b128 {%0, %1}, %2;" : "=l"(lo), "=l"(hi) : "q"(Make(b, a)));
  o[2] = lo, o[3] = hi;
  // 2: "q" to "q", and through a .b128 register.
  u128 y;
  asm("{ .reg .b128 r; mov.b128 r, %1; mov.b128 %0, r; }" : "=q"(y) : "q"(Make(a ^ 0xff, b ^ 0xff00)));
  o[4] = (unsigned long long)y, o[5] = (unsigned long long)(y >> 64);
  // 3: ld.global.b128 into a "q" output.
  u128 z;
  asm volatile("ld.global.b128 %0, [%1];" : "=q"(z) : "l"(src + t));
  o[6] = (unsigned long long)z, o[7] = (unsigned long long)(z >> 64);
  // 4: st.global.b128 of a "q" input, read back as two words.
  asm volatile("st.global.b128 [%0], %1;" ::"l"(dst + t), "q"(Make(a + 2, b + 2)) : "memory");
  const unsigned long long* d = reinterpret_cast<const unsigned long long*>(dst + t);
  o[8] = d[0], o[9] = d[1];
  // 5: a read-write "+q" operand: the low half incremented, the high half's bits flipped.
  u128 w = Make(a, b);
  asm("{ .reg .b64 l, h; mov.b128 {l, h}, %0; add.u64 l, l, 1; not.b64 h, h; mov.b128 %0, {l, h}; }" : "+q"(w));
  o[10] = (unsigned long long)w, o[11] = (unsigned long long)(w >> 64);
  // 6: a signed __int128 in and out (its bits, as an unsigned one's).
  __int128 s = -(__int128)(a);
  __int128 r;
  asm("mov.b128 %0, %1;" : "=q"(r) : "q"(s));
  o[12] = (unsigned long long)r, o[13] = (unsigned long long)((unsigned __int128)r >> 64);
  // 7: ld.shared.b128 and st.shared.b128 of "q" operands.
  __shared__ alignas(16) u128 tile[kThreads];
  asm volatile("st.shared.b128 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&tile[t])), "q"(Make(b, a + 7))
               : "memory");
  __syncthreads();
  u128 v;
  asm volatile("ld.shared.b128 %0, [%1];" : "=q"(v) : "r"((unsigned)__cvta_generic_to_shared(&tile[kThreads - 1 - t])));
  o[14] = (unsigned long long)v, o[15] = (unsigned long long)(v >> 64);
}

int main() {
  u128 host[kThreads];
  for (int t = 0; t < kThreads; ++t) host[t] = ((u128)(0x1111111111111111ull * (t + 1)) << 64) | (0x100ull + t);
  u128 *src, *dst;
  unsigned long long* out;
  CK(cudaMalloc(&src, sizeof(host)));
  CK(cudaMalloc(&dst, sizeof(host)));
  CK(cudaMalloc(&out, sizeof(unsigned long long) * kForms * kThreads * 2));
  CK(cudaMemcpy(src, host, sizeof(host), cudaMemcpyHostToDevice));
  CK(cudaMemset(dst, 0xab, sizeof(host)));  // poison: a store that writes nothing shows
  CK(cudaMemset(out, 0xcd, sizeof(unsigned long long) * kForms * kThreads * 2));
  Q<<<1, kThreads>>>(src, dst, out);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  unsigned long long got[kForms * kThreads * 2];
  CK(cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost));
  const char* names[kForms] = {"pack", "unpack", "copy", "ld.global", "st.global", "read-write", "signed", "shared"};
  for (int f = 0; f < kForms; ++f) {
    printf("%s:", names[f]);
    for (int t = 0; t < kThreads; ++t) printf(" %016llx %016llx", got[(t * kForms + f) * 2], got[(t * kForms + f) * 2 + 1]);
    printf("\n");
  }
  printf("PASS\n");
  return 0;
}
