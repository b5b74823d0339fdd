#include "cli/nvcc_options.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "frontend/translate.h"

namespace warpsafe::cli {
namespace {

enum class Kind {
  kArch,         // -arch / --gpu-architecture
  kCode,         // -code / --gpu-code
  kGencode,      // -gencode / --generate-code
  kCompiler,     // -Xcompiler / --compiler-options: host compiler options, comma separated
  kLinker,       // -Xlinker / --linker-options
  kStd,          // -std / --std
  kLibrary,      // -l / --library
  kLibraryPath,  // -L / --library-path
  kInclude,      // --include-path (-I is warpsafe's own)
  kSystemInclude,  // -isystem / --system-include
  kDefine,       // --define-macro (-D is warpsafe's own)
  kUndefine,     // -U / --undefine-macro
  kLanguage,     // -x / --x
  kIgnored,      // no effect on the engine
  kRefused,      // asks nvcc for something other than a program
};

struct Spec {
  const char* short_name;  // with its dash, or nullptr
  const char* long_name;   // with its dashes, or nullptr
  Kind kind;
  bool takes_value;
  const char* why;  // kRefused: what the option asks for
};

// nvcc's option table ("NVCC Command Options"), the entries a program's build line may carry.
constexpr Spec kSpecs[] = {
    {"-arch", "--gpu-architecture", Kind::kArch, true, nullptr},
    {"-code", "--gpu-code", Kind::kCode, true, nullptr},
    {"-gencode", "--generate-code", Kind::kGencode, true, nullptr},
    {"-Xcompiler", "--compiler-options", Kind::kCompiler, true, nullptr},
    {"-Xlinker", "--linker-options", Kind::kLinker, true, nullptr},
    {"-std", "--std", Kind::kStd, true, nullptr},
    {"-l", "--library", Kind::kLibrary, true, nullptr},
    {"-L", "--library-path", Kind::kLibraryPath, true, nullptr},
    {nullptr, "--include-path", Kind::kInclude, true, nullptr},
    {"-isystem", "--system-include", Kind::kSystemInclude, true, nullptr},
    {nullptr, "--define-macro", Kind::kDefine, true, nullptr},
    {"-U", "--undefine-macro", Kind::kUndefine, true, nullptr},
    {"-x", "--x", Kind::kLanguage, true, nullptr},
    // nvcc's output file: `run` and `check` build the program in their cache.
    {"-o", "--output-file", Kind::kIgnored, true, nullptr},
    // GPU code generation, optimisation and debug information: the engine has no such stage.
    {"-O0", nullptr, Kind::kIgnored, false, nullptr},
    {"-O1", nullptr, Kind::kIgnored, false, nullptr},
    {"-O2", nullptr, Kind::kIgnored, false, nullptr},
    {"-O3", nullptr, Kind::kIgnored, false, nullptr},
    {"-O", "--optimize", Kind::kIgnored, true, nullptr},
    {"-dopt", "--dopt", Kind::kIgnored, true, nullptr},
    {"-lineinfo", "--generate-line-info", Kind::kIgnored, false, nullptr},
    {"-g", "--debug", Kind::kIgnored, false, nullptr},
    {"-G", "--device-debug", Kind::kIgnored, false, nullptr},
    {"-Xptxas", "--ptxas-options", Kind::kIgnored, true, nullptr},
    {"-Xnvlink", "--nvlink-options", Kind::kIgnored, true, nullptr},
    {"-Xfatbin", "--fatbin-options", Kind::kIgnored, true, nullptr},
    {"-Xarchive", "--archive-options", Kind::kIgnored, true, nullptr},
    {"-Xcudafe", nullptr, Kind::kIgnored, true, nullptr},
    {"-maxrregcount", "--maxrregcount", Kind::kIgnored, true, nullptr},
    {"-rdc", "--relocatable-device-code", Kind::kIgnored, true, nullptr},
    {"-dlto", "--dlink-time-opt", Kind::kIgnored, false, nullptr},
    {"-use_fast_math", "--use_fast_math", Kind::kIgnored, false, nullptr},
    {"-ftz", "--ftz", Kind::kIgnored, true, nullptr},
    {"-prec-div", "--prec-div", Kind::kIgnored, true, nullptr},
    {"-prec-sqrt", "--prec-sqrt", Kind::kIgnored, true, nullptr},
    {"-fmad", "--fmad", Kind::kIgnored, true, nullptr},
    {"-extra-device-vectorization", "--extra-device-vectorization", Kind::kIgnored, false, nullptr},
    {"-split-compile", "--split-compile", Kind::kIgnored, true, nullptr},
    {"-t", "--threads", Kind::kIgnored, true, nullptr},
    {"-m64", nullptr, Kind::kIgnored, false, nullptr},
    {"-m", "--machine", Kind::kIgnored, true, nullptr},
    // The runtime and toolchain nvcc would use: the engine is both.
    {"-cudart", "--cudart", Kind::kIgnored, true, nullptr},
    {"-cudadevrt", "--cudadevrt", Kind::kIgnored, true, nullptr},
    {"-ccbin", "--compiler-bindir", Kind::kIgnored, true, nullptr},
    {"-allow-unsupported-compiler", "--allow-unsupported-compiler", Kind::kIgnored, false, nullptr},
    {"-default-stream", "--default-stream", Kind::kIgnored, true, nullptr},
    {"-run", "--run", Kind::kIgnored, false, nullptr},
    // Relaxations of the CUDA dialect the engine's C++ compile already allows.
    {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr", Kind::kIgnored, false, nullptr},
    {"-expt-extended-lambda", "--expt-extended-lambda", Kind::kIgnored, false, nullptr},
    {"-extended-lambda", "--extended-lambda", Kind::kIgnored, false, nullptr},
    {"-restrict", "--restrict", Kind::kIgnored, false, nullptr},
    {"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", Kind::kIgnored, false, nullptr},
    {"-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker", Kind::kIgnored, false, nullptr},
    // Diagnostics, intermediate files and timing.
    {"-w", "--disable-warnings", Kind::kIgnored, false, nullptr},
    {"-Werror", "--Werror", Kind::kIgnored, true, nullptr},
    {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", Kind::kIgnored, false, nullptr},
    {"-Wno-deprecated-declarations", "--Wno-deprecated-declarations", Kind::kIgnored, false, nullptr},
    {"-Wreorder", "--Wreorder", Kind::kIgnored, false, nullptr},
    {"-Wdefault-stream-launch", "--Wdefault-stream-launch", Kind::kIgnored, false, nullptr},
    {"-Wext-lambda-captures-this", "--Wext-lambda-captures-this", Kind::kIgnored, false, nullptr},
    {"-diag-suppress", "--diag-suppress", Kind::kIgnored, true, nullptr},
    {"-diag-warn", "--diag-warn", Kind::kIgnored, true, nullptr},
    {"-diag-error", "--diag-error", Kind::kIgnored, true, nullptr},
    {"-err-no", "--display-error-number", Kind::kIgnored, false, nullptr},
    {"-no-err-no", "--no-display-error-number", Kind::kIgnored, false, nullptr},
    {"-res-usage", "--resource-usage", Kind::kIgnored, false, nullptr},
    {"-src-in-ptx", "--source-in-ptx", Kind::kIgnored, false, nullptr},
    {"-keep", "--keep", Kind::kIgnored, false, nullptr},
    {"-keep-dir", "--keep-dir", Kind::kIgnored, true, nullptr},
    {"-time", "--time", Kind::kIgnored, true, nullptr},
    {"-MD", "--generate-dependencies-with-compile", Kind::kIgnored, false, nullptr},
    {"-MMD", "--generate-nonsystem-dependencies-with-compile", Kind::kIgnored, false, nullptr},
    {"-MP", "--generate-dependency-targets", Kind::kIgnored, false, nullptr},
    {"-MF", "--dependency-output", Kind::kIgnored, true, nullptr},
    {"-MT", "--dependency-target-name", Kind::kIgnored, true, nullptr},
    // Outputs other than a program.
    {"-c", "--compile", Kind::kRefused, false, "an object file"},
    {"-dc", "--device-c", Kind::kRefused, false, "a relocatable object file"},
    {"-dw", "--device-w", Kind::kRefused, false, "a relocatable object file"},
    {"-dlink", "--device-link", Kind::kRefused, false, "a device link step"},
    {"-ptx", "--ptx", Kind::kRefused, false, "PTX"},
    {"-cubin", "--cubin", Kind::kRefused, false, "a cubin"},
    {"-fatbin", "--fatbin", Kind::kRefused, false, "a fatbinary"},
    {"-cuda", "--cuda", Kind::kRefused, false, "the host code nvcc generates"},
    {"-E", "--preprocess", Kind::kRefused, false, "preprocessed source"},
    {"-M", "--generate-dependencies", Kind::kRefused, false, "a dependency file"},
    {"-MM", "--generate-nonsystem-dependencies", Kind::kRefused, false, "a dependency file"},
    {"-lib", "--lib", Kind::kRefused, false, "a static library"},
    {"-shared", "--shared", Kind::kRefused, false, "a shared library"},
    {"-dryrun", "--dryrun", Kind::kRefused, false, "a list of commands"},
    {"-include", "--pre-include", Kind::kRefused, true,
     "a header included before the source, which the front end would not translate (include it in the source)"},
};

// CUDA's own libraries: the engine is the library (or a header it refuses names the one it is not).
bool IsCudaLibrary(const std::string& name) {
  static constexpr const char* kPrefixes[] = {"cudart", "cudadevrt", "culibos", "cublas", "curand", "cufft",
                                              "cusparse", "cusolver", "nvToolsExt", "nvtx", "nvrtc", "nvJitLink",
                                              "nvjpeg", "npp", "nccl", "cudnn", "cupti", "nvptxcompiler"};
  if (name == "cuda") return true;
  for (const char* p : kPrefixes) {
    if (name.rfind(p, 0) == 0) return true;
  }
  return false;
}

// Whether a host compiler option asks for a C++ standard older than C++17 (`-std=c++14`,
// `-std=gnu++11`, `-std=c++0x`), which the engine's headers cannot be compiled as. nvcc hands
// such an option to the host compiler; here it is left out, so the host pass keeps C++17 as
// -std=c++11 and -std=c++14 give it (code written for an older standard compiles as C++17).
bool IsOlderCxxStandard(const std::string& option) {
  for (const char* prefix : {"-std=c++", "-std=gnu++", "--std=c++", "--std=gnu++"}) {
    const std::string p(prefix);
    if (option.rfind(p, 0) != 0) continue;
    const std::string year = option.substr(p.size());
    return year == "98" || year == "03" || year == "0x" || year == "11" || year == "1y" || year == "14";
  }
  return false;
}

// The compute capability named by an architecture word of -arch, -code or -gencode: sm_80,
// compute_80, lto_80, sm_90a. 0: not such a word.
int ArchNumber(const std::string& word) {
  for (const char* prefix : {"sm_", "compute_", "lto_"}) {
    const std::string p(prefix);
    if (word.rfind(p, 0) != 0) continue;
    std::string digits = word.substr(p.size());
    while (!digits.empty() && std::isalpha(static_cast<unsigned char>(digits.back()))) digits.pop_back();
    if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
    return std::stoi(digits);
  }
  return 0;
}

// The emulated architecture for compute capability `cc`: the highest one of the same major
// version at or below it (sm_87 runs as sm_86, sm_72 as sm_70); anything older than Pascal
// (sm_20, sm_35, sm_52: the Makefiles of older programs) runs as sm_60, whose pre-Volta warp rules
// are the ones such a program was written for; "" for a generation newer than the engine's.
std::string EmulatedArch(int cc) {
  static constexpr int kEmulated[] = {90, 89, 86, 80, 75, 70, 60};
  if (cc < 60) return "sm_60";
  for (int e : kEmulated) {
    if (e / 10 == cc / 10 && e <= cc) return "sm_" + std::to_string(e);
  }
  return "";
}

// Every architecture word in an -arch/-code/-gencode value: `sm_80`, `compute_80,sm_80`,
// `arch=compute_80,code=[sm_80,compute_80]`.
std::vector<int> ArchNumbers(const std::string& value) {
  std::vector<int> out;
  std::string word;
  auto flush = [&] {
    if (const int n = ArchNumber(word); n != 0) out.push_back(n);
    word.clear();
  };
  for (char c : value) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
    } else {
      flush();
    }
  }
  flush();
  return out;
}

std::vector<std::string> SplitCommas(const std::string& value) {
  std::vector<std::string> out;
  std::string part;
  for (char c : value) {
    if (c == ',') {
      if (!part.empty()) out.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  if (!part.empty()) out.push_back(part);
  return out;
}

// Applies an architecture option: the highest architecture any nvcc option names, unless
// warpsafe's own --arch chose one.
bool ApplyArch(const std::string& flag, const std::string& value, CommandLine* cl, std::string* error) {
  if (value == "native" || value == "all" || value == "all-major") return true;  // the default
  const std::vector<int> numbers = ArchNumbers(value);
  if (numbers.empty()) {
    *error = "bad value '" + value + "' for " + flag + " (expected an architecture such as sm_80)";
    return false;
  }
  const int cc = *std::max_element(numbers.begin(), numbers.end());
  const std::string arch = EmulatedArch(cc);
  if (arch.empty()) {
    *error = flag + " " + value + ": warpsafe emulates sm_60 (Pascal portability mode) and sm_70 to sm_90, not " +
             std::to_string(cc / 10) + "." + std::to_string(cc % 10) + " (give --arch sm_90 to run it as Hopper)";
    return false;
  }
  if (cl->arch_given && !cl->arch_from_nvcc) return true;  // --arch decides
  if (!cl->arch_from_nvcc || frontend::ParseArch(arch) > frontend::ParseArch(cl->arch)) cl->arch = arch;
  cl->arch_given = true;
  cl->arch_from_nvcc = true;
  return true;
}

}  // namespace

NvccOption TakeNvccOption(const std::vector<std::string>& args, std::size_t* i, CommandLine* cl, std::string* error) {
  const std::string& a = args[*i];
  const Spec* spec = nullptr;
  std::optional<std::string> value;
  // The whole word (`-O3`, `-lineinfo`) or `name=value` first; then the joined forms of -l, -L and
  // -U (`-lcublas`), which would otherwise take `-lineinfo` for a library.
  for (const Spec& s : kSpecs) {
    for (const char* name : {s.short_name, s.long_name}) {
      if (name == nullptr || spec != nullptr) continue;
      const std::string n(name);
      if (a == n) {
        spec = &s;
      } else if (a.size() > n.size() && a.compare(0, n.size(), n) == 0 && a[n.size()] == '=') {
        spec = &s;
        value = a.substr(n.size() + 1);
      }
    }
  }
  for (const Spec& s : kSpecs) {
    const bool joinable = s.kind == Kind::kLibrary || s.kind == Kind::kLibraryPath || s.kind == Kind::kUndefine;
    if (spec != nullptr || !joinable || a.size() <= 2 || a.compare(0, 2, s.short_name) != 0) continue;
    spec = &s;
    value = a.substr(2);
  }
  if (spec == nullptr) return NvccOption::kNotNvcc;
  if (!spec->takes_value && value) {
    *error = "option " + a.substr(0, a.find('=')) + " takes no value";
    return NvccOption::kError;
  }
  const bool joined = value.has_value();  // `-lcublas`, `-arch=sm_80`: one word
  if (spec->takes_value && !value) {
    if (*i + 1 >= args.size() || args[*i + 1] == "--") {
      *error = "option " + a + " needs a value";
      return NvccOption::kError;
    }
    value = args[++*i];
  }
  const std::string v = value.value_or("");
  // What reaches the compiler or the linker is repeated, as given, by the replay command; the
  // architecture, include directories and macros are repeated as warpsafe's own options.
  const bool replayed = spec->kind == Kind::kCompiler || spec->kind == Kind::kLinker || spec->kind == Kind::kStd ||
                        spec->kind == Kind::kLibrary || spec->kind == Kind::kLibraryPath ||
                        spec->kind == Kind::kUndefine || spec->kind == Kind::kLanguage;
  if (replayed) {
    if (joined || !spec->takes_value) {
      cl->nvcc_words.push_back(a);
    } else {
      cl->nvcc_words.insert(cl->nvcc_words.end(), {a, v});
    }
  }
  switch (spec->kind) {
    case Kind::kArch:
    case Kind::kCode:
    case Kind::kGencode:
      return ApplyArch(a.substr(0, a.find('=')), v, cl, error) ? NvccOption::kTaken : NvccOption::kError;
    case Kind::kCompiler:
      for (const std::string& o : SplitCommas(v)) {
        if (!IsOlderCxxStandard(o)) cl->compiler_options.push_back(o);
      }
      return NvccOption::kTaken;
    case Kind::kLinker:
      for (const std::string& o : SplitCommas(v)) cl->link_options.push_back("-Wl," + o);
      return NvccOption::kTaken;
    case Kind::kStd:
      // The engine's headers need C++17: an older standard compiles as C++17, a newer one as itself.
      if (v == "c++20" || v == "c++2a" || v == "c++23" || v == "c++2b") {
        cl->compiler_options.push_back("-std=gnu++" + v.substr(3));
      } else if (v != "c++03" && v != "c++11" && v != "c++14" && v != "c++17") {
        *error = "bad value '" + v + "' for -std (expected c++11, c++14, c++17, c++20 or c++23)";
        return NvccOption::kError;
      }
      return NvccOption::kTaken;
    case Kind::kLibrary:
      if (v.empty()) return *error = "option -l needs a library name", NvccOption::kError;
      if (!IsCudaLibrary(v)) cl->link_options.push_back("-l" + v);
      return NvccOption::kTaken;
    case Kind::kLibraryPath:
      if (v.empty()) return *error = "option -L needs a directory", NvccOption::kError;
      cl->link_options.push_back("-L" + v);
      return NvccOption::kTaken;
    case Kind::kInclude:
    case Kind::kSystemInclude:
      if (v.empty()) return *error = "option " + a + " needs a directory", NvccOption::kError;
      cl->include_dirs.push_back(v);
      return NvccOption::kTaken;
    case Kind::kDefine:
      if (v.empty() || v[0] == '=') return *error = "option --define-macro needs NAME or NAME=VALUE", NvccOption::kError;
      cl->defines.push_back(v);
      return NvccOption::kTaken;
    case Kind::kUndefine:
      if (v.empty()) return *error = "option -U needs a macro name", NvccOption::kError;
      cl->compiler_options.push_back("-U" + v);
      return NvccOption::kTaken;
    case Kind::kLanguage:
      if (v == "cu") {
        cl->all_cuda = true;
      } else if (v == "c++" || v == "c") {
        cl->all_cuda = false;
      } else {
        *error = "bad value '" + v + "' for -x (expected cu or c++)";
        return NvccOption::kError;
      }
      return NvccOption::kTaken;
    case Kind::kIgnored:
      return NvccOption::kTaken;
    case Kind::kRefused:
      *error = "nvcc's " + a.substr(0, a.find('=')) + " asks for " + spec->why +
               "; warpsafe builds and runs whole programs (leave it out)";
      return NvccOption::kError;
  }
  return NvccOption::kNotNvcc;
}

}  // namespace warpsafe::cli
