#include "cli/internal_kernels.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "cli/elf_object.h"
#include "cli/pass_join.h"
#include "cli/program_cache.h"

namespace warpsafe::cli {
namespace {

using elf::kSttFunc;
using elf::kSttSection;
using elf::kStbLocal;
using elf::kShtRela;
using elf::kShfAlloc;
using elf::Load;
using elf::Object;
using elf::Section;
using elf::Symbol;

// The local functions of a device object that the pass marked as kernels: those whose address its
// __patchable_function_entries sections hold (a relocation against the function's symbol or its
// section, plus the function's offset).
std::set<std::string> MarkedLocalKernels(const Object& o) {
  std::set<std::string> out;
  for (const Section& rela : o.sections) {
    if (rela.type != kShtRela || rela.info >= o.sections.size() ||
        o.sections[rela.info].name != "__patchable_function_entries") {
      continue;
    }
    for (std::uint64_t at = rela.offset; rela.entsize >= 24 && at + 24 <= rela.offset + rela.size; at += rela.entsize) {
      std::uint64_t info = 0;
      std::int64_t addend = 0;
      Load(o.bytes, at + 8, &info);
      Load(o.bytes, at + 16, &addend);
      const std::uint64_t index = info >> 32;
      if (index >= o.symbols.size()) continue;
      const Symbol& target = o.symbols[index];
      const std::uint64_t where = (target.type == kSttSection ? 0 : target.value) + static_cast<std::uint64_t>(addend);
      for (const Symbol& f : o.symbols) {
        if (f.type == kSttFunc && f.binding == kStbLocal && f.section == target.section && f.value == where &&
            !f.name.empty()) {
          out.insert(f.name);
        }
      }
    }
  }
  return out;
}

// Whether relocations applying to section `s` may be redirected: code and data that refer to a
// kernel, not the copy's own unwind and exception tables or debug information.
bool Redirectable(const Section& s) {
  if ((s.flags & kShfAlloc) == 0) return false;
  return s.name != ".eh_frame" && s.name.rfind(".gcc_except_table", 0) != 0;
}

// In the host object, points every redirectable relocation against `kernel`'s own section at
// `kernel`'s symbol instead. Returns false (and changes nothing) when the copy is not alone in its
// section, where a section-relative reference could mean another function.
bool RetargetReferences(Object* o, std::uint32_t kernel) {
  const Symbol& k = o->symbols[kernel];
  if (k.value != 0 || k.section == 0 || k.section >= o->sections.size()) return false;
  std::uint32_t section_symbol = 0;
  for (std::uint32_t i = 0; i < o->symbols.size(); ++i) {
    const Symbol& s = o->symbols[i];
    if (s.section != k.section) continue;
    if (s.type == kSttSection) section_symbol = i;
    // Another function in the section (a host object compiled without -ffunction-sections): a
    // section-relative reference might be to it.
    if (s.type == kSttFunc && i != kernel) return false;
  }
  if (section_symbol == 0) return true;  // nothing refers to the section by its own symbol
  for (const Section& rela : o->sections) {
    if (rela.type != kShtRela || rela.info == k.section || rela.info >= o->sections.size() ||
        !Redirectable(o->sections[rela.info])) {
      continue;
    }
    for (std::uint64_t at = rela.offset; rela.entsize >= 24 && at + 24 <= rela.offset + rela.size; at += rela.entsize) {
      std::uint64_t info = 0;
      Load(o->bytes, at + 8, &info);
      if ((info >> 32) != section_symbol) continue;
      info = (std::uint64_t{kernel} << 32) | (info & 0xffffffffu);
      std::memcpy(&o->bytes[at + 8], &info, sizeof(info));
    }
  }
  return true;
}

}  // namespace

std::string JoinInternalKernels(const std::vector<std::string>& device_objects,
                                const std::vector<std::string>& host_objects, bool verbose) {
  // The host objects by source file name: the pass pairs compile the same file.
  std::map<std::string, std::string> host_by_source;
  for (const std::string& path : host_objects) {
    std::string error;
    std::optional<Object> o = elf::Read(path, &error);
    if (!o) return error;
    const std::string source = elf::SourceName(*o);
    if (!source.empty()) host_by_source[source] = path;
  }
  for (const std::string& device_path : device_objects) {
    std::string error;
    std::optional<Object> device = elf::Read(device_path, &error);
    if (!device) return error;
    const std::set<std::string> kernels = MarkedLocalKernels(*device);
    if (kernels.empty()) continue;
    const auto host_it = host_by_source.find(elf::SourceName(*device));
    // Without its host object, the host code would call its own copies of these kernels, whose
    // bodies never run (host_kernel_bodies.h): a wrong result, never accepted silently.
    if (host_it == host_by_source.end()) {
      return "no host object compiled from " + elf::SourceName(*device) + ", the source of " + device_path +
             ", whose kernels with internal linkage it must call";
    }
    std::optional<Object> host = elf::Read(host_it->second, &error);
    if (!host) return error;
    Fingerprint fp;
    fp.Add(host_it->first);
    const std::string suffix = ".kernel." + fp.Hex().substr(0, 16);
    std::vector<std::string> globalize, renames, weaken;
    for (std::uint32_t i = 0; i < host->symbols.size(); ++i) {
      const Symbol& s = host->symbols[i];
      if (s.type != kSttFunc || s.binding != kStbLocal || kernels.count(s.name) == 0) continue;
      if (!RetargetReferences(&*host, i)) continue;
      globalize.push_back("--globalize-symbol=" + s.name);
      renames.push_back("--redefine-sym=" + s.name + "=" + s.name + suffix);
      weaken.push_back("--weaken-symbol=" + s.name + suffix);
    }
    if (globalize.empty()) continue;
    if (!WriteFileAtomically(host->path, host->bytes)) return "cannot rewrite " + host->path;
    // One objcopy per step: within one run, objcopy applies a weakening before a renaming and a
    // globalisation after a weakening, whatever the order of the options.
    std::string problem = Objcopy(globalize, device_path, verbose);
    if (problem.empty()) problem = Objcopy(renames, device_path, verbose);
    if (problem.empty()) problem = Objcopy(globalize, host->path, verbose);
    if (problem.empty()) problem = Objcopy(renames, host->path, verbose);
    if (problem.empty()) problem = Objcopy(weaken, host->path, verbose);
    if (!problem.empty()) return problem;
  }
  return "";
}

}  // namespace warpsafe::cli
