#include "asm_rewriter.h"

#include <string>

#include "scope_tracker.h"
#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsAsmKeyword(const Token& t) { return IsIdent(t, "asm") || IsIdent(t, "__asm__") || IsIdent(t, "__asm"); }

bool IsQualifier(const Token& t) {
  return IsIdent(t, "volatile") || IsIdent(t, "__volatile__") || IsIdent(t, "__volatile") || IsIdent(t, "inline") ||
         IsIdent(t, "__inline__");
}

// The value of a plain string literal token ("..."), escapes decoded; false for a prefixed or raw
// literal (the caller then treats the template as not known at rewrite time).
bool LiteralValue(const Token& t, std::string* out) {
  if (t.kind != TokenKind::kString || t.text.size() < 2 || t.text.front() != '"') return false;
  const std::string_view body = t.text.substr(1, t.text.size() - 2);
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\' || i + 1 == body.size()) {
      *out += body[i];
      continue;
    }
    const char e = body[++i];
    switch (e) {
      case 'n': *out += '\n'; break;
      case 't': *out += '\t'; break;
      case '\n': break;  // a line splice
      default: *out += e; break;
    }
  }
  return true;
}

// The statement before `i` ended (so `asm` starts a statement): not `int x asm("name")`, an asm label.
bool StartsStatement(const TokenStream& ts, std::size_t i) {
  if (i == 0) return true;
  const Token& prev = ts.tokens[i - 1];
  if (prev.directive != ts.tokens[i].directive) return true;
  if (const int d = ts.tokens[i].directive; d >= 0) {
    // The start of a #define's body: after its name, or after its parameter list.
    const std::size_t first = ts.directives[static_cast<std::size_t>(d)].first_token;
    const std::size_t name = first + 2;  // `#` `define` NAME
    if (ts.directives[static_cast<std::size_t>(d)].name == "define" && name < i) {
      if (i - 1 == name) return true;
      if (IsPunct(prev, ")") && MatchBackward(ts, i - 1) == name + 1 && Adjacent(ts.tokens[name], ts.tokens[name + 1])) {
        return true;
      }
    }
  }
  if (IsPunct(prev, ";") || IsPunct(prev, "{") || IsPunct(prev, "}") || IsPunct(prev, ":") || IsIdent(prev, "else") ||
      IsIdent(prev, "do")) {
    return true;
  }
  if (IsPunct(prev, "(") || IsPunct(prev, ",")) {
    // A statement inside a macro's argument (CCCL's `NV_IF_TARGET(NV_PROVIDES_SM_80, (asm(...);))`):
    // the asm's parentheses are followed by the `;` that ends it.
    std::size_t j = i + 1;
    while (j < ts.tokens.size() && IsQualifier(ts.tokens[j])) ++j;
    if (j >= ts.tokens.size() || !IsPunct(ts.tokens[j], "(")) return false;
    const std::size_t close = MatchForward(ts, j);
    return close != kNone && close + 1 < ts.tokens.size() && IsPunct(ts.tokens[close + 1], ";");
  }
  if (IsPunct(prev, ")")) {  // `if (c) asm(...)`, not `void f() asm("g")`
    const std::size_t open = MatchBackward(ts, i - 1);
    if (open == kNone || open == 0) return false;
    const Token& kw = ts.tokens[open - 1];
    return IsIdent(kw, "if") || IsIdent(kw, "while") || IsIdent(kw, "for") || IsIdent(kw, "switch");
  }
  return false;
}

// `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`: the only directives an asm's template may
// hold (choosing between instruction strings, as CUB 1.x does); the compiler's preprocessor picks.
bool IsConditionalDirective(const TokenStream& ts, const Token& t) {
  if (t.directive < 0) return false;
  const std::string& name = ts.directives[static_cast<std::size_t>(t.directive)].name;
  return name == "if" || name == "ifdef" || name == "ifndef" || name == "elif" || name == "else" || name == "endif";
}

// The `)` matching `open`, looking past whole conditional directives between them (MatchForward
// stops at any directive); kNone if another directive or a mismatch comes first.
std::size_t MatchPastConditionals(const TokenStream& ts, std::size_t open) {
  std::vector<char> stack;
  for (std::size_t i = open; i < ts.tokens.size(); ++i) {
    const Token& t = ts.tokens[i];
    if (t.directive >= 0) {
      if (!IsConditionalDirective(ts, t)) return kNone;
      i = ts.directives[static_cast<std::size_t>(t.directive)].last_token - 1;
      continue;
    }
    if (IsPunct(t, "(") || IsPunct(t, "[") || IsPunct(t, "{")) {
      stack.push_back(t.text[0] == '(' ? ')' : t.text[0] == '[' ? ']' : '}');
    } else if (IsPunct(t, ")") || IsPunct(t, "]") || IsPunct(t, "}")) {
      if (stack.empty() || t.text[0] != stack.back()) return kNone;
      stack.pop_back();
      if (stack.empty()) return i;
    }
  }
  return kNone;
}

struct Section {
  std::size_t first;
  std::size_t last;
};

// Splits the tokens inside the asm's parentheses at its top-level colons (`::` is two of them).
std::vector<Section> SplitColons(const TokenStream& ts, std::size_t first, std::size_t last) {
  std::vector<Section> out;
  std::size_t start = first;
  const int segment = first > 0 ? ts.tokens[first - 1].directive : -1;
  for (std::size_t i = first; i < last; ++i) {
    const Token& t = ts.tokens[i];
    if (t.directive != segment) continue;  // a conditional directive inside the template
    if (IsPunct(t, "(") || IsPunct(t, "[") || IsPunct(t, "{")) {
      const std::size_t close = MatchForward(ts, i);
      if (close == kNone || close >= last) return {};
      i = close;
      continue;
    }
    if (IsPunct(t, ":")) {
      out.push_back({start, i});
      start = i + 1;
    } else if (IsPunct(t, "::")) {
      out.push_back({start, i});
      out.push_back({i, i});
      start = i + 1;
    }
  }
  out.push_back({start, last});
  return out;
}

struct AsmOperand {
  std::string constraint;  // decoded; empty when a macro builds it
  std::string text;        // the operand's tokens as written
};

// The operands of one section: `"constraint"(expr)`, or tokens a macro turns into that (ending with
// a parenthesised group); false for a named operand (`[name] "r"(x)`) or anything else.
// nvcc also takes operands written one after the other without their comma (`"r"(a) "l"(p)`, as
// in some of NVIDIA's own samples), which the host compiler rejects: a string literal right after
// an operand's closing parenthesis can only start the next operand, so the piece is cut there.
std::vector<std::pair<std::size_t, std::size_t>> OperandPieces(const TokenStream& ts, Section s) {
  std::vector<std::pair<std::size_t, std::size_t>> pieces;
  for (auto [first, last] : SplitTopLevel(ts, s.first, s.last)) {
    for (std::size_t i = first; i + 1 < last; ++i) {
      if (!IsPunct(ts.tokens[i], "(")) continue;
      const std::size_t close = MatchForward(ts, i);
      if (close == kNone || close + 1 >= last) break;
      if (ts.tokens[close + 1].kind == TokenKind::kString) {
        pieces.push_back({first, close + 1});
        first = close + 1;
      }
      i = close;
    }
    pieces.push_back({first, last});
  }
  return pieces;
}

bool ReadOperands(const TokenStream& ts, Section s, std::vector<AsmOperand>* out) {
  for (const auto& [first, last] : OperandPieces(ts, s)) {
    if (last - first < 3 || !IsPunct(ts.tokens[last - 1], ")") || IsPunct(ts.tokens[first], "[")) return false;
    const std::size_t open = MatchBackward(ts, last - 1);
    if (open == kNone || open <= first) return false;
    std::string constraint;
    if (!(open == first + 1 && LiteralValue(ts.tokens[first], &constraint))) constraint.clear();
    out->push_back({constraint, FlattenTokens(ts, first, last)});
  }
  return true;
}

// nvcc's PTX register classes; anything else (x86's a, b, D, S, m, g, ...) is host assembly. `q`
// (128 bits) is x86's too (a, b, c or d): the statement decides it (MentionsB128).
bool IsPtxConstraint(const std::string& c, bool output) {
  std::size_t i = 0;
  if (output) {
    if (c.empty() || (c[0] != '=' && c[0] != '+')) return false;
    i = 1;
  }
  if (i < c.size() && c[i] == '&') ++i;
  if (i + 1 != c.size()) return false;
  const char letter = c[i];
  return letter == 'h' || letter == 'r' || letter == 'l' || letter == 'f' || letter == 'd' || letter == 'c' ||
         letter == 'q' || (!output && letter == 'n');
}

bool IsWideConstraint(const std::string& c) { return !c.empty() && c.back() == 'q'; }

bool IsHostTemplate(const std::string& text) {
  std::size_t b = text.find_first_not_of(" \t\n;");
  if (b == std::string::npos) return true;  // empty: a compiler barrier, valid on every target
  std::size_t e = text.find_last_not_of(" \t\n;");
  const std::string t = text.substr(b, e - b + 1);
  return t == "pause" || t == "rep; nop" || t == "rep nop";
}

void RewriteOne(const TokenStream& ts, std::size_t kw, std::vector<Edit>* edits) {
  const auto& tok = ts.tokens;
  std::size_t i = kw + 1;
  while (i < tok.size() && IsQualifier(tok[i])) ++i;
  if (i >= tok.size() || !IsPunct(tok[i], "(")) return;  // asm goto, or not an asm statement
  std::size_t close = MatchForward(ts, i);
  // A template with #if branches between its literals: the directives must stay on their own
  // lines for the compiler, so the statement is rewritten around them (below).
  const bool conditional = close == kNone && tok[kw].directive < 0;
  if (conditional) close = MatchPastConditionals(ts, i);
  if (close == kNone) return;
  const std::vector<Section> sections = SplitColons(ts, i + 1, close);
  if (sections.empty() || sections.size() > 4 || sections[0].first == sections[0].last) return;
  // Directives only in the template: an operand list cut by #if is not rewritten.
  for (std::size_t t = sections[0].last; t < close; ++t) {
    if (tok[t].directive != tok[kw].directive) return;
  }

  // The template: string literals and macro names only.
  std::string literal;
  bool known = !conditional;
  for (std::size_t t = sections[0].first; t < sections[0].last; ++t) {
    if (conditional && IsConditionalDirective(ts, tok[t])) {
      t = ts.directives[static_cast<std::size_t>(tok[t].directive)].last_token - 1;
      continue;
    }
    if (tok[t].kind == TokenKind::kString) {
      known = LiteralValue(tok[t], &literal) && known;
    } else if (tok[t].kind == TokenKind::kIdentifier || IsPunct(tok[t], "#")) {
      known = false;
    } else {
      return;  // not a template we can carry (a "C" operand expression, an error)
    }
  }
  std::vector<AsmOperand> outputs, inputs;
  if (sections.size() > 1 && !ReadOperands(ts, sections[1], &outputs)) return;
  if (sections.size() > 2 && !ReadOperands(ts, sections[2], &inputs)) return;
  for (const AsmOperand& o : outputs) {
    if (!o.constraint.empty() && !IsPtxConstraint(o.constraint, true)) return;
  }
  for (const AsmOperand& o : inputs) {
    if (!o.constraint.empty() && !IsPtxConstraint(o.constraint, false)) return;
  }
  if (known && outputs.empty() && inputs.empty() && IsHostTemplate(literal)) return;
  // A "q" operand is PTX's only with a .b128 instruction to read it; x86 assembly names no .b128.
  bool wide = false;
  for (const std::vector<AsmOperand>* list : {&outputs, &inputs}) {
    for (const AsmOperand& o : *list) wide = wide || IsWideConstraint(o.constraint);
  }
  if (wide && known && literal.find("b128") == std::string::npos) return;

  const std::string site = "::warpsafe::engine::Site{__FILE__, __LINE__}";
  std::string operands;
  // `""_warpsafe_ptx_out "=r"(x)`: joined by the compiler into a call of an operand maker (ptx.h),
  // whether the constraint is written or built by a macro.
  for (const AsmOperand& o : outputs) operands += ", \"\"_warpsafe_ptx_out " + o.text;
  for (const AsmOperand& o : inputs) operands += ", \"\"_warpsafe_ptx_in " + o.text;
  if (conditional) {
    // Two edits around the template, which stays as written, directives and lines included:
    //   ::warpsafe::engine::ptx::AsmAt(site, <the site's cache>, "..." #if ... #endif, operands)
    // The site is taken on the asm's own line.
    edits->push_back(Edit{tok[kw].begin, tok[i].end,
                          "::warpsafe::engine::ptx::AsmAt(" + site +
                              ", []() { static ::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), ",
                          false});
    edits->push_back(Edit{tok[sections[0].last].begin, tok[close].end, operands + ")", false});
    return;
  }
  std::string call = "::warpsafe::engine::ptx::Asm(::warpsafe::engine::ptx::ProgramFor([]() { static "
                     "::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), " +
                     FlattenTokens(ts, sections[0].first, sections[0].last) + ", " + site + "), " + site;
  call += operands + ")";
  edits->push_back(Edit{tok[kw].begin, tok[close].end, call, tok[kw].directive >= 0});
}

}  // namespace

std::vector<Edit> RewriteAsm(const TokenStream& ts) {
  std::vector<Edit> edits;
  const std::vector<ScopeKind> scopes = ClassifyScopes(ts);
  for (std::size_t i = 0; i < ts.tokens.size(); ++i) {
    if (!IsAsmKeyword(ts.tokens[i]) || scopes[i] != ScopeKind::kFunction || !StartsStatement(ts, i)) continue;
    RewriteOne(ts, i, &edits);
  }
  return edits;
}

}  // namespace warpsafe::frontend
