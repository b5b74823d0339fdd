// Runs a parsed asm template for the calling lane: operand access, predication, branches within the
// statement, and the one report for PTX the engine cannot run.
#include <vector>

#include "internal_error.h"
#include "ptx/machine.h"
#include "report/report.h"

namespace warpsafe::engine::ptx {

bool HasMod(const Instruction& in, const char* mod) {
  for (const std::string& m : in.mods) {
    if (m == mod) return true;
  }
  return false;
}

Type TypeOf(const std::string& mod) {
  Type t;
  if (mod == "pred") return Type{TypeKind::kPred, 1};
  if (mod == "f16") return Type{TypeKind::kFloat, 2};
  if (mod == "f16x2") return Type{TypeKind::kFloat, 4, false, true};
  if (mod == "bf16") return Type{TypeKind::kFloat, 2, true};
  if (mod == "bf16x2") return Type{TypeKind::kFloat, 4, true, true};
  if (mod.size() < 2) return t;
  const char c = mod[0];
  const std::string bits = mod.substr(1);
  unsigned bytes = 0;
  if (bits == "8") bytes = 1;
  else if (bits == "16") bytes = 2;
  else if (bits == "32") bytes = 4;
  else if (bits == "64") bytes = 8;
  else if (bits == "128" && c == 'b') bytes = 16;
  else return t;
  switch (c) {
    case 'b': return Type{TypeKind::kBits, static_cast<std::uint8_t>(bytes)};
    case 'u': return Type{TypeKind::kUnsigned, static_cast<std::uint8_t>(bytes)};
    case 's': return Type{TypeKind::kSigned, static_cast<std::uint8_t>(bytes)};
    case 'f': return bytes >= 4 ? Type{TypeKind::kFloat, static_cast<std::uint8_t>(bytes)} : t;
    default: return t;
  }
}

std::vector<Type> TypesOf(const Instruction& in) {
  std::vector<Type> out;
  for (const std::string& m : in.mods) {
    const Type t = TypeOf(m);
    if (t.valid()) out.push_back(t);
  }
  return out;
}

namespace {

// The register width of an operand's constraint letter (ptx.h).
unsigned OperandBytes(char letter) { return detail::LetterBytes(letter); }

std::uint64_t ImmediateAs(const Arg& a, Type t) {
  if (!a.imm_float) return a.imm & Mask(t.bytes);
  const double d = AsF64(a.imm);
  if (t.is_float() && t.bytes == 4 && !t.pair) return F32Bits(static_cast<float>(d));
  if (t.is_float() && t.bytes == 8) return a.imm;
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(d)) & Mask(t.bytes);
}

// The instruction being run (Execute advances `next` before it calls the handler).
const Instruction& Current(const Machine& m) { return m.program.instructions[m.next - 1]; }

// A "q" operand where an instruction reads or writes 64 bits or fewer: ptxas refuses the
// statement, so the engine does not cut the value.
void RefuseWideOperand(Machine& m, const Operand& o, const Arg& a) {
  if (o.letter != 'q') return;
  Unsupported(m, Current(m),
              "`" + a.name + "` is a 128-bit (\"q\") operand, which only ld, st and mov of type .b128 read or write");
}

}  // namespace

std::uint64_t Read(Machine& m, const Arg& a, Type t) {
  const unsigned bytes = t.valid() ? t.bytes : 8;
  switch (a.kind) {
    case ArgKind::kRegister: return m.regs[a.index] & Mask(bytes);
    case ArgKind::kOperand: {
      const Operand& o = m.operands[a.index];
      RefuseWideOperand(m, o, a);
      const unsigned width = OperandBytes(o.letter);
      return o.bits & Mask(bytes < width ? bytes : width);
    }
    case ArgKind::kImmediate: return ImmediateAs(a, t.valid() ? t : kU64);
    case ArgKind::kSpecial: return ReadSpecial(m, a.special, a.index) & Mask(bytes);
    case ArgKind::kNone:
    case ArgKind::kLabel:
    case ArgKind::kSink:
    case ArgKind::kVector:
    case ArgKind::kAddress: break;
  }
  WARPSAFE_ASSERT(false, "a PTX source operand that the decoder accepted has a value");
  return 0;
}

bool ReadPred(Machine& m, const Arg& a) {
  const bool v = Read(m, a, kU64) != 0;
  return a.negate ? !v : v;
}

void Write(Machine& m, const Arg& a, std::uint64_t bits, Type t) {
  if (t.kind == TypeKind::kPred) bits = bits != 0 ? 1 : 0;
  // A signed result in a wider register is sign-extended (cvt.s16 into a 32-bit register, ld.s8).
  if (t.is_signed() && t.bytes < 8) bits = static_cast<std::uint64_t>(SignExtend(bits, t.bytes));
  switch (a.kind) {
    case ArgKind::kRegister: {
      // A register holds its declared width; a narrower write zero-extends.
      const Type decl = m.program.registers[static_cast<std::size_t>(a.index)];
      m.regs[a.index] = bits & Mask(t.valid() && !t.is_signed() && t.bytes < decl.bytes ? t.bytes : decl.bytes);
      return;
    }
    case ArgKind::kOperand: {
      Operand& o = m.operands[a.index];
      RefuseWideOperand(m, o, a);
      o.bits = bits & Mask(OperandBytes(o.letter));
      return;
    }
    case ArgKind::kSink: return;
    case ArgKind::kNone:
    case ArgKind::kImmediate:
    case ArgKind::kSpecial:
    case ArgKind::kLabel:
    case ArgKind::kVector:
    case ArgKind::kAddress: break;
  }
  WARPSAFE_ASSERT(false, "a PTX destination that the decoder accepted can be written");
}

void ReadWide(Machine& m, const Arg& a, std::uint64_t half[2]) {
  if (a.kind == ArgKind::kOperand) {
    const Operand& o = m.operands[a.index];
    if (o.letter != 'q') {
      Unsupported(m, Current(m), "`" + a.name + "` is a .b128 value, and its operand needs the \"q\" (128-bit) constraint");
    }
    half[0] = o.bits, half[1] = o.high;
    return;
  }
  half[0] = m.regs[a.index];
  half[1] = m.regs[a.index + 1];
}

void WriteWide(Machine& m, const Arg& a, const std::uint64_t half[2]) {
  if (a.kind == ArgKind::kOperand) {
    Operand& o = m.operands[a.index];
    if (o.letter != 'q') {
      Unsupported(m, Current(m), "`" + a.name + "` is a .b128 value, and its operand needs the \"q\" (128-bit) constraint");
    }
    o.bits = half[0], o.high = half[1];
    return;
  }
  m.regs[a.index] = half[0];
  m.regs[a.index + 1] = half[1];
}

void Unsupported(Machine& m, const Instruction& in, const std::string& why) {
  Report(DefectKind::kUnsupportedPtx)
      .AtRunning(m.site, "asm: " + in.text)
      .Line(why)
      .Emit();
}

namespace {

void Branch(Machine& m, const Instruction& in) { m.next = static_cast<std::size_t>(in.args[0].index); }

}  // namespace

bool DecodeControl(Instruction& in, std::string& error) {
  if (in.opcode == "bra") {
    if (in.args.size() != 1 || in.args[0].kind != ArgKind::kLabel) {
      error = "bra needs a label of the same asm statement";
      return true;
    }
    in.handler = &Branch;
    return true;
  }
  if (in.opcode == "ret" || in.opcode == "exit") {
    // They leave the enclosing function or the thread, which the statement's call cannot do.
    error = "`" + in.opcode + "` inside an asm statement is not run by the engine";
    return true;
  }
  return false;
}

void Execute(const Program* program, Operand* operands, int count, Site site, std::uintptr_t caller) {
  const Program& p = *program;
  if (!p.error.empty()) {
    Report(DefectKind::kUnsupportedPtx)
        .AtRunning(site, "asm(\"" + p.text + "\")")
        .Line(p.error)
        .Emit();
  }
  if (p.max_operand >= count) {
    Report(DefectKind::kUnsupportedPtx)
        .AtRunning(site, "asm(\"" + p.text + "\")")
        .Line("the template names %" + std::to_string(p.max_operand) + " but the statement has " +
              std::to_string(count) + " operand(s)")
        .Emit();
  }
  if (tls_lane == nullptr) NotInKernel("inline PTX (asm)", site);
  std::uint64_t small[32];
  std::vector<std::uint64_t> large;
  std::uint64_t* regs = small;
  if (p.registers.size() > 32) {
    large.assign(p.registers.size(), 0);
    regs = large.data();
  } else {
    for (std::size_t i = 0; i < p.registers.size(); ++i) small[i] = 0;
  }
  Machine m{p, operands, count, regs, site};
  m.caller = caller;
  const std::size_t n = p.instructions.size();
  while (m.next < n) {
    const Instruction& in = p.instructions[m.next++];
    if (in.guard >= 0 && (regs[in.guard] != 0) == in.guard_negate) continue;
    in.handler(m, in);
  }
  for (int i = 0; i < count; ++i) {
    if (operands[i].dest != nullptr) {
      operands[i].store(operands[i].dest, operands[i].bits, operands[i].high, operands[i].letter);
    }
  }
}

}  // namespace warpsafe::engine::ptx
