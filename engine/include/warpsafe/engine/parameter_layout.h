// The layout of a launch's parameters as each of the two passes compiled it.
//
// The host code builds a kernel's arguments and the device pass's copy of the kernel reads them
// (docs/architecture.md, "Two passes"), so a parameter type must have the same layout in both:
// CUDA requires it (a kernel's parameter types, a lambda's closure type included, are one type on
// both sides). A type whose members, or a lambda whose captures, differ under __CUDA_ARCH__ breaks
// that, and the kernel would read the host's bytes with the device's layout.
//
// Every launch therefore instantiates a record of its parameters' sizes and alignments, in each
// pass's object, under the same mangled name. The join (tools/warpsafe/cli/parameter_layouts.h)
// compares the two records of each name and, where they differ, writes the first differing
// parameter and its device layout into the host object's record. The launch reads its record
// before it runs any thread and, when the join marked it, stops with a message at the launch's
// line (exit status 65: the program cannot be compiled into what CUDA runs). A program compiled in
// one pass never has its records marked.
#pragma once

#include <cstdint>
#include <type_traits>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// The join recognises a record by this first word (and its mangled name).
inline constexpr std::uint32_t kParameterLayoutMagic = 0x5753504cu;

struct ParameterLayoutHead {
  std::uint32_t magic;
  std::uint32_t count;           // parameters
  std::uint32_t first_mismatch;  // 0, or 1 + the index of the first parameter laid out differently
  std::uint32_t device_size;     // that parameter's size and alignment in the device pass
  std::uint32_t device_align;
  std::uint32_t reserved;
};

struct ParameterLayoutEntry {
  std::uint32_t size, align;
};

// One record per list of (decayed) parameter types. It is writable data, not a constant: the join
// changes it in the host object, so the compiler must read it, not fold it.
template <class... Params>
struct KernelParameterLayout {
  struct Record {
    ParameterLayoutHead head;
    ParameterLayoutEntry params[sizeof...(Params) + 1];
  };
  static inline Record record{
      {kParameterLayoutMagic, std::uint32_t(sizeof...(Params)), 0, 0, 0, 0},
      {ParameterLayoutEntry{std::uint32_t(sizeof(Params)), std::uint32_t(alignof(Params))}..., ParameterLayoutEntry{0, 0}}};
};

// Named at the top of every kernel definition's body (the front end's kernel_parameter_layouts.h),
// with the kernel's own parameter types, by a function-local static kept with `used`: the record
// then exists in every object that instantiates the kernel, so the device pass holds it even where
// it compiles no launch of the kernel (a library's launch under NV_IS_HOST). The static is constant
// data: the kernel runs no code for it, and its frame is as it was.
template <class... Params>
inline constexpr const void* kKernelParameterLayoutOf = &KernelParameterLayout<std::decay_t<Params>...>::record;

// Prints what differs at the launch's site and ends the process with exit status 65.
[[noreturn]] void ReportParameterLayoutMismatch(const LaunchSpec& spec, const ParameterLayoutHead& head,
                                                const ParameterLayoutEntry& host);

template <class... Params>
void CheckParameterLayout(const LaunchSpec& spec) {
  auto& record = KernelParameterLayout<Params...>::record;
  const std::uint32_t mismatch = *static_cast<const volatile std::uint32_t*>(&record.head.first_mismatch);
  if (mismatch == 0) return;
  const volatile ParameterLayoutHead& head = record.head;
  const ParameterLayoutHead copy{head.magic, head.count, mismatch, head.device_size, head.device_align, 0};
  const std::uint32_t index = mismatch - 1 < sizeof...(Params) ? mismatch - 1 : 0;
  ReportParameterLayoutMismatch(spec, copy, record.params[index]);
}

}  // namespace warpsafe::engine
