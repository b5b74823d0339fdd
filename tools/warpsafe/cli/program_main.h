// Whether a program has a `main` for the engine to call. Without one, the compiler's complaint
// would be about `warpsafe_user_main`, a name the user never wrote.
#pragma once

#include <string_view>

namespace warpsafe::cli {

// True when the translated program (frontend::Translate with wrap_main) names `main` outside a
// preprocessor directive before the engine's own main at its end: the user's code (or a header it
// includes) defines or declares it. A macro that spells `main` from pieces is not seen; the
// compiler then has the last word.
bool NamesMain(std::string_view translated);

}  // namespace warpsafe::cli
