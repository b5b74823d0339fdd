// Floating-point arithmetic (PTX ISA, "Floating-Point Instructions" and "Half Precision
// Floating-Point Instructions"): add, sub, mul, fma, mad, div, rcp, sqrt, rsqrt, min, max, abs, neg,
// copysign, testp, and the .approx functions sin, cos, lg2, ex2, tanh.
//
// - Rounding modifiers (.rn, .rz, .rm, .rp) are exact: the operation runs under that direction, as
//   the engine's __fadd_rz and friends do (detail::WithRounding). No modifier is .rn.
// - .ftz flushes subnormal f32 inputs and results to zero of the same sign; .sat clamps to [0, 1]
//   with NaN giving 0.
// - f16, bf16 and their x2 pairs compute in double and round once (correct rounding, see
//   narrow_float.h).
// - An f32 NaN result is the canonical NaN 0x7fffffff (abs and neg of a NaN too; copysign
//   moves bits and keeps the payload), as on the GPU.
// - .approx functions give the correctly rounded value of the exact function, which lies within the
//   error bound the ISA states for each; the GPU's own approximation may differ in the last bits.
#include <cmath>

#include "ptx/machine.h"
#include "warpsafe/engine/narrow_float.h"

namespace warpsafe::engine::ptx {
namespace {

namespace d = ::warpsafe::engine::detail;

enum Op : int { kAdd, kSub, kMul, kFma, kDiv, kRcp, kSqrt, kRsqrt, kMin, kMax, kAbs, kNeg, kSin, kCos, kLg2, kEx2, kTanh, kCopysign, kTestp };
enum Flags : unsigned { kFtz = 1, kSat = 2, kNaN = 4 };
// Every f32 result that is NaN is this one on the GPU, whatever the inputs' payloads.
constexpr std::uint64_t kCanonicalNaN32 = 0x7fffffffu;

float Ftz(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }

template <class F>
F MinMax(F a, F b, bool max, bool nan_propagates) {
  if (std::isnan(a) || std::isnan(b)) {
    if (nan_propagates || (std::isnan(a) && std::isnan(b))) return std::numeric_limits<F>::quiet_NaN();
    return std::isnan(a) ? b : a;
  }
  if (a == b) {  // -0 is below +0
    const bool a_neg = std::signbit(a);
    return max ? (a_neg ? b : a) : (a_neg ? a : b);
  }
  return max ? (a > b ? a : b) : (a < b ? a : b);
}

// One operation in F with rounding `r` (the operands are read through volatile copies so that the
// compiler neither folds it nor moves it out from between the rounding-mode switches).
template <class F>
F Compute(Op op, F x, F y, F z, d::Round r, unsigned flags) {
  volatile F a = x, b = y, c = z;
  switch (op) {
    case kAdd: return d::WithRounding(r, [&] { return static_cast<F>(a + b); });
    case kSub: return d::WithRounding(r, [&] { return static_cast<F>(a - b); });
    case kMul: return d::WithRounding(r, [&] { return static_cast<F>(a * b); });
    case kFma: return d::WithRounding(r, [&] { return static_cast<F>(std::fma(static_cast<F>(a), static_cast<F>(b), static_cast<F>(c))); });
    case kDiv: return d::WithRounding(r, [&] { return static_cast<F>(a / b); });
    case kRcp: return d::WithRounding(r, [&] { return static_cast<F>(F(1) / a); });
    case kSqrt: return d::WithRounding(r, [&] { return static_cast<F>(std::sqrt(static_cast<F>(a))); });
    case kRsqrt: return static_cast<F>(1.0 / std::sqrt(static_cast<double>(x)));
    case kMin: return MinMax(x, y, false, (flags & kNaN) != 0);
    case kMax: return MinMax(x, y, true, (flags & kNaN) != 0);
    case kAbs: return std::fabs(x);
    case kNeg: return -x;
    case kSin: return static_cast<F>(std::sin(static_cast<double>(x)));
    case kCos: return static_cast<F>(std::cos(static_cast<double>(x)));
    case kLg2: return static_cast<F>(std::log2(static_cast<double>(x)));
    case kEx2: return static_cast<F>(std::exp2(static_cast<double>(x)));
    case kTanh: return static_cast<F>(std::tanh(static_cast<double>(x)));
    case kCopysign: return std::copysign(y, x);
    case kTestp: break;
  }
  return x;
}

// A 16-bit value (half or bfloat16) as double, and back with rounding r.
double Narrow(std::uint64_t bits, bool bf16) {
  return bf16 ? d::NarrowToDouble<8, 7>(static_cast<std::uint32_t>(bits & 0xffff))
              : d::NarrowToDouble<5, 10>(static_cast<std::uint32_t>(bits & 0xffff));
}
std::uint64_t ToNarrow(double x, bool bf16, d::Round r) {
  return bf16 ? d::RoundToNarrow<8, 7>(x, r, 0x7fff) : d::RoundToNarrow<5, 10>(x, r, 0x7fff);
}

std::uint64_t Half(Op op, std::uint64_t a, std::uint64_t b, std::uint64_t c, bool bf16, d::Round r, unsigned flags) {
  const double x = Narrow(a, bf16), y = Narrow(b, bf16), z = Narrow(c, bf16);
  double v = 0;
  switch (op) {
    case kAdd: v = x + y; break;
    case kSub: v = x - y; break;
    case kMul: v = x * y; break;
    case kFma: v = d::FmaToOdd(x, y, z); break;
    case kMin:
    case kMax: v = MinMax(x, y, op == kMax, (flags & kNaN) != 0); break;
    case kAbs: return a & 0x7fff;
    case kNeg: return a ^ 0x8000;
    default: v = Compute<double>(op, x, y, z, d::Round::kNearest, flags); break;
  }
  if (flags & kSat) v = std::isnan(v) || v <= 0 ? 0.0 : v > 1 ? 1.0 : v;  // -0 too gives +0
  return ToNarrow(v, bf16, r);
}

void Arith(Machine& m, const Instruction& in) {
  const Type t = in.type;
  const auto op = static_cast<Op>(in.mode);
  const auto r = static_cast<d::Round>(in.mode2);
  const std::size_t n = in.args.size();
  const std::uint64_t a = Read(m, in.args[1], t);
  const std::uint64_t b = n > 2 ? Read(m, in.args[2], t) : 0;
  const std::uint64_t c = n > 3 ? Read(m, in.args[3], t) : 0;
  if (op == kTestp) {
    // Classified in the source's own format (a subnormal f32 is a normal double). Zero counts as
    // normal, as the GPU answers (recorded in tests/engine/ptx/expected/float_probe.txt).
    const int cls = t.bytes == 4 ? std::fpclassify(AsF32(a)) : std::fpclassify(AsF64(a));
    bool v = false;
    switch (in.flags >> 8) {
      case 0: v = cls != FP_INFINITE && cls != FP_NAN; break;
      case 1: v = cls == FP_INFINITE; break;
      case 2: v = cls != FP_NAN; break;
      case 3: v = cls == FP_NAN; break;
      case 4: v = cls == FP_NORMAL || cls == FP_ZERO; break;
      case 5: v = cls == FP_SUBNORMAL; break;
    }
    Write(m, in.args[0], v, kPred);
    return;
  }
  std::uint64_t out = 0;
  if (t.bytes == 2 || t.pair) {
    out = Half(op, a, b, c, t.bf16, r, in.flags);
    if (t.pair) out |= Half(op, a >> 16, b >> 16, c >> 16, t.bf16, r, in.flags) << 16;
  } else if (t.bytes == 4) {
    float x = AsF32(a), y = AsF32(b), z = AsF32(c);
    const bool ftz = (in.flags & kFtz) != 0;
    if (ftz) {
      x = Ftz(x);
      y = Ftz(y);
      z = Ftz(z);
    }
    float v = op == kNeg ? AsF32(a ^ 0x80000000u) : op == kAbs ? AsF32(a & 0x7fffffffu) : Compute<float>(op, x, y, z, r, in.flags);
    if (ftz) v = Ftz(v);
    if (in.flags & kSat) v = std::isnan(v) || v <= 0 ? 0.0f : v > 1 ? 1.0f : v;
    out = std::isnan(v) && op != kCopysign ? kCanonicalNaN32 : F32Bits(v);
  } else {
    double v = op == kNeg ? AsF64(a ^ 0x8000000000000000ull)
                          : op == kAbs ? AsF64(a & 0x7fffffffffffffffull)
                                       : Compute<double>(op, AsF64(a), AsF64(b), AsF64(c), r, in.flags);
    if (in.flags & kSat) v = std::isnan(v) || v <= 0 ? 0.0 : v > 1 ? 1.0 : v;
    out = F64Bits(v);
  }
  Write(m, in.args[0], out, t);
}

}  // namespace

bool DecodeFloat(Instruction& in, std::string& error) {
  static const std::pair<const char*, Op> kOps[] = {
      {"add", kAdd},   {"sub", kSub},   {"mul", kMul},   {"fma", kFma},   {"mad", kFma},     {"div", kDiv},
      {"rcp", kRcp},   {"sqrt", kSqrt}, {"rsqrt", kRsqrt}, {"min", kMin}, {"max", kMax},     {"abs", kAbs},
      {"neg", kNeg},   {"sin", kSin},   {"cos", kCos},   {"lg2", kLg2},   {"ex2", kEx2},     {"tanh", kTanh},
      {"copysign", kCopysign}, {"testp", kTestp}};
  bool found = false;
  for (const auto& [name, op] : kOps) {
    if (in.opcode == name) {
      in.mode = op;
      found = true;
    }
  }
  if (!found) return false;
  const std::vector<Type> types = TypesOf(in);
  if (types.size() != 1 || !types[0].is_float()) return false;  // the integer forms: integer_instructions
  in.type = types[0];
  const auto op = static_cast<Op>(in.mode);
  in.mode2 = static_cast<int>(d::Round::kNearest);
  if (HasMod(in, "rz")) in.mode2 = static_cast<int>(d::Round::kZero);
  if (HasMod(in, "rm")) in.mode2 = static_cast<int>(d::Round::kDown);
  if (HasMod(in, "rp")) in.mode2 = static_cast<int>(d::Round::kUp);
  if (HasMod(in, "ftz")) in.flags |= kFtz;
  if (HasMod(in, "sat")) in.flags |= kSat;
  if (HasMod(in, "NaN")) in.flags |= kNaN;
  if (HasMod(in, "xorsign") || HasMod(in, "relu") || HasMod(in, "abs")) error = "the .xorsign/.relu/.abs forms are not run by the engine";
  const bool narrow = in.type.bytes == 2 || in.type.pair;
  if (narrow && !(op == kAdd || op == kSub || op == kMul || op == kFma || op == kMin || op == kMax || op == kAbs || op == kNeg)) {
    error = "the engine runs f16/bf16 add, sub, mul, fma, min, max, abs and neg only";
  }
  if (op == kTestp) {
    static const char* const kTests[] = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
    bool any = false;
    for (unsigned i = 0; i < 6; ++i) {
      if (HasMod(in, kTests[i])) {
        in.flags |= i << 8;
        any = true;
      }
    }
    if (!any) error = "testp needs a test";
  }
  std::size_t want = 3;
  switch (op) {
    case kFma: want = 4; break;
    case kRcp:
    case kSqrt:
    case kRsqrt:
    case kAbs:
    case kNeg:
    case kSin:
    case kCos:
    case kLg2:
    case kEx2:
    case kTanh:
    case kTestp: want = 2; break;
    default: break;
  }
  if (error.empty() && in.args.size() != want) error = "expects " + std::to_string(want) + " operands";
  if (error.empty()) in.handler = &Arith;
  return true;
}

}  // namespace warpsafe::engine::ptx
