#include "frontend/tokenizer.h"

#include <gtest/gtest.h>

namespace warpsafe::frontend {
namespace {

std::vector<std::string> Texts(const TokenStream& ts) {
  std::vector<std::string> out;
  for (const Token& t : ts.tokens) out.emplace_back(t.text);
  return out;
}

TEST(Tokenizer, SkipsCommentsAndKeepsLiteralsWhole) {
  const TokenStream ts = Tokenize("a /* <<< */ b // c<<<\n\"x<<<y\" 'q' R\"d(<<<)\n)d\" u8\"s\"");
  EXPECT_EQ(Texts(ts), (std::vector<std::string>{"a", "b", "\"x<<<y\"", "'q'", "R\"d(<<<)\n)d\"", "u8\"s\""}));
  EXPECT_EQ(ts.tokens[2].line, 2);
  EXPECT_EQ(ts.tokens[4].kind, TokenKind::kRawString);
  EXPECT_EQ(ts.tokens[5].line, 3);
}

TEST(Tokenizer, AngleBracketsAreSingleCharacters) {
  const TokenStream ts = Tokenize("k<<<1,2>>>(x); a::b->c...");
  EXPECT_EQ(Texts(ts), (std::vector<std::string>{"k", "<", "<", "<", "1", ",", "2", ">", ">", ">", "(", "x", ")", ";",
                                                 "a", "::", "b", "->", "c", "..."}));
  EXPECT_TRUE(Adjacent(ts.tokens[1], ts.tokens[2]));
}

TEST(Tokenizer, DigitSeparatorsAreNotCharLiterals) {
  const TokenStream ts = Tokenize("x = 1'000'000 + 0x1p-3; y");
  EXPECT_EQ(Texts(ts), (std::vector<std::string>{"x", "=", "1'000'000", "+", "0x1p-3", ";", "y"}));
}

TEST(Tokenizer, DirectivesWithContinuations) {
  const TokenStream ts = Tokenize("#define F(a) \\\n  a<<<1, 2>>>()\nint x;\n# include <vector>\n#error don't\nz");
  ASSERT_EQ(ts.directives.size(), 3u);
  EXPECT_EQ(ts.directives[0].name, "define");
  EXPECT_EQ(ts.directives[0].line, 1);
  EXPECT_EQ(ts.directives[0].end_line, 2);
  EXPECT_EQ(ts.directives[1].name, "include");
  EXPECT_EQ(ts.tokens[ts.directives[1].first_token + 2].kind, TokenKind::kHeaderName);
  EXPECT_EQ(ts.directives[2].name, "error");
  EXPECT_EQ(ts.directives[2].last_token - ts.directives[2].first_token, 2u);  // text not tokenized
  EXPECT_EQ(ts.tokens.back().text, "z");
  EXPECT_EQ(ts.tokens.back().directive, -1);
  EXPECT_EQ(ts.tokens.back().line, 6);
  for (std::size_t i = ts.directives[0].first_token; i < ts.directives[0].last_token; ++i) {
    EXPECT_EQ(ts.tokens[i].directive, 0);
  }
}

TEST(Tokenizer, HashInsideALineIsNotADirective) {
  const TokenStream ts = Tokenize("a # b\n  #if X\n#endif");
  ASSERT_EQ(ts.directives.size(), 2u);
  EXPECT_EQ(ts.directives[0].name, "if");
}

TEST(Tokenizer, UnterminatedLiteralStopsAtEndOfLine) {
  const TokenStream ts = Tokenize("#if 0\nit's\n#endif\nk");
  ASSERT_EQ(ts.directives.size(), 2u);
  EXPECT_EQ(ts.tokens.back().text, "k");
}

TEST(Tokenizer, FlattenJoinsLinesAndConvertsRawStrings) {
  const TokenStream ts = Tokenize("f(a, // c\n  R\"(x\n\"y\")\", b)");
  EXPECT_EQ(FlattenTokens(ts, 0, ts.tokens.size()), "f(a, \"x\\n\\\"y\\\"\", b)");
}

}  // namespace
}  // namespace warpsafe::frontend
