// A parsed asm template: what engine/src/ptx/parser builds once per asm site and the interpreter
// runs for every lane that executes it. The instructions are decoded when parsed (each family's
// Decode sets the handler and the modifiers it needs), so an execution only reads operands, calls
// the handler and writes results.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "warpsafe/engine/api.h"
#include "warpsafe/engine/ptx.h"

namespace warpsafe::engine::ptx {

// A PTX fundamental type (.b32, .s64, .f32, .pred, ...).
enum class TypeKind : std::uint8_t { kNone, kBits, kUnsigned, kSigned, kFloat, kPred };
struct Type {
  TypeKind kind = TypeKind::kNone;
  std::uint8_t bytes = 0;   // 1, 2, 4, 8, 16 (.b128; a .pred is 1); 2 for .f16/.bf16, 4 for .f16x2
  bool bf16 = false;        // .bf16 / .bf16x2
  bool pair = false;        // .f16x2 / .bf16x2
  bool is_signed() const { return kind == TypeKind::kSigned; }
  bool is_float() const { return kind == TypeKind::kFloat; }
  bool valid() const { return kind != TypeKind::kNone; }
};

// The special registers of the PTX ISA, "Special Registers".
enum class Special : std::uint8_t {
  kLaneId, kWarpId, kNWarpId, kSmId, kNSmId, kTid, kNTid, kCtaId, kNCtaId,
  kLaneMaskEq, kLaneMaskLt, kLaneMaskLe, kLaneMaskGt, kLaneMaskGe,
  kClock, kClockHi, kClock64, kGlobalTimer, kGlobalTimerLo, kGlobalTimerHi,
  kDynamicSmemSize,
};

enum class ArgKind : std::uint8_t {
  kNone,
  kRegister,  // a register declared in the template (.reg), `index` into the machine's registers
  kOperand,   // %0, %1, ...: `index` into the statement's operands
  kImmediate, // an integer, or a floating-point literal (imm_float: `imm` holds a double's bits)
  kSpecial,   // %laneid, %tid.x, ...: `special`, `index` the component (x = 0, y = 1, z = 2)
  kLabel,     // a branch target, `index` into Program::instructions
  kSink,      // `_`
  kVector,    // {a, b, ...}: `elements`
  kAddress,   // [base + offset] or [offset]: `elements[0]` the base (none for an absolute address)
};

struct Arg {
  ArgKind kind = ArgKind::kNone;
  bool negate = false;     // !p
  bool imm_float = false;
  Special special = Special::kLaneId;
  int index = -1;
  std::uint64_t imm = 0;
  std::int64_t offset = 0;  // kAddress
  std::vector<Arg> elements;
  int pipe = -1;            // `d|p`: the register index of the second destination, as an Arg in `elements`
  std::string name;         // as written, for reports and for labels before they resolve
  // A sub-word selector written after a register or operand (`r1.b0`, `%1.h10`, `%0.b3210`): the
  // video instructions' lane selectors and masks, as written without the dot. Only the video
  // family accepts one; it decodes it into Instruction::select.
  std::string select;
  bool minus = false;       // `-a`: a negated source (vmad only)
};

struct Machine;
struct Instruction;
using Handler = void (*)(Machine& m, const Instruction& in);

struct Instruction {
  std::string text;            // as written (after operand substitution), for reports
  std::string opcode;          // "shfl"
  std::vector<std::string> mods;  // {"sync", "up", "b32"}
  std::vector<Arg> args;
  int guard = -1;              // @p: the predicate register (-1: unguarded)
  bool guard_negate = false;
  Handler handler = nullptr;
  // Decoded modifiers, each family's own meaning.
  Type type;
  Type type2;
  int mode = 0;
  int mode2 = 0;
  unsigned flags = 0;
  // Operand selectors decoded by the family that accepts them (video_instructions.cpp), by
  // operand position.
  std::uint32_t select[4] = {0, 0, 0, 0};
};

struct Program {
  std::string text;                 // the template after %N substitution
  std::vector<Instruction> instructions;
  // The declared registers, by index. A .b128 register takes two consecutive slots: its low 64
  // bits at its index (typed .b128) and its high 64 bits at the next (typed .b64).
  std::vector<Type> registers;
  std::string error;                // non-empty: the template cannot be run; the report's text
  int max_operand = -1;             // the highest %N referenced
  Site site;
};

bool HasMod(const Instruction& in, const char* mod);
// The scope a modifier names: .cta the block, .sys the system, anything else (.gpu, .cluster, .gl,
// none) the device (ptx/barrier_instructions.cpp).
FenceScope ScopeOf(const Instruction& in);
// The first modifier that names a type (.b32, .u64, .f16x2, ...), or an invalid Type.
Type TypeOf(const std::string& mod);
// The types among the modifiers, in order.
std::vector<Type> TypesOf(const Instruction& in);

}  // namespace warpsafe::engine::ptx
