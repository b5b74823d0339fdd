// The operators that cg::reduce and the scans take (docs/semantics/cg.md, CG-REDUCE): plus sums,
// less keeps the smaller operand and greater the larger (they are min and max, not comparisons),
// bit_and/bit_or/bit_xor combine bits.
#pragma once

namespace cooperative_groups {

template <class T>
struct plus {
  T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  T operator()(const T& a, const T& b) const { return a ^ b; }
};

}  // namespace cooperative_groups
