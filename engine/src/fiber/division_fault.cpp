#include "fiber/division_fault.h"

#include <cstdint>
#include <cstring>

namespace warpsafe::engine::fiber {

#if defined(__x86_64__)

namespace {

// The saved general-purpose register with x86 encoding number `n` (0 rax, 1 rcx, ... 15 r15).
std::uint64_t Register(const ucontext_t* c, unsigned n) {
  static constexpr int kIndex[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                                     REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};
  return static_cast<std::uint64_t>(c->uc_mcontext.gregs[kIndex[n & 15]]);
}

}  // namespace

DivisionInfo DecodeDivisionFault(const ucontext_t* c) {
  DivisionInfo info;
  const auto* pc = reinterpret_cast<const unsigned char*>(c->uc_mcontext.gregs[REG_RIP]);
  if (pc == nullptr) return info;
  bool operand16 = false;
  // Legacy prefixes a compiler puts before DIV/IDIV: operand size, segment overrides, address size.
  std::size_t i = 0;
  for (; i < 4; ++i) {
    const unsigned char p = pc[i];
    if (p == 0x66) {
      operand16 = true;
    } else if (p != 0x2e && p != 0x3e && p != 0x26 && p != 0x64 && p != 0x65 && p != 0x36 && p != 0x67) {
      break;
    }
  }
  unsigned rex = 0;
  if ((pc[i] & 0xf0) == 0x40) rex = pc[i++];
  const unsigned char opcode = pc[i++];
  if (opcode != 0xf6 && opcode != 0xf7) return info;
  const unsigned char modrm = pc[i++];
  const unsigned mod = modrm >> 6;
  const unsigned reg = (modrm >> 3) & 7;
  const unsigned rm = modrm & 7;
  if (reg != 6 && reg != 7) return info;  // /6 DIV, /7 IDIV
  info.is_signed = reg == 7;
  info.bits = opcode == 0xf6 ? 8 : (rex & 8) != 0 ? 64 : operand16 ? 16 : 32;

  std::uint64_t divisor = 0;
  if (mod == 3) {
    if (info.bits == 8 && rex == 0 && rm >= 4) {
      divisor = Register(c, rm - 4) >> 8;  // ah, ch, dh, bh
    } else {
      divisor = Register(c, rm | ((rex & 1) << 3));
    }
  } else {
    // A memory operand: [base + index*scale + displacement] or [rip + displacement].
    std::uint64_t address = 0;
    bool rip_relative = false;
    if (rm == 4) {
      const unsigned char sib = pc[i++];
      const unsigned scale = sib >> 6;
      const unsigned index = ((sib >> 3) & 7) | ((rex & 2) << 2);
      const unsigned base = (sib & 7) | ((rex & 1) << 3);
      if (index != 4) address += Register(c, index) << scale;
      if ((sib & 7) == 5 && mod == 0) {
        std::int32_t d;
        std::memcpy(&d, pc + i, 4);
        i += 4;
        address += static_cast<std::uint64_t>(static_cast<std::int64_t>(d));
      } else {
        address += Register(c, base);
      }
    } else if (rm == 5 && mod == 0) {
      rip_relative = true;
    } else {
      address = Register(c, rm | ((rex & 1) << 3));
    }
    if (mod == 1) {
      address += static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(pc[i++])));
    } else if (mod == 2 || rip_relative) {
      std::int32_t d;
      std::memcpy(&d, pc + i, 4);
      i += 4;
      address += static_cast<std::uint64_t>(static_cast<std::int64_t>(d));
    }
    if (rip_relative) address += reinterpret_cast<std::uint64_t>(pc + i);
    // The operand was readable: the instruction trapped on the division, not on the load.
    std::memcpy(&divisor, reinterpret_cast<const void*>(address), info.bits / 8);
  }
  const std::uint64_t mask = info.bits == 64 ? ~0ull : (1ull << info.bits) - 1;
  divisor &= mask;
  if (divisor == 0) {
    info.fault = DivisionFault::kByZero;
  } else if (info.is_signed && divisor == mask) {
    info.fault = DivisionFault::kOverflow;  // -1: the dividend was the most negative value
  }
  return info;
}

#else

DivisionInfo DecodeDivisionFault(const ucontext_t*) { return DivisionInfo{}; }

#endif

}  // namespace warpsafe::engine::fiber
