#include "cli/internal_kernels.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>

#include "cli/pass_join.h"
#include "cli/program_cache.h"

namespace warpsafe::cli {
namespace {

constexpr std::uint32_t kShtSymtab = 2, kShtRela = 4, kShtSymtabShndx = 18;
constexpr std::uint64_t kShfAlloc = 2;
constexpr unsigned char kSttFunc = 2, kSttSection = 3, kSttFile = 4, kStbLocal = 0;
constexpr std::uint16_t kShnXindex = 0xffff;

struct Section {
  std::string name;
  std::uint32_t type = 0, link = 0, info = 0;
  std::uint64_t flags = 0, offset = 0, size = 0, entsize = 0;
};

struct Symbol {
  std::string name;
  unsigned char type = 0, binding = 0;
  std::uint32_t section = 0;  // resolved through SHT_SYMTAB_SHNDX past 0xff00 sections
  std::uint64_t value = 0;
};

// An ELF64 little-endian relocatable object, read whole; only what the join needs is decoded.
struct Object {
  std::string path, bytes;
  std::vector<Section> sections;
  std::vector<Symbol> symbols;  // by index in .symtab
};

template <class T>
bool Load(const std::string& bytes, std::uint64_t offset, T* out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(out, bytes.data() + offset, sizeof(T));
  return true;
}

std::string CString(const std::string& bytes, std::uint64_t table, std::uint64_t size, std::uint32_t at) {
  if (at >= size || table + size > bytes.size()) return "";
  const char* begin = bytes.data() + table + at;
  return std::string(begin, strnlen(begin, size - at));
}

std::optional<Object> Read(const std::string& path, std::string* error) {
  Object o;
  o.path = path;
  std::ifstream in(path, std::ios::binary);
  o.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  const std::string& b = o.bytes;
  if (b.size() < 64 || b.compare(0, 4, "\x7f" "ELF") != 0 || b[4] != 2 || b[5] != 1) {
    *error = path + " is not an ELF64 little-endian object";
    return std::nullopt;
  }
  std::uint64_t shoff = 0;
  std::uint16_t shentsize = 0, shnum16 = 0, shstrndx16 = 0;
  Load(b, 0x28, &shoff);
  Load(b, 0x3A, &shentsize);
  Load(b, 0x3C, &shnum16);
  Load(b, 0x3E, &shstrndx16);
  std::uint64_t shnum = shnum16;
  std::uint32_t shstrndx = shstrndx16;
  if (shnum == 0) Load(b, shoff + 0x20, &shnum);
  if (shstrndx == kShnXindex) Load(b, shoff + 0x28, &shstrndx);
  std::vector<std::uint32_t> names;
  for (std::uint64_t i = 0; i < shnum; ++i) {
    const std::uint64_t sh = shoff + i * shentsize;
    Section s;
    std::uint32_t name = 0;
    if (!Load(b, sh, &name) || !Load(b, sh + 4, &s.type) || !Load(b, sh + 8, &s.flags) ||
        !Load(b, sh + 0x18, &s.offset) || !Load(b, sh + 0x20, &s.size) || !Load(b, sh + 0x28, &s.link) ||
        !Load(b, sh + 0x2C, &s.info) || !Load(b, sh + 0x38, &s.entsize)) {
      *error = path + ": malformed section headers";
      return std::nullopt;
    }
    names.push_back(name);
    o.sections.push_back(s);
  }
  if (shstrndx < o.sections.size()) {
    for (std::size_t i = 0; i < o.sections.size(); ++i) {
      o.sections[i].name = CString(b, o.sections[shstrndx].offset, o.sections[shstrndx].size, names[i]);
    }
  }
  for (std::size_t i = 0; i < o.sections.size(); ++i) {
    const Section& st = o.sections[i];
    if (st.type != kShtSymtab || st.link >= o.sections.size()) continue;
    const Section& str = o.sections[st.link];
    const Section* xindex = nullptr;
    for (const Section& x : o.sections) {
      if (x.type == kShtSymtabShndx && x.link == i) xindex = &x;
    }
    for (std::uint64_t e = 0; st.entsize >= 24 && (e + 1) * st.entsize <= st.size; ++e) {
      const std::uint64_t at = st.offset + e * st.entsize;
      std::uint32_t name = 0;
      unsigned char info = 0;
      std::uint16_t shndx = 0;
      Symbol s;
      Load(b, at, &name);
      Load(b, at + 4, &info);
      Load(b, at + 6, &shndx);
      Load(b, at + 8, &s.value);
      s.name = CString(b, str.offset, str.size, name);
      s.type = info & 0xf;
      s.binding = info >> 4;
      s.section = shndx;
      if (shndx == kShnXindex && xindex != nullptr) Load(b, xindex->offset + 4 * e, &s.section);
      o.symbols.push_back(s);
    }
    break;
  }
  return o;
}

// The object's source file as the compiler named it (its first STT_FILE symbol).
std::string SourceName(const Object& o) {
  for (const Symbol& s : o.symbols) {
    if (s.type == kSttFile) return s.name;
  }
  return "";
}

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
    std::optional<Object> o = Read(path, &error);
    if (!o) return error;
    const std::string source = SourceName(*o);
    if (!source.empty()) host_by_source[source] = path;
  }
  for (const std::string& device_path : device_objects) {
    std::string error;
    std::optional<Object> device = Read(device_path, &error);
    if (!device) return error;
    const std::set<std::string> kernels = MarkedLocalKernels(*device);
    const auto host_it = host_by_source.find(SourceName(*device));
    if (kernels.empty() || host_it == host_by_source.end()) continue;
    std::optional<Object> host = Read(host_it->second, &error);
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
