#include "launch_rewriter.h"

#include <set>
#include <string>

#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

// The launch brackets as nvcc reads them: `<<<` is a `<<` and a `<`, and `>>>` a `>>` and a `>`,
// with space allowed between the two (`k << < g, b >> > (args)` compiles with nvcc; `< <<` and
// `> >>` do not). `ch` is "<" or ">".
bool IsLaunchBracket(const TokenStream& ts, std::size_t i, std::string_view ch) {
  if (i + 2 >= ts.tokens.size()) return false;
  for (std::size_t k = i; k < i + 3; ++k)
    if (!IsPunct(ts.tokens[k], ch)) return false;
  return Adjacent(ts.tokens[i], ts.tokens[i + 1]);
}

struct Callee {
  std::size_t first = kNone;   // first token of the callee expression
  bool member = false;         // obj.fn, p->fn, (expr): no address to take
  int template_args = -1;      // explicit template arguments of the last name, -1 if none
  std::string name;            // the last unqualified name
};

bool IsKeyword(const Token& t) {
  static const std::set<std::string_view> kKeywords = {"return", "else", "do", "case", "throw", "new", "delete",
                                                       "sizeof", "co_return", "co_await", "operator", "goto"};
  return t.kind == TokenKind::kIdentifier && kKeywords.count(t.text) != 0;
}

// Reads the callee backwards from `last`, the token before `<<<`: a postfix expression such as
//   [::] name [<args>] { (:: | . | ->) [template] name [<args>] | (call) | [subscript] }
// or a parenthesised expression.
Callee ScanCallee(const TokenStream& ts, std::size_t last) {
  const auto& tok = ts.tokens;
  const int segment = tok[last].directive;
  Callee c;
  std::size_t i = last;
  bool first_component = true;
  while (true) {
    const Token& t = tok[i];
    if (IsPunct(t, ")") || IsPunct(t, "]")) {
      const std::size_t open = MatchBackward(ts, i);
      if (open == kNone) return Callee{};
      c.member = true;  // a call, subscript or parenthesised expression: no function to name
      c.first = open;
      first_component = false;
      const bool prefixed = open > 0 && tok[open - 1].directive == segment &&
                            ((tok[open - 1].kind == TokenKind::kIdentifier && !IsKeyword(tok[open - 1])) ||
                             IsPunct(tok[open - 1], ")") || IsPunct(tok[open - 1], "]") ||
                             IsPunct(tok[open - 1], ">"));
      if (prefixed && !(IsPunct(t, ")") && IsPunct(tok[open - 1], ")"))) {
        i = open - 1;  // `f()`, `a[i]`, `a[i][j]`, `f<T>()`: the prefix belongs to the callee
        continue;
      }
      if (IsPunct(t, "]")) return Callee{};  // a lambda introducer, not a callee
      return c;
    }
    if (IsPunct(t, ">")) {
      const std::size_t open = MatchAngleBackward(ts, i);
      if (open == kNone || open == 0 || tok[open - 1].kind != TokenKind::kIdentifier) return Callee{};
      if (first_component) c.template_args = static_cast<int>(SplitTopLevel(ts, open + 1, i).size());
      i = open - 1;
    } else if (t.kind != TokenKind::kIdentifier || IsKeyword(t)) {
      return Callee{};
    }
    if (first_component) c.name = std::string(tok[i].text);
    first_component = false;
    c.first = i;
    if (i > 0 && IsIdent(tok[i - 1], "template") && i > 1 && IsPunct(tok[i - 2], "::")) --i;
    if (i == 0 || tok[i - 1].directive != segment) return c;
    const Token& sep = tok[i - 1];
    if (IsPunct(sep, "::")) {
      c.first = i - 1;
      if (i < 2 || (tok[i - 2].kind != TokenKind::kIdentifier && !IsPunct(tok[i - 2], ">")) || IsKeyword(tok[i - 2]) ||
          tok[i - 2].directive != segment) {
        return c;  // a leading `::`
      }
      i -= 2;
    } else if (IsPunct(sep, ".") || IsPunct(sep, "->")) {
      if (i < 2) return Callee{};
      c.member = true;
      i -= 2;
    } else {
      return c;
    }
  }
}

// The names of the parameters of the function-like macro defined by directive `d`.
std::set<std::string> MacroParams(const TokenStream& ts, int d) {
  std::set<std::string> params;
  if (d < 0) return params;
  const Directive& dir = ts.directives[d];
  const std::size_t name = dir.first_token + 2;
  if (dir.name != "define" || name + 1 >= dir.last_token) return params;
  const Token& open = ts.tokens[name + 1];
  if (!IsPunct(open, "(") || !Adjacent(ts.tokens[name], open)) return params;
  for (std::size_t i = name + 2; i < dir.last_token && !IsPunct(ts.tokens[i], ")"); ++i) {
    if (ts.tokens[i].kind == TokenKind::kIdentifier) params.insert(std::string(ts.tokens[i].text));
  }
  return params;
}

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Whether the launch configuration [first, last) splits differently when every `<` compares
// (commas outside brackets only) than when `<` may open template arguments, and a `?` says a
// comparison is likely: then the front end cannot tell the arguments apart.
bool AmbiguousConfiguration(const TokenStream& ts, std::size_t first, std::size_t last, std::size_t parts) {
  std::size_t commas = 0;
  bool question = false;
  for (std::size_t k = first; k < last; ++k) {
    const Token& t = ts.tokens[k];
    if (IsPunct(t, "(") || IsPunct(t, "[") || IsPunct(t, "{")) {
      k = MatchForward(ts, k);
      if (k == kNone) return false;
    } else if (IsPunct(t, ",")) {
      ++commas;
    } else if (IsPunct(t, "?")) {
      question = true;
    }
  }
  return question && commas + 1 != parts;
}

constexpr const char* kAmbiguousLaunch =
    "_Pragma(\"GCC error \\\"warpsafe: cannot tell this launch's configuration arguments apart (a '<' in "
    "them may compare or open template arguments); put each argument in parentheses\\\"\") ";

// The launch's arguments [first, last) as text, each argument that is the literal `0` or `NULL`
// alone written as ::warpsafe::engine::kZeroLiteral, the zero of whatever parameter receives it
// (engine/include/warpsafe/engine/zero_literal.h). Only for a kernel named without deduction.
std::string ZeroLiteralsMarked(const TokenStream& ts, std::size_t first, std::size_t last) {
  std::string out;
  for (const auto& [b, e] : SplitTopLevel(ts, first, last)) {
    if (!out.empty()) out += ", ";
    const bool zero = e == b + 1 && (ts.tokens[b].text == "0" || ts.tokens[b].text == "NULL");
    out += zero ? std::string("::warpsafe::engine::kZeroLiteral") : FlattenTokens(ts, b, e);
  }
  return out;
}

}  // namespace

std::vector<Edit> RewriteLaunches(const TokenStream& ts, const KernelIndex& kernels, const KernelTypeAliases& types) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (std::size_t i = 1; i + 3 < tok.size(); ++i) {
    if (!IsLaunchBracket(ts, i, "<") || (IsPunct(tok[i - 1], "<") && Adjacent(tok[i - 1], tok[i]))) continue;
    const int segment = tok[i].directive;
    if (tok[i - 1].directive != segment) continue;
    const Callee callee = ScanCallee(ts, i - 1);
    if (callee.first == kNone) continue;

    // The `>>>`: the last three of the first run of three or more adjacent `>` outside brackets,
    // or a run of two followed by a `>` after space (IsLaunchBracket).
    std::size_t close = kNone;
    for (std::size_t j = i + 3; j < tok.size() && tok[j].directive == segment; ++j) {
      const Token& t = tok[j];
      if (IsPunct(t, "(") || IsPunct(t, "[") || IsPunct(t, "{")) {
        j = MatchForward(ts, j);
        if (j == kNone) break;
        continue;
      }
      if (IsPunct(t, ";") || IsPunct(t, ")") || IsPunct(t, "]") || IsPunct(t, "}")) break;
      if (!IsPunct(t, ">")) continue;
      std::size_t run = 1;
      while (j + run < tok.size() && IsPunct(tok[j + run], ">") && Adjacent(tok[j + run - 1], tok[j + run])) ++run;
      if (run >= 3) {
        close = j + run - 3;
        break;
      }
      if (run == 2 && IsLaunchBracket(ts, j, ">")) {
        close = j;
        break;
      }
      j += run - 1;
    }
    if (close == kNone) continue;
    const std::size_t lparen = close + 3;
    if (lparen >= tok.size() || !IsPunct(tok[lparen], "(") || tok[lparen].directive != segment) continue;
    std::size_t rparen = MatchForward(ts, lparen);
    // Arguments with preprocessor conditionals among them (`#if USE_TEXTURE` before a last
    // argument): their lines must stay lines, so only the head of the launch is rewritten below.
    const bool conditional_args = rparen == kNone && segment < 0;
    if (conditional_args) rparen = MatchAcrossConditionals(ts, lparen);
    if (rparen == kNone) continue;
    const auto config = SplitTopLevel(ts, i + 3, close);
    if (AmbiguousConfiguration(ts, i + 3, close, config.size())) {
      // `k<<<a < b ? 1 : 2, c > d ? 32 : 64>>>()`: the `<` may open a template argument list or
      // compare. Guessing could launch with the wrong configuration; the compile stops here.
      edits.push_back(Edit{tok[callee.first].begin, tok[callee.first].begin, kAmbiguousLaunch, segment >= 0});
      i = rparen;
      continue;
    }
    if (config.size() < 2 || config.size() > 4) continue;

    const std::string callee_text = FlattenTokens(ts, callee.first, i);
    const std::set<std::string> params = MacroParams(ts, segment);
    std::string key = "nullptr";
    if (!callee.member && params.count(callee.name) == 0) {
      const bool explicit_ok =
          callee.template_args >= 0 && kernels.ExplicitArgsSuffice(callee.name, callee.template_args);
      const bool plain_ok = callee.template_args < 0 && kernels.IsUniqueNonTemplate(callee.name);
      if (explicit_ok) key = "(const void*)&" + callee_text;
      if (plain_ok) key = "(const void*)" + types.AddressOf(callee_text, callee.name, tok[callee.first].begin);
    }
    const bool callee_is_param = callee.first == i - 1 && params.count(callee.name) != 0;
    const std::string name_literal = callee_is_param ? "#" + callee.name : "\"" + Escape(callee_text) + "\"";
    auto part = [&](std::size_t k, const char* fallback) {
      return k < config.size() ? FlattenTokens(ts, config[k].first, config[k].second) : std::string(fallback);
    };

    std::string out = "::warpsafe::engine::LaunchWith(::warpsafe::engine::LaunchSpec{dim3(" + part(0, "") +
                      "), dim3(" + part(1, "") + "), (::std::size_t)(" + part(2, "0") + "), (void*)(" +
                      part(3, "nullptr") + "), " + key + ", " + name_literal +
                      ", ::warpsafe::engine::Site{__FILE__, __LINE__}}, [&](auto&... ws_a) { " + callee_text +
                      "(ws_a...); }";
    if (conditional_args) {
      // `LaunchWith(spec, body` replaces `k<<<...>>>(`; the arguments keep their lines, the first
      // one gains the comma before it, and the launch's `)` closes the call.
      edits.push_back(Edit{tok[callee.first].begin, tok[lparen].end, std::move(out), false});
      std::size_t first_arg = lparen + 1;
      while (first_arg < rparen && tok[first_arg].directive >= 0) ++first_arg;
      if (first_arg < rparen) edits.push_back(Edit{tok[first_arg].begin, tok[first_arg].begin, ", ", false});
      i = rparen;
      continue;
    }
    std::string args = FlattenTokens(ts, lparen + 1, rparen);
    if (key != "nullptr" && args != "__VA_ARGS__") args = ZeroLiteralsMarked(ts, lparen + 1, rparen);
    if (args == "__VA_ARGS__" && segment >= 0) {
      out += ", ##__VA_ARGS__";
    } else if (!args.empty()) {
      out += ", " + args;
    }
    out += ")";
    edits.push_back(Edit{tok[callee.first].begin, tok[rparen].end, std::move(out), segment >= 0});
    i = rparen;
  }
  return edits;
}

}  // namespace warpsafe::frontend
