#include "cli/program_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace warpsafe::cli {
namespace fs = std::filesystem;

void Fingerprint::Add(std::string_view data) {
  // The length first, so that Add("ab"), Add("c") differs from Add("a"), Add("bc").
  const std::string len = std::to_string(data.size()) + ":";
  for (std::string_view part : {std::string_view(len), data}) {
    for (unsigned char c : part) {
      a_ = (a_ ^ c) * 0x100000001b3ull;
      b_ = (b_ ^ c) * 0x100000001b3ull;
      b_ ^= b_ >> 29;  // keeps the second stream from being a linear image of the first
    }
  }
}

std::string Fingerprint::Hex() const {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(a_),
                static_cast<unsigned long long>(b_));
  return buf;
}

namespace {

// "" when `dir` exists (created 0700 if not: its parents as the umask says) and may hold the
// cache; else why not.
std::string UsableDirectory(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    if (dir.has_parent_path()) fs::create_directories(dir.parent_path(), ec);
    if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
      return std::string("cannot create it: ") + std::strerror(errno);
    }
  }
  if (!fs::is_directory(dir, ec)) return "not a directory";
  if (const std::string unsafe = UnsafeCacheDirectory(dir.string()); !unsafe.empty()) return unsafe;
  if (access(dir.c_str(), W_OK | X_OK) != 0) return "not writable";
  return "";
}

std::string Identity(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return "missing";
  return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

// The prerequisites of a Make rule as GCC writes it (`\ ` escapes a space, `\` newline continues).
std::vector<std::string> DepfilePrerequisites(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool target_done = false;
  auto flush = [&] {
    if (word.empty()) return;
    if (!target_done) {
      if (word.back() == ':') target_done = true;
    } else if (word != ":") {
      words.push_back(word);
    }
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '#')) {
      word += text[++i];
    } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
      flush();
    } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {
      word += text[++i];
    } else if (c == ' ' || c == '\t' || c == '\n') {
      flush();
      if (c == '\n' && target_done) break;  // only the first rule (GCC's -MP adds phony ones)
    } else {
      word += c;
    }
  }
  flush();
  return words;
}

}  // namespace

std::string UnsafeCacheDirectory(const std::string& dir) {
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0) return std::string("cannot inspect it: ") + std::strerror(errno);
  if (st.st_uid != geteuid()) {
    return "owned by another user (uid " + std::to_string(st.st_uid) + "), who could plant programs in it";
  }
  // Group-writable is tolerated for the user's own primary group only (the per-user group of a
  // umask 002 set-up); any other group may have other members.
  const bool others = (st.st_mode & S_IWOTH) != 0;
  const bool group = (st.st_mode & S_IWGRP) != 0 && st.st_gid != getegid();
  if (others || group) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return std::string("writable by ") + (others ? "everyone" : "the group " + std::to_string(st.st_gid)) +
           " (mode " + mode + "), who could plant programs in it; `chmod go-w` it to use it";
  }
  return "";
}

CacheChoice ChooseCacheDirectory() {
  std::vector<std::pair<fs::path, std::string>> candidates;
  if (const char* d = std::getenv("WARPSAFE_CACHE_DIR"); d != nullptr && *d != '\0') {
    candidates.emplace_back(d, "WARPSAFE_CACHE_DIR");
  } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') {
    candidates.emplace_back(fs::path(x) / "warpsafe", "XDG_CACHE_HOME");
  } else if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0') {
    candidates.emplace_back(fs::path(h) / ".cache" / "warpsafe", "HOME");
  }
  std::error_code ec;
  candidates.emplace_back(fs::temp_directory_path(ec) / ("warpsafe-cache-" + std::to_string(geteuid())), "fallback");
  CacheChoice choice;
  for (const auto& [dir, why] : candidates) {
    const std::string problem = UsableDirectory(dir);
    if (problem.empty()) {
      choice.dir = fs::absolute(dir).string();
      choice.why = why;
      return choice;
    }
    choice.refusals.push_back(dir.string() + ": " + problem);
  }
  return choice;
}

std::vector<std::string> ReadDepfile(const std::string& depfile) {
  std::ifstream in(depfile);
  if (!in) return {};
  std::stringstream s;
  s << in.rdbuf();
  return DepfilePrerequisites(s.str());
}

bool WriteStamp(const std::vector<std::string>& depfiles, const std::string& stamp,
                const std::string& exclude_prefix) {
  std::set<std::string> seen;
  std::string out;
  for (const std::string& depfile : depfiles) {
    std::ifstream in(depfile);
    if (!in) return false;
    for (const std::string& dep : ReadDepfile(depfile)) {
      if (dep.rfind(exclude_prefix, 0) == 0 || !seen.insert(dep).second) continue;
      out += dep + "\t" + Identity(dep) + "\n";
    }
  }
  return WriteFileAtomically(stamp, out);
}

bool StampValid(const std::string& stamp) {
  std::ifstream in(stamp);
  if (!in) return false;
  for (std::string line; std::getline(in, line);) {
    const std::size_t tab = line.rfind('\t');
    if (tab == std::string::npos) return false;
    if (Identity(line.substr(0, tab)) != line.substr(tab + 1)) return false;
  }
  return true;
}

std::string UniqueSuffix() {
  static std::atomic<unsigned> counter{0};
  return ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++);
}

bool WriteFileAtomically(const std::string& path, std::string_view content) {
  std::error_code probe;
  if (fs::exists(path, probe) && !fs::is_regular_file(path, probe)) {
    // `-o /dev/stdout` or a FIFO: written in place; a rename would replace the device node.
    std::ofstream out(path, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    return static_cast<bool>(out);
  }
  const std::string tmp = path + UniqueSuffix();
  // Build systems name outputs in directories that may not exist yet.
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, probe);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (!ec) return true;
  fs::remove(tmp, ec);
  return false;
}

}  // namespace warpsafe::cli
