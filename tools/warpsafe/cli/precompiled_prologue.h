// The translated prologue (the engine's <cuda_runtime.h> and what it brings: about 28,000 lines)
// compiled once as a GCC precompiled header and reused by every compile that would parse it the
// same way. Parsing it was about a third of a small program's compile.
//
// The header is keyed by what decides its meaning: the compiler, every compile option except the
// include directories and the files named, and the prologue preprocessed with those options and
// the include directories, macro definitions kept (`-E -dD`). Two programs in different folders
// (another -I, another -idirafter) share it exactly when their prologue reads the same headers to
// the same macros. GCC itself checks the header against the compile it is used in; when it refuses
// it, the text beside it is read instead, so a precompiled header can only make a compile faster,
// never different. It lives in the cache, `<cache>/prologue/<key>/`, built in place under a unique
// name and renamed, so concurrent builds never read half of one. WARPSAFE_PRECOMPILED_PROLOGUE=0
// turns it off.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

// A translated unit's text cut after the prologue's last #include: `head` is precompiled, `rest`
// (starting at the line after it) is what the compile reads after it. Empty when `text` does not
// start with the prologue (a host-only .cpp file).
struct PrologueSplit {
  std::string head;
  std::string rest;
};
std::optional<PrologueSplit> SplitPrologue(const std::string& text);

// The key's part that comes from the compile command: every word but the output, the input, the
// dependency file and the include directories (`-I`, `-isystem`, `-idirafter`, `-iquote`, each
// joined or separate).
std::vector<std::string> PrologueKeyOptions(const std::vector<std::string>& compile);

// The compile command `compile` (its input last) made to read the precompiled `header` first:
// `-include header` before the input, and the header's own dependencies in its depfile.
std::vector<std::string> CompileWithPrologue(const std::vector<std::string>& compile, const std::string& header,
                                             const std::string& input);

// The precompiled prologue for `compile` (a GCC compile of a translated unit whose head is
// `head`), built if the cache lacks it: the path of its header (`-include` it; the .gch sits
// beside it), or nullopt when none can be used (not GCC, no cache directory, the header does not
// precompile): the unit is then compiled whole, as before. `note` receives a line for -v.
std::optional<std::string> PrecompiledPrologue(const std::vector<std::string>& compile, const std::string& head,
                                               std::string* note);

}  // namespace warpsafe::cli
