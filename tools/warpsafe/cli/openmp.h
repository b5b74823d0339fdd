// Host code that uses OpenMP. A CUDA program whose host side includes <omp.h> (one CPU thread per
// GPU, a parallel CPU reference) is built by its own build system with the host compiler's OpenMP
// option: CMake's FindOpenMP and the Makefiles of such programs add it. warpsafe does the same for
// a file that includes <omp.h>, compiling it and linking the program with -fopenmp, so the program
// builds as its authors build it instead of stopping at undefined omp_* functions in the link.
// A user's own -Xcompiler -fno-openmp comes later on the command line and wins.
#pragma once

#include <string>

namespace warpsafe::cli {

// The host compiler's OpenMP option.
inline constexpr const char* kOpenMpOption = "-fopenmp";

// Whether `text` (a translated file, its local headers inlined) has an #include line naming
// <omp.h> or "omp.h".
bool IncludesOpenMp(const std::string& text);

}  // namespace warpsafe::cli
