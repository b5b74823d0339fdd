// The state of one execution of a Program by one lane, and the operand access every instruction
// family uses. A Machine lives on the lane's own stack for the duration of Execute(): an
// instruction that waits (a collective, a barrier) keeps it across the suspension.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "ptx/program.h"

namespace warpsafe::engine::ptx {

struct Machine {
  const Program& program;
  Operand* operands;
  int count;
  std::uint64_t* regs;
  Site site;               // the asm statement
  std::size_t next = 0;    // the next instruction (a branch sets it)
  bool carry = false;      // the condition code's carry flag (add.cc, addc, ...)
  // An address in the user's code at the asm statement: the race detector's "pc" for the
  // statement's loads and stores (symbolized to the asm's file:line in a report).
  std::uintptr_t caller = 0;
};

inline std::uint64_t Mask(unsigned bytes) { return bytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1; }
inline std::int64_t SignExtend(std::uint64_t bits, unsigned bytes) {
  if (bytes >= 8) return static_cast<std::int64_t>(bits);
  const unsigned shift = 64 - 8 * bytes;
  return static_cast<std::int64_t>(bits << shift) >> shift;
}
inline float AsF32(std::uint64_t bits) {
  float f;
  const auto b = static_cast<std::uint32_t>(bits);
  std::memcpy(&f, &b, 4);
  return f;
}
inline double AsF64(std::uint64_t bits) {
  double f;
  std::memcpy(&f, &bits, 8);
  return f;
}
inline std::uint64_t F32Bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline std::uint64_t F64Bits(double f) {
  std::uint64_t b;
  std::memcpy(&b, &f, 8);
  return b;
}

// The value of a source operand as an instruction of type `t` reads it: the low t.bytes bytes (an
// immediate floating-point literal converted to t's format first).
std::uint64_t Read(Machine& m, const Arg& a, Type t);
// A predicate source (a .pred register, !p, or an integer immediate).
bool ReadPred(Machine& m, const Arg& a);
// Writes a destination of type `t` (a register, an operand, or the sink `_`).
void Write(Machine& m, const Arg& a, std::uint64_t bits, Type t);
// The value of special register `s` (component 0-2 for the .x/.y/.z registers) for the calling lane.
std::uint64_t ReadSpecial(Machine& m, Special s, int component);
// Reports `warpsafe: unsupported PTX` for the instruction being run and ends the process.
[[noreturn]] void Unsupported(Machine& m, const Instruction& in, const std::string& why);

// A .b128 value (ld, st and mov of type .b128): a .b128 register's two slots, or a "q" operand's
// two halves, low first. An operand of another constraint is reported (ptxas refuses it).
void ReadWide(Machine& m, const Arg& a, std::uint64_t half[2]);
void WriteWide(Machine& m, const Arg& a, const std::uint64_t half[2]);

// Whether `a` is a declared .b128 register (two slots, program.h). Only ld, st and mov of type
// .b128 read or write one (memory_instructions.cpp, convert_instructions.cpp).
inline bool IsWideRegister(const Program& p, const Arg& a) {
  return a.kind == ArgKind::kRegister && p.registers[static_cast<std::size_t>(a.index)].bytes == 16;
}

// The state spaces of ld/st/atom/cvta (PTX ISA, "State Spaces").
enum class Space : std::uint8_t { kGeneric, kGlobal, kShared, kLocal, kConst, kParam };
Space SpaceOf(const Instruction& in);
// The host address an address operand `[a+off]` of state space `space` names. A .shared address is
// an offset into the block's shared memory window (what cvta.to.shared gives); the others are the
// generic address itself, since the engine's global, local and constant memory are host memory.
void* Address(Machine& m, const Instruction& in, const Arg& a, Space space);

inline constexpr Type kU32{TypeKind::kUnsigned, 4};
inline constexpr Type kU64{TypeKind::kUnsigned, 8};
inline constexpr Type kPred{TypeKind::kPred, 1};

// Decoders of the instruction families: each claims the instructions of its family (returns true
// and sets in.handler and the decoded fields), or leaves `error` empty and returns false when the
// opcode is not its own. An opcode of the family with modifiers it cannot run sets `error`.
bool DecodeWarp(Instruction& in, std::string& error);          // warp_instructions.cpp
bool DecodeBarrier(Instruction& in, std::string& error);       // barrier_instructions.cpp
bool DecodeMemory(Instruction& in, std::string& error);        // memory_instructions.cpp
bool DecodeAsync(Instruction& in, std::string& error);         // async_instructions.cpp
bool DecodeAtomic(Instruction& in, std::string& error);        // atomic_instructions.cpp
bool DecodeInteger(Instruction& in, std::string& error);       // integer_instructions.cpp
bool DecodeBits(Instruction& in, std::string& error);          // bit_instructions.cpp
bool DecodeFloat(Instruction& in, std::string& error);         // float_instructions.cpp
bool DecodeConvert(Instruction& in, std::string& error);       // convert_instructions.cpp
bool DecodeVideo(Instruction& in, std::string& error);         // video_instructions.cpp
bool DecodeControl(Instruction& in, std::string& error);       // interpreter.cpp (bra, ret)

}  // namespace warpsafe::engine::ptx
