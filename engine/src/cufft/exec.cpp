// cufftExec*: each transform is one FFTW plan, made on a plan's first use with FFTW_ESTIMATE (which
// leaves the arrays alone) and FFTW_UNALIGNED (so that later calls may pass any arrays of the same
// placement through FFTW's new-array execute functions).
//
// Basic layouts (no embeds given) are packed per transform; an in-place real transform pads the
// real side's last dimension to 2 (n/2 + 1) elements, as cuFFT and FFTW both lay it out.
#include <cstdio>
#include <mutex>
#include <string>

#include "cufft/plan.h"
#include "graph/library_capture.h"
#include "report/report.h"
#include "runtime/copy_checks.h"
#include "runtime/library_operand.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::cufft {
namespace {

std::mutex& PlannerMutex() {  // FFTW's planner is not thread-safe
  static auto* mutex = new std::mutex();
  return *mutex;
}

bool IsReal(cufftType t) { return t == CUFFT_R2C || t == CUFFT_D2Z; }     // real input
bool IsRealOut(cufftType t) { return t == CUFFT_C2R || t == CUFFT_Z2D; }  // real output
bool IsDouble(cufftType t) { return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D; }

// The logical sizes of one side: the complex side of a real transform keeps n/2 + 1 in its last
// dimension.
std::array<int, kMaxRank> SideSizes(const Plan& p, bool complex_side) {
  std::array<int, kMaxRank> s = p.n;
  if (complex_side && (IsReal(p.type) || IsRealOut(p.type))) s[p.rank - 1] = p.n[p.rank - 1] / 2 + 1;
  return s;
}

Layout BasicLayout(const Plan& p, bool complex_side, bool in_place) {
  Layout l;
  l.embed = SideSizes(p, complex_side);
  if (!complex_side && in_place) l.embed[p.rank - 1] = 2 * (p.n[p.rank - 1] / 2 + 1);
  l.stride = 1;
  l.dist = 1;
  for (int d = 0; d < p.rank; ++d) l.dist *= l.embed[d];
  return l;
}

// Elements from the first to the last one a side touches, inclusive.
std::size_t SpanElements(const Plan& p, const Layout& l, bool complex_side) {
  const std::array<int, kMaxRank> sizes = SideSizes(p, complex_side);
  std::size_t last = static_cast<std::size_t>(p.batch - 1) * static_cast<std::size_t>(l.dist);
  std::size_t block = 1;
  for (int d = p.rank - 1; d >= 0; --d) {
    last += static_cast<std::size_t>(sizes[d] - 1) * block * static_cast<std::size_t>(l.stride);
    block *= static_cast<std::size_t>(l.embed[d]);
  }
  return last + 1;
}

// An operand of an exec call, used as `use` by work on the plan's stream (runtime/library_operand.h).
void CheckOperand(const char* routine, const char* operand, const void* p, std::size_t bytes, runtime::OperandUse use,
                  cudaStream_t stream) {
  runtime::LibraryOperand((std::string("cuFFT call ") + routine).c_str(), operand, p, bytes, use, stream);
}

// Runs one transform of `plan` from `in` to `out`; `sign` is FFTW's (C2C only).
cufftResult ExecNow(const char* routine, cufftHandle handle, cufftType expected, void* in, void* out, int direction) {
  Plan* plan = Find(handle);
  if (plan == nullptr || !plan->made) return CUFFT_INVALID_PLAN;
  // The GPU's cuFFT returns success for an exec function that does not match the plan's type (CUDA
  // 13, measured) and computes nothing documented; here it is refused.
  if (plan->type != expected) return CUFFT_INVALID_TYPE;
  if (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE) return CUFFT_INVALID_VALUE;
  if (in == nullptr || out == nullptr) return CUFFT_INVALID_VALUE;
  if (runtime::StickyError() != cudaSuccess) return CUFFT_EXEC_FAILED;
  const bool in_place = in == out;
  const bool in_complex = !IsReal(plan->type), out_complex = !IsRealOut(plan->type);
  const Layout in_layout = plan->advanced ? plan->in : BasicLayout(*plan, in_complex, in_place);
  const Layout out_layout = plan->advanced ? plan->out : BasicLayout(*plan, out_complex, in_place);
  const std::size_t real_size = IsDouble(plan->type) ? sizeof(double) : sizeof(float);
  CheckOperand(routine, "idata", in, SpanElements(*plan, in_layout, in_complex) * real_size * (in_complex ? 2 : 1),
               runtime::OperandUse::kRead, plan->stream);
  CheckOperand(routine, "odata", out, SpanElements(*plan, out_layout, out_complex) * real_size * (out_complex ? 2 : 1),
               runtime::OperandUse::kWrite, plan->stream);

  void*& fftw = plan->fftw[in_place ? 1 : 0][direction == CUFFT_FORWARD ? 0 : 1];
  if (fftw == nullptr) {
    std::lock_guard<std::mutex> lock(PlannerMutex());
    const int* n = plan->n.data();
    const int* ie = in_layout.embed.data();
    const int* oe = out_layout.embed.data();
    const unsigned flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
    const int is = in_layout.stride, id = in_layout.dist, os = out_layout.stride, od = out_layout.dist;
    const int sign = direction == CUFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD;
    switch (plan->type) {
      case CUFFT_C2C:
        fftw = fftwf_plan_many_dft(plan->rank, n, plan->batch, static_cast<fftwf_complex*>(in), ie, is, id,
                                   static_cast<fftwf_complex*>(out), oe, os, od, sign, flags);
        break;
      case CUFFT_R2C:
        fftw = fftwf_plan_many_dft_r2c(plan->rank, n, plan->batch, static_cast<float*>(in), ie, is, id,
                                       static_cast<fftwf_complex*>(out), oe, os, od, flags);
        break;
      case CUFFT_C2R:
        fftw = fftwf_plan_many_dft_c2r(plan->rank, n, plan->batch, static_cast<fftwf_complex*>(in), ie, is, id,
                                       static_cast<float*>(out), oe, os, od, flags);
        break;
      case CUFFT_Z2Z:
        fftw = fftw_plan_many_dft(plan->rank, n, plan->batch, static_cast<fftw_complex*>(in), ie, is, id,
                                  static_cast<fftw_complex*>(out), oe, os, od, sign, flags);
        break;
      case CUFFT_D2Z:
        fftw = fftw_plan_many_dft_r2c(plan->rank, n, plan->batch, static_cast<double*>(in), ie, is, id,
                                      static_cast<fftw_complex*>(out), oe, os, od, flags);
        break;
      case CUFFT_Z2D:
        fftw = fftw_plan_many_dft_c2r(plan->rank, n, plan->batch, static_cast<fftw_complex*>(in), ie, is, id,
                                      static_cast<double*>(out), oe, os, od, flags);
        break;
    }
    if (fftw == nullptr) return CUFFT_INVALID_VALUE;  // a layout FFTW cannot do
  }
  switch (plan->type) {
    case CUFFT_C2C:
      fftwf_execute_dft(static_cast<fftwf_plan>(fftw), static_cast<fftwf_complex*>(in), static_cast<fftwf_complex*>(out));
      break;
    case CUFFT_R2C:
      fftwf_execute_dft_r2c(static_cast<fftwf_plan>(fftw), static_cast<float*>(in), static_cast<fftwf_complex*>(out));
      break;
    case CUFFT_C2R:
      fftwf_execute_dft_c2r(static_cast<fftwf_plan>(fftw), static_cast<fftwf_complex*>(in), static_cast<float*>(out));
      break;
    case CUFFT_Z2Z:
      fftw_execute_dft(static_cast<fftw_plan>(fftw), static_cast<fftw_complex*>(in), static_cast<fftw_complex*>(out));
      break;
    case CUFFT_D2Z:
      fftw_execute_dft_r2c(static_cast<fftw_plan>(fftw), static_cast<double*>(in), static_cast<fftw_complex*>(out));
      break;
    case CUFFT_Z2D:
      fftw_execute_dft_c2r(static_cast<fftw_plan>(fftw), static_cast<fftw_complex*>(in), static_cast<double*>(out));
      break;
  }
  return CUFFT_SUCCESS;
}

// The checks of the arguments are made when the call is made; the transform runs now, or, while the
// plan's stream captures, when the graph runs (graph/library_capture.h, GRAPH-LIB-1).
cufftResult Exec(const char* routine, cufftHandle handle, cufftType expected, void* in, void* out, int direction) {
  Plan* plan = Find(handle);
  if (plan == nullptr || !plan->made) return CUFFT_INVALID_PLAN;
  if (plan->type != expected) return CUFFT_INVALID_TYPE;
  if (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE) return CUFFT_INVALID_VALUE;
  if (in == nullptr || out == nullptr) return CUFFT_INVALID_VALUE;
  if (runtime::StickyError() != cudaSuccess) return CUFFT_EXEC_FAILED;
  return graph::RunLibraryWork(plan->stream, routine, false, CUFFT_SUCCESS, CUFFT_EXEC_FAILED,
                               [=] { return ExecNow(routine, handle, expected, in, out, direction); });
}

}  // namespace

void ReleaseFftw(Plan& plan) {
  std::lock_guard<std::mutex> lock(PlannerMutex());
  for (auto& placement : plan.fftw) {
    for (void*& p : placement) {
      if (p == nullptr) continue;
      if (IsDouble(plan.type)) fftw_destroy_plan(static_cast<fftw_plan>(p));
      else fftwf_destroy_plan(static_cast<fftwf_plan>(p));
      p = nullptr;
    }
  }
}

}  // namespace warpsafe::engine::cufft

namespace cf = warpsafe::engine::cufft;

extern "C" {

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex* idata, cufftComplex* odata, int direction) {
  return cf::Exec("cufftExecC2C", plan, CUFFT_C2C, idata, odata, direction);
}
cufftResult cufftExecR2C(cufftHandle plan, cufftReal* idata, cufftComplex* odata) {
  return cf::Exec("cufftExecR2C", plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex* idata, cufftReal* odata) {
  return cf::Exec("cufftExecC2R", plan, CUFFT_C2R, idata, odata, CUFFT_INVERSE);
}
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleComplex* odata, int direction) {
  return cf::Exec("cufftExecZ2Z", plan, CUFFT_Z2Z, idata, odata, direction);
}
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal* idata, cufftDoubleComplex* odata) {
  return cf::Exec("cufftExecD2Z", plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleReal* odata) {
  return cf::Exec("cufftExecZ2D", plan, CUFFT_Z2D, idata, odata, CUFFT_INVERSE);
}

}  // extern "C"
