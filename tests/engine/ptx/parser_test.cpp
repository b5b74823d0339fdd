// The asm template parser (engine/src/ptx/parser.cpp) on its own: what it accepts, how it names
// what it refuses, and that each instruction family claims its instructions.
#include <gtest/gtest.h>

#include "ptx/program.h"

namespace warpsafe::engine::ptx {
namespace {

const Program& P(const char* text) { return *Parse(text, Site{"test.cu", 7}); }

TEST(PtxParser, OperandsEscapesAndUniqueNumbers) {
  const Program& p = P("mov.u32 %0, %%laneid;\n\tadd.u32 %1, %0, %12;");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.max_operand, 12);
  ASSERT_EQ(p.instructions.size(), 2u);
  EXPECT_EQ(p.instructions[0].args[1].kind, ArgKind::kSpecial);
  EXPECT_EQ(p.instructions[1].args[2].kind, ArgKind::kOperand);
  EXPECT_EQ(p.instructions[1].args[2].index, 12);
  // %= gives each statement its own number, so labels built with it do not collide.
  EXPECT_EQ(P("L%=: bra L%=;").error, "");
  EXPECT_NE(P("L%=:").text, P("L%=:").text);
}

TEST(PtxParser, ScopesDeclarationsLabelsAndGuards) {
  const Program& p = P("{ .reg .pred p; .reg .b32 r<3>; setp.eq.u32 p, %1, 0; @!p bra DONE; mov.b32 r2, 1; }"
                       " { .reg .pred p; setp.ne.u32 p, %1, 0; } DONE: mov.u32 %0, 5;");
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.registers.size(), 5u);  // p, r0-r2, and the second scope's own p
  ASSERT_EQ(p.instructions.size(), 5u);
  EXPECT_TRUE(p.instructions[1].guard_negate);
  EXPECT_EQ(p.instructions[1].args[0].index, 4);  // DONE: the fifth instruction
  EXPECT_NE(p.instructions[3].args[0].index, p.instructions[0].args[0].index);
}

TEST(PtxParser, VectorsAddressesPairsAndImmediates) {
  const Program& p = P("ld.global.v2.u32 {%0, %1}, [%2+-8]; shfl.sync.up.b32 %0|%3, %1, 1, 0, -1;"
                       " add.f32 %0, %1, 0f3F800000; mul.f64 %0, %1, 1.5;");
  EXPECT_EQ(p.error, "");
  const Arg& addr = p.instructions[0].args[1];
  EXPECT_EQ(addr.kind, ArgKind::kAddress);
  EXPECT_EQ(addr.offset, -8);
  EXPECT_EQ(p.instructions[0].args[0].elements.size(), 2u);
  EXPECT_EQ(p.instructions[1].args[0].pipe, 0);
  EXPECT_EQ(p.instructions[1].args[4].imm, ~std::uint64_t{0});
  EXPECT_EQ(p.instructions[2].args[2].imm, 0x3f800000u);
  EXPECT_TRUE(p.instructions[3].args[2].imm_float);
}

TEST(PtxParser, RefusalsNameTheInstruction) {
  EXPECT_EQ(P("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];").error,
            "`tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}]`: the engine does not run `tex` instructions");
  EXPECT_NE(P("shfl.up.b32 %0, %1, 1, 0;").error.find("use shfl.sync"), std::string::npos);
  EXPECT_NE(P("bra NOWHERE;").error.find("`NOWHERE` is neither a register"), std::string::npos);
  EXPECT_NE(P("mov.u32 %0, %%warpsize;").error.find("not a special register"), std::string::npos);
  EXPECT_NE(P("ret;").error.find("not run by the engine"), std::string::npos);
  EXPECT_NE(P("mov.u32 %0, 1").error.find("without `;`"), std::string::npos);
  EXPECT_NE(P("add.u32 %[out], 1, 2;").error.find("named operands"), std::string::npos);
  EXPECT_NE(P("cvt.rn.s32.f32 %0, %1;").error.find(".rni"), std::string::npos);
  EXPECT_EQ(P(".pragma \"nounroll\"; mov.u32 %0, 1;").error, "");
}

}  // namespace
}  // namespace warpsafe::engine::ptx
