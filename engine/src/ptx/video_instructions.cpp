// The video instructions (PTX ISA, "Video Instructions"): the scalar forms vadd, vsub, vabsdiff,
// vmin, vmax, vset, vshl, vshr and vmad, and the SIMD forms on two halfwords (vadd2 vsub2 vavrg2
// vabsdiff2 vmin2 vmax2 vset2) and four bytes (the ...4 forms). The rules, in our words, are
// docs/semantics/ptx.md (PTX-VIDEO-*); tests/programs/ptx/video.cu checks every form against values
// recorded on a GPU.
//
// - Scalar: each source is a byte (.b0-.b3), a halfword (.h0/.h1) or the whole word, sign- or
//   zero-extended by its type; the operation is exact (computed in 128 bits); .sat clamps to the
//   range of the destination's type, narrowed to the selected byte or halfword when the result is
//   merged into one (d.b1, d.h0); then either a secondary operation with c (.add, .min, .max) or
//   the merge of the result's low byte or halfword into c at the destination's selector.
// - SIMD: each lane of a and of b is picked from the eight bytes (four halfwords) of {b, a} by the
//   selector (.b3210 and .b7654 by default), the lanes are computed on their own, .sat clamps each
//   to the lane's range, and the mask's lanes either replace those of c (merge) or are summed into
//   c (.add).
// The decoder takes every modifier and selector at parse time; an execution only computes.
#include <cctype>

#include "ptx/machine.h"

namespace warpsafe::engine::ptx {
namespace {

using S128 = __int128;

enum Op : int { kVadd, kVsub, kVabsdiff, kVmin, kVmax, kVavrg, kVset, kVshl, kVshr, kVmad };
enum Secondary : int { kNoSecondary, kAddC, kMinC, kMaxC };
enum Cmp : int { kEq, kNe, kLt, kLe, kGt, kGe };
enum Flags : unsigned {
  kDSigned = 1,    // the destination (and c) are signed
  kASigned = 2,
  kBSigned = 4,
  kSat = 8,
  kMerge = 16,     // scalar: d.dsel merges into c
  kWrap = 32,      // vshl/vshr .wrap (else .clamp)
  kPlusOne = 64,   // vmad .po
  kShr7 = 128,
  kShr15 = 256,
  kAccumulate = 512,  // SIMD .add
};

// Scalar selectors (Instruction::select[i]): 0 the whole word, 1-4 bytes 0-3, 5-6 halfwords 0-1.
constexpr std::uint32_t kWord = 0;

S128 Clamp(S128 v, S128 lo, S128 hi) { return v < lo ? lo : v > hi ? hi : v; }

// The part of `word` a scalar selector names, sign-extended when `is_signed`.
S128 Part(std::uint32_t word, std::uint32_t select, bool is_signed) {
  unsigned bits = 32, shift = 0;
  if (select >= 1 && select <= 4) bits = 8, shift = 8 * (select - 1);
  if (select >= 5) bits = 16, shift = 16 * (select - 5);
  const std::uint64_t v = (word >> shift) & ((std::uint64_t{1} << bits) - 1);
  if (is_signed && ((v >> (bits - 1)) & 1) != 0) return static_cast<S128>(v) - (S128{1} << bits);
  return static_cast<S128>(v);
}

// The width in bits of what a destination selector keeps (32 for the whole word).
unsigned SelectedBits(std::uint32_t select) { return select == kWord ? 32 : select <= 4 ? 8 : 16; }

S128 Saturate(S128 v, unsigned bits, bool is_signed) {
  if (is_signed) return Clamp(v, -(S128{1} << (bits - 1)), (S128{1} << (bits - 1)) - 1);
  return Clamp(v, 0, (S128{1} << bits) - 1);
}

bool Compare(Cmp c, S128 a, S128 b) {
  switch (c) {
    case kEq: return a == b;
    case kNe: return a != b;
    case kLt: return a < b;
    case kLe: return a <= b;
    case kGt: return a > b;
    case kGe: return a >= b;
  }
  return false;
}

S128 Lane(Op op, Cmp cmp, S128 a, S128 b) {
  switch (op) {
    case kVadd: return a + b;
    case kVsub: return a - b;
    case kVabsdiff: return a > b ? a - b : b - a;
    case kVmin: return a < b ? a : b;
    case kVmax: return a > b ? a : b;
    case kVavrg: return a + b >= 0 ? (a + b + 1) >> 1 : (a + b) >> 1;
    case kVset: return Compare(cmp, a, b) ? 1 : 0;
    case kVshl:
    case kVshr:
    case kVmad: break;
  }
  return 0;
}

std::uint32_t Word(Machine& m, const Arg& a) { return static_cast<std::uint32_t>(Read(m, a, kU32)); }

void Scalar(Machine& m, const Instruction& in) {
  const auto op = static_cast<Op>(in.mode);
  const S128 a = Part(Word(m, in.args[1]), in.select[1], (in.flags & kASigned) != 0);
  const bool shift = op == kVshl || op == kVshr;
  S128 b = Part(Word(m, in.args[2]), in.select[2], !shift && (in.flags & kBSigned) != 0);
  const bool d_signed = (in.flags & kDSigned) != 0;
  S128 t;
  if (shift) {
    if (in.flags & kWrap) b &= 31;
    else if (b > 32) b = 32;
    t = op == kVshl ? a * (S128{1} << static_cast<int>(b)) : a >> static_cast<int>(b);
  } else {
    t = Lane(op, static_cast<Cmp>(in.mode2 & 0xff), a, b);
  }
  const std::uint32_t dsel = in.select[0];
  if (in.flags & kSat) t = Saturate(t, (in.flags & kMerge) ? SelectedBits(dsel) : 32, d_signed);
  std::uint32_t d = static_cast<std::uint32_t>(t);
  if (in.args.size() == 4) {
    const std::uint32_t cw = Word(m, in.args[3]);
    if (in.flags & kMerge) {
      const unsigned bits = SelectedBits(dsel);
      const unsigned at = bits == 8 ? 8 * (dsel - 1) : 16 * (dsel - 5);
      const std::uint32_t keep = ((1u << bits) - 1) << at;
      d = (cw & ~keep) | ((static_cast<std::uint32_t>(t) << at) & keep);
    } else {
      const S128 c = Part(cw, kWord, d_signed);
      switch (static_cast<Secondary>(in.mode2 >> 8)) {
        case kAddC: d = static_cast<std::uint32_t>(t + c); break;
        case kMinC: d = static_cast<std::uint32_t>(t < c ? t : c); break;
        case kMaxC: d = static_cast<std::uint32_t>(t > c ? t : c); break;
        case kNoSecondary: break;
      }
    }
  }
  Write(m, in.args[0], d, kU32);
}

// vmad: (a * b) + c with the product or c negated, or plus one (.po), scaled and saturated.
void MultiplyAdd(Machine& m, const Instruction& in) {
  const bool na = in.args[1].minus, nb = in.args[2].minus, nc = in.args[3].minus;
  const bool a_signed = (in.flags & kASigned) != 0, b_signed = (in.flags & kBSigned) != 0;
  const bool signed_final = a_signed || b_signed || (na != nb) || nc;
  S128 product = Part(Word(m, in.args[1]), in.select[1], a_signed) * Part(Word(m, in.args[2]), in.select[2], b_signed);
  std::uint32_t cw = Word(m, in.args[3]);
  int lsb = 0;
  if (in.flags & kPlusOne) {
    lsb = 1;
  } else if (na != nb) {
    product = ~product;
    lsb = 1;
  } else if (nc) {
    cw = ~cw;
    lsb = 1;
  }
  S128 t = product + Part(cw, kWord, signed_final) + lsb;
  // The scaled result keeps the sign when the final type is signed (an arithmetic shift).
  const int scale = (in.flags & kShr7) ? 7 : (in.flags & kShr15) ? 15 : 0;
  if (scale != 0) {
    if (signed_final) t >>= scale;
    else t = static_cast<S128>(static_cast<unsigned __int128>(t) >> scale);
  }
  if (in.flags & kSat) t = Saturate(t, 32, signed_final);
  Write(m, in.args[0], static_cast<std::uint32_t>(t), kU32);
}

// SIMD forms: select[1] and select[2] hold, per lane, the index of the source byte (halfword) in
// {b, a} (4 bits a lane), select[0] the mask of lanes written or summed.
template <int kLanes>
void Simd(Machine& m, const Instruction& in) {
  constexpr unsigned kBits = 32 / kLanes;
  constexpr std::uint64_t kLaneMask = (std::uint64_t{1} << kBits) - 1;
  const auto op = static_cast<Op>(in.mode);
  const std::uint64_t pool = Word(m, in.args[1]) | (std::uint64_t{Word(m, in.args[2])} << 32);
  const std::uint32_t cw = Word(m, in.args[3]);
  const auto lane = [&](std::uint32_t picks, int i, bool is_signed) {
    const std::uint64_t v = (pool >> (kBits * ((picks >> (4 * i)) & 15))) & kLaneMask;
    if (is_signed && ((v >> (kBits - 1)) & 1) != 0) return static_cast<S128>(v) - (S128{1} << kBits);
    return static_cast<S128>(v);
  };
  const bool d_signed = (in.flags & kDSigned) != 0;
  std::uint32_t d = (in.flags & kAccumulate) ? cw : 0;
  for (int i = 0; i < kLanes; ++i) {
    const bool on = ((in.select[0] >> i) & 1) != 0;
    const unsigned at = kBits * static_cast<unsigned>(i);
    if (!on) {
      if (!(in.flags & kAccumulate)) d |= cw & static_cast<std::uint32_t>(kLaneMask << at);
      continue;
    }
    S128 t = Lane(op, static_cast<Cmp>(in.mode2), lane(in.select[1], i, (in.flags & kASigned) != 0),
                  lane(in.select[2], i, (in.flags & kBSigned) != 0));
    if (in.flags & kSat) t = Saturate(t, kBits, d_signed);
    if (in.flags & kAccumulate) d += static_cast<std::uint32_t>(t);
    else d |= static_cast<std::uint32_t>((static_cast<std::uint64_t>(t) & kLaneMask) << at);
  }
  Write(m, in.args[0], d, kU32);
}

// ---- decoding ----

// A scalar selector's code, or -1.
int ScalarSelect(const std::string& s) {
  if (s.empty()) return kWord;
  if (s.size() == 2 && s[0] == 'b' && s[1] >= '0' && s[1] <= '3') return 1 + (s[1] - '0');
  if (s.size() == 2 && s[0] == 'h' && (s[1] == '0' || s[1] == '1')) return 5 + (s[1] - '0');
  return -1;
}

// A SIMD source selector (`b7654`, `h32`): one digit per lane, the highest lane first, each
// naming a byte (halfword) of {b, a}. Returns the picks (4 bits a lane, lane 0 lowest), or false.
bool SourceSelect(const std::string& s, int lanes, std::uint32_t fallback, std::uint32_t* out) {
  if (s.empty()) {
    *out = fallback;
    return true;
  }
  const char prefix = lanes == 4 ? 'b' : 'h';
  if (s.size() != static_cast<std::size_t>(lanes) + 1 || s[0] != prefix) return false;
  std::uint32_t picks = 0;
  for (int i = 0; i < lanes; ++i) {
    const char c = s[static_cast<std::size_t>(lanes - i)];
    if (c < '0' || c >= '0' + 2 * lanes) return false;
    picks |= static_cast<std::uint32_t>(c - '0') << (4 * i);
  }
  *out = picks;
  return true;
}

// A SIMD destination mask (`b20`, `h1`): the lanes named, highest first, each once. Returns the
// lane bits, or false.
bool MaskSelect(const std::string& s, int lanes, std::uint32_t* out) {
  if (s.empty()) {
    *out = (1u << lanes) - 1;
    return true;
  }
  const char prefix = lanes == 4 ? 'b' : 'h';
  if (s.size() < 2 || s[0] != prefix) return false;
  std::uint32_t bits = 0;
  int last = lanes;
  for (std::size_t i = 1; i < s.size(); ++i) {
    const int n = s[i] - '0';
    if (n < 0 || n >= last) return false;  // descending, each lane once
    bits |= 1u << n;
    last = n;
  }
  *out = bits;
  return true;
}

struct Name {
  const char* text;
  Op op;
  int lanes;  // 1 scalar, 2, 4
};
constexpr Name kNames[] = {
    {"vadd", kVadd, 1},        {"vsub", kVsub, 1},        {"vabsdiff", kVabsdiff, 1}, {"vmin", kVmin, 1},
    {"vmax", kVmax, 1},        {"vset", kVset, 1},        {"vshl", kVshl, 1},         {"vshr", kVshr, 1},
    {"vmad", kVmad, 1},        {"vadd2", kVadd, 2},       {"vsub2", kVsub, 2},        {"vavrg2", kVavrg, 2},
    {"vabsdiff2", kVabsdiff, 2}, {"vmin2", kVmin, 2},     {"vmax2", kVmax, 2},        {"vset2", kVset, 2},
    {"vadd4", kVadd, 4},       {"vsub4", kVsub, 4},       {"vavrg4", kVavrg, 4},      {"vabsdiff4", kVabsdiff, 4},
    {"vmin4", kVmin, 4},       {"vmax4", kVmax, 4},       {"vset4", kVset, 4},
};

// The modifiers each form may carry besides its types; anything else is refused.
bool Known(const std::string& mod, Op op, int lanes) {
  if (mod == "u32" || mod == "s32") return true;
  if (op == kVset) {
    for (const char* c : {"eq", "ne", "lt", "le", "gt", "ge"})
      if (mod == c) return true;
  } else if (mod == "sat") {
    return true;
  }
  if (op == kVmad) return mod == "po" || mod == "shr7" || mod == "shr15";
  if (mod == "add") return true;
  if (lanes == 1 && (mod == "min" || mod == "max")) return true;
  if ((op == kVshl || op == kVshr) && (mod == "clamp" || mod == "wrap")) return true;
  return false;
}

}  // namespace

bool DecodeVideo(Instruction& in, std::string& error) {
  const Name* name = nullptr;
  for (const Name& n : kNames) {
    if (in.opcode == n.text) name = &n;
  }
  if (name == nullptr) return false;
  const Op op = name->op;
  const int lanes = name->lanes;
  for (const std::string& mod : in.mods) {
    if (!Known(mod, op, lanes)) {
      error = "`." + mod + "` is not a modifier of " + in.opcode;
      return true;
    }
  }
  // The types: d, a, b (vset: a, b; vshl/vshr: d, a, and b's .u32).
  std::vector<bool> signs;
  for (const std::string& mod : in.mods) {
    if (mod == "u32" || mod == "s32") signs.push_back(mod == "s32");
  }
  const std::size_t want = op == kVset ? 2 : 3;
  if (signs.size() != want) {
    error = "needs " + std::to_string(want) + " types of .u32 and .s32";
    return true;
  }
  if (op == kVset) signs.insert(signs.begin(), false);  // the comparison's result is unsigned
  if ((op == kVshl || op == kVshr) && signs[2]) {
    error = "the shift amount's type is .u32";
    return true;
  }
  in.flags = (signs[0] ? kDSigned : 0) | (signs[1] ? kASigned : 0) | (signs[2] ? kBSigned : 0);
  in.mode = op;
  const bool sat = HasMod(in, "sat");
  if (sat) in.flags |= kSat;
  // Where the GPU does not give what the ISA defines, the form is not run (PTX-VIDEO-4): a scalar
  // saturation to an unsigned destination (an H200 wrapped sums past 2^32, turned negative bytes
  // into 0xff and cleared merged halfwords), a saturated shift (it wrapped), and vmad's unsigned
  // results when saturated or scaled (it sign-extended c).
  if (lanes == 1 && sat && !signs[0] && op != kVmad) {
    error = "a scalar video instruction saturated to an unsigned destination (.u32 ... .sat) is not run: the GPU's "
            "results differ from the PTX ISA's definition";
    return true;
  }
  if ((op == kVshl || op == kVshr) && sat) {
    error = "a saturated vshl/vshr is not run: the GPU's results differ from the PTX ISA's definition";
    return true;
  }
  if (op == kVset) {
    static const char* const kCmps[] = {"eq", "ne", "lt", "le", "gt", "ge"};
    int found = -1;
    for (int i = 0; i < 6; ++i) {
      if (HasMod(in, kCmps[i])) found = i;
    }
    if (found < 0) {
      error = "vset needs a comparison (.eq .ne .lt .le .gt .ge)";
      return true;
    }
    in.mode2 = found;
  }
  for (std::size_t i = 0; i < in.args.size(); ++i) {
    const Arg& a = in.args[i];
    if (a.kind != ArgKind::kRegister && a.kind != ArgKind::kOperand && !(i > 0 && a.kind == ArgKind::kImmediate && a.select.empty())) {
      error = "operand `" + a.name + "` is not a register";
      return true;
    }
    if (a.minus && (op != kVmad || i == 0)) {
      error = "a negated operand (`" + a.name + "`) is read by vmad only";
      return true;
    }
  }
  const std::string& dsel = in.args.empty() ? std::string() : in.args[0].select;
  if (op == kVmad) {
    if (in.args.size() != 4) {
      error = "vmad expects 4 operands";
      return true;
    }
    if (HasMod(in, "po")) {
      in.flags |= kPlusOne;
      if (in.args[1].minus || in.args[2].minus || in.args[3].minus) {
        error = "vmad.po takes no negated operand";
        return true;
      }
    }
    if (HasMod(in, "shr7")) in.flags |= kShr7;
    if (HasMod(in, "shr15")) in.flags |= kShr15;
    const bool signed_final = signs[1] || signs[2] || (in.args[1].minus != in.args[2].minus) || in.args[3].minus;
    if (!signed_final && (sat || (in.flags & (kShr7 | kShr15)) != 0)) {
      error = "vmad with an unsigned result is run without .sat, .shr7 and .shr15 only: the GPU's results differ "
              "from the PTX ISA's definition";
      return true;
    }
    if (!dsel.empty() || !in.args[3].select.empty()) {
      error = "vmad takes selectors on a and b only";
      return true;
    }
    for (int i = 1; i <= 2; ++i) {
      const int s = ScalarSelect(in.args[static_cast<std::size_t>(i)].select);
      if (s < 0) {
        error = "`." + in.args[static_cast<std::size_t>(i)].select + "` is not a selector of vmad (.b0-.b3, .h0, .h1)";
        return true;
      }
      in.select[i] = static_cast<std::uint32_t>(s);
    }
    in.handler = &MultiplyAdd;
    return true;
  }
  if (lanes == 1) {
    int secondary = kNoSecondary;
    if (HasMod(in, "add")) secondary = kAddC;
    if (HasMod(in, "min")) secondary = kMinC;
    if (HasMod(in, "max")) secondary = kMaxC;
    if ((op == kVshl || op == kVshr) && HasMod(in, "wrap")) in.flags |= kWrap;
    if ((op == kVshl || op == kVshr) && !HasMod(in, "wrap") && !HasMod(in, "clamp")) {
      error = "vshl and vshr need .clamp or .wrap";
      return true;
    }
    for (int i = 0; i <= 2 && static_cast<std::size_t>(i) < in.args.size(); ++i) {
      const int s = ScalarSelect(in.args[static_cast<std::size_t>(i)].select);
      if (s < 0) {
        error = "`." + in.args[static_cast<std::size_t>(i)].select + "` is not a selector of " + in.opcode + " (.b0-.b3, .h0, .h1)";
        return true;
      }
      in.select[i] = static_cast<std::uint32_t>(s);
    }
    if (!dsel.empty()) in.flags |= kMerge;
    const std::size_t operands = (secondary != kNoSecondary || !dsel.empty()) ? 4 : 3;
    if (in.args.size() != operands) {
      error = operands == 4 ? "expects 4 operands (d, a, b, c)" : "expects 3 operands (d, a, b)";
      return true;
    }
    if (secondary != kNoSecondary && !dsel.empty()) {
      error = "a secondary operation and a destination selector exclude each other";
      return true;
    }
    if (in.args.size() == 4 && !in.args[3].select.empty()) {
      error = "c takes no selector";
      return true;
    }
    // vset's .min/.max: the GPU compared c as signed with .s32 sources (against the ISA's
    // "unsigned"); other source types were not recorded and are not run.
    if (op == kVset && (secondary == kMinC || secondary == kMaxC)) {
      if (!signs[1] || !signs[2]) {
        error = "vset with .min or .max is run for .s32 sources only (the GPU compares c as signed there, not as the "
                "PTX ISA says)";
        return true;
      }
      in.flags |= kDSigned;
    }
    in.mode2 |= secondary << 8;
    in.handler = &Scalar;
    return true;
  }
  // SIMD
  if (in.args.size() != 4) {
    error = "expects 4 operands (d, a, b, c)";
    return true;
  }
  if (HasMod(in, "add")) {
    in.flags |= kAccumulate;
    if (sat) {
      error = ".sat and .add exclude each other";
      return true;
    }
  }
  const std::uint32_t default_a = lanes == 4 ? 0x3210 : 0x10;
  const std::uint32_t default_b = lanes == 4 ? 0x7654 : 0x32;
  if (!MaskSelect(dsel, lanes, &in.select[0])) {
    error = "`." + dsel + "` is not a mask of " + in.opcode;
    return true;
  }
  if (!SourceSelect(in.args[1].select, lanes, default_a, &in.select[1]) ||
      !SourceSelect(in.args[2].select, lanes, default_b, &in.select[2])) {
    error = "a source selector of " + in.opcode + " names one " + (lanes == 4 ? "byte (0-7)" : "halfword (0-3)") +
            " per lane, as in ." + (lanes == 4 ? "b3210" : "h10");
    return true;
  }
  if (!in.args[3].select.empty()) {
    error = "c takes no selector";
    return true;
  }
  in.handler = lanes == 4 ? &Simd<4> : &Simd<2>;
  return true;
}

}  // namespace warpsafe::engine::ptx
