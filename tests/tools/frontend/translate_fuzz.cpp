// A fuzzer of the front end with a fixed budget, run by CTest: random and mutated .cu text through
// frontend::Translate (and RewriteCuda), checking that it never crashes, never hangs and that its
// output stays bounded by its input. Deterministic: the seed, the corpus and the number of inputs
// are its arguments (tests/tools/CMakeLists.txt), so a failure reproduces exactly; the failing
// input is written to fuzz-failure.cu in the working directory.
//
//   translate_fuzz CORPUS_DIR ITERATIONS SEED [MAX_SECONDS]
//
// The mutations favour what the front end parses: launch brackets, __shared__, braces and
// parentheses out of balance, unterminated comments and literals (raw strings included), line
// splices, directives and includes (of headers served from memory, one of them self-including).
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "frontend/translate.h"

namespace {

namespace fs = std::filesystem;
using warpsafe::frontend::FileReader;
using warpsafe::frontend::RewriteCuda;
using warpsafe::frontend::Translate;
using warpsafe::frontend::TranslateOptions;
using warpsafe::frontend::TranslateResult;

constexpr double kSecondsPerInput = 5;  // far above the slowest input seen (well under 10 ms)

// The input being translated, for the crash handler (a copy that is never reallocated while in use).
char g_current[1 << 20];
std::size_t g_current_size = 0;
// When the input being translated started (ms on the steady clock), -1 between inputs. A global:
// the watchdog thread is detached and may still look at it while the process exits.
std::atomic<std::int64_t> g_started_ms{-1};

void SaveCurrent() {
  const int fd = open("fuzz-failure.cu", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  std::size_t done = 0;
  while (done < g_current_size) {
    const ssize_t n = write(fd, g_current + done, g_current_size - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  close(fd);
}

void OnCrash(int sig) {
  SaveCurrent();
  const char msg[] = "translate_fuzz: the front end crashed; the input is in fuzz-failure.cu\n";
  (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
  signal(sig, SIG_DFL);
  raise(sig);
}

[[noreturn]] void Fail(const std::string& what) {
  SaveCurrent();
  std::fprintf(stderr, "translate_fuzz: %s; the input is in fuzz-failure.cu\n", what.c_str());
  std::exit(1);
}

const std::vector<std::string>& Dictionary() {
  static const std::vector<std::string> words = {
      "<<<", ">>>", "<<<1, 32>>>", ">>", "<", ">", "(", ")", "{", "}", "[", "]", ";", ",", "::", "->", "...",
      "__shared__", "extern", "static", "__global__", "__device__", "__host__", "template", "typename",
      "class", "struct", "main", "int main(", "return", "k<<<", "dim3(", "sizeof(", "decltype(", "operator<<",
      "\"", "'", "/*", "*/", "//", "R\"(", ")\"", "R\"x(", "\\\n", "\n", "#", "#include \"header.cuh\"\n",
      "#include \"self.cuh\"\n", "#include \"missing.cuh\"\n", "#include <header.cuh>\n", "#define ", "#if 0\n",
      "#endif\n", "#pragma once\n", "#line 7\n", "__noinline__", "[[", "]]", "u8\"", "L'", "0x1p3", "1'000",
      "\t", " ", "=", "&&", "||", "?", ":", "\xff", "\x00", "__shared__ int a[32];", "extern __shared__ float s[];"};
  return words;
}

// One mutation of `text`, chosen by `rng`; `corpus` supplies splices.
void Mutate(std::string& text, std::mt19937_64& rng, const std::vector<std::string>& corpus) {
  auto pos = [&] { return text.empty() ? 0 : static_cast<std::size_t>(rng() % (text.size() + 1)); };
  switch (rng() % 7) {
    case 0: {  // a dictionary word inserted
      const std::string& w = Dictionary()[rng() % Dictionary().size()];
      text.insert(pos(), w);
      break;
    }
    case 1: {  // a range deleted
      if (text.empty()) break;
      const std::size_t at = rng() % text.size();
      text.erase(at, rng() % 64);
      break;
    }
    case 2: {  // a byte replaced by any byte
      if (text.empty()) break;
      text[rng() % text.size()] = static_cast<char>(rng() % 256);
      break;
    }
    case 3: {  // a range duplicated
      if (text.empty()) break;
      const std::size_t at = rng() % text.size();
      const std::string piece = text.substr(at, rng() % 256);
      text.insert(pos(), piece);
      break;
    }
    case 4: {  // a piece of another corpus file spliced in
      const std::string& other = corpus[rng() % corpus.size()];
      if (other.empty()) break;
      const std::size_t at = rng() % other.size();
      text.insert(pos(), other.substr(at, rng() % 512));
      break;
    }
    case 5: {  // the text cut short (an unterminated construct at the end)
      if (!text.empty()) text.resize(rng() % text.size());
      break;
    }
    default: {  // random printable noise
      std::string noise;
      const std::size_t n = rng() % 64;
      for (std::size_t i = 0; i < n; ++i) noise += static_cast<char>(' ' + rng() % 95);
      text.insert(pos(), noise);
    }
  }
}

std::size_t Lines(const std::string& text) {
  std::size_t n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR ITERATIONS SEED [MAX_SECONDS]\n", argv[0]);
    return 64;
  }
  const std::string corpus_dir = argv[1];
  const unsigned long iterations = std::strtoul(argv[2], nullptr, 10);
  const unsigned long long seed = std::strtoull(argv[3], nullptr, 10);
  const double max_seconds = argc > 4 ? std::strtod(argv[4], nullptr) : 60;

  std::vector<std::string> corpus;
  std::map<std::string, std::string> headers;
  for (const auto& entry : fs::directory_iterator(corpus_dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    corpus.push_back(s.str());
    if (entry.path().extension() == ".cuh") headers["/fuzz/" + entry.path().filename().string()] = s.str();
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "translate_fuzz: no corpus in %s\n", corpus_dir.c_str());
    return 1;
  }
  headers["/fuzz/self.cuh"] = "#include \"self.cuh\"\n__global__ void self_kernel() {}\n";
  std::size_t header_bytes = 0;
  for (const auto& [path, text] : headers) header_bytes += text.size();
  const FileReader reader = [&headers](const std::string& path) -> std::optional<std::string> {
    auto it = headers.find(path);
    if (it == headers.end()) return std::nullopt;
    return it->second;
  };

  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL}) signal(sig, OnCrash);
  // The hang watchdog: an input that takes longer than kSecondsPerInput is a hang.
  static const auto now_ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  };
  std::thread([] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const std::int64_t s = g_started_ms.load();
      if (s >= 0 && now_ms() - s > kSecondsPerInput * 1000) {
        SaveCurrent();
        std::fprintf(stderr, "translate_fuzz: an input took over %.0f s (a hang); it is in fuzz-failure.cu\n",
                     kSecondsPerInput);
        std::_Exit(1);
      }
    }
  }).detach();

  std::mt19937_64 rng(seed);
  const auto begin = std::chrono::steady_clock::now();
  unsigned long done = 0;
  std::size_t largest = 0;
  for (; done < iterations; ++done) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() > max_seconds) break;
    std::string input;
    if (rng() % 10 == 0) {  // sometimes pure noise, any byte
      const std::size_t n = rng() % 2048;
      for (std::size_t i = 0; i < n; ++i) input += static_cast<char>(rng() % 256);
    } else {
      input = corpus[rng() % corpus.size()];
      const unsigned mutations = 1 + static_cast<unsigned>(rng() % 16);
      for (unsigned m = 0; m < mutations; ++m) Mutate(input, rng, corpus);
    }
    if (input.size() > sizeof g_current) input.resize(sizeof g_current);
    std::copy(input.begin(), input.end(), g_current);
    g_current_size = input.size();
    largest = std::max(largest, input.size());

    TranslateOptions options;
    options.wrap_main = rng() % 2 == 0;
    options.include_dirs = {"/fuzz"};
    g_started_ms.store(now_ms());
    const TranslateResult result = Translate("/fuzz/input.cu", input, options, reader);
    const std::string rewritten = RewriteCuda(input, options.wrap_main);
    g_started_ms.store(-1);

    // Bounded: the text grows by the rewrites of the constructs it has, and inlined headers.
    const std::size_t bound = 32 * (input.size() + header_bytes) + 64 * 1024;
    if (result.text.size() > bound) {
      Fail("output of " + std::to_string(result.text.size()) + " bytes for an input of " +
           std::to_string(input.size()));
    }
    if (result.errors.size() > Lines(input) + 64) {
      Fail(std::to_string(result.errors.size()) + " errors for an input of " + std::to_string(Lines(input)) +
           " lines");
    }
    // RewriteCuda's contract: line for line, so that the compiler's diagnostics name the user's lines.
    if (Lines(rewritten) != Lines(input)) {
      Fail("RewriteCuda made " + std::to_string(Lines(rewritten)) + " lines of " + std::to_string(Lines(input)));
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::printf("translate_fuzz: %lu inputs (largest %zu bytes) in %.1f s, seed %llu: no crash, hang or unbounded "
              "output\n",
              done, largest, seconds, seed);
  if (done < iterations) {
    std::printf("translate_fuzz: the time cap (%.0f s) ended the run before its %lu inputs\n", max_seconds, iterations);
  }
  return 0;
}
