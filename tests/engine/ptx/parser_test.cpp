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

TEST(PtxParser, VideoSelectorsAreDecodedOnce) {
  const Program& p = P("{ .reg .b32 r; vsub4.s32.s32.s32.sat %0.b20, %1.b0123, %2.b4747, %3;"
                       " vabsdiff.s32.s32.s32.sat r.h0, %1.b0, %2.b2, %3; vmad.s32.s32.s32 %0, -%1, %2.h1, %3; }");
  ASSERT_EQ(p.error, "");
  const Instruction& simd = p.instructions[0];
  EXPECT_EQ(simd.select[0], 0b0101u);  // lanes 2 and 0
  EXPECT_EQ(simd.select[1], 0x0123u);  // lane 3 reads byte 0, ..., lane 0 byte 3
  EXPECT_EQ(simd.select[2], 0x4747u);
  const Instruction& scalar = p.instructions[1];
  EXPECT_EQ(scalar.args[0].kind, ArgKind::kRegister);
  EXPECT_EQ(scalar.args[0].select, "h0");
  EXPECT_EQ(scalar.select[1], 1u);  // .b0
  EXPECT_EQ(scalar.select[2], 3u);  // .b2
  EXPECT_TRUE(p.instructions[2].args[1].minus);
  // Registers named with a %, as compilers name them, take selectors too.
  const Program& named = P("{ .reg .b32 %rv<2>; vmax.s32.s32.s32 %rv0.b1, %rv1.b3, %1, %2; mov.b32 %0, %rv0; }");
  ASSERT_EQ(named.error, "");
  EXPECT_EQ(named.instructions[0].args[0].select, "b1");
  EXPECT_EQ(named.instructions[0].select[1], 4u);  // .b3
  EXPECT_EQ(p.instructions[2].select[2], 6u);  // .h1
  // Defaults: a's lanes are its own bytes, b's the bytes of b.
  const Program& d = P("vadd4.u32.u32.u32 %0, %1, %2, %3;");
  ASSERT_EQ(d.error, "");
  EXPECT_EQ(d.instructions[0].select[0], 0xfu);
  EXPECT_EQ(d.instructions[0].select[1], 0x3210u);
  EXPECT_EQ(d.instructions[0].select[2], 0x7654u);
}

TEST(PtxParser, VideoFormsTheEngineRefuses) {
  // Selectors and negations belong to the video instructions only.
  EXPECT_NE(P("add.u32 %0, %1.b0, %2;").error.find("selector `.b0`"), std::string::npos);
  EXPECT_NE(P("add.s32 %0, -%1, %2;").error.find("vmad only"), std::string::npos);
  EXPECT_NE(P("vadd.s32.s32.s32 %0, -%1, %2;").error.find("vmad only"), std::string::npos);
  EXPECT_NE(P("vadd4.u32.u32.u32 %0, %1.b8765, %2, %3;").error.find("one byte (0-7) per lane"), std::string::npos);
  EXPECT_NE(P("vadd4.u32.u32.u32 %0.b02, %1, %2, %3;").error.find("not a mask"), std::string::npos);
  EXPECT_NE(P("vadd4.u32.u32.u32.sat.add %0, %1, %2, %3;").error.find("exclude"), std::string::npos);
  EXPECT_NE(P("vadd.u32.u32.u32 %0, %1, %2, %3;").error.find("3 operands"), std::string::npos);
  // Where the GPU's results are not the ISA's, the form is refused rather than guessed.
  EXPECT_NE(P("vadd.u32.u32.u32.sat %0, %1, %2;").error.find("unsigned destination"), std::string::npos);
  EXPECT_NE(P("vshl.s32.s32.u32.wrap.sat %0, %1, %2;").error.find("saturated vshl"), std::string::npos);
  EXPECT_NE(P("vmad.u32.u32.u32.shr7 %0, %1, %2, %3;").error.find("unsigned result"), std::string::npos);
  EXPECT_NE(P("vset.u32.u32.lt.max %0, %1, %2, %3;").error.find(".s32 sources only"), std::string::npos);
  EXPECT_EQ(P("vset.s32.s32.lt.max %0, %1, %2, %3;").error, "");
}

TEST(PtxParser, PackedAndClampedIntegerForms) {
  // sm_90's .u16x2/.s16x2 types for add, min and max, and .relu on min/max of .s32 and .s16x2.
  for (const char* ok : {"add.u16x2 %0, %1, %2;", "add.s16x2 %0, %1, %2;", "min.u16x2 %0, %1, %2;", "max.s16x2 %0, %1, %2;",
                         "min.relu.s32 %0, %1, %2;", "max.relu.s16x2 %0, %1, %2;"})
    EXPECT_EQ(P(ok).error, "") << ok;
  // What ptxas refuses is refused, never run without the modifier.
  EXPECT_NE(P("sub.s16x2 %0, %1, %2;").error.find("for add, min and max"), std::string::npos);
  EXPECT_NE(P("addc.u16x2 %0, %1, %2;").error.find("for add, min and max"), std::string::npos);
  EXPECT_NE(P("add.sat.s16x2 %0, %1, %2;").error.find(".sat and .cc"), std::string::npos);
  EXPECT_NE(P("max.relu.u16x2 %0, %1, %2;").error.find(".relu takes .s32 or .s16x2"), std::string::npos);
  EXPECT_NE(P("max.relu.u32 %0, %1, %2;").error.find(".relu takes .s32 or .s16x2"), std::string::npos);
  EXPECT_NE(P("max.relu.s64 %0, %1, %2;").error.find(".relu takes .s32 or .s16x2"), std::string::npos);
  EXPECT_NE(P("add.relu.s32 %0, %1, %2;").error.find("min and max only"), std::string::npos);
  EXPECT_NE(P("max.s16x2 %0, %1;").error.find("3 operands"), std::string::npos);
}

TEST(PtxParser, B128ValuesAreReadByLdStAndMovOnly) {
  const Program& p = P("{ .reg .b128 v; .reg .b64 lo; ld.global.b128 v, [%1]; mov.b128 {lo, %0}, v; }");
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.registers.size(), 3u);  // v takes two slots
  EXPECT_EQ(p.registers[0].bytes, 16);
  EXPECT_NE(P("{ .reg .b128 v; add.u64 %0, v, 1; }").error.find("ld, st and mov of type .b128 only"), std::string::npos);
  EXPECT_NE(P("{ .reg .b64 v; ld.global.b128 v, [%0]; }").error.find("not a .b128 register"), std::string::npos);
  // An operand may be the .b128 value: its "q" constraint is checked when the statement runs.
  EXPECT_EQ(P("ld.global.b128 %0, [%1];").error, "");
  EXPECT_EQ(P("mov.b128 {%0, %1}, %2;").error, "");
  EXPECT_NE(P("ld.global.b128 %0.b0, [%1];").error.find("or a \"q\" operand"), std::string::npos);
  EXPECT_NE(P("{ .reg .b128 v; and.b128 v, v, v; }").error.find("ld, st and mov only"), std::string::npos);
}

}  // namespace
}  // namespace warpsafe::engine::ptx
