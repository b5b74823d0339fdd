// The integer instructions of sm_90 on two 16-bit halves of a register and with a clamp at zero:
// add, min and max of types .u16x2 and .s16x2, and min.relu/max.relu of .s32 and .s16x2, in inline
// assembly over edge words (halves 0, 1, -1, 0x7fff, 0x8000) and pseudo-random ones. Built with
// nvcc it prints what the GPU computed, as the table Inputs/packed_min_max_gpu_values.h holds;
// built by warpsafe with WARPSAFE_EXPECTED it compares every result with that table.
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 4 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cstdint>
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

#ifdef WARPSAFE_EXPECTED
#include "Inputs/packed_min_max_gpu_values.h"
#endif

#define PACKED_OPS(X)                                        \
  X(add_u16x2, "add.u16x2 %0, %1, %2;")                      \
  X(add_s16x2, "add.s16x2 %0, %1, %2;")                      \
  X(min_u16x2, "min.u16x2 %0, %1, %2;")                      \
  X(min_s16x2, "min.s16x2 %0, %1, %2;")                      \
  X(max_u16x2, "max.u16x2 %0, %1, %2;")                      \
  X(max_s16x2, "max.s16x2 %0, %1, %2;")                      \
  X(min_relu_s32, "min.relu.s32 %0, %1, %2;")                \
  X(max_relu_s32, "max.relu.s32 %0, %1, %2;")                \
  X(min_relu_s16x2, "min.relu.s16x2 %0, %1, %2;")            \
  X(max_relu_s16x2, "max.relu.s16x2 %0, %1, %2;")

#define PACKED_NAME(name, text) #name,
static const char* const kNames[] = {PACKED_OPS(PACKED_NAME)};
constexpr int kOps = sizeof(kNames) / sizeof(kNames[0]);
constexpr int kThreads = 160;

__global__ void Packed(const std::uint32_t* in, std::uint32_t* out) {
  const int t = threadIdx.x;
  const std::uint32_t a = in[2 * t], b = in[2 * t + 1];
  int op = 0;
#define PACKED_RUN(name, text)                   \
  {                                              \
    std::uint32_t d;                             \
    asm(text : "=r"(d) : "r"(a), "r"(b));        \
    out[op * kThreads + t] = d;                  \
    ++op;                                        \
  }
  PACKED_OPS(PACKED_RUN)
}

int main() {
  const std::uint32_t edges[] = {0x00000000u, 0x00000001u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x7fff8000u,
                                 0x80007fffu, 0x0001ffffu, 0xffff0001u, 0x00008001u, 0x40003fffu, 0xc000c001u};
  constexpr int kEdges = sizeof(edges) / sizeof(edges[0]);
  std::uint32_t in[2 * kThreads];
  std::uint32_t seed = 77u;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (int t = 0; t < kThreads; ++t) {
    if (t < kEdges * kEdges) {
      in[2 * t] = edges[t / kEdges];
      in[2 * t + 1] = edges[t % kEdges];
    } else {
      in[2 * t] = next();
      in[2 * t + 1] = next();
    }
  }
  std::uint32_t *d_in, *d_out;
  CK(cudaMalloc(&d_in, sizeof(in)));
  CK(cudaMalloc(&d_out, sizeof(std::uint32_t) * kOps * kThreads));
  CK(cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xab, sizeof(std::uint32_t) * kOps * kThreads));
  Packed<<<1, kThreads>>>(d_in, d_out);
  CK(cudaGetLastError());
  static std::uint32_t out[kOps * kThreads];
  CK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
#ifndef WARPSAFE_EXPECTED
  printf("static const std::uint32_t kGpu[%d][%d] = {\n", kOps, kThreads);
  for (int op = 0; op < kOps; ++op) {
    printf("  {  // %s", kNames[op]);
    for (int t = 0; t < kThreads; ++t) printf("%s0x%08x,", t % 8 == 0 ? "\n    " : " ", out[op * kThreads + t]);
    printf("\n  },\n");
  }
  printf("};\n");
#else
  int failures = 0;
  for (int op = 0; op < kOps; ++op) {
    int shown = 0;
    for (int t = 0; t < kThreads; ++t) {
      if (out[op * kThreads + t] == kGpu[op][t]) continue;
      if (shown++ < 3)
        printf("MISMATCH %s (a %08x b %08x): %08x, the GPU's %08x\n", kNames[op], in[2 * t], in[2 * t + 1],
               out[op * kThreads + t], kGpu[op][t]);
      ++failures;
    }
  }
  if (failures == 0) printf("all match the GPU\n");
#endif
  return 0;
}
