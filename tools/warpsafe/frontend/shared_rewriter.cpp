#include "shared_rewriter.h"

#include <optional>
#include <string>

#include "scope_tracker.h"
#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

constexpr const char* kTooMuch =
    "\"too much static __shared__ memory (48 KB per block; use dynamic shared memory and "
    "cudaFuncSetAttribute above that)\"";

struct Declarator {
  std::string pointer_ops;  // `*`, `* const`, ... (part of the declared type)
  std::string name;
  std::string dims;         // `[16]`, `[N][M]`, `[]` or empty
};

struct Declaration {
  std::size_t first = 0;  // first token (a specifier, perhaps before __shared__)
  std::size_t semi = 0;   // the `;`
  // `__shared__ union TempStorage { ... } temp;`: the class's braces (kNone otherwise) and the
  // text that declares the class on its own (`union TempStorage`, or a made-up name if it has none).
  std::size_t body_open = static_cast<std::size_t>(-1);
  std::size_t body_close = static_cast<std::size_t>(-1);
  std::string class_head;
  bool is_extern = false;
  bool is_static = false;
  std::string type;
  std::vector<std::string> aligns;  // explicit alignments, as expressions
  // The arguments of `alignas(...)`: a type or a constant expression, which tokens alone cannot
  // tell apart (`alignas(kPointAlign)`), so they are handed to the compiler as written, on a
  // member of a struct declared beside the variable, whose alignment is then the variable's.
  std::vector<std::string> alignas_args;
  std::vector<Declarator> declarators;
};

// The first token of the declaration holding the `__shared__` at `s`: after the previous `;`, `{`,
// `}` or label colon. kNone when something other than decl-specifiers precedes `__shared__`.
std::size_t DeclarationStart(const TokenStream& ts, std::size_t s) {
  const auto& tok = ts.tokens;
  const int segment = tok[s].directive;
  std::size_t i = s;
  while (i > 0) {
    const Token& t = tok[i - 1];
    if (t.directive != segment) break;
    if (IsPunct(t, ";") || IsPunct(t, "{") || IsPunct(t, "}") || IsPunct(t, ":")) break;
    if (segment >= 0 && i - 1 <= ts.directives[segment].first_token + 2) break;  // `# define NAME`
    if (segment >= 0 && IsPunct(t, ")") && i - 1 > 0) {
      // The parameter list of a function-like macro ends the head too.
      const std::size_t open = MatchBackward(ts, i - 1);
      if (open != kNone && open == ts.directives[segment].first_token + 3) break;
    }
    if (IsPunct(t, ")")) {
      const std::size_t open = MatchBackward(ts, i - 1);
      if (open == kNone || open == 0) return kNone;
      const Token& intro = tok[open - 1];
      if (!IsIdent(intro, "__align__") && !IsIdent(intro, "alignas") && !IsIdent(intro, "__attribute__"))
        return kNone;
      i = open - 1;
      continue;
    }
    if (IsPunct(t, "]") || IsPunct(t, ">")) {
      const std::size_t open = IsPunct(t, "]") ? MatchBackward(ts, i - 1) : MatchAngleBackward(ts, i - 1);
      if (open == kNone) return kNone;
      i = open;
      continue;
    }
    if (t.kind != TokenKind::kIdentifier && !IsPunct(t, "::") && !IsPunct(t, "*") && !IsPunct(t, "&") &&
        !IsPunct(t, "[")) {
      return kNone;
    }
    --i;
  }
  return i;
}

// `__shared__ struct|union|class [Name] { ... } a, b[4];` (CUB's kernels declare their temporary
// storage so): the class is declared on its own, the braces left in place (so lines stay), and the
// declarators after them become the usual references. nullopt when it is not that form.
std::optional<Declaration> ParseWithClassBody(const TokenStream& ts, std::size_t s) {
  const auto& tok = ts.tokens;
  std::size_t k = s + 1;
  if (k >= tok.size() || !(IsIdent(tok[k], "struct") || IsIdent(tok[k], "union") || IsIdent(tok[k], "class")))
    return std::nullopt;
  Declaration d;
  d.first = DeclarationStart(ts, s);
  if (d.first != s) return std::nullopt;  // nothing but __shared__ before the class key
  std::string name;
  if (k + 1 < tok.size() && tok[k + 1].kind == TokenKind::kIdentifier) name = std::string(tok[k + 1].text);
  d.body_open = name.empty() ? k + 1 : k + 2;
  if (d.body_open >= tok.size() || !IsPunct(tok[d.body_open], "{")) return std::nullopt;
  d.body_close = MatchForward(ts, d.body_open);
  if (d.body_close == kNone) return std::nullopt;
  if (name.empty()) name = "ws_shared_type_" + std::to_string(tok[s].line) + "_" + std::to_string(s);
  d.class_head = std::string(tok[k].text) + " " + name;
  d.type = name;
  std::size_t i = d.body_close + 1;
  while (true) {  // declarators: name[dims]..., separated by commas
    if (i >= tok.size() || tok[i].kind != TokenKind::kIdentifier) return std::nullopt;
    Declarator v{"", std::string(tok[i].text), ""};
    std::size_t j = i + 1;
    while (j < tok.size() && IsPunct(tok[j], "[")) {
      const std::size_t close = MatchForward(ts, j);
      if (close == kNone) return std::nullopt;
      v.dims += FlattenTokens(ts, j, close + 1);
      j = close + 1;
    }
    d.declarators.push_back(v);
    if (j < tok.size() && IsPunct(tok[j], ";")) {
      d.semi = j;
      return d;
    }
    if (j >= tok.size() || !IsPunct(tok[j], ",")) return std::nullopt;
    i = j + 1;
  }
}

// Reads the declaration around the `__shared__` at `s`; nullopt when it is not one we can rewrite.
std::optional<Declaration> Parse(const TokenStream& ts, std::size_t s) {
  if (std::optional<Declaration> with_body = ParseWithClassBody(ts, s)) return with_body;
  const auto& tok = ts.tokens;
  Declaration d;
  d.first = DeclarationStart(ts, s);
  if (d.first == kNone) return std::nullopt;
  d.semi = kNone;
  for (std::size_t i = s; i < tok.size() && tok[i].directive == tok[s].directive; ++i) {
    if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[") || IsPunct(tok[i], "{")) {
      if (IsPunct(tok[i], "{")) return std::nullopt;
      i = MatchForward(ts, i);
      if (i == kNone) return std::nullopt;
    } else if (IsPunct(tok[i], ";")) {
      d.semi = i;
      break;
    } else if (IsPunct(tok[i], "=") || IsPunct(tok[i], "}")) {
      return std::nullopt;  // an initializer: CUDA rejects it, and so will the compiler
    }
  }
  if (d.semi == kNone) return std::nullopt;

  // The core tokens: the declaration minus storage classes, __shared__ and attributes.
  std::vector<std::size_t> core;
  for (std::size_t i = d.first; i < d.semi; ++i) {
    const Token& t = tok[i];
    if (IsIdent(t, "__shared__") || IsIdent(t, "__device__")) continue;
    if (IsIdent(t, "extern")) {
      d.is_extern = true;
      continue;
    }
    if (IsIdent(t, "static")) {
      d.is_static = true;
      continue;
    }
    const bool group = i + 1 < d.semi && IsPunct(tok[i + 1], "(");
    if (group && (IsIdent(t, "__align__") || IsIdent(t, "alignas") || IsIdent(t, "__attribute__"))) {
      const std::size_t close = MatchForward(ts, i + 1);
      if (close == kNone) return std::nullopt;
      if (IsIdent(t, "__attribute__")) {
        for (std::size_t k = i + 2; k < close; ++k) {
          if (!IsIdent(tok[k], "aligned") && !IsIdent(tok[k], "__aligned__")) continue;
          if (k + 1 < close && IsPunct(tok[k + 1], "(")) {
            const std::size_t c = MatchForward(ts, k + 1);
            if (c == kNone) return std::nullopt;
            d.aligns.push_back("(" + FlattenTokens(ts, k + 2, c) + ")");
            k = c;
          } else {
            d.aligns.push_back("alignof(::std::max_align_t)");  // bare `aligned`: the largest
          }
        }
      } else {
        const std::string expr = FlattenTokens(ts, i + 2, close);
        if (IsIdent(t, "alignas")) {
          d.alignas_args.push_back(expr);
        } else {
          d.aligns.push_back("(" + expr + ")");
        }
      }
      i = close;
      continue;
    }
    if (IsPunct(t, "[") && i + 1 < d.semi && IsPunct(tok[i + 1], "[")) {  // [[attribute]]
      const std::size_t close = MatchForward(ts, i);
      if (close == kNone) return std::nullopt;
      i = close;
      continue;
    }
    core.push_back(i);
  }

  // Split the core at top-level commas; the first part holds the type.
  auto text_of = [&](std::size_t from, std::size_t to) {  // core[from, to) as text
    std::string out;
    for (std::size_t k = from; k < to; ++k) {
      if (k > from && !Adjacent(tok[core[k - 1]], tok[core[k]])) out += ' ';
      out += TokenText(tok[core[k]]);
    }
    return out;
  };
  std::vector<std::pair<std::size_t, std::size_t>> parts;  // ranges of `core`
  std::size_t start = 0;
  for (std::size_t k = 0; k < core.size(); ++k) {
    const std::size_t i = core[k];
    if (IsPunct(tok[i], "[") || IsPunct(tok[i], "(")) {
      const std::size_t close = MatchForward(ts, i);
      while (k + 1 < core.size() && core[k + 1] <= close) ++k;
    } else if (LooksLikeTemplateOpen(ts, i)) {
      const std::size_t close = MatchAngleForward(ts, i, d.semi);
      while (close != kNone && k + 1 < core.size() && core[k + 1] <= close) ++k;
    } else if (IsPunct(tok[i], ",")) {
      parts.emplace_back(start, k);
      start = k + 1;
    }
  }
  parts.emplace_back(start, core.size());

  for (std::size_t p = 0; p < parts.size(); ++p) {
    // Not a structured binding: clang 14 cannot capture one in the lambda below.
    const std::size_t b = parts[p].first;
    std::size_t e = parts[p].second;
    // The declarator-id: the last identifier before the first top-level `[` (or the end).
    std::size_t dims = e;
    for (std::size_t k = b; k < e; ++k) {
      if (IsPunct(tok[core[k]], "[")) {
        dims = k;
        break;
      }
      if (IsPunct(tok[core[k]], "(")) return std::nullopt;  // (*p)[4] and the like
      if (LooksLikeTemplateOpen(ts, core[k])) {
        const std::size_t close = MatchAngleForward(ts, core[k], d.semi);
        while (close != kNone && k + 1 < e && core[k + 1] <= close) ++k;
      }
    }
    if (dims == b || tok[core[dims - 1]].kind != TokenKind::kIdentifier) return std::nullopt;
    const std::size_t name = dims - 1;
    for (std::size_t k = dims; k < e; ++k) {  // only [..][..] may follow the name
      if (!IsPunct(tok[core[k]], "[")) return std::nullopt;
      const std::size_t close = MatchForward(ts, core[k]);
      while (k + 1 < e && core[k + 1] <= close) ++k;
    }
    // Pointer operators belong to the declarator: `*`, `&`, and cv after a `*` (`int* const p`).
    auto is_ptr_op = [&](std::size_t k) {
      const Token& t = tok[core[k]];
      if (IsPunct(t, "*") || IsPunct(t, "&")) return true;
      const bool cv = IsIdent(t, "const") || IsIdent(t, "volatile") || IsIdent(t, "__restrict__");
      return cv && k > b && (IsPunct(tok[core[k - 1]], "*") || IsIdent(tok[core[k - 1]], "const"));
    };
    std::size_t ptr = name;
    while (ptr > b && is_ptr_op(ptr - 1)) --ptr;
    if (p == 0) {
      if (ptr == b) return std::nullopt;  // no type
      d.type = text_of(b, ptr);
    } else if (ptr != b) {
      return std::nullopt;  // something other than pointer operators before a later declarator
    }
    d.declarators.push_back(Declarator{text_of(ptr, name), text_of(name, name + 1), text_of(dims, e)});
  }
  return d;
}

std::string AlignExpr(const Declaration& d, const std::string& type_id) {
  std::string align = "alignof(" + type_id + ")";
  for (const std::string& a : d.aligns) {
    align = "((" + align + ") > " + a + " ? (" + align + ") : " + a + ")";
  }
  return align;
}

std::string Rewrite(const Declaration& declaration, bool function_scope, int line) {
  std::string out;
  Declaration d = declaration;
  if (!d.alignas_args.empty() && !d.declarators.empty()) {
    const std::string probe = "ws_alignas_" + d.declarators.front().name;
    out = "struct " + probe + " {";
    for (const std::string& a : d.alignas_args) out += " alignas(" + a + ")";
    out += " char c; };";
    d.aligns.push_back("alignof(" + probe + ")");
  }
  for (const Declarator& v : d.declarators) {
    const std::string type = d.type + (v.pointer_ops.empty() ? "" : " " + v.pointer_ops);
    const std::string type_id = type + (v.dims.empty() ? "" : " " + v.dims);
    const std::string size_check =
        "static_assert(sizeof(" + type_id + ") <= 48 * 1024, " + kTooMuch + ");";
    if (!out.empty()) out += ' ';
    if (function_scope) {
      out += type + " (&" + v.name + ")" + v.dims + " = *static_cast<" + type + " (*)" + v.dims + ">(";
      if (d.is_extern) {
        out += "::warpsafe::engine::DynamicShared());";
      } else {
        // The key registers the declaration when the program starts (api.h, StaticSharedKey): its
        // place in shared memory is fixed before any block runs.
        const std::string size = "sizeof(" + type_id + ")", align = AlignExpr(d, type_id);
        out += "::warpsafe::engine::StaticShared(::warpsafe::engine::StaticSharedKey<" + size + ", " + align +
               ">([]{}), " + size + ", " + align + ")); " + size_check;
      }
    } else {
      // The proxy's accessor lives in the engine's header: a tag type written on the declaration's
      // own line carries that line (__FILE__ and __LINE__ there), so reports name the user's
      // declaration. No column: the rewritten line's columns are not the user's.
      const std::string tag = "ws_shared_site_" + v.name + "_" + std::to_string(line);
      out += "struct " + tag + " { static constexpr ::warpsafe::engine::Site site() { return "
             "::warpsafe::engine::Site{__FILE__, __LINE__, 0}; } }; ";
      if (d.is_extern) {
        out += "::warpsafe::engine::DynamicSharedArray<" + type + ", " + tag + "> " + v.name + ";";
      } else {
        out += std::string(d.is_static ? "static " : "") + "::warpsafe::engine::SharedVariable<" + type_id + ", " +
               AlignExpr(d, type_id) + ", " + tag + "> " + v.name + "; " + size_check;
      }
    }
  }
  return out;
}

}  // namespace

constexpr const char* kUnknownForm =
    "_Pragma(\"GCC error \\\"warpsafe: this form of __shared__ declaration is not supported (write it as "
    "`__shared__ T name[dims];`, one declaration per statement)\\\"\") ";

std::vector<Edit> RewriteShared(const TokenStream& ts) {
  std::vector<Edit> edits;
  const std::vector<ScopeKind> scopes = ClassifyScopes(ts);
  const auto& tok = ts.tokens;
  for (std::size_t s = 0; s < tok.size(); ++s) {
    if (!IsIdent(tok[s], "__shared__")) continue;
    const ScopeKind scope = scopes[s];
    if (scope != ScopeKind::kFunction && scope != ScopeKind::kNamespace) continue;
    const std::optional<Declaration> d = Parse(ts, s);
    if (!d) {
      // A form the rewriter does not know: stop the compile here with a clear message rather
      // than leave `__shared__` for the compiler to misreport (in a #define, when it is expanded).
      // In a #define only a whole declaration (one with its `;`) is judged: `#define SMEM
      // __shared__` and other fragments are completed where they are used.
      const int dir = tok[s].directive;
      bool judged = dir < 0;
      if (dir >= 0 && ts.directives[static_cast<std::size_t>(dir)].name == "define") {
        for (std::size_t k = s + 1; k < ts.directives[static_cast<std::size_t>(dir)].last_token; ++k)
          judged = judged || IsPunct(tok[k], ";");
      }
      if (judged) edits.push_back(Edit{tok[s].begin, tok[s].begin, kUnknownForm, dir >= 0});
      continue;
    }
    const bool in_directive = tok[s].directive >= 0;
    if (d->body_open != kNone) {
      // The class stays where it is, declared on its own; its variables follow it.
      edits.push_back(Edit{tok[d->first].begin, tok[d->body_open].begin, d->class_head + " ", in_directive});
      edits.push_back(Edit{tok[d->body_close].end, tok[d->semi].end, "; " + Rewrite(*d, scope == ScopeKind::kFunction, tok[s].line),
                           in_directive});
      s = d->semi;
      continue;
    }
    edits.push_back(Edit{tok[d->first].begin, tok[d->semi].end, Rewrite(*d, scope == ScopeKind::kFunction, tok[s].line),
                         in_directive});
    s = d->semi;
  }
  return edits;
}

}  // namespace warpsafe::frontend
