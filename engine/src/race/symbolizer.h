// Turns addresses of the running program into names for reports: the file:line of an
// instrumented access (from the return address of its callback) and the name of a __device__
// variable (from an address in static storage).
//
// Runs binutils' `addr2line` and `nm` on /proc/self/exe, once per report, only when a report is
// being written: nothing is paid while the program runs. binutils is a dependency of clang-14, so
// every machine that can build a check binary has them. Addresses are adjusted for the load bias
// of a position-independent executable. Without debug information (or the tools), the file is
// "??" and the caller falls back to the nearest scheduling point. Code compiled at run time
// (engine/src/nvrtc) is in shared objects the program loaded: its addresses are read from the
// object holding them, once that object is made known with AddCodeObject.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsafe::engine::race {

struct CodeLocation {
  std::string function;  // demangled, "" if unknown
  std::string file;      // "" if unknown
  unsigned line = 0;
};

// Whether some thread is running `addr2line` or `nm` now: a report being written. On a large
// binary without optimisation that takes long enough for the hang watchdog to take the reporting
// lane for a stuck one, so the watchdog waits while this is true.
bool SymbolizerBusy();

// A shared object the program loaded whose code reports may name (its path as loaded): addresses
// in it are symbolized from it rather than from the executable.
void AddCodeObject(const std::string& path);

// Locations of the calls whose return addresses are `return_addresses` (one per address).
std::vector<CodeLocation> SymbolizeReturnAddresses(const std::vector<std::uintptr_t>& return_addresses);

struct DataSymbol {
  std::string name;  // demangled
  std::uintptr_t start = 0;
  std::size_t size = 0;
  std::string file;  // where it is declared (the user's line, through the front end's #line); "" if unknown
  unsigned line = 0;
};

// The location of the call whose return address is `return_address`, with the functions inlined
// there: the innermost (the code of the inlined function) first, then its callers, out to the
// function the code is compiled in.
std::vector<CodeLocation> SymbolizeWithInlining(std::uintptr_t return_address);

// SymbolizeWithInlining for several return addresses in one run of the symbolizer: out[i] holds
// the frames of return_addresses[i], innermost first (empty when unknown).
std::vector<std::vector<CodeLocation>> SymbolizeManyWithInlining(const std::vector<std::uintptr_t>& return_addresses);

// `address` (code or static data of the executable) as an offset from where the executable was
// loaded: the same in every run, whatever address-space randomisation did.
std::uintptr_t ExecutableOffset(std::uintptr_t address);

// The data symbol of the executable (a __device__/__constant__ variable) containing `address`, with
// its declaration's file:line from the debug information (nm -l). The front end's names for
// entities of internal linkage (`warpsafe_internal_<unit>::`) are left out of every name.
bool SymbolizeData(std::uintptr_t address, DataSymbol* out);

// " at file:line" for a symbol whose declaration is known, else "": what a report adds after the
// variable's name, as it does for a namespace-scope __shared__ variable.
inline std::string DeclaredAt(const DataSymbol& symbol) {
  return symbol.file.empty() ? std::string() : " at " + symbol.file + ":" + std::to_string(symbol.line);
}

}  // namespace warpsafe::engine::race
