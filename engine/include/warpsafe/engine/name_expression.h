// What nvrtcAddNameExpression's expressions become in a runtime-compiled program
// (engine/src/nvrtc/compile.h appends one definition per expression to the source).
//
// Each expression ("&k<int>", "ns::k<float>", "&ns::variable") is evaluated into an extern "C"
// pointer whose name the engine knows, so that after loading the built object the engine reads
// the address the expression names and looks up its symbol: the lowered name. A kernel named so is
// also registered with the runtime, as a typed launch would register it, so that cuLaunchKernel
// reads its arguments; it is registered under the expression's text, which reports then name.
#pragma once

#include "warpsafe/engine/runtime_templates.h"

namespace warpsafe::engine::nvrtc_names {

// A kernel: registered, its address returned.
template <class... Params>
const void* Named(void (*kernel)(Params...), const char* expression) {
  return ::warpsafe::engine::runtime::RegisterKernel(kernel, expression);
}

// A variable: its address.
template <class T>
const void* Named(T* object, const char*) {
  return const_cast<const void*>(static_cast<const volatile void*>(object));
}

}  // namespace warpsafe::engine::nvrtc_names
