// Large header libraries (CCCL: CUB, Thrust, libcu++) through the front end. Inlining them into
// the translated file does not scale: most of their headers use #ifndef guards, which the inliner
// cannot honour without evaluating #if, so a header would be re-inlined at every #include and the
// output would grow with the include tree instead of with the files. Instead each header file is
// rewritten once, on its own, into a shadow tree of the same layout that goes first on the include
// path: its #include lines stay as they are (the compiler's preprocessor follows them into the
// shadow tree and handles guards and #if), a `#line 1 "original"` at its top keeps diagnostics
// naming the original file, and every other line is the front end's rewrite of that line.
#pragma once

#include <string>
#include <string_view>

namespace warpsafe::frontend {

// The shadow copy of one header file.
std::string ShadowHeader(const std::string& original_path, std::string_view text);

}  // namespace warpsafe::frontend
