#include "cli/pass_join.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <unordered_set>

#include "cli/internal_kernels.h"
#include "cli/parameter_layouts.h"
#include "cli/process.h"
#include "cli/program_cache.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

constexpr unsigned char kSttObject = 1, kSttFunc = 2, kSttCommon = 5, kSttTls = 6;
constexpr unsigned char kStbGlobal = 1, kStbWeak = 2, kStbGnuUnique = 10;
constexpr unsigned char kStvHidden = 2, kStvProtected = 3;
constexpr std::uint32_t kShtSymtab = 2, kShtGroup = 17;

template <class T>
bool Load(const std::string& bytes, std::uint64_t offset, T* out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(out, bytes.data() + offset, sizeof(T));  // ELF64 LE on an LE host: no swapping
  return true;
}

bool IsGlobal(const ElfSymbol& s) {
  return s.binding == kStbGlobal || s.binding == kStbWeak || s.binding == kStbGnuUnique;
}

bool IsKept(const ElfSymbol& s) {
  if (s.type == kSttFunc) return s.visibility == kStvProtected;
  const bool data = s.type == kSttObject || s.type == kSttTls || s.type == kSttCommon;
  return data && s.visibility == kStvHidden;
}

}  // namespace

std::optional<std::vector<ElfSymbol>> ReadElfSymbols(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot read " + path;
    return std::nullopt;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < 64 || bytes.compare(0, 4, "\x7f" "ELF") != 0 || bytes[4] != 2 || bytes[5] != 1) {
    *error = path + " is not an ELF64 little-endian object";
    return std::nullopt;
  }
  std::uint64_t shoff = 0;
  std::uint16_t shentsize = 0, shnum16 = 0;
  Load(bytes, 0x28, &shoff);
  Load(bytes, 0x3A, &shentsize);
  Load(bytes, 0x3C, &shnum16);
  std::uint64_t shnum = shnum16;
  // Past 0xff00 sections (a large template-heavy file has one per COMDAT group) the count is
  // stored in section 0's size.
  if (shnum == 0 && !Load(bytes, shoff + 0x20, &shnum)) shnum = 0;
  std::vector<ElfSymbol> symbols;
  std::unordered_set<std::uint32_t> signatures;  // symbol indices naming COMDAT groups
  for (std::uint64_t i = 0; i < shnum; ++i) {
    const std::uint64_t sh = shoff + i * shentsize;
    std::uint32_t type = 0, link = 0, info = 0;
    if (Load(bytes, sh + 4, &type) && type == kShtGroup && Load(bytes, sh + 0x2C, &info)) signatures.insert(info);
  }
  for (std::uint64_t i = 0; i < shnum; ++i) {
    const std::uint64_t sh = shoff + i * shentsize;
    std::uint32_t type = 0, link = 0;
    std::uint64_t offset = 0, size = 0, entsize = 0;
    if (!Load(bytes, sh + 4, &type) || type != kShtSymtab) continue;
    Load(bytes, sh + 0x18, &offset);
    Load(bytes, sh + 0x20, &size);
    Load(bytes, sh + 0x28, &link);
    Load(bytes, sh + 0x38, &entsize);
    std::uint64_t str_offset = 0, str_size = 0;
    const std::uint64_t strsh = shoff + std::uint64_t{link} * shentsize;
    if (entsize < 24 || !Load(bytes, strsh + 0x18, &str_offset) || !Load(bytes, strsh + 0x20, &str_size) ||
        str_offset > bytes.size() || bytes.size() - str_offset < str_size || offset > bytes.size() ||
        bytes.size() - offset < size) {
      *error = path + ": malformed symbol table";
      return std::nullopt;
    }
    std::uint32_t index = 0;
    for (std::uint64_t e = offset; e + 24 <= offset + size; e += entsize, ++index) {
      std::uint32_t name = 0;
      unsigned char info = 0, other = 0;
      std::uint16_t shndx = 0;
      Load(bytes, e, &name);
      Load(bytes, e + 4, &info);
      Load(bytes, e + 5, &other);
      Load(bytes, e + 6, &shndx);
      if (name >= str_size) continue;
      const char* begin = bytes.data() + str_offset + name;
      ElfSymbol s;
      s.name.assign(begin, strnlen(begin, str_size - name));
      s.type = info & 0xf;
      s.binding = info >> 4;
      s.visibility = other & 3;
      s.defined = shndx != 0;
      s.group_signature = signatures.count(index) != 0;
      if (!s.name.empty()) symbols.push_back(std::move(s));
    }
  }
  return symbols;
}

std::string DeviceSymbolName(const std::string& name) { return name + ".device"; }

PassJoinPlan PlanPassJoin(const std::vector<std::vector<ElfSymbol>>& device_objects) {
  std::set<std::string> kept, renamed;
  for (const std::vector<ElfSymbol>& object : device_objects) {
    for (const ElfSymbol& s : object) {
      if (s.group_signature && !IsKept(s)) renamed.insert(s.name);
      if (!s.defined || !IsGlobal(s)) continue;
      (IsKept(s) ? kept : renamed).insert(s.name);
    }
  }
  // A name kept in one object and not in another (a protected inline function, say) is kept.
  for (const std::string& k : kept) renamed.erase(k);
  return PassJoinPlan{{kept.begin(), kept.end()}, {renamed.begin(), renamed.end()}};
}

std::string Objcopy(const std::vector<std::string>& options, const std::string& object, bool verbose) {
  const char* env = std::getenv("WARPSAFE_OBJCOPY");
  std::vector<std::string> cmd{env != nullptr && *env != '\0' ? env : "objcopy"};
  cmd.insert(cmd.end(), options.begin(), options.end());
  cmd.push_back(object);
  if (verbose) std::cerr << "warpsafe: " << ShellJoin(cmd) << std::endl;
  ProcessSpec spec;
  spec.executable = cmd[0];
  spec.argv = cmd;
  const ProcessStatus st = RunProcess(spec);
  if (!st.started) return "cannot start '" + cmd[0] + "' (binutils' objcopy joins the two passes)";
  if (st.signal != 0 || st.exit_code != 0) return "objcopy failed on " + object;
  return "";
}

std::string JoinPasses(const std::vector<std::string>& device_objects, const std::vector<std::string>& host_objects,
                       bool verbose) {
  // First, while both passes' records still have their own names: a parameter type laid out
  // differently by the two passes marks its launches (parameter_layouts.h).
  if (std::string problem = MarkParameterLayoutMismatches(device_objects, host_objects); !problem.empty()) {
    return problem;
  }
  std::vector<std::vector<ElfSymbol>> tables;
  for (const std::string& o : device_objects) {
    std::string error;
    std::optional<std::vector<ElfSymbol>> symbols = ReadElfSymbols(o, &error);
    if (!symbols) return error;
    tables.push_back(std::move(*symbols));
  }
  const PassJoinPlan plan = PlanPassJoin(tables);
  const std::string base = device_objects.empty() ? std::string() : device_objects.front();
  const std::string rename_map = base + ".rename" + UniqueSuffix();
  const std::string keep_list = base + ".keep" + UniqueSuffix();
  std::string renames, keeps;
  for (const std::string& r : plan.renamed) renames += r + " " + DeviceSymbolName(r) + "\n";
  for (const std::string& k : plan.kept) keeps += k + "\n";
  std::string problem;
  if (!WriteFileAtomically(rename_map, renames) || !WriteFileAtomically(keep_list, keeps)) {
    problem = "cannot write the symbol lists beside " + base;
  }
  for (std::size_t i = 0; problem.empty() && i < device_objects.size(); ++i) {
    problem = Objcopy({"--redefine-syms=" + rename_map, "--remove-section=.init_array",
                       "--remove-section=.init_array.*"},
                      device_objects[i], verbose);
  }
  // The host pass compiles device code that nvcc's host pass never sees. CCCL's PTX wrappers call
  // an undefined `__cuda_ptx_<instruction>_is_not_supported_before_SM_<n>__` on the path for
  // targets without the instruction, which the host pass takes (no __CUDA_ARCH__): a link error by
  // design, which an optimised host pass drops as dead code, but a -O0 one (cccl.h) keeps. The
  // host pass's device code never runs, so the references are made weak there; in a device
  // object they stay the link error they are meant to be.
  std::vector<std::string> host_options{"--wildcard", "--weaken-symbol=__cuda_ptx_*_is_not_supported_before_SM_*"};
  if (!plan.kept.empty()) host_options.push_back("--weaken-symbols=" + keep_list);
  for (std::size_t i = 0; problem.empty() && i < host_objects.size(); ++i) {
    problem = Objcopy(host_options, host_objects[i], verbose);
  }
  if (problem.empty()) problem = JoinInternalKernels(device_objects, host_objects, verbose);
  std::error_code ec;
  fs::remove(rename_map, ec);
  fs::remove(keep_list, ec);
  return problem;
}

}  // namespace warpsafe::cli
