#include "cli/program_main.h"

#include "frontend/tokenizer.h"

namespace warpsafe::cli {

bool NamesMain(std::string_view translated) {
  // The engine's main follows this marker (frontend/translate.cpp, Trailer).
  const std::size_t trailer = translated.rfind("#line 1 \"<warpsafe main>\"");
  const std::string_view program = translated.substr(0, trailer);
  for (const frontend::Token& t : frontend::Tokenize(program).tokens) {
    if (t.kind == frontend::TokenKind::kIdentifier && t.directive < 0 && t.text == "main") return true;
  }
  return false;
}

}  // namespace warpsafe::cli
