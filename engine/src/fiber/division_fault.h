// What an integer division that trapped was: x86-64 raises #DE (SIGFPE, FPE_INTDIV) both for a
// zero divisor and for a quotient that does not fit (the most negative integer divided by -1), and
// the signal does not say which. The faulting DIV/IDIV instruction is decoded and its divisor read
// from the saved registers or from memory, so that the report can say what happened.
//
// A GPU does not trap on either: C++ leaves both undefined ([expr.mul]) and the PTX ISA's integer
// div gives no defined quotient for a zero divisor
// (https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#integer-arithmetic-instructions-div),
// so the program computes garbage silently there; the engine reports it as a defect instead.
#pragma once

#include <ucontext.h>

namespace warpsafe::engine::fiber {

enum class DivisionFault {
  kByZero,    // the divisor was 0
  kOverflow,  // signed division of the most negative value by -1
  kUnknown,   // the instruction could not be decoded (not x86-64, or an unexpected encoding)
};

struct DivisionInfo {
  DivisionFault fault = DivisionFault::kUnknown;
  unsigned bits = 0;  // operand width: 8, 16, 32 or 64 (0 when unknown)
  bool is_signed = false;
};

// Decodes the instruction at the faulting program counter of `context` (a SIGFPE handler's third
// argument). Reads only the instruction bytes and the divisor operand.
DivisionInfo DecodeDivisionFault(const ucontext_t* context);

}  // namespace warpsafe::engine::fiber
