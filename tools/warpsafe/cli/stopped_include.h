// The #include that stopped a compile. A program that includes a header the engine refuses
// (engine/refused: OpenGL, EGL or Vulkan interop, NVRTC, a library warpsafe does not provide) or
// a header this machine does not have (<mpi.h>, <windows.h>) stops the compiler at that line with
// one fatal error; the compiler's own message names the header, deep in an "In file included
// from" chain. This finds it in the compiler's diagnostics, so that warpsafe's one-line summary
// can say which header stopped the compile and where the user's code includes it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace warpsafe::cli {

struct StoppedInclude {
  std::string header;     // as included: "cuda_gl_interop.h", "GL/freeglut.h"
  std::string what;       // a refused header: what it is ("OpenGL interop"); empty otherwise
  bool refused = false;   // true: the engine refuses it; false: not found on this machine
  std::string site;       // "file:line" of the #include line that names it
  std::string from;       // "file:line" in the compiled file whose #include chain reaches the site;
                          // empty when the site is in that file itself
};

// The include that stopped the compile, from the compiler's diagnostics (GCC's and Clang's
// format); nullopt when the compile did not stop at an include (an ordinary error).
std::optional<StoppedInclude> FindStoppedInclude(std::string_view diagnostics);

// "f.cu:12: <cuda_gl_interop.h> (OpenGL interop) is not supported by the engine", or
// "helper_gl.h:30: <GL/freeglut.h> not found (included from f.cu:4)".
std::string DescribeStoppedInclude(const StoppedInclude& stop);

}  // namespace warpsafe::cli
