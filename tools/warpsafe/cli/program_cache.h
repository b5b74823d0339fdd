// The cache of compiled programs, so that a rerun of `warpsafe run` starts at once.
//
// An entry is `<dir>/<key>` (the executable) with `<key>.stamp` beside it. The key fingerprints
// what the build reads that warpsafe knows up front (the translated source, which contains every
// inlined header; the compile command; the compiler's and libraries' identities; warpsafe's
// version). The stamp lists every header the compiler actually read (its -MD output) with size and
// mtime, so an edited engine or -I header invalidates the entry too. Entries are written to
// temporary names and renamed, so concurrent runs never see a partial file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpsafe::cli {

// A 128-bit hash (two FNV-1a 64 with different offset bases) of everything added to it.
class Fingerprint {
 public:
  void Add(std::string_view data);
  std::string Hex() const;

 private:
  std::uint64_t a_ = 0xcbf29ce484222325ull;
  std::uint64_t b_ = 0x84222325cbf29ce4ull;
};

// The cache directory and why it is that one. A cached executable is run as the user: a directory
// someone else could write into would let them plant a program that the next `warpsafe run`
// executes as a cache hit, so a directory owned by another user, writable by everyone, or writable
// by a group other than the user's own primary group is refused (and a new one is created 0700).
struct CacheChoice {
  std::string dir;      // absolute; empty when no directory is usable (`refusals` say why)
  std::string why;      // "WARPSAFE_CACHE_DIR", "XDG_CACHE_HOME", "HOME" or "fallback"
  std::vector<std::string> refusals;  // "DIR: reason" for each candidate skipped, in order
};

// $WARPSAFE_CACHE_DIR, else $XDG_CACHE_HOME/warpsafe, else ~/.cache/warpsafe, created if needed;
// $TMPDIR/warpsafe-cache-<uid> (else /tmp/...) when that one cannot be used.
CacheChoice ChooseCacheDirectory();

// Why `dir` (an existing directory) must not hold a cache, or "" when it may.
std::string UnsafeCacheDirectory(const std::string& dir);

// The prerequisites of the first rule of a Make-syntax depfile (the compiler's -MD output).
std::vector<std::string> ReadDepfile(const std::string& depfile);

// Writes the stamp for an entry from the compilers' depfiles (one per compile), leaving out the
// files whose path starts with `exclude_prefix` (the translated sources, whose text is in the key).
bool WriteStamp(const std::vector<std::string>& depfiles, const std::string& stamp,
                const std::string& exclude_prefix);
// Whether every file the stamp lists is unchanged.
bool StampValid(const std::string& stamp);

// A name suffix no other process or call uses: ".tmp.<pid>.<n>".
std::string UniqueSuffix();

// Writes `content` to `path` through a temporary file and a rename, creating the directories.
bool WriteFileAtomically(const std::string& path, std::string_view content);

}  // namespace warpsafe::cli
