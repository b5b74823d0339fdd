// A small C++ tokenizer for the front end. It sees exactly what the rewriters need: identifiers,
// numbers, literals and punctuators with their byte offsets and lines, and the preprocessor
// directives as logical lines. Comments, string/char literals (raw strings included) are single
// tokens or skipped, so `<<<` or `__shared__` inside them is never touched.
//
// Punctuators are deliberately coarse: `<` and `>` are always single-character tokens (so `<<<`,
// `>>>`, `>>` closing two templates, `<=` are recognised by adjacency, see Adjacent()); only `::`,
// `->`, `...`, `##`, `&&` and `||` are multi-character.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warpsafe::frontend {

enum class TokenKind { kIdentifier, kNumber, kString, kRawString, kChar, kPunct, kHeaderName };

struct Token {
  TokenKind kind;
  std::size_t begin;  // byte offset of the first character in the source
  std::size_t end;    // one past the last character
  int line;           // 1-based physical line of `begin`
  int directive;      // index into TokenStream::directives when inside a directive, else -1
  std::string_view text;  // view into the source (may contain line splices; see TokenText)
};

// One preprocessor directive: `#` at the start of a line up to the newline that ends the logical
// line (backslash-newline continues it). Its tokens, `#` and the name included, are in
// [first_token, last_token) and carry its index.
struct Directive {
  std::size_t begin;  // offset of the `#`
  std::size_t end;    // offset of the terminating '\n' (or the source size)
  int line;           // line of the `#`
  int end_line;       // line of the terminating '\n'
  std::string name;   // "include", "define", "pragma", ... ("" for a null directive)
  std::size_t first_token;
  std::size_t last_token;
};

struct TokenStream {
  std::string_view source;
  std::vector<Token> tokens;
  std::vector<Directive> directives;
};

// Tokenizes `source` (which must outlive the result). Never fails: an unterminated literal or
// comment ends at the end of its line or of the file, as the preprocessor recovers.
TokenStream Tokenize(std::string_view source);

// True when token `b` starts exactly where token `a` ends (no whitespace or comment between).
inline bool Adjacent(const Token& a, const Token& b) { return a.end == b.begin; }

// The token's spelling on one line: line splices removed, and a raw string literal converted into
// an ordinary string literal of the same value (so that it can be moved onto one line).
std::string TokenText(const Token& token);

// Tokens [first, last) as one line of text: a single space where the source had whitespace or
// comments between two tokens, nothing where they touched.
std::string FlattenTokens(const TokenStream& ts, std::size_t first, std::size_t last);

}  // namespace warpsafe::frontend
