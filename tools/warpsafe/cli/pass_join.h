// Joining the two objects nvcc's compilation model makes of one translated file (docs/
// architecture.md, "Two passes"). The device pass's object keeps its kernels (protected functions)
// and __device__/__constant__/__managed__ variables (hidden objects): those are the program's one
// copy. Every other global symbol it defines is renamed (`name.device`), and so is every COMDAT
// group's signature but theirs (else the linker would keep the device pass's group of, say, a
// constructor, and drop the host pass's, whose symbols the host code calls), so its code (a
// `__host__ __device__` function compiled with __CUDA_ARCH__, an inline function, main) never
// meets the host pass's copy; the renaming is one map over all device objects of a program, so
// `extern __device__` references between files (-rdc) follow it. The host objects' definitions of
// the kept symbols are made weak, so the device pass's win. The device objects' static
// initialisers are dropped: CUDA allows device variables only constant initialisation, the host
// pass constructs every host object once, and running both passes' initialisers would construct
// each host global twice.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

struct ElfSymbol {
  std::string name;
  unsigned char type = 0;        // STT_*
  unsigned char binding = 0;     // STB_*
  unsigned char visibility = 0;  // STV_*
  bool defined = false;
  bool group_signature = false;  // names a COMDAT group (a constructor's C5 group: a local symbol)
};

// The symbol table of an ELF64 little-endian relocatable object; nullopt (and `error`) otherwise.
std::optional<std::vector<ElfSymbol>> ReadElfSymbols(const std::string& path, std::string* error);

struct PassJoinPlan {
  std::vector<std::string> kept;     // kernels and device variables, sorted
  std::vector<std::string> renamed;  // every other global symbol a device object defines, sorted
};

// Pure: what to keep and what to rename, from the symbol tables of a program's device objects.
PassJoinPlan PlanPassJoin(const std::vector<std::vector<ElfSymbol>>& device_objects);

// The name a renamed device-pass symbol gets.
std::string DeviceSymbolName(const std::string& name);

// Runs objcopy ($WARPSAFE_OBJCOPY, else objcopy) with `options` on `object`, in place. Empty string
// on success, else what went wrong.
std::string Objcopy(const std::vector<std::string>& options, const std::string& object, bool verbose);

// Rewrites the objects in place with objcopy (device objects first in the final link). Empty
// string on success, else what went wrong. `verbose` prints each command.
std::string JoinPasses(const std::vector<std::string>& device_objects, const std::vector<std::string>& host_objects,
                       bool verbose);

}  // namespace warpsafe::cli
