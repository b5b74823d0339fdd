// Integer arithmetic (PTX ISA, "Integer Arithmetic Instructions" and "Extended-Precision Integer
// Arithmetic Instructions"): add, sub, mul, mad (.lo, .hi, .wide), mul24, mad24, sad, div, rem, abs,
// neg, min, max, and the carry chain add.cc/addc/sub.cc/subc/mad.cc/madc through CC.CF. Values are
// computed in 128 bits and cut to the instruction's width, which is what the ISA defines.
// sm_90's forms on two 16-bit halves (add, min, max of .u16x2 and .s16x2) compute each half on its
// own, a sum wrapping in 16 bits; min.relu and max.relu (.s32, .s16x2) then clamp below at 0
// (docs/semantics/simd.md, SIMD-12; tests/programs/ptx/packed_min_max.cu against a GPU).
// Division by zero gives an unspecified value on the GPU: reported as a C++ division by zero is
// (DIV-1), never a made-up quotient. The most negative value divided by -1 wraps, as the ISA's
// arithmetic in the type's width gives it.
#include "ptx/machine.h"
#include "report/report.h"

namespace warpsafe::engine::ptx {
namespace {

using U128 = unsigned __int128;
using S128 = __int128;

enum Op : int { kAdd, kSub, kMul, kMad, kMul24, kMad24, kSad, kDiv, kRem, kAbs, kNeg, kMin, kMax };
enum Part : int { kLo, kHi, kWide };
enum Flags : unsigned { kCarryOut = 1, kCarryIn = 2, kSat = 4, kRelu = 8 };

// The operand as a 128-bit value, signed or not by the type.
S128 Value(std::uint64_t bits, Type t) {
  return t.is_signed() ? static_cast<S128>(SignExtend(bits, t.bytes)) : static_cast<S128>(static_cast<U128>(bits & Mask(t.bytes)));
}

void Arith(Machine& m, const Instruction& in) {
  const Type t = in.type;
  const unsigned w = 8u * t.bytes;
  const auto op = static_cast<Op>(in.mode);
  const auto part = static_cast<Part>(in.mode2);
  const std::uint64_t ab = Read(m, in.args[1], t);
  const S128 a = Value(ab, t);
  S128 b = 0, c = 0;
  if (in.args.size() > 2) b = Value(Read(m, in.args[2], t), t);
  Type dt = t;
  S128 r = 0;
  const int cin = (in.flags & kCarryIn) && m.carry ? 1 : 0;
  switch (op) {
    case kAdd:
    case kSub: {
      const U128 ua = static_cast<U128>(a) & ((U128{1} << w) - 1);
      const U128 ub = static_cast<U128>(b) & ((U128{1} << w) - 1);
      if (op == kAdd) {
        const U128 sum = ua + ub + static_cast<U128>(cin);
        if (in.flags & kCarryOut) m.carry = (sum >> w) != 0;
        r = static_cast<S128>(sum);
      } else {
        // subtraction with borrow: CC.CF is the borrow
        const U128 diff = ua - ub - static_cast<U128>(cin);
        if (in.flags & kCarryOut) m.carry = ua < ub + static_cast<U128>(cin);
        r = static_cast<S128>(diff);
      }
      if (in.flags & kSat) {  // .sat: s32 only, clamp the exact result
        S128 exact = op == kAdd ? a + b : a - b;
        const S128 hi = (S128{1} << (w - 1)) - 1, lo = -(S128{1} << (w - 1));
        r = exact > hi ? hi : exact < lo ? lo : exact;
      }
      break;
    }
    case kMul:
    case kMad: {
      S128 p = t.is_signed() ? a * b : static_cast<S128>(static_cast<U128>(a) * static_cast<U128>(b));
      if (op == kMad) c = Value(Read(m, in.args[3], part == kWide ? Type{t.kind, static_cast<std::uint8_t>(t.bytes * 2)} : t),
                                part == kWide ? Type{t.kind, static_cast<std::uint8_t>(t.bytes * 2)} : t);
      if (part == kHi) p = t.is_signed() ? (p >> w) : static_cast<S128>(static_cast<U128>(p) >> w);
      if (part == kWide) dt = Type{t.kind, static_cast<std::uint8_t>(t.bytes * 2)};
      if (op == kMad) {
        const unsigned dw = 8u * dt.bytes;
        const U128 um = (U128{1} << dw) - 1;
        const U128 sum = (static_cast<U128>(p) & um) + (static_cast<U128>(c) & um) + static_cast<U128>(cin);
        if (in.flags & kCarryOut) m.carry = (sum >> dw) != 0;
        p = static_cast<S128>(sum);
      }
      r = p;
      break;
    }
    case kMul24:
    case kMad24: {
      const S128 a24 = t.is_signed() ? static_cast<S128>(SignExtend(ab & 0xffffff, 3)) : static_cast<S128>(ab & 0xffffff);
      const std::uint64_t bb = static_cast<std::uint64_t>(b);
      const S128 b24 = t.is_signed() ? static_cast<S128>(SignExtend(bb & 0xffffff, 3)) : static_cast<S128>(bb & 0xffffff);
      S128 p = a24 * b24;
      if (part == kHi) p = static_cast<S128>(static_cast<U128>(p) >> 16);
      if (op == kMad24) p += Value(Read(m, in.args[3], t), t);
      r = p;
      break;
    }
    case kSad: {
      c = Value(Read(m, in.args[3], t), t);
      r = c + (a > b ? a - b : b - a);
      break;
    }
    case kDiv:
    case kRem: {
      if (b == 0) {
        Report(DefectKind::kDivisionByZero)
            .AtRunning(m.site, "asm: " + in.text)
            .Line("the divisor is 0; the PTX ISA gives div and rem no defined result then (DIV-1)")
            .Emit();
      }
      if (t.is_signed() && b == -1 && a == -(S128{1} << (w - 1))) {
        r = op == kDiv ? a : 0;  // the quotient wraps (-2^(w-1) / -1), the remainder is 0
      } else {
        r = op == kDiv ? a / b : a % b;
      }
      break;
    }
    case kAbs: r = a < 0 ? -a : a; break;
    case kNeg: r = -a; break;
    case kMin: r = a < b ? a : b; break;
    case kMax: r = a > b ? a : b; break;
  }
  if ((in.flags & kRelu) && r < 0) r = 0;
  Write(m, in.args[0], static_cast<std::uint64_t>(static_cast<U128>(r)) & Mask(dt.bytes), dt);
}

// add, min and max of .u16x2/.s16x2: the halves of a and b (in.type: 16 bits, signed or not) one
// by one, each result's low 16 bits packed back.
void Packed(Machine& m, const Instruction& in) {
  const std::uint64_t a = Read(m, in.args[1], kU32), b = Read(m, in.args[2], kU32);
  std::uint32_t d = 0;
  for (unsigned shift = 0; shift < 32; shift += 16) {
    const S128 x = Value(a >> shift, in.type), y = Value(b >> shift, in.type);
    const auto op = static_cast<Op>(in.mode);  // kAdd, kMin or kMax: the decoder lets no other through
    S128 r = op == kAdd ? x + y : op == kMin ? (x < y ? x : y) : (x > y ? x : y);
    if ((in.flags & kRelu) && r < 0) r = 0;
    d |= (static_cast<std::uint32_t>(static_cast<U128>(r)) & 0xffffu) << shift;
  }
  Write(m, in.args[0], d, kU32);
}

}  // namespace

bool DecodeInteger(Instruction& in, std::string& error) {
  static const std::pair<const char*, Op> kOps[] = {
      {"add", kAdd},   {"sub", kSub},   {"mul", kMul}, {"mad", kMad}, {"mul24", kMul24}, {"mad24", kMad24},
      {"sad", kSad},   {"div", kDiv},   {"rem", kRem}, {"abs", kAbs}, {"neg", kNeg},     {"min", kMin},
      {"max", kMax},   {"addc", kAdd},  {"subc", kSub}, {"madc", kMad}};
  bool found = false;
  for (const auto& [name, op] : kOps) {
    if (in.opcode == name) {
      in.mode = op;
      found = true;
    }
  }
  if (!found) return false;
  const auto op0 = static_cast<Op>(in.mode);
  const bool relu = HasMod(in, "relu");
  const bool packed = HasMod(in, "u16x2") || HasMod(in, "s16x2");
  if (relu && op0 != kMin && op0 != kMax) {
    error = ".relu is a modifier of min and max only";
    return true;
  }
  if (relu) in.flags |= kRelu;
  if (packed) {
    // The two-halves types: add, min and max only (ptxas refuses sub.s16x2 and the others).
    const bool is_signed = HasMod(in, "s16x2");
    in.type = Type{is_signed ? TypeKind::kSigned : TypeKind::kUnsigned, 2};
    if (in.opcode != "add" && in.opcode != "min" && in.opcode != "max") error = "the .u16x2 and .s16x2 types are for add, min and max";
    else if (HasMod(in, "sat") || HasMod(in, "cc")) error = ".sat and .cc are not modifiers of a .u16x2/.s16x2 instruction";
    else if (relu && !is_signed) error = ".relu takes .s32 or .s16x2";
    else if (!TypesOf(in).empty()) error = "one type only";
    else if (in.args.size() != 3) error = "expects 3 operands";
    if (error.empty()) in.handler = &Packed;
    return true;
  }
  const std::vector<Type> types = TypesOf(in);
  if (types.size() != 1 || types[0].kind == TypeKind::kPred || types[0].is_float() || types[0].bytes < 2) {
    error = "needs one integer type of 16, 32 or 64 bits";
    return true;
  }
  in.type = types[0];
  if (in.type.kind == TypeKind::kBits) error = "needs a .u or .s type";
  const auto op = static_cast<Op>(in.mode);
  if (HasMod(in, "cc")) in.flags |= kCarryOut;
  if (in.opcode == "addc" || in.opcode == "subc" || in.opcode == "madc") in.flags |= kCarryIn;
  if (HasMod(in, "sat")) {
    if (!(in.type.is_signed() && in.type.bytes == 4 && (op == kAdd || op == kSub))) error = ".sat is for add/sub.s32";
    in.flags |= kSat;
  }
  in.mode2 = HasMod(in, "hi") ? kHi : HasMod(in, "wide") ? kWide : kLo;
  if ((op == kMul || op == kMad) && !HasMod(in, "hi") && !HasMod(in, "lo") && !HasMod(in, "wide")) {
    error = "mul/mad of integers needs .lo, .hi or .wide";
  }
  if (in.mode2 == kWide && in.type.bytes == 8) error = ".wide takes 16- or 32-bit sources";
  if (relu && !(in.type.is_signed() && in.type.bytes == 4)) error = ".relu takes .s32 or .s16x2";
  if ((op == kMul24 || op == kMad24) && in.type.bytes != 4) error = "mul24/mad24 take 32-bit types";
  const std::size_t want = (op == kAbs || op == kNeg) ? 2 : (op == kMad || op == kMad24 || op == kSad) ? 4 : 3;
  if (error.empty() && in.args.size() != want) error = "expects " + std::to_string(want) + " operands";
  if (error.empty()) in.handler = &Arith;
  return true;
}

}  // namespace warpsafe::engine::ptx
