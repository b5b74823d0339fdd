// Binary operators for the warp collectives. Any callable `T op(const T&, const T&)` that is
// associative works; these name the common ones so that the collectives can pick faster forms
// (redux.sync for 32-bit integers, `@p add` for sums) and know which ones commute.
#pragma once
#ifndef WARPSAFE_WARP_OPERATORS_CUH_
#define WARPSAFE_WARP_OPERATORS_CUH_

#include "warpsafe/detail/config.cuh"

namespace warpsafe {

struct Sum {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return a + b; }
};
struct Min {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
struct Max {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
struct BitAnd {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return a & b; }
};
struct BitOr {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return a | b; }
};
struct BitXor {
  template <class T>
  WARPSAFE_DEVICE T operator()(const T& a, const T& b) const { return a ^ b; }
};

// Whether op(a, b) == op(b, a) for every a, b. False for user operators unless specialised: the
// collectives then keep the operands in lane order, which every associative operator needs.
template <class Op>
struct IsCommutative : std::false_type {};
template <> struct IsCommutative<Sum> : std::true_type {};
template <> struct IsCommutative<Min> : std::true_type {};
template <> struct IsCommutative<Max> : std::true_type {};
template <> struct IsCommutative<BitAnd> : std::true_type {};
template <> struct IsCommutative<BitOr> : std::true_type {};
template <> struct IsCommutative<BitXor> : std::true_type {};

// Whether a value-initialised T{} is an identity of Op (needed by the zero-padded scan).
template <class Op>
struct ZeroIsIdentity : std::false_type {};
template <> struct ZeroIsIdentity<Sum> : std::true_type {};
template <> struct ZeroIsIdentity<BitOr> : std::true_type {};
template <> struct ZeroIsIdentity<BitXor> : std::true_type {};

}  // namespace warpsafe

#endif  // WARPSAFE_WARP_OPERATORS_CUH_
