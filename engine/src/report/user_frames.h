// Which code is the user's, and where a GPU thread is in it. A report names the user's line: when
// a thread stopped inside code the user did not write (warpsafe's library in include/warpsafe, the
// engine's CUDA headers such as <cooperative_groups.h>, CCCL, the C++ library), the report names
// the innermost call in the user's own code that led there, and keeps the other line as a note.
//
// The calls are found by unwinding the thread's fiber stack (fiber/unwind.h: libgcc's unwinder
// and the program's call-frame information), from here for the lane this code runs for (on its
// stack, or in the fault handler that interrupted it), else from where the lane's fiber was
// suspended; each return address is symbolized with its inlined frames (race/symbolizer.h, from
// the program's debug information) and the first frame in a user's file wins. Where the walk
// stops early (code without call-frame information) the stack's remaining words that are return
// addresses into the program are taken as candidates. Only at report time: nothing is paid while
// the program runs. Without debug information the site stays as it was.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

struct Lane;

// False for the files of warpsafe's library and engine headers, CCCL, the compiler's and the
// system's headers, the engine's own sources, and unknown files; true for everything else.
bool IsUserFile(const char* file);

// Where each of `lanes` is in the user's code: the lane's site itself when it is in a user's file
// (or unknown: a lane that reached no scheduling point yet),
// else the innermost call from a user's file found on the lane's stack (and *library, when not
// null, gets the lane's own site, as "file:line", for a note); the site unchanged when none is
// found. A lane that is running (the caller's own) is read from the current stack pointer, any
// other from where it was suspended. One symbolizer run for all of them.
std::vector<Site> UserSites(const std::vector<const Lane*>& lanes, std::vector<std::string>* library = nullptr);

// The same for one lane and a site it reached: `site` when it is the user's, else the user's call
// that led to it, with " (in file:line)" for `site` appended to *note.
Site UserSite(const Lane& lane, Site site, std::string* note);

// The candidate calls on `lane`'s stack now, innermost first: kept by a caller that must name the
// user's line later, after the lane has moved on (the race detector's record of an atomic made in a
// library's header). No symbolizer: an unwind of the lane's stack, about a microsecond.
std::vector<std::uintptr_t> CallsOnStack(const Lane& lane);

// UserSite for calls kept from CallsOnStack: `site` when it is the user's, else the innermost of
// `calls` in a user's file, with " (in file:line)" for `site` appended to *note; `site` unchanged
// when none is.
Site UserSiteOfCalls(const std::vector<std::uintptr_t>& calls, Site site, std::string* note);

// Where the code running on this thread was called from in the user's code: the innermost frame in
// a user's file among the calls on the thread's stack now, as the program's line of a call into a
// math library (whose checks and refusals run on the caller's host thread). False when none is
// found (a program without debug information); symbolizes, so only for a report being written.
bool CallerSite(Site* out);

}  // namespace warpsafe::engine
