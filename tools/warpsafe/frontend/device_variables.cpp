#include "device_variables.h"

#include <functional>
#include <map>
#include <string>

#include "token_scan.h"

namespace warpsafe::frontend {

namespace {

enum class Kind { kVariable, kFunction, kUnknown, kEnd };

// Reads forward from token `first` to the first token that decides, within `segment` (a directive
// or the ordinary tokens). kEnd: the segment (a macro body, an expansion) ended undecided.
Kind ClassifyFrom(const TokenStream& ts, std::size_t first, int segment) {
  const auto& tok = ts.tokens;
  for (std::size_t j = first; j < tok.size(); ++j) {
    const Token& t = tok[j];
    if (t.directive != segment) return Kind::kEnd;
    const bool attribute_group = j + 1 < tok.size() && IsPunct(tok[j + 1], "(") &&
                                 (IsIdent(t, "__attribute__") || IsIdent(t, "alignas") || IsIdent(t, "__align__") ||
                                  IsIdent(t, "decltype") || IsIdent(t, "__launch_bounds__") ||
                                  IsIdent(t, "__declspec"));
    if (attribute_group) {
      j = MatchForward(ts, j + 1);
      if (j == kNone) return Kind::kUnknown;
      continue;
    }
    if (IsPunct(t, "[") && j + 1 < tok.size() && IsPunct(tok[j + 1], "[")) {  // [[attribute]]
      j = MatchForward(ts, j);
      if (j == kNone) return Kind::kUnknown;
      continue;
    }
    if (LooksLikeTemplateOpen(ts, j)) {
      const std::size_t close = MatchAngleForward(ts, j, tok.size());
      if (close == kNone) return Kind::kUnknown;
      j = close;
      continue;
    }
    if (IsPunct(t, "(")) {
      // `void (*handler)(int)`: a pointer to a function is a variable.
      if (j + 1 < tok.size() && (IsPunct(tok[j + 1], "*") || IsPunct(tok[j + 1], "&"))) return Kind::kVariable;
      return Kind::kFunction;
    }
    if (IsPunct(t, ";") || IsPunct(t, "=") || IsPunct(t, "[") || IsPunct(t, "{") || IsPunct(t, ","))
      return Kind::kVariable;
    if (IsPunct(t, "}") || IsPunct(t, ")")) return Kind::kUnknown;
  }
  return Kind::kEnd;
}

Kind Classify(const TokenStream& ts, std::size_t q) { return ClassifyFrom(ts, q + 1, ts.tokens[q].directive); }

// A `__device__` in a #define body that the body alone cannot tell (`#define DEV __device__`,
// `#define DECLARE(T, n) __device__ T n`) is decided where the macro is used: the macro is expanded
// there, and the declaration is read on through the tokens after the invocation.
constexpr std::string_view kDecided = "__warpsafe_decided_device__";  // a `__device__` told already

struct Macro {
  std::size_t offset = 0;  // of the directive
  bool function_like = false;
  std::vector<std::string> params;  // `__VA_ARGS__` for `...`
  std::size_t body_first = 0, body_last = 0;
  bool device = false;  // its expansion holds a `__device__` its body cannot tell
};

class MacroUses {
 public:
  explicit MacroUses(const TokenStream& ts) : ts_(ts) {
    for (std::size_t d = 0; d < ts.directives.size(); ++d) {
      const Directive& dir = ts.directives[d];
      if ((dir.name != "define" && dir.name != "undef") || dir.first_token + 2 >= dir.last_token) continue;
      const Token& name = ts.tokens[dir.first_token + 2];
      if (name.kind != TokenKind::kIdentifier) continue;
      Macro m;
      m.offset = dir.begin;
      std::size_t b = dir.first_token + 3;
      if (dir.name == "define" && b < dir.last_token && IsPunct(ts.tokens[b], "(") && Adjacent(name, ts.tokens[b])) {
        m.function_like = true;
        for (++b; b < dir.last_token && !IsPunct(ts.tokens[b], ")"); ++b) {
          if (ts.tokens[b].kind == TokenKind::kIdentifier) m.params.emplace_back(ts.tokens[b].text);
          if (IsPunct(ts.tokens[b], "...")) m.params.emplace_back("__VA_ARGS__");
        }
        ++b;
      }
      m.body_first = b;
      m.body_last = dir.last_token;
      if (dir.name == "undef") m.body_first = m.body_last = kNone;
      macros_[std::string(name.text)].push_back(m);
    }
    // A macro is a device macro when its body holds an undecided `__device__` or a use of a device
    // macro; a few rounds reach every chain of macros a program writes.
    for (int round = 0; round < 4; ++round) {
      bool changed = false;
      for (auto& [name, versions] : macros_) {
        for (Macro& m : versions) {
          if (m.device || m.body_first == kNone) continue;
          for (std::size_t i = m.body_first; i < m.body_last && !m.device; ++i) {
            const Token& t = ts.tokens[i];
            if (IsIdent(t, "__device__")) {
              m.device = Classify(ts, i) == Kind::kEnd;
            } else if (t.kind == TokenKind::kIdentifier && t.text != name) {
              const Macro* inner = Find(t.text, ts.directives[static_cast<std::size_t>(t.directive)].begin);
              m.device = inner != nullptr && inner->device;
            }
          }
          changed = changed || m.device;
        }
      }
      if (!changed) break;
    }
  }

  bool Any() const {
    for (const auto& entry : macros_) {
      for (const Macro& m : entry.second) {
        if (m.device) return true;
      }
    }
    return false;
  }

  // The device macro invoked at token `i` (its definition in force there), or null.
  const Macro* Invoked(std::size_t i) const {
    const Token& t = ts_.tokens[i];
    if (t.kind != TokenKind::kIdentifier) return nullptr;
    const Macro* m = Find(t.text, t.begin);
    if (m == nullptr || !m->device) return nullptr;
    if (m->function_like && (i + 1 >= ts_.tokens.size() || !IsPunct(ts_.tokens[i + 1], "("))) return nullptr;
    if (t.directive >= 0) {
      const Directive& d = ts_.directives[static_cast<std::size_t>(t.directive)];
      if (d.name != "define" || i == d.first_token + 2 || IsPunct(ts_.tokens[i - 1], "#")) return nullptr;
    }
    return m;
  }

  // The last token of the invocation at `i` (the name, or the `)` closing its arguments).
  std::size_t InvocationEnd(std::size_t i, const Macro& m) const {
    return m.function_like ? MatchForward(ts_, i + 1) : i;
  }

  // The expansion of the invocation at `i` as text: parameters replaced by their arguments, nested
  // device macros expanded, and every `__device__` already told (by the body it is written in)
  // spelled kDecided. Empty when it cannot be read.
  std::string Expand(std::size_t i, const Macro& m, int depth) const {
    if (depth > 8) return "";
    std::map<std::string, std::string> args;
    if (m.function_like) {
      const std::size_t close = InvocationEnd(i, m);
      if (close == kNone) return "";
      const auto parts = SplitTopLevel(ts_, i + 2, close);
      for (std::size_t p = 0; p < m.params.size(); ++p) {
        std::string text;
        if (m.params[p] == "__VA_ARGS__") {
          if (p < parts.size()) text = FlattenTokens(ts_, parts[p].first, parts.back().second);
        } else if (p < parts.size()) {
          text = FlattenTokens(ts_, parts[p].first, parts[p].second);
        }
        args[m.params[p]] = text;
      }
    }
    std::string out;
    for (std::size_t b = m.body_first; b < m.body_last; ++b) {
      const Token& t = ts_.tokens[b];
      if (IsPunct(t, "##")) continue;
      const bool pasted = b > m.body_first && IsPunct(ts_.tokens[b - 1], "##");
      std::string piece;
      if (IsPunct(t, "#") && b + 1 < m.body_last && args.count(std::string(ts_.tokens[b + 1].text))) {
        piece = "\"\"";  // a stringized argument: a string literal, whatever it says
        ++b;
      } else if (t.kind == TokenKind::kIdentifier && args.count(std::string(t.text))) {
        piece = args.at(std::string(t.text));
      } else if (IsIdent(t, "__device__")) {
        piece = Classify(ts_, b) == Kind::kEnd ? "__device__" : std::string(kDecided);
      } else if (const Macro* inner = Invoked(b); inner != nullptr && inner != &m) {
        const std::size_t end = InvocationEnd(b, *inner);
        if (end == kNone) return "";
        piece = Expand(b, *inner, depth + 1);
        if (Told(b, *inner)) {
          for (std::size_t at = piece.find("__device__"); at != std::string::npos; at = piece.find("__device__", at)) {
            piece.replace(at, 10, kDecided);
          }
        }
        b = end;
      } else {
        piece = TokenText(t);
      }
      if (!out.empty() && !pasted) out += ' ';
      out += piece;
    }
    return out;
  }

  // Whether every undecided `__device__` of the invocation at `i` is told by what follows it in its
  // own segment; `variable_at_start` is set when one is a variable whose declaration begins the
  // expansion (nothing before it ends a declaration), so a mark before the invocation applies.
  bool Told(std::size_t i, const Macro& m, bool* variable_at_start = nullptr, int depth = 0) const {
    const std::string text = Expand(i, m, depth);
    if (text.empty()) return false;
    const TokenStream expansion = Tokenize(text);
    const std::size_t end = InvocationEnd(i, m);
    bool all_told = true;
    bool declaration_begun = false;
    for (std::size_t k = 0; k < expansion.tokens.size(); ++k) {
      const Token& t = expansion.tokens[k];
      if (IsPunct(t, ";") || IsPunct(t, "{") || IsPunct(t, "}")) declaration_begun = true;
      if (!IsIdent(t, "__device__")) continue;
      Kind kind = Classify(expansion, k);
      if (kind == Kind::kEnd) kind = ClassifyFrom(ts_, end + 1, ts_.tokens[i].directive);
      if (kind == Kind::kEnd) all_told = false;
      if (kind == Kind::kVariable && !declaration_begun && variable_at_start != nullptr) *variable_at_start = true;
    }
    return all_told;
  }

 private:
  const Macro* Find(std::string_view name, std::size_t offset) const {
    auto it = macros_.find(name);
    if (it == macros_.end()) return nullptr;
    const Macro* in_force = nullptr;
    for (const Macro& m : it->second) {
      if (m.offset < offset) in_force = m.body_first == kNone ? nullptr : &m;
    }
    return in_force;
  }

  const TokenStream& ts_;
  std::map<std::string, std::vector<Macro>, std::less<>> macros_;  // looked up by string_view
};

}  // namespace

bool DeclaresDeviceVariable(const TokenStream& ts, std::size_t q) { return Classify(ts, q) == Kind::kVariable; }

std::vector<Edit> MarkDeviceVariables(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  bool in_macro = false;
  for (std::size_t i = 0; i < tok.size(); ++i) {
    if (!IsIdent(tok[i], "__device__")) continue;
    // In a directive only a #define body can declare anything (`#ifdef __device__` cannot).
    if (tok[i].directive >= 0 && ts.directives[static_cast<std::size_t>(tok[i].directive)].name != "define") continue;
    in_macro = in_macro || tok[i].directive >= 0;
    if (Classify(ts, i) != Kind::kVariable) continue;
    edits.push_back(Edit{tok[i].begin, tok[i].end, "__device__ WARPSAFE_DEVICE_VARIABLE", tok[i].directive >= 0});
  }
  if (!in_macro) return edits;
  const MacroUses macros(ts);
  if (!macros.Any()) return edits;
  for (std::size_t i = 0; i < tok.size(); ++i) {
    const Macro* m = macros.Invoked(i);
    if (m == nullptr) continue;
    bool variable_at_start = false;
    macros.Told(i, *m, &variable_at_start);
    if (variable_at_start) edits.push_back(Edit{tok[i].begin, tok[i].begin, "WARPSAFE_DEVICE_VARIABLE ", tok[i].directive >= 0});
  }
  return edits;
}

}  // namespace warpsafe::frontend
