// The program's symbols by name, for the driver API's modules: cuModuleGetFunction finds a kernel
// and cuModuleGetGlobal a device variable by the name its symbol has, as a GPU module does (an
// extern "C" kernel by its own name, any other by its mangled one). Read once from the
// executable's symbol table (.symtab); an executable without one (stripped) has no names, and the
// lookups fall back to the kernels' registered names (module.cpp). Internal to engine/src/driver.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace warpsafe::engine::driver {

struct ProgramSymbol {
  std::string name;
  const void* address;
  std::size_t size;
  bool function;  // a function (else a data object)
};

// False when the executable has no symbol table.
bool HaveProgramSymbols();
// The defined function or data object named exactly `name`; null if none. Where several local
// symbols share the name (a `static` variable in several files), a global one is preferred.
const ProgramSymbol* FindProgramSymbol(const std::string& name, bool function);
// The function symbols at `address` (a kernel's mangled name, and an alias if any).
std::vector<const ProgramSymbol*> FunctionsAt(const void* address);

}  // namespace warpsafe::engine::driver
