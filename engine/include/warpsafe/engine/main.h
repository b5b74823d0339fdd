// The main() of a program built with `warpsafe run`/`warpsafe build`: the front end renames the
// user's main to warpsafe_user_main and appends
//
//   int main(int argc, char** argv) {
//     return ::warpsafe::engine::EngineMain(argc, argv, ::warpsafe::engine::AdaptMain(&warpsafe_user_main));
//   }
//
// EngineMain takes the engine's options (--schedule, --seed, --workers, --stack-size,
// --livelock-steps, --hang-seconds) only before the first `--` (with none, every argument is the
// program's), applies them over the WARPSAFE_* environment, runs the user's main with the
// arguments after the `--` and flushes device output. A translated file built without the engine's
// main (`warpsafe translate` without --wrap-main) that defines main gets one that only calls the
// user's, through AdaptMain (frontend/translate.h says why main is renamed there too).
#pragma once

namespace warpsafe::engine {

using UserMain = int (*)(int, char**);

int EngineMain(int argc, char** argv, UserMain user_main);
// The process's environment (`environ`). Declared here rather than through <unistd.h>, which this
// header would bring in after the user's code, where its POSIX names could clash with the user's.
char** ProcessEnvironment();

namespace detail {
inline int (*g_main_noargs)() = nullptr;
inline int (*g_main_const)(int, const char**) = nullptr;
inline int (*g_main_env)(int, char**, char**) = nullptr;
}  // namespace detail

inline UserMain AdaptMain(int (*m)(int, char**)) { return m; }
inline UserMain AdaptMain(int (*m)(int, const char**)) {
  detail::g_main_const = m;
  return [](int argc, char** argv) { return detail::g_main_const(argc, const_cast<const char**>(argv)); };
}
inline UserMain AdaptMain(int (*m)()) {
  detail::g_main_noargs = m;
  return [](int, char**) { return detail::g_main_noargs(); };
}
// The common extension `main(argc, argv, envp)`: the environment as the process has it when main runs.
inline UserMain AdaptMain(int (*m)(int, char**, char**)) {
  detail::g_main_env = m;
  return [](int argc, char** argv) { return detail::g_main_env(argc, argv, ProcessEnvironment()); };
}

}  // namespace warpsafe::engine
