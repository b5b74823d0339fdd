// CCCL (CUB, Thrust, libcu++) from its own, unmodified headers. It is found, in order, in a user -I
// directory, in an installed CUDA toolkit (only its cub/ thrust/ cuda/ nv/ subtrees: the toolkit's
// include directory itself never goes on the path), or where Debian's libcub-dev, libthrust-dev
// and libcu++-dev put it. Its headers are then rewritten once into a shadow tree in the cache
// (frontend/shadow_tree.h) that goes first on the compiler's include path.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

// The directory whose cub/, thrust/, cuda/ and nv/ subdirectories hold CCCL, or nullopt.
// `user_dirs`: the -I directories; `standard_dirs`: the compiler's own (toolkit ones included).
std::optional<std::string> FindCccl(const std::vector<std::string>& user_dirs,
                                    const std::vector<std::string>& standard_dirs);

// Whether a directory is (or holds) a CCCL root: then the front end must not inline from it.
bool IsCcclRoot(const std::string& dir);

// Whether a translated text includes a CCCL header directly (`<cub/`, `<thrust/`, `<cuda/`,
// `<nv/`): only such programs need the shadow tree.
bool IncludesCccl(const std::string& text);

// CCCL's major version at `root` (CUB_VERSION / 100000 from cub/version.cuh, else Thrust's), or 0
// when neither header says.
int CcclMajorVersion(const std::string& root);

// Whether a translated text includes CUB's or Thrust's device-wide algorithms directly (`<thrust/`,
// `<cub/device/`, `<cub/cub.cuh>`): with CCCL 2 and later, such a file instantiates thousands of
// functions (every tuning policy of every algorithm), which g++ holds in memory together from -O1
// on, past 5 GB for one Thrust program; it is compiled at -O0 (DeviceAlgorithmsOptimization).
bool IncludesCcclDeviceAlgorithms(const std::string& text);

// The shadow tree of `root` under `cache_dir` (built on first use, atomically; reused while the
// headers are unchanged). Empty string and `error` set on failure. `seconds` gets the build time
// (0 when reused).
std::string ShadowTree(const std::string& root, const std::string& cache_dir, std::string* error,
                       double* seconds = nullptr);

}  // namespace warpsafe::cli
