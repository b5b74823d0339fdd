#include "kernel_parameter_layouts.h"

#include <optional>
#include <string>

#include "kernel_signature.h"
#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

// Words that end a type, never a parameter's name.
bool IsTypeWord(const Token& t) {
  static constexpr std::string_view kWords[] = {
      "int",       "char",     "short",    "long",     "unsigned", "signed",  "float",       "double",
      "bool",      "void",     "wchar_t",  "char8_t",  "char16_t", "char32_t", "__int128",   "auto",
      "const",     "volatile", "__restrict__", "__restrict", "__grid_constant__"};
  for (std::string_view w : kWords) {
    if (IsIdent(t, w)) return true;
  }
  return false;
}
// Words in front of a type that are not the type itself.
bool IsQualifier(const Token& t) {
  return IsIdent(t, "const") || IsIdent(t, "volatile") || IsIdent(t, "struct") || IsIdent(t, "class") ||
         IsIdent(t, "union") || IsIdent(t, "enum") || IsIdent(t, "typename") || IsIdent(t, "__grid_constant__");
}

std::string Text(const TokenStream& ts, std::size_t b, std::size_t e) {
  std::string out;
  for (std::size_t i = b; i < e; ++i) {
    if (!out.empty()) out += ' ';
    out += TokenText(ts.tokens[i]);
  }
  return out;
}

// The template argument that stands for parameter [b, e): `decltype(name)` (with `...` for a
// pack), or the written type of an unnamed one. Nothing when the parameter is not read.
std::optional<std::string> ParameterType(const TokenStream& ts, std::size_t b, std::size_t e) {
  const auto& tok = ts.tokens;
  for (std::size_t i = b; i < e; ++i) {
    if (IsPunct(tok[i], "=")) e = i;  // a default argument
  }
  if (e <= b) return std::nullopt;
  bool pack = false;
  for (std::size_t i = b; i < e; ++i) {
    if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[")) return std::nullopt;
    pack = pack || IsPunct(tok[i], "...");
  }
  const Token& last = tok[e - 1];
  bool named = last.kind == TokenKind::kIdentifier && !IsTypeWord(last) && e - b >= 2 && !IsPunct(tok[e - 2], "::");
  if (named) {
    // `const T` names no parameter: something other than qualifiers must come before the name.
    named = false;
    for (std::size_t i = b; i + 1 < e && !named; ++i) named = !IsQualifier(tok[i]);
  }
  if (!named) return Text(ts, b, e);  // an unnamed pack's `Ts...` expands as a template argument too
  return "decltype(" + std::string(TokenText(last)) + ")" + (pack ? "..." : "");
}

}  // namespace

std::vector<Edit> RecordKernelParameterLayouts(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (const KernelSignature& sig : KernelDefinitions(ts)) {
    std::string types;
    bool readable = true;
    const auto params = SplitTopLevel(ts, sig.open + 1, sig.close);
    const bool no_params = params.empty() || (params.size() == 1 && params[0].second - params[0].first == 1 &&
                                              IsIdent(tok[params[0].first], "void"));
    for (std::size_t p = 0; p < params.size() && !no_params && readable; ++p) {
      const std::optional<std::string> type = ParameterType(ts, params[p].first, params[p].second);
      if (!type) readable = false;
      else types += (types.empty() ? "" : ", ") + *type;
    }
    if (!readable) continue;
    // The `{` itself is replaced, so that another rewriter's insertion right after it still applies.
    edits.push_back(Edit{tok[sig.body].begin, tok[sig.body].end,
                         "{ [[gnu::used]] static const void* const warpsafe_parameter_layout = "
                         "::warpsafe::engine::kKernelParameterLayoutOf<" + types + ">;", false});
  }
  return edits;
}

}  // namespace warpsafe::frontend
