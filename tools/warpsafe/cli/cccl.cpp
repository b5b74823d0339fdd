#include "cli/cccl.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "cli/include_policy.h"
#include "cli/program_cache.h"
#include "frontend/shadow_tree.h"
#include "toolchain_config.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

constexpr const char* kSubtrees[] = {"cub", "thrust", "cuda", "nv"};

// The running executable's path, size and modification time: what rewrote the tree.
std::string ExecutableIdentity() {
  std::error_code ec;
  const fs::path self = fs::canonical("/proc/self/exe", ec);
  if (ec) return "unknown executable";
  const auto size = fs::file_size(self, ec);
  const auto time = fs::last_write_time(self, ec).time_since_epoch().count();
  return self.string() + " " + std::to_string(size) + " " + std::to_string(time);
}

}  // namespace

bool IsCcclRoot(const std::string& dir) {
  std::error_code ec;
  const fs::path d(dir);
  return fs::exists(d / "cub" / "cub.cuh", ec) || fs::exists(d / "thrust" / "version.h", ec) ||
         fs::exists(d / "cuda" / "std" / "version", ec);
}

std::optional<std::string> FindCccl(const std::vector<std::string>& user_dirs,
                                    const std::vector<std::string>& standard_dirs) {
  for (const std::string& d : user_dirs) {
    if (IsCcclRoot(d)) return fs::absolute(d).lexically_normal().string();
    if (IsCcclRoot(d + "/cccl")) return fs::absolute(d + "/cccl").lexically_normal().string();
  }
  // An installed toolkit: CUDA 13 keeps CCCL in include/cccl, CUDA 12 beside its own headers.
  std::vector<std::string> toolkits;
  for (const std::string& d : standard_dirs) {
    if (HoldsCudaToolkitHeaders(d)) toolkits.push_back(d);
  }
  if (const char* home = std::getenv("CUDA_HOME"); home != nullptr && *home != '\0') {
    toolkits.push_back(std::string(home) + "/include");
  }
  toolkits.push_back("/usr/local/cuda/include");
  for (const std::string& t : toolkits) {
    if (IsCcclRoot(t + "/cccl")) return fs::path(t + "/cccl").lexically_normal().string();
    if (IsCcclRoot(t)) return fs::path(t).lexically_normal().string();
  }
  // Debian's packages install into a standard directory.
  for (const std::string& d : standard_dirs) {
    if (IsCcclRoot(d)) return d;
  }
  return std::nullopt;
}

namespace {

// Whether `text` has an #include line naming a header that starts with `prefix` (`<cub/`).
bool IncludesPrefix(const std::string& text, const std::string& prefix) {
  for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at + 1)) {
    const std::size_t line = text.rfind('\n', at);
    const std::string head = text.substr(line == std::string::npos ? 0 : line + 1,
                                         at - (line == std::string::npos ? 0 : line + 1));
    if (head.find("include") != std::string::npos && head.find('#') != std::string::npos) return true;
  }
  return false;
}

// The number a `#define NAME <number>` line of `file` gives, or 0.
long DefinedNumber(const fs::path& file, const std::string& name) {
  std::ifstream in(file);
  const std::string needle = "#define " + name + " ";
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find(needle);
    if (at != std::string::npos) return std::strtol(line.c_str() + at + needle.size(), nullptr, 10);
  }
  return 0;
}

}  // namespace

bool IncludesCccl(const std::string& text) {
  for (const char* sub : kSubtrees) {
    if (IncludesPrefix(text, std::string("<") + sub + "/")) return true;
  }
  return false;
}

bool IncludesCcclDeviceAlgorithms(const std::string& text) {
  return IncludesPrefix(text, "<thrust/") || IncludesPrefix(text, "<cub/device/") ||
         IncludesPrefix(text, "<cub/cub.cuh>");
}

int CcclMajorVersion(const std::string& root) {
  // Both are MMMmmmpp (100000 per major version).
  long v = DefinedNumber(fs::path(root) / "cub" / "version.cuh", "CUB_VERSION");
  if (v == 0) v = DefinedNumber(fs::path(root) / "thrust" / "version.h", "THRUST_VERSION");
  return static_cast<int>(v / 100000);
}

std::string ShadowTree(const std::string& root, const std::string& cache_dir, std::string* error, double* seconds) {
  if (seconds != nullptr) *seconds = 0;
  // The key: the front end that rewrote it (this executable: a rebuilt warpsafe may rewrite
  // differently, and the version number does not change with every build) and every file's path,
  // size and mtime.
  std::vector<fs::path> files;
  Fingerprint fp;
  fp.Add(config::kVersion);
  fp.Add(ExecutableIdentity());
  fp.Add(root);
  std::error_code ec;
  for (const char* sub : kSubtrees) {
    const fs::path top = fs::path(root) / sub;
    if (!fs::is_directory(top, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(top, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      files.push_back(it->path());
      fp.Add(it->path().string());
      fp.Add(std::to_string(it->file_size(ec)));
      fp.Add(std::to_string(fs::last_write_time(it->path(), ec).time_since_epoch().count()));
    }
  }
  const fs::path shadow = fs::path(cache_dir) / ("cccl-" + fp.Hex());
  if (fs::is_directory(shadow, ec)) return shadow.string();
  const auto start = std::chrono::steady_clock::now();
  const fs::path tmp = shadow.string() + UniqueSuffix();
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const fs::path out = tmp / fs::relative(f, root, ec);
    if (!in.good() && !in.eof()) {
      *error = "cannot read " + f.string();
      fs::remove_all(tmp, ec);
      return "";
    }
    fs::create_directories(out.parent_path(), ec);
    std::ofstream o(out, std::ios::binary);
    o << frontend::ShadowHeader(f.string(), text);
    if (!o) {
      *error = "cannot write " + out.string();
      fs::remove_all(tmp, ec);
      return "";
    }
  }
  fs::rename(tmp, shadow, ec);
  if (ec && !fs::is_directory(shadow)) {  // another process may have published it first
    *error = "cannot write " + shadow.string() + ": " + ec.message();
    fs::remove_all(tmp, ec);
    return "";
  }
  fs::remove_all(tmp, ec);
  if (seconds != nullptr) {
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return shadow.string();
}

}  // namespace warpsafe::cli
