// Inline PTX: what the front end turns an `asm` statement of device code into.
//
//   asm volatile("shfl.sync.up.b32 %0|p, %1, %2, 0, %3;" : "=r"(y) : "r"(x), "r"(d), "r"(m));
//
// becomes (on the same line)
//
//   ::warpsafe::engine::ptx::Asm(::warpsafe::engine::ptx::ProgramFor(<the site's SiteCache>, "shfl...", site),
//                                site, ""_warpsafe_ptx_out "=r"(y), ""_warpsafe_ptx_in "r"(x), ...);
//
// The template is parsed once per asm site, the first time a lane reaches it (engine/src/ptx/parser);
// each execution then runs the parsed instructions with this lane's operands. The instructions call
// the same engine operations as the CUDA intrinsics, so a `shfl.sync` is the same rendezvous, with
// the same reports, as `__shfl_sync`. A template the engine cannot run reports `warpsafe: unsupported
// PTX` at the asm's line when a lane executes it, never a guessed result.
//
// Operands follow nvcc's constraints (Inline PTX Assembly in CUDA, "Constraints"): h = 16-bit,
// r = 32-bit, l = 64-bit integer registers, f = f32, d = f64, c = 8-bit, q = 128-bit (a .b128
// value, from an `__int128` or `unsigned __int128`), n = an immediate. An input
// of another type is converted to the register's type as nvcc converts it; an output register's
// value is converted back to the type of its lvalue.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine::ptx {

// A parsed template (engine/src/ptx/program.h). Never freed: one per asm site.
struct Program;

struct Operand {
  std::uint64_t bits;  // the input value in the register's format (inputs and "+" outputs)
  void* dest;          // the output lvalue, null for an input
  // Writes an output back to its lvalue; `high` is the upper half of a "q" operand's 128 bits.
  void (*store)(void* dest, std::uint64_t bits, std::uint64_t high, char letter);
  char letter;         // the register class of the constraint: h r l f d c q n
  std::uint64_t high;  // a "q" operand's upper 64 bits (`bits` holds the lower 64)
};

// Parses `text`; never fails (a template the engine cannot run becomes a Program that reports
// when a lane executes it). `site` is the asm statement.
const Program* Parse(const char* text, Site site);

// One per asm site: a static of the front end's code. It is constant-initialized (no guard
// variable, whose lock a lane could hold while another lane of the same OS thread waits for it),
// and only the engine reads and writes it.
struct SiteCache {
  const Program* program;
};
// The site's parsed program: parsed by the first thread to arrive, then read with one atomic
// load. Never a scheduling point.
const Program* ProgramFor(SiteCache* cache, const char* text, Site site);
// Runs `program` for the calling lane with its operands, then stores the outputs. `caller` is a
// code address of the asm statement (the race detector's location of its memory accesses).
void Execute(const Program* program, Operand* operands, int count, Site site, std::uintptr_t caller);

namespace detail {

// The register class of a constraint string ("=r", "+l", "r", "n", ...).
constexpr char Letter(const char* constraint) {
  while (*constraint == '=' || *constraint == '+' || *constraint == '&') ++constraint;
  return *constraint;
}

constexpr unsigned LetterBytes(char letter) {
  switch (letter) {
    case 'c': return 1;
    case 'h': return 2;
    case 'r':
    case 'f': return 4;
    case 'q': return 16;
    default: return 8;  // l, d, n
  }
}

// The 128-bit integer types, whatever the language mode says of std::is_integral for them.
template <class U>
inline constexpr bool kIs128 = std::is_same_v<U, __int128> || std::is_same_v<U, unsigned __int128>;

// The upper 64 bits of a value bound to a "q" (128-bit) operand: those of a 128-bit integer or a
// 16-byte object, the sign extension of a narrower signed integer, else zero (a narrower value is
// converted to the 128-bit register as to a wider integer).
template <class T>
std::uint64_t High(const T& value) {
  using U = std::remove_cv_t<T>;
  if constexpr (kIs128<U>) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(value) >> 64);
  } else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>) {
    return value < 0 ? ~std::uint64_t{0} : 0;
  } else if constexpr (!std::is_arithmetic_v<U> && !std::is_pointer_v<U> && !std::is_enum_v<U> && sizeof(U) == 16) {
    std::uint64_t h;
    std::memcpy(&h, reinterpret_cast<const unsigned char*>(&value) + 8, 8);
    return h;
  } else {
    return 0;
  }
}

template <class T>
std::uint64_t Bits(const T& value, char letter) {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_pointer_v<U>) {
    return reinterpret_cast<std::uintptr_t>(value);
  } else if constexpr (kIs128<U>) {
    return static_cast<std::uint64_t>(value);  // the low half; High() gives the other
  } else if constexpr (std::is_enum_v<U>) {
    return Bits(static_cast<std::underlying_type_t<U>>(value), letter);
  } else if constexpr (std::is_arithmetic_v<U>) {
    if (letter == 'f') {
      const float f = static_cast<float>(value);
      std::uint32_t b;
      std::memcpy(&b, &f, 4);
      return b;
    }
    if (letter == 'd') {
      const double f = static_cast<double>(value);
      std::uint64_t b;
      std::memcpy(&b, &f, 8);
      return b;
    }
    if constexpr (std::is_floating_point_v<U>) {
      // A float in an integer register: its bits, as the register would hold them.
      std::uint64_t b = 0;
      std::memcpy(&b, &value, sizeof(U) < 8 ? sizeof(U) : 8);
      return b;
    } else if constexpr (std::is_signed_v<U>) {
      return static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
    } else {
      return static_cast<std::uint64_t>(value);
    }
  } else {
    static_assert(std::is_trivially_copyable_v<U> && (sizeof(U) <= 8 || sizeof(U) == 16),
                  "an asm operand must be a scalar, a pointer or a trivially copyable object of at most 8 bytes "
                  "(16 for a \"q\" operand)");
    std::uint64_t b = 0;
    std::memcpy(&b, static_cast<const void*>(&value), sizeof(U) < 8 ? sizeof(U) : 8);
    return b;
  }
}

template <class T>
void Store(void* dest, std::uint64_t bits, std::uint64_t high, char letter) {
  T& out = *static_cast<T*>(dest);
  if constexpr (std::is_pointer_v<T>) {
    out = reinterpret_cast<T>(static_cast<std::uintptr_t>(bits));
  } else if constexpr (kIs128<T>) {
    // A 128-bit lvalue takes a "q" operand's two halves, and a narrower operand's value extended.
    const unsigned __int128 v = letter == 'q' ? (static_cast<unsigned __int128>(high) << 64) | bits
                                              : static_cast<unsigned __int128>(bits);
    out = static_cast<T>(v);
  } else if constexpr (std::is_enum_v<T>) {
    std::underlying_type_t<T> v;
    Store<std::underlying_type_t<T>>(&v, bits, high, letter);
    out = static_cast<T>(v);
  } else if constexpr (std::is_arithmetic_v<T>) {
    if (letter == 'f') {
      float f;
      const auto b = static_cast<std::uint32_t>(bits);
      std::memcpy(&f, &b, 4);
      out = static_cast<T>(f);
    } else if (letter == 'd') {
      double f;
      std::memcpy(&f, &bits, 8);
      out = static_cast<T>(f);
    } else if constexpr (std::is_floating_point_v<T>) {
      std::memcpy(&out, &bits, sizeof(T) < 8 ? sizeof(T) : 8);
    } else {
      const unsigned width = LetterBytes(letter) * 8;
      std::uint64_t v = width >= 64 ? bits : bits & ((std::uint64_t{1} << width) - 1);
      if constexpr (std::is_signed_v<T>) {
        if (width < 64 && ((v >> (width - 1)) & 1) != 0) v |= ~std::uint64_t{0} << width;
        out = static_cast<T>(static_cast<std::int64_t>(v));
      } else {
        out = static_cast<T>(v);
      }
    }
  } else if constexpr (sizeof(T) == 16) {
    const std::uint64_t halves[2] = {bits, high};
    std::memcpy(static_cast<void*>(&out), halves, 16);
  } else {
    std::memcpy(static_cast<void*>(&out), &bits, sizeof(T) < 8 ? sizeof(T) : 8);
  }
}

}  // namespace detail

// An input operand: `"r"(expr)`.
template <class T>
Operand In(const char* constraint, const T& value) {
  const char letter = detail::Letter(constraint);
  return Operand{detail::Bits(value, letter), nullptr, nullptr, letter, detail::High(value)};
}

// An output (`"=r"(lvalue)`) or read-write (`"+r"(lvalue)`) operand.
template <class T>
Operand Out(const char* constraint, T& lvalue) {
  using U = std::remove_cv_t<T>;
  const char letter = detail::Letter(constraint);
  const bool read = constraint[0] == '+';
  return Operand{read ? detail::Bits(lvalue, letter) : 0, const_cast<U*>(&lvalue), &detail::Store<U>, letter,
                 read ? detail::High(lvalue) : 0};
}

// Never inlined: its return address is then in the user's function, at the asm statement, which
// is where `warpsafe check` reports the statement's loads and stores.
// What the front end writes for an operand: `""_warpsafe_ptx_in "r"(x)`. The compiler joins the
// empty literal with the constraint after preprocessing, suffix included, into `"r"_warpsafe_ptx_in`,
// a maker called with the operand: so a constraint that a macro builds (`"=" CONSTRAINT(x)`, where
// CONSTRAINT(x) expands to `"r"(x)`) works as a written one does.
struct InMaker {
  const char* constraint;
  template <class T>
  Operand operator()(const T& value) const {
    return In(constraint, value);
  }
};
struct OutMaker {
  const char* constraint;
  template <class T>
  Operand operator()(T& lvalue) const {
    return Out(constraint, lvalue);
  }
};

template <class... O>
[[gnu::noinline]] void Asm(const Program* program, Site site, O... operands) {
  const auto caller = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  if constexpr (sizeof...(O) == 0) {
    Execute(program, nullptr, 0, site, caller);
  } else {
    Operand all[] = {operands...};
    Execute(program, all, static_cast<int>(sizeof...(O)), site, caller);
  }
}

// The same call for a template with #if branches between its literals, which the front end leaves
// in place with their directives: the site comes first, taken on the asm's line. Always inlined,
// so that Asm sees the user's function as its caller.
template <class... O>
[[gnu::always_inline]] inline void AsmAt(Site site, SiteCache* cache, const char* text, O... operands) {
  Asm(ProgramFor(cache, text, site), site, operands...);
}

}  // namespace warpsafe::engine::ptx

// The operand makers' literal suffixes (global: a literal operator is found by unqualified lookup).
constexpr ::warpsafe::engine::ptx::InMaker operator""_warpsafe_ptx_in(const char* s, std::size_t) { return {s}; }
constexpr ::warpsafe::engine::ptx::OutMaker operator""_warpsafe_ptx_out(const char* s, std::size_t) { return {s}; }

// The address-space conversions of the CUDA C++ Programming Guide ("Address Space Conversion
// Functions"), with the meaning cvta has in inline PTX here: a shared address is an offset in the
// block's shared memory window; global, generic and the other spaces share host addresses.
inline std::size_t __cvta_generic_to_shared(const void* p,
                                            ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<std::size_t>(static_cast<const char*>(p) -
                                  static_cast<const char*>(::warpsafe::engine::DynamicShared(site)));
}
inline void* __cvta_shared_to_generic(std::size_t a, ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return static_cast<char*>(::warpsafe::engine::DynamicShared(site)) + a;
}
inline std::size_t __cvta_generic_to_global(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
inline void* __cvta_global_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
