#include "translate.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>

#include "asm_rewriter.h"
#include "device_variables.h"
#include "grid_constant_parameters.h"
#include "host_kernel_bodies.h"
#include "internal_linkage.h"
#include "kernel_index.h"
#include "kernel_parameter_layouts.h"
#include "kernel_pointer_casts.h"
#include "kernel_registration.h"
#include "kernel_type_aliases.h"
#include "launch_rewriter.h"
#include "shared_rewriter.h"
#include "source_edit.h"
#include "token_scan.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

namespace {

// `__noinline__` is spelled out in the user's code: libstdc++ 12 writes
// `__attribute__((__noinline__))` in its own headers, which a `__noinline__` macro breaks, so the
// CUDA headers need not (and should not) define it for code that went through the front end.
std::vector<Edit> RewriteNoinline(const TokenStream& ts) {
  std::vector<Edit> edits;
  for (const Token& t : ts.tokens) {
    if (t.kind == TokenKind::kIdentifier && t.text == "__noinline__")
      edits.push_back(Edit{t.begin, t.end, "__attribute__((noinline))", t.directive >= 0});
  }
  return edits;
}

// `int main(...) { ... }` ends with an added `return 0;`: renamed to warpsafe_user_main it is an
// ordinary function, and flowing off the end of one is undefined (g++ -O1 then runs into whatever
// code follows) where `main` returns 0.
std::vector<Edit> ReturnFromMain(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (std::size_t i = 1; i + 1 < tok.size(); ++i) {
    if (!IsIdent(tok[i], "main") || tok[i].directive >= 0 || !IsIdent(tok[i - 1], "int") ||
        !IsPunct(tok[i + 1], "(")) {
      continue;
    }
    const std::size_t rparen = MatchForward(ts, i + 1);
    if (rparen == kNone || rparen + 1 >= tok.size() || !IsPunct(tok[rparen + 1], "{")) continue;
    const std::size_t close = MatchAcrossConditionals(ts, rparen + 1);
    if (close == kNone) continue;
    edits.push_back(Edit{tok[close].begin, tok[close].begin, "return 0; ", false});
  }
  return edits;
}

// Each `int main(` at namespace scope (outside every brace), in token order: where its `int` is,
// whether a preprocessor conditional is open around it, whether it is a definition (a body follows
// the parameters), and whether it is marked already or is not the program's main: after a string
// (`extern "C"`), `extern`, `static`, `inline` or `::`. Both InternalMain and the test for an
// unconditional main read this one scan.
struct NamespaceScopeMain {
  std::size_t at;
  bool conditional;
  bool definition;
  bool qualified;
};

std::vector<NamespaceScopeMain> NamespaceScopeMains(const TokenStream& ts) {
  std::vector<NamespaceScopeMain> mains;
  const auto& tok = ts.tokens;
  int braces = 0;
  int conditionals = 0;
  for (std::size_t i = 0; i + 2 < tok.size(); ++i) {
    const Token& t = tok[i];
    if (t.directive >= 0) {
      const Directive& d = ts.directives[static_cast<std::size_t>(t.directive)];
      if (i == d.first_token) {
        if (d.name == "if" || d.name == "ifdef" || d.name == "ifndef") ++conditionals;
        if (d.name == "endif") --conditionals;
      }
      continue;
    }
    if (IsPunct(t, "{")) ++braces;
    if (IsPunct(t, "}")) --braces;
    if (braces != 0 || !IsIdent(t, "int") || !IsIdent(tok[i + 1], "main") || tok[i + 1].directive >= 0 ||
        !IsPunct(tok[i + 2], "(")) {
      continue;
    }
    const Token* before = i > 0 && tok[i - 1].directive < 0 ? &tok[i - 1] : nullptr;
    const bool qualified = before != nullptr && (before->kind == TokenKind::kString || IsIdent(*before, "extern") ||
                                                 IsIdent(*before, "static") || IsIdent(*before, "inline") ||
                                                 IsPunct(*before, "::"));
    const std::size_t rparen = MatchForward(ts, i + 2);
    const bool definition = rparen != kNone && rparen + 1 < tok.size() && IsPunct(tok[rparen + 1], "{");
    mains.push_back(NamespaceScopeMain{i, conditionals != 0, definition, qualified});
  }
  return mains;
}

// `int main` at namespace scope, in a file whose main is renamed, becomes `static inline` (its
// declarations too, which must agree). The program's main in the trailer is its only caller, and
// the device pass leaves the trailer out: there main is an unreferenced inline function, so the
// compiler emits neither it nor the host code that only it instantiates (a test driver's templates,
// CUB's and Thrust's host dispatch), which is most of a template-heavy file's device object and
// which the join would only rename (pass_join.h). Internal in both passes, main gives what it
// declares (a lambda's closure, a local class, a kernel instantiated with either) the same mangled
// names in both objects, which the join of internal kernels matches (internal_kernels.h). A main in
// a class, a namespace or an `extern "C"` declaration is left as it is (it still runs).
std::vector<Edit> InternalMain(const std::vector<NamespaceScopeMain>& mains, const TokenStream& ts) {
  std::vector<Edit> edits;
  for (const NamespaceScopeMain& m : mains) {
    if (!m.qualified) edits.push_back(Edit{ts.tokens[m.at].begin, ts.tokens[m.at].begin, "static inline ", false});
  }
  return edits;
}

// Whether the file defines the program's main outside every preprocessor conditional: then it
// certainly defines main (a main under `#if` may be compiled out, and a trailer that calls it would
// not compile).
bool DefinesMainUnconditionally(const std::vector<NamespaceScopeMain>& mains) {
  for (const NamespaceScopeMain& m : mains) {
    if (m.definition && !m.conditional && !m.qualified) return true;
  }
  return false;
}

}  // namespace

// `#define SMEM __shared__`: the rewriter looks for `__shared__` itself, so each use of such an
// alias is spelled out first (the directive stays; a `#define`, `#undef` or `#ifdef` naming the
// alias is left alone). Returns no edits when the file has no alias.
std::vector<Edit> SpellOutSharedAliases(const TokenStream& ts) {
  std::set<std::string_view> aliases;
  for (const Directive& d : ts.directives) {
    if (d.name == "define" && d.last_token - d.first_token == 4 && IsIdent(ts.tokens[d.first_token + 3], "__shared__"))
      aliases.insert(ts.tokens[d.first_token + 2].text);
  }
  std::vector<Edit> edits;
  if (aliases.empty()) return edits;
  for (std::size_t i = 0; i < ts.tokens.size(); ++i) {
    const Token& t = ts.tokens[i];
    if (t.kind != TokenKind::kIdentifier || aliases.count(t.text) == 0) continue;
    if (t.directive >= 0) {
      const Directive& d = ts.directives[static_cast<std::size_t>(t.directive)];
      if (i == d.first_token + 2 || d.name == "ifdef" || d.name == "ifndef" || d.name == "undef") continue;
      if (d.name == "if" || d.name == "elif") continue;  // `defined(SMEM)`
    }
    edits.push_back(Edit{t.begin, t.end, "__shared__", t.directive >= 0});
  }
  return edits;
}

std::string UnitId(std::string_view abs_path) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (char c : abs_path) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

namespace {

// RewriteCuda over `original` already tokenized (`first`), with its namespace-scope mains when the
// caller listed them already (Translate, which reads them to decide `wrap_main`): the text is
// tokenized and scanned once unless a prepass below changes it.
std::string RewriteTokens(std::string_view original, const TokenStream& first,
                          const std::vector<NamespaceScopeMain>* first_mains, bool wrap_main, bool register_kernels,
                          std::string_view unit) {
  std::string spelled;
  std::string_view source = original;
  std::optional<TokenStream> respelled;
  // Two rewrites that change what the others read go first, each only when it has work (the
  // text is tokenized again after it): `__shared__` aliases spelled out, and internal linkage
  // replaced by the unit's own names.
  std::vector<Edit> prepass = SpellOutSharedAliases(first);
  if (!unit.empty()) {
    std::vector<Edit> internal = GiveInternalEntitiesUnitNames(first, unit);
    prepass.insert(prepass.end(), internal.begin(), internal.end());
  }
  if (!prepass.empty()) {
    spelled = ApplyEdits(original, std::move(prepass));
    source = spelled;
    respelled = Tokenize(source);
  }
  const TokenStream& ts = respelled ? *respelled : first;
  const KernelIndex kernels = KernelIndex::Build(ts);
  std::vector<Edit> edits;
  // The kernels' type aliases: only in a program's unit, where the registrations go too (a
  // shadow-tree header takes the addresses plainly, as it always did).
  const KernelTypeAliases types = register_kernels ? KernelTypeAliases::Build(ts, kernels, &edits) : KernelTypeAliases{};
  {
    std::vector<Edit> launches = RewriteLaunches(ts, kernels, types);
    edits.insert(edits.end(), launches.begin(), launches.end());
  }
  for (std::vector<Edit> more :
       {RewriteShared(ts), RewriteNoinline(ts), RewriteKernelPointerCasts(ts, kernels), RewriteAsm(ts),
        MarkDeviceVariables(ts), MarkGridConstantParameters(ts), RecordKernelParameterLayouts(ts),
        WrapKernelBodies(ts)}) {
    edits.insert(edits.end(), more.begin(), more.end());
  }
  if (register_kernels) {
    const std::vector<Edit> more = RegisterKernels(ts, kernels, types);
    edits.insert(edits.end(), more.begin(), more.end());
  }
  if (wrap_main) {
    const std::vector<NamespaceScopeMain> mains =
        respelled || first_mains == nullptr ? NamespaceScopeMains(ts) : *first_mains;
    for (const std::vector<Edit>& more : {ReturnFromMain(ts), InternalMain(mains, ts)}) {
      edits.insert(edits.end(), more.begin(), more.end());
    }
  }
  return ApplyEdits(source, std::move(edits));
}

}  // namespace

std::string RewriteCuda(std::string_view original, bool wrap_main, bool register_kernels, std::string_view unit) {
  return RewriteTokens(original, Tokenize(original), nullptr, wrap_main, register_kernels, unit);
}

std::string Prologue(const std::string& abs_path, const TranslateOptions& options, bool renames_main) {
  // `#undef __noinline__`: the user's code has it spelled out (RewriteNoinline), and the macro
  // would break libstdc++'s own `__attribute__((__noinline__))` in <memory> included after this.
  // nvcc's identity macros, in both passes (the driver adds __CUDA_ARCH__ in the device pass). The
  // version is the toolkit's that the engine's runtime headers declare (CUDART_VERSION 13000 in
  // cuda_runtime.h); CCCL refuses to build without them.
  const std::string arch = std::to_string(options.arch * 10);
  std::string out = std::string(kPrologueFirstLine) +
                    "#define __CUDACC__ 1\n#define __CUDACC_VER_MAJOR__ 13\n"
                    "#define __CUDACC_VER_MINOR__ 0\n#define __CUDACC_VER_BUILD__ 0\n#define __CUDA_ARCH_LIST__ " +
                    arch + "\n#define __WARPSAFE_ARCH__ " + arch +
                    // CCCL marks its kernels hidden, which would hide them from the two passes' join
                    // (keywords.h); it lets a program choose the kernels' attributes instead.
                    "\n#define CCCL_DETAIL_KERNEL_ATTRIBUTES __global__\n#include <cuda_runtime.h>\n" +
                    std::string(kPrologueLastInclude) + "#undef __noinline__\n";
  if (renames_main) out += "#define main warpsafe_user_main\n";
  out += "#line 1 \"" + EscapePath(abs_path) + "\"\n";
  return out;
}

std::string Trailer(const TranslateOptions& options, bool renames_main) {
  if (!renames_main) return "";
  // Not in the device pass, whose main the join would only rename: without it the user's main is
  // unreferenced there (InternalMain). Without wrap_main, the program's main only calls the user's.
  const std::string call = options.wrap_main ? "::warpsafe::engine::EngineMain(argc, argv, "
                                               "::warpsafe::engine::AdaptMain(&warpsafe_user_main))"
                                             : "::warpsafe::engine::AdaptMain(&warpsafe_user_main)(argc, argv)";
  return "#line 1 \"<warpsafe main>\"\n"
         "#undef main\n"
         "#ifndef __WARPSAFE_DEVICE_PASS__\n"
         "#include <warpsafe/engine/main.h>\n"
         "int main(int argc, char** argv) { return " +
         call +
         "; }\n"
         "#endif\n";
}

TranslateResult Translate(const std::string& path, const std::string& source, const TranslateOptions& options,
                          const FileReader& read) {
  const std::string abs = std::filesystem::absolute(path).lexically_normal().string();
  InlineResult inlined = InlineIncludes(abs, source, options.include_dirs, read);
  TranslateResult result;
  result.errors = std::move(inlined.errors);
  result.dependencies.push_back(abs);
  result.dependencies.insert(result.dependencies.end(), inlined.inlined_files.begin(), inlined.inlined_files.end());
  // Without wrap_main, a main the file certainly defines is renamed too, for the device pass's sake
  // (InternalMain), and the program's main calls it as it is.
  const TokenStream tokens = Tokenize(inlined.text);
  const std::vector<NamespaceScopeMain> mains = NamespaceScopeMains(tokens);
  const bool renames_main = options.wrap_main || DefinesMainUnconditionally(mains);
  std::string body = RewriteTokens(inlined.text, tokens, &mains, renames_main, /*register_kernels=*/true, UnitId(abs));
  if (!body.empty() && body.back() != '\n') body += '\n';
  result.text = Prologue(abs, options, renames_main) + body + Trailer(options, renames_main);
  return result;
}

bool DefinesMain(std::string_view source) {
  const TokenStream ts = Tokenize(source);
  const auto& tok = ts.tokens;
  for (std::size_t i = 0; i + 1 < tok.size(); ++i) {
    if (IsIdent(tok[i], "main") && tok[i].directive < 0 && IsPunct(tok[i + 1], "(") &&
        (i == 0 || !(IsPunct(tok[i - 1], ".") || IsPunct(tok[i - 1], "->") || IsPunct(tok[i - 1], "::"))) &&
        i > 0 && IsIdent(tok[i - 1], "int"))
      return true;
  }
  return false;
}

std::string TranslateHostFile(const std::string& path, std::string_view source, int arch) {
  const std::string abs = std::filesystem::absolute(path).lexically_normal().string();
  std::string body = AnchorQuotedIncludes(abs, ApplyEdits(source, ReturnFromMain(Tokenize(source))));
  if (!body.empty() && body.back() != '\n') body += '\n';
  TranslateOptions options;
  options.arch = arch;
  options.wrap_main = true;
  return "#define main warpsafe_user_main\n#line 1 \"" + EscapePath(abs) + "\"\n" + body + Trailer(options, true);
}

std::string TranslateCMainFile(const std::string& path, std::string_view source) {
  const std::string abs = std::filesystem::absolute(path).lexically_normal().string();
  std::string body = AnchorQuotedIncludes(abs, ApplyEdits(source, ReturnFromMain(Tokenize(source))));
  if (!body.empty() && body.back() != '\n') body += '\n';
  return "#define main warpsafe_user_main\n#line 1 \"" + EscapePath(abs) + "\"\n" + body;
}

std::string CMainWrapper() {
  // C's main(void) and main(int, char**) both take the two arguments as the C calling convention
  // passes them; a main(void) ignores them.
  return "#line 1 \"<warpsafe main>\"\n"
         "#include <warpsafe/engine/main.h>\n"
         "extern \"C\" int warpsafe_user_main(int, char**);\n"
         "int main(int argc, char** argv) { return ::warpsafe::engine::EngineMain(argc, argv, "
         "::warpsafe::engine::AdaptMain(&warpsafe_user_main)); }\n";
}

int ParseArch(std::string_view text) {
  static constexpr std::string_view kArchs[] = {"sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"};
  for (std::string_view a : kArchs) {
    if (text == a) return (a[3] - '0') * 10 + (a[4] - '0');
  }
  return 0;
}

std::string MakeDepfile(const std::string& target, const std::vector<std::string>& deps) {
  auto escape = [](const std::string& p) {
    std::string out;
    for (char c : p) {
      if (c == ' ' || c == '#' || c == '\\') out += '\\';
      if (c == '$') out += '$';
      out += c;
    }
    return out;
  };
  std::string out = escape(target) + ":";
  for (const std::string& d : deps) out += " \\\n  " + escape(d);
  out += "\n";
  return out;
}

}  // namespace warpsafe::frontend
