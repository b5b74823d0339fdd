// The decoder that tells an integer division by zero from an overflow (engine/src/fiber/
// division_fault.cpp), on hand-assembled DIV/IDIV encodings with a made-up register state: every
// operand form a compiler emits (registers of each width, memory through base, index and scale,
// displacement, RIP-relative).
#include "fiber/division_fault.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace warpsafe::engine::fiber {
namespace {

#if defined(__x86_64__)

struct Machine {
  ucontext_t context{};
  unsigned char code[32] = {};
  Machine(std::initializer_list<unsigned char> bytes) {
    std::memcpy(code, std::data(bytes), bytes.size());
    context.uc_mcontext.gregs[REG_RIP] = reinterpret_cast<greg_t>(code);
  }
  void Set(int reg, std::uint64_t value) { context.uc_mcontext.gregs[reg] = static_cast<greg_t>(value); }
  DivisionInfo Decode() const { return DecodeDivisionFault(&context); }
};

TEST(DivisionFault, RegisterDivisors) {
  Machine idiv_ecx({0xf7, 0xf9});  // idiv %ecx
  idiv_ecx.Set(REG_RCX, 0xffffffff00000000ull);  // the upper half is not the operand's
  EXPECT_EQ(idiv_ecx.Decode().fault, DivisionFault::kByZero);
  EXPECT_EQ(idiv_ecx.Decode().bits, 32u);
  EXPECT_TRUE(idiv_ecx.Decode().is_signed);
  idiv_ecx.Set(REG_RCX, 0xffffffffull);
  EXPECT_EQ(idiv_ecx.Decode().fault, DivisionFault::kOverflow);

  Machine idiv_r9({0x49, 0xf7, 0xf9});  // idiv %r9 (REX.W, REX.B)
  idiv_r9.Set(REG_R9, ~0ull);
  EXPECT_EQ(idiv_r9.Decode().fault, DivisionFault::kOverflow);
  EXPECT_EQ(idiv_r9.Decode().bits, 64u);
  idiv_r9.Set(REG_R9, 0xffffffffull);  // -1 in 32 bits is not -1 in 64
  EXPECT_EQ(idiv_r9.Decode().fault, DivisionFault::kUnknown);

  Machine div_esi({0xf7, 0xf6});  // div %esi: unsigned, never an overflow of -1
  div_esi.Set(REG_RSI, 0);
  EXPECT_EQ(div_esi.Decode().fault, DivisionFault::kByZero);
  EXPECT_FALSE(div_esi.Decode().is_signed);
  div_esi.Set(REG_RSI, 0xffffffffull);
  EXPECT_EQ(div_esi.Decode().fault, DivisionFault::kUnknown);

  Machine idiv_cx({0x66, 0xf7, 0xf9});  // idiv %cx
  idiv_cx.Set(REG_RCX, 0x1234ffffull);
  EXPECT_EQ(idiv_cx.Decode().fault, DivisionFault::kOverflow);
  EXPECT_EQ(idiv_cx.Decode().bits, 16u);

  Machine idiv_ch({0xf6, 0xfd});  // idiv %ch: without REX, rm 5 is a high byte register
  idiv_ch.Set(REG_RCX, 0x00ff);
  EXPECT_EQ(idiv_ch.Decode().fault, DivisionFault::kByZero);
  idiv_ch.Set(REG_RCX, 0xff00);
  EXPECT_EQ(idiv_ch.Decode().fault, DivisionFault::kOverflow);
  EXPECT_EQ(idiv_ch.Decode().bits, 8u);
}

TEST(DivisionFault, MemoryDivisors) {
  std::int32_t ints[8] = {5, 0, -1, 7, 0, 0, 0, 0};
  std::int64_t longs[4] = {-1, 0, 3, 0};

  Machine sib({0xf7, 0x3c, 0x82});  // idivl (%rdx,%rax,4)
  sib.Set(REG_RDX, reinterpret_cast<std::uintptr_t>(ints));
  sib.Set(REG_RAX, 1);
  EXPECT_EQ(sib.Decode().fault, DivisionFault::kByZero);
  sib.Set(REG_RAX, 2);
  EXPECT_EQ(sib.Decode().fault, DivisionFault::kOverflow);

  Machine disp8({0xf7, 0x7b, 0x08});  // idivl 8(%rbx)
  disp8.Set(REG_RBX, reinterpret_cast<std::uintptr_t>(ints));
  EXPECT_EQ(disp8.Decode().fault, DivisionFault::kOverflow);

  Machine rbp({0x48, 0xf7, 0x7d, 0xf0});  // idivq -16(%rbp)
  rbp.Set(REG_RBP, reinterpret_cast<std::uintptr_t>(&longs[2]));
  EXPECT_EQ(rbp.Decode().fault, DivisionFault::kOverflow);
  EXPECT_EQ(rbp.Decode().bits, 64u);
  rbp.Set(REG_RBP, reinterpret_cast<std::uintptr_t>(&longs[3]));
  EXPECT_EQ(rbp.Decode().fault, DivisionFault::kByZero);

  // idivl 0x10(%rip): the displacement counts from the end of the 6-byte instruction.
  Machine rip({0xf7, 0x3d, 0x10, 0x00, 0x00, 0x00});
  std::memset(rip.code + 6 + 0x10, 0xff, 4);
  EXPECT_EQ(rip.Decode().fault, DivisionFault::kOverflow);
  std::memset(rip.code + 6 + 0x10, 0, 4);
  EXPECT_EQ(rip.Decode().fault, DivisionFault::kByZero);

  Machine not_a_division({0xf7, 0xd9});  // neg %ecx (/3)
  EXPECT_EQ(not_a_division.Decode().fault, DivisionFault::kUnknown);
  EXPECT_EQ(not_a_division.Decode().bits, 0u);
}

#endif

}  // namespace
}  // namespace warpsafe::engine::fiber
