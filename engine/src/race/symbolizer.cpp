#include "race/symbolizer.h"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string_view>

namespace warpsafe::engine::race {
namespace {

std::string ExecutablePath() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "/proc/self/exe";
  return std::string(buf, static_cast<std::size_t>(n));
}

// The main program's load bias (0 for a non-PIE executable): the first object dl_iterate_phdr
// visits is the executable itself.
std::uintptr_t LoadBias() {
  std::uintptr_t bias = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        *static_cast<std::uintptr_t*>(data) = info->dlpi_addr;
        return 1;
      },
      &bias);
  return bias;
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

struct LoadedObjects {
  std::mutex mutex;
  std::set<std::string> paths;
};

LoadedObjects& Loaded() {
  static auto* loaded = new LoadedObjects();  // outlives static destructors
  return *loaded;
}

bool IsLoadedObject(const char* path) {
  LoadedObjects& l = Loaded();
  std::lock_guard<std::mutex> lock(l.mutex);
  return l.paths.count(path) != 0;
}

// How many threads are running a symbolizer command now (SymbolizerBusy).
std::atomic<int> g_running{0};

std::string Run(const std::string& command) {
  g_running.fetch_add(1, std::memory_order_relaxed);
  std::string out;
  if (FILE* p = popen(command.c_str(), "r")) {
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  g_running.fetch_sub(1, std::memory_order_relaxed);
  return out;
}

// Drops the namespaces the front end gives entities of internal linkage so that the two passes can
// join them (tools/warpsafe/frontend/internal_linkage.h): the user wrote `static` or an unnamed
// namespace, not the name.
std::string WithoutUnitNamespaces(std::string name) {
  static constexpr std::string_view kPrefix = "warpsafe_internal_";
  for (std::size_t at = name.find(kPrefix); at != std::string::npos; at = name.find(kPrefix, at)) {
    const std::size_t end = name.find("::", at);
    if (end == std::string::npos) break;
    name.erase(at, end + 2 - at);
  }
  return name;
}

}  // namespace

bool SymbolizerBusy() { return g_running.load(std::memory_order_relaxed) > 0; }

void AddCodeObject(const std::string& path) {
  LoadedObjects& l = Loaded();
  std::lock_guard<std::mutex> lock(l.mutex);
  l.paths.insert(path);
}

namespace {

// Reads addr2line's answer for one address: a function line, then a "file:line" line.
bool ReadLocation(std::istringstream& lines, CodeLocation* loc) {
  std::string function, where;
  if (!std::getline(lines, function) || !std::getline(lines, where)) return false;
  if (function != "??") loc->function = WithoutUnitNamespaces(function);
  // "file:line" or "file:line (discriminator n)"; "??:0" or "??:?" when unknown.
  const std::size_t space = where.find(" (");
  if (space != std::string::npos) where.resize(space);
  const std::size_t colon = where.rfind(':');
  if (colon == std::string::npos) return true;
  const std::string file = where.substr(0, colon);
  if (file == "??") return true;
  loc->file = file;
  loc->line = static_cast<unsigned>(std::strtoul(where.c_str() + colon + 1, nullptr, 10));
  return true;
}

// The file whose code holds `address` and the bias it was loaded at: the executable, or a shared
// object the program loaded itself (code compiled at run time, engine/src/nvrtc), whose lines are
// read from that object.
struct CodeObject {
  std::string path;
  std::uintptr_t bias = 0;
  bool operator<(const CodeObject& o) const { return path < o.path; }
};

CodeObject ObjectOf(std::uintptr_t address) {
  const std::uintptr_t bias = LoadBias();
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(address), &info) != 0 && info.dli_fname != nullptr &&
      IsLoadedObject(info.dli_fname)) {
    // The link map's base (not dli_fbase, the first mapping) is what the object's addresses are
    // relative to.
    link_map* map = nullptr;
    if (dladdr1(reinterpret_cast<const void*>(address), &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) != 0 &&
        map != nullptr && map->l_addr != bias) {
      return CodeObject{info.dli_fname, map->l_addr};
    }
  }
  return CodeObject{ExecutablePath(), bias};
}

// addr2line's command for the calls at `return_addresses`, all in `object`.
std::string Addr2line(const char* options, const std::vector<std::uintptr_t>& return_addresses,
                      const CodeObject& object) {
  // A return address is the instruction after the call; the call itself is one byte earlier
  // (enough to land inside it, so that its line, not the next one's, is reported).
  std::string command = std::string("addr2line ") + options + " -e " + Quote(object.path);
  for (const std::uintptr_t a : return_addresses) {
    char hex[32];
    std::snprintf(hex, sizeof hex, " 0x%lx", static_cast<unsigned long>(a - 1 - object.bias));
    command += hex;
  }
  return command + " 2>/dev/null";
}

// The addresses grouped by the object their code is in (one addr2line run each), with their
// positions in `return_addresses`.
std::map<CodeObject, std::pair<std::vector<std::uintptr_t>, std::vector<std::size_t>>> ByObject(
    const std::vector<std::uintptr_t>& return_addresses) {
  std::map<CodeObject, std::pair<std::vector<std::uintptr_t>, std::vector<std::size_t>>> groups;
  for (std::size_t i = 0; i < return_addresses.size(); ++i) {
    auto& group = groups[ObjectOf(return_addresses[i] - 1)];
    group.first.push_back(return_addresses[i]);
    group.second.push_back(i);
  }
  return groups;
}

std::vector<std::vector<CodeLocation>> ManyWithInliningIn(const std::vector<std::uintptr_t>& return_addresses,
                                                          const CodeObject& object);

}  // namespace

std::vector<CodeLocation> SymbolizeReturnAddresses(const std::vector<std::uintptr_t>& return_addresses) {
  std::vector<CodeLocation> out(return_addresses.size());
  if (return_addresses.empty()) return out;
  // The innermost frame of each.
  const std::vector<std::vector<CodeLocation>> frames = SymbolizeManyWithInlining(return_addresses);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!frames[i].empty()) out[i] = frames[i].front();
  }
  return out;
}

std::vector<CodeLocation> SymbolizeWithInlining(std::uintptr_t return_address) {
  // One address: every pair of lines is one frame, innermost first.
  std::istringstream lines(Run(Addr2line("-f -C -i", {return_address}, ObjectOf(return_address - 1))));
  std::vector<CodeLocation> out;
  for (CodeLocation loc; ReadLocation(lines, &loc); loc = CodeLocation{}) out.push_back(loc);
  return out;
}

std::vector<std::vector<CodeLocation>> SymbolizeManyWithInlining(const std::vector<std::uintptr_t>& return_addresses) {
  std::vector<std::vector<CodeLocation>> out(return_addresses.size());
  for (const auto& [object, group] : ByObject(return_addresses)) {
    std::vector<std::vector<CodeLocation>> part = ManyWithInliningIn(group.first, object);
    for (std::size_t k = 0; k < group.second.size(); ++k) out[group.second[k]] = std::move(part[k]);
  }
  return out;
}

namespace {

std::vector<std::vector<CodeLocation>> ManyWithInliningIn(const std::vector<std::uintptr_t>& return_addresses,
                                                          const CodeObject& object) {
  std::vector<std::vector<CodeLocation>> out(return_addresses.size());
  if (return_addresses.empty()) return out;
  // With -a each address's frames follow a line holding the address itself ("0x...").
  std::istringstream lines(Run(Addr2line("-a -f -C -i", return_addresses, object)));
  std::string line;
  long index = -1;
  while (std::getline(lines, line)) {
    if (line.rfind("0x", 0) == 0) {
      if (++index >= static_cast<long>(out.size())) break;
      continue;
    }
    if (index < 0) continue;
    std::string where;
    if (!std::getline(lines, where)) break;
    std::istringstream pair(line + "\n" + where + "\n");
    CodeLocation loc;
    if (ReadLocation(pair, &loc)) out[static_cast<std::size_t>(index)].push_back(loc);
  }
  return out;
}

}  // namespace

std::uintptr_t ExecutableOffset(std::uintptr_t address) { return address - LoadBias(); }

bool SymbolizeData(std::uintptr_t address, DataSymbol* out) {
  const std::uintptr_t target = address - LoadBias();
  // "address size type name", then a tab and "file:line" where the debug information has the
  // declaration, for every defined symbol with a size.
  std::istringstream lines(Run("nm -C -S -l --defined-only " + Quote(ExecutablePath()) + " 2>/dev/null"));
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string addr, size, type;
    if (!(fields >> addr >> size >> type)) continue;
    if (type.size() != 1 || std::string("bBdDrRgGsSvV").find(type[0]) == std::string::npos) continue;
    const std::uintptr_t start = std::strtoull(addr.c_str(), nullptr, 16);
    const std::size_t bytes = std::strtoull(size.c_str(), nullptr, 16);
    if (target < start || target >= start + (bytes == 0 ? 1 : bytes)) continue;
    std::string name;
    std::getline(fields, name);
    const std::size_t tab = name.find('\t');
    if (tab != std::string::npos) {
      const std::string where = name.substr(tab + 1);
      name.resize(tab);
      const std::size_t colon = where.rfind(':');
      if (colon != std::string::npos && colon > 0) {
        out->file = where.substr(0, colon);
        out->line = static_cast<unsigned>(std::strtoul(where.c_str() + colon + 1, nullptr, 10));
      }
    }
    const std::size_t first = name.find_first_not_of(' ');
    out->name = WithoutUnitNamespaces(first == std::string::npos ? "" : name.substr(first));
    out->start = start + LoadBias();
    out->size = bytes;
    return true;
  }
  return false;
}

}  // namespace warpsafe::engine::race
