#include "race/static_objects.h"

#include <algorithm>
#include <string_view>

#include "race/mapped_executable.h"
#include "race/symbolizer.h"

namespace warpsafe::engine::race {
namespace {

constexpr std::string_view kDeviceSuffix = ".device";  // pass_join.h's DeviceSymbolName
constexpr std::string_view kDeviceSections[] = {"warpsafe_device.", "warpsafe_constant."};  // keywords.h

}  // namespace

StaticObjects& GetStaticObjects() {
  static auto* objects = new StaticObjects();  // never destroyed: accesses may come during exit
  return *objects;
}

void StaticObjects::Load() {
  if (loaded_) return;
  loaded_ = true;
  const MappedExecutable exe;
  // The load bias of a position-independent executable: symbol values are offsets from it.
  const std::uintptr_t bias = 0 - ExecutableOffset(0);
  exe.ForEachSymbol([&](const Elf64_Sym& s, std::string_view name, std::string_view section) {
    if (ELF64_ST_TYPE(s.st_info) != STT_OBJECT || s.st_shndx == SHN_UNDEF || s.st_size == 0) return;
    const StaticObject object{static_cast<std::uintptr_t>(s.st_value) + bias, static_cast<std::size_t>(s.st_size)};
    bool device = false;
    for (std::string_view prefix : kDeviceSections) device |= section.substr(0, prefix.size()) == prefix;
    if (device) {
      device_variables_.push_back(object);
    } else if (ELF64_ST_BIND(s.st_info) == STB_GLOBAL && ELF64_ST_VISIBILITY(s.st_other) == STV_DEFAULT &&
               !(name.size() > kDeviceSuffix.size() &&
                 name.substr(name.size() - kDeviceSuffix.size()) == kDeviceSuffix)) {
      host_globals_.push_back(object);
    }
  });
  const auto by_start = [](const StaticObject& a, const StaticObject& b) { return a.start < b.start; };
  std::sort(device_variables_.begin(), device_variables_.end(), by_start);
  std::sort(host_globals_.begin(), host_globals_.end(), by_start);
}

const StaticObject* StaticObjects::Find(const std::vector<StaticObject>& objects, std::uintptr_t address) {
  auto it = std::upper_bound(objects.begin(), objects.end(), address,
                             [](std::uintptr_t a, const StaticObject& o) { return a < o.start; });
  if (it == objects.begin()) return nullptr;
  --it;
  return &*it;
}

}  // namespace warpsafe::engine::race
