// Logic and bit manipulation (PTX ISA, "Logic and Shift Instructions" and the bit instructions of
// "Integer Arithmetic Instructions"): and, or, xor, not, cnot, shl, shr, lop3, shf, prmt, bfe, bfi,
// bmsk, popc, clz, brev, bfind. Out-of-range shift amounts and field positions are defined by the
// ISA (shl/shr clamp at the width, shf.wrap takes the amount modulo 32, bfe/bfi take the low 8 bits
// of position and length, bmsk.wrap takes both modulo 32 and bmsk.clamp saturates them at 32), and
// computed as defined here.
#include "ptx/machine.h"

namespace warpsafe::engine::ptx {
namespace {

enum Op : int { kAnd, kOr, kXor, kNot, kCnot, kShl, kShr, kLop3, kShf, kPrmt, kBfe, kBfi, kBmsk, kPopc, kClz, kBrev, kBfind };

std::uint64_t Bit(std::uint64_t v, unsigned i) { return (v >> i) & 1; }

std::uint32_t Permute(std::uint32_t a, std::uint32_t b, std::uint32_t c, int mode) {
  const std::uint64_t both = (std::uint64_t{b} << 32) | a;
  auto byte = [&](unsigned i) { return static_cast<std::uint32_t>((both >> (8 * (i & 7))) & 0xff); };
  std::uint32_t d = 0;
  if (mode == 0) {  // generic: each selector nibble picks a byte, bit 3 replicates its sign
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned sel = (c >> (4 * i)) & 0xf;
      std::uint32_t v = byte(sel & 7);
      if (sel & 8) v = (v & 0x80) ? 0xff : 0;
      d |= v << (8 * i);
    }
    return d;
  }
  // The special modes: for c[1:0], the source byte of d.b0, d.b1, d.b2, d.b3.
  static const unsigned char kTable[6][4][4] = {
      {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},  // f4e
      {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},  // b4e
      {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},  // rc8
      {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},  // ecl
      {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},  // ecr
      {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},  // rc16
  };
  const auto& row = kTable[mode - 1][c & 3];
  for (unsigned i = 0; i < 4; ++i) d |= byte(row[i]) << (8 * i);
  return d;
}

void Logic(Machine& m, const Instruction& in) {
  const Type t = in.type;
  const unsigned w = 8u * t.bytes;
  const auto op = static_cast<Op>(in.mode);
  const std::uint64_t a = Read(m, in.args[1], t);
  std::uint64_t r = 0;
  Type dt = t;
  switch (op) {
    case kAnd: r = a & Read(m, in.args[2], t); break;
    case kOr: r = a | Read(m, in.args[2], t); break;
    case kXor: r = a ^ Read(m, in.args[2], t); break;
    case kNot: r = t.kind == TypeKind::kPred ? (a == 0) : ~a; break;
    case kCnot: r = a == 0 ? 1 : 0; break;
    case kShl:
    case kShr: {
      const std::uint64_t n = Read(m, in.args[2], kU32);
      if (op == kShl) {
        r = n >= w ? 0 : a << n;
      } else if (t.is_signed()) {
        const std::int64_t s = SignExtend(a, t.bytes);
        r = static_cast<std::uint64_t>(n >= w ? (s < 0 ? -1 : 0) : s >> n);
      } else {
        r = n >= w ? 0 : a >> n;
      }
      break;
    }
    case kLop3: {
      const std::uint64_t b = Read(m, in.args[2], t), c = Read(m, in.args[3], t);
      const std::uint64_t lut = Read(m, in.args[4], kU32) & 0xff;
      for (unsigned i = 0; i < w; ++i) r |= Bit(lut, static_cast<unsigned>(Bit(a, i) << 2 | Bit(b, i) << 1 | Bit(c, i))) << i;
      break;
    }
    case kShf: {
      const std::uint64_t b = Read(m, in.args[2], kU32);
      std::uint64_t n = Read(m, in.args[3], kU32);
      n = in.flags != 0 ? n & 31 : (n > 32 ? 32 : n);  // flags: .wrap
      const std::uint64_t both = (b << 32) | a;
      r = in.mode2 == 0 ? ((both << n) >> 32) : (both >> n);  // mode2: 0 = .l, 1 = .r
      break;
    }
    case kPrmt:
      r = Permute(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(Read(m, in.args[2], kU32)),
                  static_cast<std::uint32_t>(Read(m, in.args[3], kU32)), in.mode2);
      break;
    case kBfe: {
      const unsigned pos = static_cast<unsigned>(Read(m, in.args[2], kU32) & 0xff);
      const unsigned len = static_cast<unsigned>(Read(m, in.args[3], kU32) & 0xff);
      const unsigned msb = w - 1;
      std::uint64_t sbit = 0;
      if (t.is_signed() && len != 0) sbit = Bit(a, pos + len - 1 < msb ? pos + len - 1 : msb);
      for (unsigned i = 0; i < w; ++i) {
        const std::uint64_t v = (i < len && pos + i <= msb) ? Bit(a, pos + i) : sbit;
        r |= v << i;
      }
      break;
    }
    case kBfi: {
      const std::uint64_t b = Read(m, in.args[2], t);
      const unsigned pos = static_cast<unsigned>(Read(m, in.args[3], kU32) & 0xff);
      const unsigned len = static_cast<unsigned>(Read(m, in.args[4], kU32) & 0xff);
      r = b;
      for (unsigned i = 0; i < len && pos + i < w; ++i) r = (r & ~(std::uint64_t{1} << (pos + i))) | (Bit(a, i) << (pos + i));
      break;
    }
    case kBmsk: {
      // A mask of `width` ones from bit `pos` up, cut at bit 31. .wrap: both modulo 32, so a width
      // of 32 is none; .clamp: a position past 31 gives no bits, a width past 31 all bits above pos.
      const std::uint64_t b = Read(m, in.args[2], kU32);
      const std::uint64_t pos = a & 31;
      std::uint64_t width = b & 31;
      const bool clamp = in.flags == 0;
      if (clamp && b >= 32) width = 32;
      if (clamp && a >= 32) {
        r = 0;
      } else {
        r = pos + width >= 32 ? (0xffffffffu << pos) & 0xffffffffu : ((std::uint64_t{1} << width) - 1) << pos;
      }
      break;
    }
    case kPopc: r = static_cast<std::uint64_t>(__builtin_popcountll(a)); dt = kU32; break;
    case kClz: r = a == 0 ? w : static_cast<std::uint64_t>(__builtin_clzll(a) - (64 - static_cast<int>(w))); dt = kU32; break;
    case kBrev:
      for (unsigned i = 0; i < w; ++i) r |= Bit(a, i) << (w - 1 - i);
      break;
    case kBfind: {
      dt = kU32;
      std::uint64_t v = a;
      if (t.is_signed() && Bit(a, w - 1)) v = ~a & Mask(t.bytes);  // the most significant non-sign bit
      if (v == 0) {
        r = 0xffffffffu;
      } else {
        const unsigned pos = 63u - static_cast<unsigned>(__builtin_clzll(v));
        r = in.flags != 0 ? (w - 1 - pos) : pos;  // flags: .shiftamt
      }
      break;
    }
  }
  Write(m, in.args[0], r & Mask(dt.bytes), dt);
}

}  // namespace

bool DecodeBits(Instruction& in, std::string& error) {
  static const std::pair<const char*, Op> kOps[] = {
      {"and", kAnd},   {"or", kOr},     {"xor", kXor},   {"not", kNot},   {"cnot", kCnot}, {"shl", kShl},
      {"shr", kShr},   {"lop3", kLop3}, {"shf", kShf},   {"prmt", kPrmt}, {"bfe", kBfe},   {"bfi", kBfi},
      {"bmsk", kBmsk}, {"popc", kPopc}, {"clz", kClz},   {"brev", kBrev}, {"bfind", kBfind}};
  bool found = false;
  for (const auto& [name, op] : kOps) {
    if (in.opcode == name) {
      in.mode = op;
      found = true;
    }
  }
  if (!found) return false;
  const auto op = static_cast<Op>(in.mode);
  const std::vector<Type> types = TypesOf(in);
  if (types.size() != 1 || types[0].is_float() || (types[0].kind == TypeKind::kPred && op > kCnot)) {
    error = "needs one integer (or, for logic, .pred) type";
    return true;
  }
  in.type = types[0];
  std::size_t want = 3;
  switch (op) {
    case kNot:
    case kCnot:
    case kPopc:
    case kClz:
    case kBrev:
    case kBfind: want = 2; break;
    case kLop3: want = 5; break;
    case kShf: want = 4; break;
    case kPrmt: want = 4; break;
    case kBfe: want = 4; break;
    case kBfi: want = 5; break;
    default: break;
  }
  if (op == kBmsk) {
    if (HasMod(in, "wrap") == HasMod(in, "clamp")) error = "bmsk needs .clamp or .wrap";
    if (in.type.bytes != 4) error = "bmsk takes .b32";
    in.flags = HasMod(in, "wrap") ? 1 : 0;
  }
  if (op == kShf) {
    if (!HasMod(in, "l") && !HasMod(in, "r")) error = "shf needs .l or .r";
    if (!HasMod(in, "wrap") && !HasMod(in, "clamp")) error = "shf needs .wrap or .clamp";
    if (in.type.bytes != 4) error = "shf takes .b32";
    in.mode2 = HasMod(in, "r") ? 1 : 0;
    in.flags = HasMod(in, "wrap") ? 1 : 0;
  }
  if (op == kPrmt) {
    static const char* const kModes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
    for (int i = 0; i < 6; ++i) {
      if (HasMod(in, kModes[i])) in.mode2 = i + 1;
    }
    if (in.type.bytes != 4) error = "prmt takes .b32";
  }
  if (op == kLop3 && in.type.bytes != 4) error = "lop3 takes .b32";
  if (op == kBfind) in.flags = HasMod(in, "shiftamt") ? 1 : 0;
  if (error.empty() && in.args.size() != want) error = "expects " + std::to_string(want) + " operands";
  if (error.empty()) in.handler = &Logic;
  return true;
}

}  // namespace warpsafe::engine::ptx
