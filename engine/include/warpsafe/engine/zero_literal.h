// A launch argument written as the literal `0` or `NULL`, for a kernel whose parameter types the
// launch knows without deduction.
//
// CUDA converts each argument of `k<<<g, b>>>(args...)` to the type of the kernel's parameter at
// the launch, so `scan<<<g, b>>>(out, in, 0, n)` passes a null pointer to a pointer parameter: the
// literal is a null pointer constant there. The engine stores the arguments first and calls the
// kernel with the stored copies (launch.h); a stored `int` 0 is no longer a constant and converts
// to no pointer. The front end (tools/warpsafe/frontend/launch_rewriter.cpp) therefore passes such
// an argument as kZeroLiteral, which becomes the zero of whatever parameter type receives it: a null
// pointer, or a zero of an arithmetic, enumeration or class type built from 0. It does so only
// where the kernel is named without deduction (a unique non-template kernel, or a template with
// all its arguments given), since a deduced parameter would deduce ZeroLiteral, not int.
#pragma once

#include <type_traits>

namespace warpsafe::engine {

struct ZeroLiteral {
  template <class T, class = std::enable_if_t<std::is_pointer_v<T> || std::is_member_pointer_v<T> ||
                                              std::is_null_pointer_v<T> || std::is_constructible_v<T, int>>>
  constexpr operator T() const {
    if constexpr (std::is_pointer_v<T> || std::is_member_pointer_v<T> || std::is_null_pointer_v<T>) {
      return nullptr;
    } else {
      return T(0);
    }
  }
};

inline constexpr ZeroLiteral kZeroLiteral{};

}  // namespace warpsafe::engine
