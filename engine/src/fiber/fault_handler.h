// The engine's handlers of fatal signals (fault_handler.cpp).
//
// In a GPU thread, a fault is a report naming the thread and, when the program has debug
// information, the faulting line:
//   SIGSEGV/SIGBUS  a stack overflow (the fault hit the thread's guard page) or an illegal access
//   SIGFPE          an integer division by zero, or the most negative value divided by -1
//   SIGABRT         abort() (or std::terminate) in the kernel
// In host code the process dies of the signal as it would without warpsafe, after the program's
// buffered stdout is written out: a crash never loses what the program printed before it.
// Either way, a fault inside a range registered with RegisterUnsupportedRange is instead the
// report `unsupported by the engine` with the range's explanation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace warpsafe::engine {

// Idempotent; called by EngineMain and by every worker thread.
void InstallFaultHandler();

// The program's stdout written out as far as possible from a dying process (a signal handler or
// an internal error): takes the stream's lock only if no other thread holds it.
void FlushStdoutForCrash();

// Memory that stands for something the engine does not provide (kept inaccessible by its owner):
// a fault at an address in [begin, begin + bytes), from host code or a GPU thread, is reported as
// unsupported, with the line explain(address): at the faulting line in a GPU thread, at the
// program's line of the call in host code. At most a few ranges; registered for good.
void RegisterUnsupportedRange(const void* begin, std::size_t bytes, std::string (*explain)(const void* address));

// "file:line" of the code at `pc` (a faulting instruction), or "" without debug information.
std::string CodeLineAt(std::uintptr_t pc);

}  // namespace warpsafe::engine
