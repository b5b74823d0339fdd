// Navigation over a TokenStream shared by the rewriters: bracket matching, the template-argument
// heuristic, and top-level comma splitting. Every function stays within one "segment": the tokens
// of one directive, or the ordinary tokens between directives (a construct never spans both).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "tokenizer.h"

namespace warpsafe::frontend {

inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

bool IsPunct(const Token& t, std::string_view p);
bool IsIdent(const Token& t, std::string_view id);

// The index of the bracket closing the `(`, `[` or `{` at `open`, or kNone (unbalanced, or it would
// leave the segment of `open`). Other bracket kinds nest inside; `<` does not.
std::size_t MatchForward(const TokenStream& ts, std::size_t open);
// MatchForward for a bracket outside directives whose contents may hold preprocessor conditionals
// (a main with `#ifdef` lines, launch arguments under `#if`): brackets are counted in the first
// branch of each conditional, as its other branches are alternatives to it; directive lines are
// stepped over. kNone when they do not balance or a conditional is left open.
std::size_t MatchAcrossConditionals(const TokenStream& ts, std::size_t open);
// The index of the bracket opening the `)`, `]` or `}` at `close`, or kNone.
std::size_t MatchBackward(const TokenStream& ts, std::size_t close);

// Whether the `<` at `i` reads as a template argument list opener: it follows an identifier (or
// `template`/`operator`-free name) and is not part of `<<` or `<=`.
bool LooksLikeTemplateOpen(const TokenStream& ts, std::size_t i);
// The `>` closing the template argument list opened at `open`, or kNone when none closes it
// before a `;`, `{`, `}`, `&&`, `||` or the end of `limit`. Brackets nest; `>` inside them does not
// count.
std::size_t MatchAngleForward(const TokenStream& ts, std::size_t open, std::size_t limit);
// The `<` opening the template argument list closed by the `>` at `close`, or kNone.
std::size_t MatchAngleBackward(const TokenStream& ts, std::size_t close);

// Splits tokens [first, last) at the commas outside brackets and template argument lists. Each
// part is a half-open token range. An empty range gives no parts.
std::vector<std::pair<std::size_t, std::size_t>> SplitTopLevel(const TokenStream& ts, std::size_t first,
                                                                std::size_t last);

}  // namespace warpsafe::frontend
