#include "cli/parameter_layouts.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>

#include "cli/elf_object.h"
#include "cli/program_cache.h"
#include "warpsafe/engine/parameter_layout.h"

namespace warpsafe::cli {
namespace {

// The record's 32-bit words: the head (magic, count, first_mismatch, device_size, device_align,
// reserved), then (size, align) per parameter.
using engine::ParameterLayoutHead;
constexpr std::uint32_t kMagic = engine::kParameterLayoutMagic;
constexpr std::uint64_t kHeadWords = sizeof(ParameterLayoutHead) / 4;
constexpr std::uint64_t kMarkAt = offsetof(ParameterLayoutHead, first_mismatch);
static_assert(offsetof(ParameterLayoutHead, device_size) == kMarkAt + 4 &&
              offsetof(ParameterLayoutHead, device_align) == kMarkAt + 8);

struct Record {
  std::uint64_t offset = 0;  // in the object's bytes
  std::vector<std::uint32_t> words;
};

std::map<std::string, Record> Records(const elf::Object& o) {
  std::map<std::string, Record> out;
  const std::size_t prefix = std::strlen(kParameterLayoutPrefix);
  for (const elf::Symbol& s : o.symbols) {
    if (s.type != elf::kSttObject || s.name.compare(0, prefix, kParameterLayoutPrefix) != 0) continue;
    const std::optional<std::uint64_t> at = elf::SymbolBytes(o, s);
    if (!at || s.size < kHeadWords * 4 || s.size % 4 != 0) continue;
    Record r;
    r.offset = *at;
    r.words.resize(s.size / 4);
    std::memcpy(r.words.data(), o.bytes.data() + *at, s.size);
    if (r.words[0] != kMagic || r.words.size() < kHeadWords + 2 * std::uint64_t{r.words[1]}) continue;
    out.emplace(s.name, std::move(r));
  }
  return out;
}

}  // namespace

std::string MarkParameterLayoutMismatches(const std::vector<std::string>& device_objects,
                                          const std::vector<std::string>& host_objects, int* mismatches) {
  if (mismatches != nullptr) *mismatches = 0;
  std::map<std::string, std::string> host_by_source;
  for (const std::string& path : host_objects) {
    std::string error;
    std::optional<elf::Object> o = elf::Read(path, &error);
    if (!o) return error;
    const std::string source = elf::SourceName(*o);
    if (!source.empty()) host_by_source[source] = path;
  }
  for (const std::string& device_path : device_objects) {
    std::string error;
    std::optional<elf::Object> device = elf::Read(device_path, &error);
    if (!device) return error;
    const std::map<std::string, Record> device_records = Records(*device);
    const auto host_it = host_by_source.find(elf::SourceName(*device));
    if (device_records.empty() || host_it == host_by_source.end()) continue;
    std::optional<elf::Object> host = elf::Read(host_it->second, &error);
    if (!host) return error;
    bool changed = false;
    for (const auto& [name, host_record] : Records(*host)) {
      const auto d = device_records.find(name);
      if (d == device_records.end() || d->second.words[1] != host_record.words[1]) continue;
      const std::vector<std::uint32_t>& dw = d->second.words;
      const std::vector<std::uint32_t>& hw = host_record.words;
      for (std::uint32_t i = 0; i < hw[1]; ++i) {
        const std::uint64_t at = kHeadWords + 2 * std::uint64_t{i};
        if (dw[at] == hw[at] && dw[at + 1] == hw[at + 1]) continue;
        const std::uint32_t mark[3] = {i + 1, dw[at], dw[at + 1]};
        std::memcpy(&host->bytes[host_record.offset + kMarkAt], mark, sizeof(mark));
        changed = true;
        if (mismatches != nullptr) ++*mismatches;
        break;
      }
    }
    if (changed && !WriteFileAtomically(host->path, host->bytes)) return "cannot rewrite " + host->path;
  }
  return "";
}

}  // namespace warpsafe::cli
