// The stored arguments of a launch: one object per kernel parameter, called with as lvalues.
//
// The engine's own small tuple rather than std::tuple: <tuple> declares std::array (and more), and
// every program includes this header through cuda_runtime.h. A program that says `using namespace
// std;` and defines its own `array` at global scope compiles with nvcc, whose headers do not pull
// <tuple> in, and must compile here too (docs/semantics/std_names.md). Only <cstddef>, <type_traits>
// and <utility> are used, which CUDA's own headers expose as well.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace warpsafe::engine {

namespace detail {

template <std::size_t I, class T>
struct PackSlot {
  template <class U>
  explicit PackSlot(U&& u) : value(std::forward<U>(u)) {}
  T value;
};

template <class Indices, class... Ts>
struct PackBase;

template <std::size_t... I, class... Ts>
struct PackBase<std::index_sequence<I...>, Ts...> : PackSlot<I, Ts>... {
  template <class... Us>
  explicit PackBase(Us&&... us) : PackSlot<I, Ts>(std::forward<Us>(us))... {}
};

template <std::size_t I, class T>
T& SlotValue(PackSlot<I, T>& slot) {
  return slot.value;
}

template <std::size_t I, class T, class... Ts>
struct NthType {
  using type = typename NthType<I - 1, Ts...>::type;
};
template <class T, class... Ts>
struct NthType<0, T, Ts...> {
  using type = T;
};

}  // namespace detail

// Holds one T of each of Ts, constructed from the arguments in order.
template <class... Ts>
struct ParamPack : detail::PackBase<std::index_sequence_for<Ts...>, Ts...> {
  using Base = detail::PackBase<std::index_sequence_for<Ts...>, Ts...>;
  // One argument per parameter (and never a ParamPack itself: copies use the copy constructor).
  template <class... Us, class = std::enable_if_t<sizeof...(Us) == sizeof...(Ts) &&
                                                  !(std::is_same_v<std::decay_t<Us>, ParamPack> || ...)>>
  explicit ParamPack(Us&&... us) : Base(std::forward<Us>(us)...) {}
  ParamPack(const ParamPack&) = default;
  ParamPack(ParamPack&&) = default;
};

// The type of the I-th parameter of ParamPack<Ts...>.
template <std::size_t I, class... Ts>
using PackElement = typename detail::NthType<I, Ts...>::type;

namespace detail {
template <class F, class... Ts, std::size_t... I>
void CallWithPack(F& f, ParamPack<Ts...>& pack, std::index_sequence<I...>) {
  f(SlotValue<I>(pack)...);
}
}  // namespace detail

// f(p0, p1, ...) with the stored parameters as lvalues (what std::apply does with a tuple lvalue).
template <class F, class... Ts>
void CallWithPack(F& f, ParamPack<Ts...>& pack) {
  detail::CallWithPack(f, pack, std::index_sequence_for<Ts...>{});
}

}  // namespace warpsafe::engine
