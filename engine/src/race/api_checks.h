// What `warpsafe check` says about the program's runtime calls (docs/semantics/checker.md, API-1
// to API-3):
//   - every call that returns an error is listed once per call site and error, with CUDA's error
//     name and the program's line (`warpsafe note: ...`, a prefix no report starts with); a launch the runtime refused also names
//     the limit it broke. Listed, not fatal: a program may test for the error and cope.
//   - a copy or fill whose device side is not device memory, runs past its allocation, or goes
//     against the direction it names is a defect (`invalid memory copy`, exit 66): on a GPU the
//     data never arrives.
//   - at exit, every device, managed or pinned block never freed is listed (one line each).
// Only instrumented programs (race::Enabled()) call these.
#pragma once

#include <cstddef>
#include <string>

#include "driver_types.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::race {

// A runtime call is about to return `error`.
void ApiFailed(cudaError_t error);
// A launch of `kernel` at `site` refused with `error` because of `why` (the limit it broke).
void LaunchRejected(Site site, const char* kernel, cudaError_t error, const std::string& why);
// A copy of `count` bytes (`kind` as cudaMemcpyKind; fills pass src null) the runtime rejected
// with `error`. Reports and does not return.
[[noreturn]] void InvalidCopy(void* dst, const void* src, std::size_t count, int kind, cudaError_t error);
// Registers the leak listing at exit (once).
void ListLeaksAtExit();

}  // namespace warpsafe::engine::race
