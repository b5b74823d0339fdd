#include "cli/elf_object.h"

#include <fstream>
#include <iterator>

namespace warpsafe::cli::elf {
namespace {

std::string CString(const std::string& bytes, std::uint64_t table, std::uint64_t size, std::uint32_t at) {
  if (at >= size || table + size > bytes.size()) return "";
  const char* begin = bytes.data() + table + at;
  return std::string(begin, strnlen(begin, size - at));
}

}  // namespace

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
      Load(b, at + 16, &s.size);
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

std::string SourceName(const Object& o) {
  for (const Symbol& s : o.symbols) {
    if (s.type == kSttFile) return s.name;
  }
  return "";
}

std::optional<std::uint64_t> SymbolBytes(const Object& o, const Symbol& s) {
  if (s.section == 0 || s.section >= o.sections.size()) return std::nullopt;
  const Section& section = o.sections[s.section];
  if (section.type == kShtNobits || s.value > section.size || section.size - s.value < s.size) return std::nullopt;
  const std::uint64_t at = section.offset + s.value;
  if (at > o.bytes.size() || o.bytes.size() - at < s.size) return std::nullopt;
  return at;
}

}  // namespace warpsafe::cli::elf
