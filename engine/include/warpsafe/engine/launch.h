// The target of the front end's rewrite of `callee<<<grid, block, smem, stream>>>(args...)`:
//
//   ::warpsafe::engine::LaunchWith(::warpsafe::engine::LaunchSpec{...},
//                                  [&](auto&... a) { callee(a...); }, args...);
//
// The arguments are evaluated once, on the host, and stored decayed, as CUDA copies kernel
// parameters at the launch. Every GPU thread then calls the kernel with lvalues of that one copy,
// so each thread's by-value parameters are its own, and template kernels deduce their arguments
// from the launch's argument types exactly as nvcc does.
#pragma once

#include <type_traits>
#include <utility>

#include "warpsafe/engine/api.h"
#include "warpsafe/engine/param_pack.h"
#include "warpsafe/engine/parameter_layout.h"

namespace warpsafe::engine {

// Pointer arguments are looked at once per launch (api.h, NoteHostPointerArgument).
template <class T>
void NoteIfPointer(const LaunchSpec& spec, unsigned index, const T& value) {
  if constexpr (std::is_pointer_v<T> && std::is_object_v<std::remove_pointer_t<T>>) {
    NoteHostPointerArgument(spec, index, static_cast<const volatile void*>(value));
  }
}

template <class Body, class... Args>
void LaunchWith(const LaunchSpec& spec, Body body, Args&&... args) {
  // Before anything runs: the kernel must read its parameters with the layout the host wrote them.
  CheckParameterLayout<std::decay_t<Args>...>(spec);
  struct Closure {
    Body body;
    ParamPack<std::decay_t<Args>...> params;
  };
  Closure closure{std::move(body), ParamPack<std::decay_t<Args>...>(std::forward<Args>(args)...)};
  const ClosureOps* ops = nullptr;
  if constexpr (std::is_copy_constructible_v<Closure>) {
    static constexpr ClosureOps kOps{[](const void* p) -> void* { return new Closure(*static_cast<const Closure*>(p)); },
                                     [](void* p) { delete static_cast<Closure*>(p); }};
    ops = &kOps;
  }
  auto note = [&spec](const auto&... p) {
    unsigned index = 0;
    (NoteIfPointer(spec, index++, p), ...);
  };
  CallWithPack(note, closure.params);
  LaunchSpec with_size = spec;
  with_size.closure_size = sizeof(Closure);
  Launch(with_size, [](void* p) {
    auto* c = static_cast<Closure*>(p);
    CallWithPack(c->body, c->params);
  }, &closure, ops);
}

}  // namespace warpsafe::engine
