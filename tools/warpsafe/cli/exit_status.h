// Exit statuses of the CLI beyond the engine's (warpsafe/engine/api.h: 64 usage, 65 does not
// compile, 66 defect, 67 unreadable input, 69 no compiler, 70 internal error). README.md lists
// them all.
#pragma once

namespace warpsafe::cli {

// An output cannot be created: `-o` names a directory that does not exist or is not writable, or
// no cache directory can be used safely (sysexits' EX_CANTCREAT).
inline constexpr int kExitCannotWrite = 73;

}  // namespace warpsafe::cli
