// The passes' agreement on kernel parameter layouts (docs/architecture.md, "Two passes").
//
// A kernel's arguments are built by the host pass's code and read by the device pass's copy of the
// kernel, so every parameter type must be laid out the same in both passes. Each launch
// instantiates a record of its parameters' sizes and alignments
// (engine/include/warpsafe/engine/parameter_layout.h) under a mangled name that is the same in the
// two objects of one translation unit (paired by their STT_FILE name). For each name both objects
// hold, the records are compared; where they differ, the host object's record is changed in place
// to name the first differing parameter and its device layout, and the launch stops at run time
// with a message at its own line, before any thread runs. Runs before the join renames anything.
#pragma once

#include <string>
#include <vector>

namespace warpsafe::cli {

// The records' name prefix: KernelParameterLayout<...>::record.
inline constexpr const char* kParameterLayoutPrefix = "_ZN8warpsafe6engine21KernelParameterLayoutI";

// Compares and marks as described above, rewriting host objects in place. Empty string on
// success, else what went wrong. `mismatches`, when given, receives the number of records marked.
std::string MarkParameterLayoutMismatches(const std::vector<std::string>& device_objects,
                                          const std::vector<std::string>& host_objects, int* mismatches = nullptr);

}  // namespace warpsafe::cli
