// An ELF64 little-endian relocatable object read whole, for the steps of the passes' join that
// look inside objects rather than only at their symbol names (internal_kernels.h,
// parameter_layouts.h). Only what those steps need is decoded: section headers, the symbol table
// (with SHT_SYMTAB_SHNDX past 0xff00 sections) and the bytes, which a step may change and write
// back.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli::elf {

constexpr std::uint32_t kShtSymtab = 2, kShtRela = 4, kShtNobits = 8, kShtSymtabShndx = 18;
constexpr std::uint64_t kShfAlloc = 2;
constexpr unsigned char kSttObject = 1, kSttFunc = 2, kSttSection = 3, kSttFile = 4, kStbLocal = 0;
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
  std::uint64_t value = 0, size = 0;
};

struct Object {
  std::string path, bytes;
  std::vector<Section> sections;
  std::vector<Symbol> symbols;  // by index in .symtab
};

template <class T>
bool Load(const std::string& bytes, std::uint64_t offset, T* out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(out, bytes.data() + offset, sizeof(T));  // ELF64 LE on an LE host: no swapping
  return true;
}

// nullopt (and `error`) when `path` cannot be read or is not an ELF64 little-endian object.
std::optional<Object> Read(const std::string& path, std::string* error);

// The object's source file as the compiler named it (its first STT_FILE symbol): the two passes'
// objects of one translation unit name the same file.
std::string SourceName(const Object& o);

// The file offset of `s`'s bytes, or nullopt when they are not in the file (undefined, common,
// absolute, in a SHT_NOBITS section, or out of bounds).
std::optional<std::uint64_t> SymbolBytes(const Object& o, const Symbol& s);

}  // namespace warpsafe::cli::elf
