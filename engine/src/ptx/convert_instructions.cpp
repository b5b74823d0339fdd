// Moves, conversions, comparisons and selection (PTX ISA, "Data Movement and Conversion
// Instructions: mov, cvt" and "Comparison and Selection Instructions: setp, selp").
//
// - mov packs a vector of sources into one register, low element first, or unpacks one.
// - cvt between integers truncates or extends by the source's signedness; .sat clamps to the
//   destination's range. Float to integer needs .rni/.rzi/.rmi/.rpi and clamps; NaN gives 0 (or the
//   most negative value for 64-bit results and f64 sources), as the ISA says. Integer to float and
//   narrowing float conversions round in the given direction (.rn, .rz, .rm, .rp), exactly, with the
//   engine's own conversion functions (those of __float2int_rz and friends).
// - setp's ordered comparisons are false when an operand is NaN, the unordered ones (equ, ltu, ...)
//   true; lo/ls/hi/hs compare unsigned.
#include <cmath>

#include "ptx/machine.h"
#include "warpsafe/engine/narrow_float.h"

namespace warpsafe::engine::ptx {
namespace {

namespace d = ::warpsafe::engine::detail;

void Move(Machine& m, const Instruction& in) {
  const Type t = in.type;
  const Arg& dst = in.args[0];
  const Arg& src = in.args[1];
  if (src.kind == ArgKind::kVector) {  // pack
    const unsigned each = t.bytes / static_cast<unsigned>(src.elements.size());
    const Type et{TypeKind::kBits, static_cast<std::uint8_t>(each)};
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < src.elements.size(); ++i) v |= Read(m, src.elements[i], et) << (8 * each * i);
    Write(m, dst, v, t);
  } else if (dst.kind == ArgKind::kVector) {  // unpack
    const unsigned each = t.bytes / static_cast<unsigned>(dst.elements.size());
    const Type et{TypeKind::kBits, static_cast<std::uint8_t>(each)};
    const std::uint64_t v = Read(m, src, t);
    for (std::size_t i = 0; i < dst.elements.size(); ++i) Write(m, dst.elements[i], (v >> (8 * each * i)) & Mask(each), et);
  } else {
    Write(m, dst, Read(m, src, t), t);
  }
}

// mov.b128: a copy between .b128 registers, or a pack/unpack of its two .b64 halves (low half
// first), as mov packs and unpacks the narrower types.
void MoveWide(Machine& m, const Instruction& in) {
  const Arg& dst = in.args[0];
  const Arg& src = in.args[1];
  std::uint64_t half[2];
  if (src.kind == ArgKind::kVector) {
    for (int i = 0; i < 2; ++i) half[i] = Read(m, src.elements[static_cast<std::size_t>(i)], kU64);
  } else {
    ReadWide(m, src, half);
  }
  if (dst.kind == ArgKind::kVector) {
    for (int i = 0; i < 2; ++i) Write(m, dst.elements[static_cast<std::size_t>(i)], half[i], kU64);
  } else {
    WriteWide(m, dst, half);
  }
}

enum Rounding : int { kNone, kRn, kRz, kRm, kRp, kRni, kRzi, kRmi, kRpi };

d::Round RoundOf(int r) {
  switch (r) {
    case kRz:
    case kRzi: return d::Round::kZero;
    case kRm:
    case kRmi: return d::Round::kDown;
    case kRp:
    case kRpi: return d::Round::kUp;
    default: return d::Round::kNearest;
  }
}

// A floating-point source as double (exact for every source format).
double FloatValue(std::uint64_t bits, Type t) {
  if (t.bytes == 2) return t.bf16 ? d::NarrowToDouble<8, 7>(static_cast<std::uint32_t>(bits)) : d::NarrowToDouble<5, 10>(static_cast<std::uint32_t>(bits));
  if (t.bytes == 4) return AsF32(bits);
  return AsF64(bits);
}

std::uint64_t FloatToInt(double x, Type src, Type dst, d::Round r) {
  // NaN: 0, except the 64-bit destinations of f64 sources (FloatToInt<I, double> decides).
  const bool f64 = src.bytes == 8;
  if (dst.is_signed()) {
    switch (dst.bytes) {
      case 8: return static_cast<std::uint64_t>(f64 ? d::FloatToInt<std::int64_t>(x, r) : d::FloatToInt<std::int64_t>(static_cast<float>(x), r));
      case 4: return static_cast<std::uint32_t>(f64 ? d::FloatToInt<std::int32_t>(x, r) : d::FloatToInt<std::int32_t>(static_cast<float>(x), r));
      case 2: return static_cast<std::uint16_t>(f64 ? d::FloatToInt<std::int16_t>(x, r) : d::FloatToInt<std::int16_t>(static_cast<float>(x), r));
      default: return static_cast<std::uint8_t>(f64 ? d::FloatToInt<std::int8_t>(x, r) : d::FloatToInt<std::int8_t>(static_cast<float>(x), r));
    }
  }
  switch (dst.bytes) {
    case 8: return f64 ? d::FloatToInt<std::uint64_t>(x, r) : d::FloatToInt<std::uint64_t>(static_cast<float>(x), r);
    case 4: return f64 ? d::FloatToInt<std::uint32_t>(x, r) : d::FloatToInt<std::uint32_t>(static_cast<float>(x), r);
    case 2: return f64 ? d::FloatToInt<std::uint16_t>(x, r) : d::FloatToInt<std::uint16_t>(static_cast<float>(x), r);
    default: return f64 ? d::FloatToInt<std::uint8_t>(x, r) : d::FloatToInt<std::uint8_t>(static_cast<float>(x), r);
  }
}

std::uint64_t RoundFloat(double x, Type dst, d::Round r) {
  if (dst.bytes == 2) return dst.bf16 ? d::RoundToNarrow<8, 7>(x, r, 0x7fff) : d::RoundToNarrow<5, 10>(x, r, 0x7fff);
  if (dst.bytes == 4) {
    if (std::isnan(x)) return 0x7fffffffu;  // the GPU's canonical f32 NaN
    volatile double v = x;
    return F32Bits(d::WithRounding(r, [&] { return static_cast<float>(v); }));
  }
  return F64Bits(x);
}

void Convert(Machine& m, const Instruction& in) {
  const Type dt = in.type, st = in.type2;
  const std::uint64_t a = Read(m, in.args[1], st);
  const d::Round r = RoundOf(in.mode);
  const bool sat = (in.flags & 1) != 0, ftz = (in.flags & 2) != 0;
  std::uint64_t out = 0;
  if (!st.is_float() && !dt.is_float()) {
    const __int128 v = st.is_signed() ? static_cast<__int128>(SignExtend(a, st.bytes)) : static_cast<__int128>(a);
    if (sat) {
      const unsigned w = 8u * dt.bytes;
      const __int128 hi = dt.is_signed() ? (__int128{1} << (w - 1)) - 1 : (__int128{1} << w) - 1;
      const __int128 lo = dt.is_signed() ? -(__int128{1} << (w - 1)) : 0;
      out = static_cast<std::uint64_t>(v > hi ? hi : v < lo ? lo : v);
    } else {
      out = static_cast<std::uint64_t>(v);
    }
  } else if (st.is_float() && !dt.is_float()) {
    double x = FloatValue(a, st);
    if (ftz && st.bytes == 4 && std::fpclassify(static_cast<float>(x)) == FP_SUBNORMAL) x = 0;
    out = FloatToInt(x, st, dt, r);
  } else if (!st.is_float() && dt.is_float()) {
    double x = 0;
    if (dt.bytes == 8 || dt.bytes == 4) {
      if (st.is_signed()) {
        const std::int64_t v = SignExtend(a, st.bytes);
        out = dt.bytes == 8 ? F64Bits(d::IntToFloat<double>(v, r)) : F32Bits(d::IntToFloat<float>(v, r));
      } else {
        out = dt.bytes == 8 ? F64Bits(d::IntToFloat<double>(a, r)) : F32Bits(d::IntToFloat<float>(a, r));
      }
    } else {
      x = st.is_signed() ? d::IntegerToDoubleOdd(SignExtend(a, st.bytes)) : d::IntegerToDoubleOdd(a);
      out = RoundFloat(x, dt, r);
    }
  } else {
    double x = FloatValue(a, st);
    if (ftz && st.bytes == 4 && std::fpclassify(static_cast<float>(x)) == FP_SUBNORMAL) x = std::copysign(0.0, x);
    if (in.mode >= kRni) x = d::RoundIntegral(x, r);  // to an integral value in the same format
    if (sat) x = std::isnan(x) || x <= 0 ? 0.0 : x > 1 ? 1.0 : x;  // -0 too gives +0
    out = dt.bytes == 8 ? F64Bits(x) : RoundFloat(x, dt, in.mode >= kRni ? d::Round::kNearest : r);
    // f64 to f32 keeps a NaN's sign and payload's high bits (quieted); other sources give the
    // canonical NaN (RoundFloat).
    if (st.bytes == 8 && dt.bytes == 4 && std::isnan(x)) out = F32Bits(static_cast<float>(x));
    if (ftz && dt.bytes == 4 && std::fpclassify(AsF32(out)) == FP_SUBNORMAL) out &= 0x80000000u;
  }
  Write(m, in.args[0], out & Mask(dt.bytes), dt);
}

enum Cmp : int { kEq, kNe, kLt, kLe, kGt, kGe, kLo, kLs, kHi, kHs, kEqu, kNeu, kLtu, kLeu, kGtu, kGeu, kNum, kNan };

bool Compare(Cmp c, std::uint64_t a, std::uint64_t b, Type t) {
  if (t.is_float()) {
    const double x = FloatValue(a, t), y = FloatValue(b, t);
    const bool unordered = std::isnan(x) || std::isnan(y);
    switch (c) {
      case kEq: return !unordered && x == y;
      case kNe: return !unordered && x != y;
      case kLt: return !unordered && x < y;
      case kLe: return !unordered && x <= y;
      case kGt: return !unordered && x > y;
      case kGe: return !unordered && x >= y;
      case kEqu: return unordered || x == y;
      case kNeu: return unordered || x != y;
      case kLtu: return unordered || x < y;
      case kLeu: return unordered || x <= y;
      case kGtu: return unordered || x > y;
      case kGeu: return unordered || x >= y;
      case kNum: return !unordered;
      case kNan: return unordered;
      default: return false;
    }
  }
  const std::int64_t sa = SignExtend(a, t.bytes), sb = SignExtend(b, t.bytes);
  const bool s = t.is_signed();
  switch (c) {
    case kEq: return a == b;
    case kNe: return a != b;
    case kLt: return s ? sa < sb : a < b;
    case kLe: return s ? sa <= sb : a <= b;
    case kGt: return s ? sa > sb : a > b;
    case kGe: return s ? sa >= sb : a >= b;
    case kLo: return a < b;
    case kLs: return a <= b;
    case kHi: return a > b;
    case kHs: return a >= b;
    default: return false;
  }
}

void SetPredicate(Machine& m, const Instruction& in) {
  // setp.CmpOp[.BoolOp].type p[|q], a, b[, {!}c];
  const Type t = in.type;
  const bool r = Compare(static_cast<Cmp>(in.mode), Read(m, in.args[1], t), Read(m, in.args[2], t), t);
  bool p = r, q = !r;
  if (in.args.size() == 4) {
    const bool c = ReadPred(m, in.args[3]);
    switch (in.mode2) {
      case 1: p = r && c; q = !r && c; break;
      case 2: p = r || c; q = !r || c; break;
      case 3: p = r != c; q = !r != c; break;
      default: break;
    }
  }
  Write(m, in.args[0], p, kPred);
  if (in.args[0].pipe >= 0) Write(m, in.args[0].elements[0], q, kPred);
}

void Select(Machine& m, const Instruction& in) {
  const bool c = ReadPred(m, in.args[3]);
  Write(m, in.args[0], Read(m, in.args[c ? 1 : 2], in.type), in.type);
}

}  // namespace

bool DecodeConvert(Instruction& in, std::string& error) {
  const std::vector<Type> types = TypesOf(in);
  if (in.opcode == "mov") {
    if (types.size() != 1) error = "mov needs one type";
    else if (in.args.size() != 2) error = "mov expects 2 operands";
    else if (in.args[1].kind == ArgKind::kLabel || in.args[1].kind == ArgKind::kAddress) error = "mov of an address or a variable is not run by the engine";
    if (!error.empty()) return true;
    in.type = types[0];
    if (in.type.bytes == 16) {
      // The .b128 operands are .b128 registers, "q" operands or {lo, hi} pairs of 64-bit values;
      // the parser checks that no other instruction touches a .b128 register.
      const auto wide_or_pair = [](const Arg& a) {
        return ((a.kind == ArgKind::kRegister || a.kind == ArgKind::kOperand) && a.select.empty()) ||
               (a.kind == ArgKind::kVector && a.elements.size() == 2);
      };
      if (!wide_or_pair(in.args[0]) || !wide_or_pair(in.args[1]) ||
          (in.args[0].kind == ArgKind::kVector && in.args[1].kind == ArgKind::kVector)) {
        error = "mov.b128 moves a .b128 register or \"q\" operand to another, or packs or unpacks it as {lo, hi} of "
                "64-bit values";
      } else {
        in.handler = &MoveWide;
      }
      return true;
    }
    const Arg& v = in.args[0].kind == ArgKind::kVector ? in.args[0] : in.args[1];
    if (v.kind == ArgKind::kVector && (v.elements.size() < 2 || in.type.bytes % v.elements.size() != 0)) error = "cannot split the type into that vector";
    else in.handler = &Move;
    return true;
  }
  if (in.opcode == "cvt") {
    if (types.size() != 2) {
      error = "cvt needs a destination and a source type";
      return true;
    }
    in.type = types[0];
    in.type2 = types[1];
    static const char* const kModes[] = {"", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"};
    for (int i = 1; i < 9; ++i) {
      if (HasMod(in, kModes[i])) in.mode = i;
    }
    if (HasMod(in, "sat")) in.flags |= 1;
    if (HasMod(in, "ftz")) in.flags |= 2;
    if (HasMod(in, "relu") || HasMod(in, "satfinite") || in.type.pair || in.type2.pair) error = "this cvt form is not run by the engine";
    if (in.type.is_float() != in.type2.is_float() && in.type2.is_float() && in.mode < kRni) error = "a float-to-integer cvt needs .rni, .rzi, .rmi or .rpi";
    if (in.args.size() != 2) error = "cvt expects 2 operands";
    if (error.empty()) in.handler = &Convert;
    return true;
  }
  if (in.opcode == "setp") {
    static const char* const kCmps[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
    bool found = false;
    for (int i = 0; i < 18; ++i) {
      if (HasMod(in, kCmps[i])) {
        in.mode = i;
        found = true;
      }
    }
    if (HasMod(in, "and")) in.mode2 = 1;
    if (HasMod(in, "or")) in.mode2 = 2;
    if (HasMod(in, "xor")) in.mode2 = 3;
    if (!found || types.size() != 1) error = "setp needs a comparison and a type";
    else if (types[0].pair) error = "setp of f16x2/bf16x2 is not run by the engine";
    else if (in.args.size() != 3 && !(in.args.size() == 4 && in.mode2 != 0)) error = "setp expects 3 operands (4 with a boolean operation)";
    if (!error.empty()) return true;
    in.type = types[0];
    in.handler = &SetPredicate;
    return true;
  }
  if (in.opcode == "selp") {
    if (types.size() != 1 || in.args.size() != 4) error = "selp expects a type and 4 operands";
    else {
      in.type = types[0];
      in.handler = &Select;
    }
    return true;
  }
  return false;
}

}  // namespace warpsafe::engine::ptx
