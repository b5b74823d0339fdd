// The PTX video instructions in inline assembly: the SIMD forms on bytes (vadd4 vsub4 vavrg4
// vabsdiff4 vmin4 vmax4 vset4) and halfwords (the ...2 forms) with their lane selectors, masks,
// saturation and accumulation, and the scalar forms (vadd vsub vabsdiff vmin vmax vset vshl vshr
// vmad) with operand and destination selectors, saturation and secondary operations, over signed
// and unsigned edge values (0, 1, 0x7f, 0x80, 0xff in every lane) and pseudo-random words.
// Built with nvcc it prints what the GPU computed, as the table Inputs/video_gpu_values.h holds;
// built by warpsafe with WARPSAFE_EXPECTED defined it compares every result with that table and
// prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 3 2>&1 | FileCheck %s
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
#include "Inputs/video_gpu_values.h"
#endif

// Each operation: one asm statement reading a (%1), b (%2) and c (%3) and writing d (%0), and
// whether the engine runs it. The forms marked 0 are those where the GPU's results are not what
// the PTX ISA defines (unsigned scalar saturation, saturated shifts, vmad's saturated unsigned
// result): the engine refuses them (video_unsupported_defect.cu), and their rows stay in the
// recording as what the GPU gave.
#define VIDEO_OPS(X)                                                          \
  X(vabsdiff4_u, "vabsdiff4.u32.u32.u32 %0, %1, %2, %3;", 1)                  \
  X(vabsdiff4_u_add, "vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;", 1)          \
  X(vabsdiff4_s_sat, "vabsdiff4.s32.s32.s32.sat %0, %1, %2, %3;", 1)          \
  X(vabsdiff4_s_add, "vabsdiff4.s32.s32.s32.add %0, %1, %2, %3;", 1)          \
  X(vabsdiff4_u_sat, "vabsdiff4.u32.s32.s32.sat %0, %1, %2, %3;", 1)          \
  X(vadd4_u, "vadd4.u32.u32.u32 %0, %1, %2, %3;", 1)                          \
  X(vadd4_u_sat, "vadd4.u32.u32.u32.sat %0, %1, %2, %3;", 1)                  \
  X(vadd4_s_sat, "vadd4.s32.s32.s32.sat %0, %1, %2, %3;", 1)                  \
  X(vadd4_su_sat, "vadd4.s32.s32.u32.sat %0, %1, %2, %3;", 1)                 \
  X(vadd4_us_sat, "vadd4.u32.s32.u32.sat %0, %1, %2, %3;", 1)                 \
  X(vadd4_s_add, "vadd4.s32.s32.s32.add %0, %1, %2, %3;", 1)                  \
  X(vsub4_u_sat, "vsub4.u32.u32.u32.sat %0, %1, %2, %3;", 1)                  \
  X(vsub4_s_sat, "vsub4.s32.s32.s32.sat %0, %1, %2, %3;", 1)                  \
  X(vsub4_s, "vsub4.s32.u32.u32 %0, %1, %2, %3;", 1)                          \
  X(vsub4_mask, "vsub4.s32.s32.s32.sat %0.b20, %1, %2, %3;", 1)               \
  X(vsub4_sel, "vsub4.s32.s32.s32.sat %0, %1.b0123, %2.b4747, %3;", 1)        \
  X(vavrg4_u, "vavrg4.u32.u32.u32 %0, %1, %2, %3;", 1)                        \
  X(vavrg4_s, "vavrg4.s32.s32.s32 %0, %1, %2, %3;", 1)                        \
  X(vavrg4_s_sat, "vavrg4.u32.s32.s32.sat %0, %1, %2, %3;", 1)                \
  X(vmin4_s, "vmin4.s32.s32.s32 %0, %1, %2, %3;", 1)                          \
  X(vmin4_u, "vmin4.u32.u32.u32 %0, %1, %2, %3;", 1)                          \
  X(vmin4_add, "vmin4.s32.u32.u32.add %0.b31, %1.b0000, %2.b6622, %3;", 1)    \
  X(vmax4_u, "vmax4.u32.u32.u32 %0, %1, %2, %3;", 1)                          \
  X(vmax4_s, "vmax4.s32.s32.s32 %0.b3, %1, %2, %3;", 1)                       \
  X(vmax4_su_sat, "vmax4.u32.s32.s32.sat %0, %1, %2, %3;", 1)                 \
  X(vset4_ult, "vset4.u32.u32.lt %0, %1, %2, %3;", 1)                         \
  X(vset4_sge_add, "vset4.s32.s32.ge.add %0, %1, %2, %3;", 1)                 \
  X(vset4_sune, "vset4.s32.u32.ne %0.b10, %1, %2, %3;", 1)                    \
  X(vset4_sgt, "vset4.s32.s32.gt %0, %1.b7531, %2.b6420, %3;", 1)             \
  X(vadd2_u, "vadd2.u32.u32.u32 %0, %1, %2, %3;", 1)                          \
  X(vadd2_u_sat, "vadd2.u32.u32.u32.sat %0, %1, %2, %3;", 1)                  \
  X(vadd2_s_sat, "vadd2.s32.s32.s32.sat %0, %1, %2, %3;", 1)                  \
  X(vadd2_s_add, "vadd2.s32.s32.s32.add %0, %1, %2, %3;", 1)                  \
  X(vsub2_s_sat, "vsub2.s32.s32.s32.sat %0, %1, %2, %3;", 1)                  \
  X(vsub2_u_sat, "vsub2.u32.u32.u32.sat %0, %1, %2, %3;", 1)                  \
  X(vsub2_sel, "vsub2.s32.s32.u32 %0.h1, %1.h01, %2.h23, %3;", 1)             \
  X(vabsdiff2_u_add, "vabsdiff2.u32.u32.u32.add %0, %1, %2, %3;", 1)          \
  X(vabsdiff2_s, "vabsdiff2.s32.s32.s32 %0, %1, %2, %3;", 1)                  \
  X(vavrg2_u, "vavrg2.u32.u32.u32 %0, %1, %2, %3;", 1)                        \
  X(vavrg2_s, "vavrg2.s32.s32.s32 %0, %1, %2, %3;", 1)                        \
  X(vmin2_s, "vmin2.s32.s32.s32 %0, %1, %2, %3;", 1)                          \
  X(vmax2_u_add, "vmax2.u32.u32.u32.add %0.h0, %1.h32, %2.h10, %3;", 1)       \
  X(vset2_sgt, "vset2.s32.s32.gt %0, %1, %2, %3;", 1)                         \
  X(vset2_ule_add, "vset2.u32.u32.le.add %0, %1, %2, %3;", 1)                 \
  X(vadd_u, "vadd.u32.u32.u32 %0, %1, %2;", 1)                                \
  X(vadd_u_sat, "vadd.u32.u32.u32.sat %0, %1, %2;", 0)                        \
  X(vadd_s_sat, "vadd.s32.s32.s32.sat %0, %1, %2;", 1)                        \
  X(vadd_sel_sat, "vadd.s32.u32.s32.sat %0, %1.b0, %2.h0;", 1)                \
  X(vadd_dsel_sat, "vadd.u32.s32.s32.sat %0.b2, %1.b1, %2.b0, %3;", 0)        \
  X(vadd_s_add, "vadd.s32.s32.s32.add %0, %1, %2, %3;", 1)                    \
  X(vadd_s_sat_add, "vadd.s32.s32.s32.sat.add %0, %1, %2, %3;", 1)            \
  X(vsub_sel_sat, "vsub.s32.s32.u32.sat %0, %1.h1, %2.h1;", 1)                \
  X(vsub_u_sat, "vsub.u32.u32.u32.sat %0, %1, %2;", 0)                        \
  X(vsub_s, "vsub.s32.u32.u32 %0, %1, %2;", 1)                                \
  X(vabsdiff_dsel, "vabsdiff.s32.s32.s32.sat %0.h0, %1.b0, %2.b2, %3;", 1)    \
  X(vabsdiff_u, "vabsdiff.u32.u32.u32 %0, %1, %2;", 1)                        \
  X(vabsdiff_s_sat, "vabsdiff.s32.s32.s32.sat %0, %1, %2;", 1)                \
  X(vmin_s_sat_add, "vmin.s32.s32.s32.sat.add %0, %1, %2, %3;", 1)            \
  X(vmin_u_min, "vmin.u32.u32.u32.min %0, %1, %2, %3;", 1)                    \
  X(vmax_s_max, "vmax.s32.s32.s32.max %0, %1.h1, %2.h0, %3;", 1)              \
  X(vmax_dsel, "vmax.s32.s32.s32 %0.b1, %1.b3, %2.b2, %3;", 1)                \
  X(vmax_u_sat_dsel, "vmax.u32.u32.u32.sat %0.h1, %1, %2, %3;", 0)            \
  X(vset_slt, "vset.s32.u32.lt %0, %1, %2;", 1)                               \
  X(vset_une, "vset.u32.u32.ne %0, %1, %2.h1;", 1)                            \
  X(vset_sge_add, "vset.s32.s32.ge.add %0, %1.b0, %2.b1, %3;", 1)             \
  X(vset_eq_dsel, "vset.u32.u32.eq %0.b3, %1.b2, %2.b2, %3;", 1)              \
  X(vset_sgt_max, "vset.s32.s32.gt.max %0, %1, %2, %3;", 1)                   \
  X(vshl_clamp, "vshl.u32.u32.u32.clamp %0, %1, %2.b0;", 1)                   \
  X(vshl_wrap_sat, "vshl.s32.s32.u32.wrap.sat %0, %1.h0, %2.b1;", 0)          \
  X(vshl_u_sat, "vshl.u32.u32.u32.clamp.sat %0, %1.b1, %2.b0;", 0)            \
  X(vshr_s_clamp, "vshr.s32.s32.u32.clamp %0, %1, %2.b0;", 1)                 \
  X(vshr_u_wrap, "vshr.u32.u32.u32.wrap %0, %1, %2.b0;", 1)                   \
  X(vshr_add, "vshr.s32.s32.u32.clamp.add %0, %1.h1, %2.b3, %3;", 1)          \
  X(vshl_dsel, "vshl.u32.u32.u32.wrap %0.b0, %1.b1, %2.b2, %3;", 1)           \
  X(vmad_u, "vmad.u32.u32.u32 %0, %1.h0, %2.h0, %3;", 1)                      \
  X(vmad_s_sat, "vmad.s32.s32.s32.sat %0, %1, %2, %3;", 1)                    \
  X(vmad_s, "vmad.s32.s32.s32 %0, %1, %2, %3;", 1)                            \
  X(vmad_shr15, "vmad.s32.s32.u32.shr15 %0, %1.h0, %2.h1, %3;", 1)            \
  X(vmad_nega, "vmad.s32.s32.s32 %0, -%1, %2.b0, %3;", 1)                     \
  X(vmad_negc, "vmad.s32.u32.u32.sat %0, %1.h0, %2.h1, -%3;", 1)              \
  X(vmad_po, "vmad.u32.u32.u32.po %0, %1.b0, %2.b1, %3;", 1)                  \
  X(vmad_shr7_sat, "vmad.s32.s32.s32.sat.shr7 %0, %1.h1, -%2.h0, %3;", 1)     \
  X(vmad_u_sat, "vmad.u32.u32.u32.sat %0, %1, %2, %3;", 0)

#define VIDEO_NAME(name, text, runs) #name,
static const char* const kNames[] = {VIDEO_OPS(VIDEO_NAME)};
constexpr int kOps = sizeof(kNames) / sizeof(kNames[0]);
constexpr int kThreads = 160;
#ifdef WARPSAFE_EXPECTED
constexpr bool kOnGpu = false;
#define VIDEO_RUNS(name, text, runs) runs,
static const bool kRuns[] = {VIDEO_OPS(VIDEO_RUNS)};
#else
constexpr bool kOnGpu = true;
#endif

__global__ void Video(const std::uint32_t* in, std::uint32_t* out) {
  const int t = threadIdx.x;
  const std::uint32_t a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
  int op = 0;
#define VIDEO_RUN(name, text, runs)                                    \
  if (kOnGpu || runs) {                                                \
    std::uint32_t d;                                                   \
    asm(text : "=r"(d) : "r"(a), "r"(b), "r"(c));                      \
    out[op * kThreads + t] = d;                                        \
  }                                                                    \
  ++op;
  VIDEO_OPS(VIDEO_RUN)
}

int main() {
  // Edge words: every lane 0, 1, 0x7f, 0x80 or 0xff, lanes mixing them, halfword edges.
  const std::uint32_t edges[] = {0x00000000u, 0xffffffffu, 0x7f7f7f7fu, 0x80808080u, 0x01010101u,
                                 0x7f80ff01u, 0x80017fffu, 0x7fff8000u, 0x8000ffffu, 0x00ff7f80u};
  constexpr int kEdges = sizeof(edges) / sizeof(edges[0]);
  std::uint32_t in[3 * kThreads];
  std::uint32_t seed = 2024u;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (int t = 0; t < kThreads; ++t) {
    if (t < kEdges * kEdges) {
      in[3 * t] = edges[t / kEdges];
      in[3 * t + 1] = edges[t % kEdges];
      in[3 * t + 2] = edges[(t * 7 + 3) % kEdges];
    } else {
      in[3 * t] = next();
      in[3 * t + 1] = next();
      in[3 * t + 2] = next();
    }
  }
  std::uint32_t *d_in, *d_out;
  CK(cudaMalloc(&d_in, sizeof(in)));
  CK(cudaMalloc(&d_out, sizeof(std::uint32_t) * kOps * kThreads));
  CK(cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xab, sizeof(std::uint32_t) * kOps * kThreads));
  Video<<<1, kThreads>>>(d_in, d_out);
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
    if (!kRuns[op]) continue;
    int shown = 0;
    for (int t = 0; t < kThreads; ++t) {
      if (out[op * kThreads + t] == kGpu[op][t]) continue;
      if (shown++ < 3)
        printf("MISMATCH %s (a %08x b %08x c %08x): %08x, the GPU's %08x\n", kNames[op], in[3 * t], in[3 * t + 1],
               in[3 * t + 2], out[op * kThreads + t], kGpu[op][t]);
      ++failures;
    }
  }
  if (failures == 0) printf("all match the GPU\n");
#endif
  return 0;
}
