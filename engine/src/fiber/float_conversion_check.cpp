// The conversion check the device pass is compiled with (-fsanitize=float-cast-overflow, both g++
// and clang; tools/warpsafe/cli/toolchain.cpp): before each conversion of a floating-point value
// to an integer type the compiler tests that the value, truncated toward zero, fits the integer
// type, and otherwise calls __ubsan_handle_float_cast_overflow (or its _abort twin), defined here.
// No UndefinedBehaviorSanitizer runtime is linked.
//
// Such a conversion is undefined in C++ ([conv.fpint]), which CUDA C++ follows, and the two
// machines give different values: a GPU's conversion instruction clamps to the integer's range
// (NaN to 0 or to a fixed pattern), while x86 gives its "integer indefinite" value or the low bits
// of a wider conversion (`(unsigned)4294967296.0f` is 4294967295 on a GPU and 0 here), so a
// program silently computes something else under the engine than on the device. A GPU thread's conversion is reported as a defect and the run stops
// there, as for a shift by an out-of-range count (shift_check.cpp), so no value computed from it is
// ever used. Host code keeps C++'s meaning. See docs/semantics/float_conversion.md.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "report/report.h"
#include "sched/lane.h"

namespace {

// The compiler's static description of a check (the layout g++ and clang share).
struct CheckLocation {
  const char* file;
  std::uint32_t line;
  std::uint32_t column;
};
struct CheckedType {
  std::uint16_t kind;  // 0: an integer type, 1: a floating-point type
  std::uint16_t info;  // integer: log2(width in bits) << 1 | signed; floating point: width in bits
  char name[1];
};
struct ConversionCheck {
  CheckLocation location;
  const CheckedType* from_type;
  const CheckedType* to_type;
};

constexpr std::uint16_t kIntegerKind = 0;
constexpr std::uint16_t kFloatKind = 1;

// The converted value as the compiler passes it: its bits in the handle itself when it fits in a
// pointer (float, double), else the handle points at it (x87's long double). Shown exactly when it
// is a whole number of moderate size (4294967296, not 4.2949673e+09), else to its precision.
template <class F>
std::string Shown(F v, int digits) {
  char buffer[64];
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < F(1e21)) {
    std::snprintf(buffer, sizeof buffer, "%.0Lf", static_cast<long double>(v));
  } else {
    std::snprintf(buffer, sizeof buffer, "%.*Lg", digits, static_cast<long double>(v));
  }
  return buffer;
}

bool ValueText(const CheckedType* type, std::uintptr_t handle, std::string* text) {
  switch (type->info) {
    case 32: {
      float f;
      const std::uint32_t bits = static_cast<std::uint32_t>(handle);
      std::memcpy(&f, &bits, sizeof f);
      *text = Shown(f, 9);
      return true;
    }
    case 64: {
      double d;
      const std::uint64_t bits = handle;
      std::memcpy(&d, &bits, sizeof d);
      *text = Shown(d, 17);
      return true;
    }
    case 80: {
      long double ld;
      std::memcpy(&ld, reinterpret_cast<const void*>(handle), sizeof ld);
      *text = Shown(ld, 21);
      return true;
    }
    default:
      return false;
  }
}

void OnConversionOutOfRange(const ConversionCheck* check, std::uintptr_t value) {
  using namespace warpsafe::engine;
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return;  // host code: C++'s meaning, as the host compiled it
  if (check->from_type->kind != kFloatKind || check->to_type->kind != kIntegerKind) return;
  const unsigned width = 1u << (check->to_type->info >> 1);
  const bool to_signed = (check->to_type->info & 1) != 0;
  std::string shown;
  if (!ValueText(check->from_type, value, &shown)) shown = "a value";
  const Site site{check->location.file, check->location.line, check->location.column};
  Report(DefectKind::kFloatConversionOutOfRange)
      .At(*lane, site, "the conversion")
      .Line("the " + std::to_string(check->from_type->info) + "-bit floating-point value " + shown +
            " converted to " + (to_signed ? "a signed " : "an unsigned ") + std::to_string(width) +
            "-bit integer, whose range does not hold it; undefined in C++, and a GPU gives another value "
            "(it clamps to the integer type's range) than this CPU would")
      .Emit();
}

}  // namespace

extern "C" void __ubsan_handle_float_cast_overflow(const ConversionCheck* check, std::uintptr_t value) {
  OnConversionOutOfRange(check, value);
}
extern "C" void __ubsan_handle_float_cast_overflow_abort(const ConversionCheck* check, std::uintptr_t value) {
  OnConversionOutOfRange(check, value);
}
