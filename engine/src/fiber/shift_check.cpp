// The shift check the device pass is compiled with (-fsanitize=shift-exponent, both g++ and
// clang; tools/warpsafe/cli/toolchain.cpp): before each `a << n` or `a >> n` the compiler tests
// that 0 <= n < the width of a's promoted type, and otherwise calls
// __ubsan_handle_shift_out_of_bounds (or its _abort twin), defined here. No
// UndefinedBehaviorSanitizer runtime is linked.
//
// Such a shift is undefined in C++ ([expr.shift]), which CUDA C++ follows: nvcc's code on a GPU
// and the host's x86 code give different values (x86 masks the count to 5 or 6 bits, so
// `x << 32` is x there), so a program silently computes something else under the engine than on
// the device. A GPU thread's shift is reported as a defect, and the run stops there as for an
// integer division by zero (fiber/fault_handler.cpp), so no value computed from it is ever used.
// Host code keeps C++'s meaning: a shift outside a GPU thread returns at once and the shift runs
// as the host compiled it. See docs/semantics/shift.md.
#include <cstdint>
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
  std::uint16_t kind;  // 0: an integer type
  std::uint16_t info;  // for an integer: log2(width in bits) << 1 | signed
  char name[1];
};
struct ShiftCheck {
  CheckLocation location;
  const CheckedType* value_type;
  const CheckedType* count_type;
};

unsigned WidthOf(const CheckedType* type) { return 1u << (type->info >> 1); }
bool IsSigned(const CheckedType* type) { return (type->info & 1) != 0; }

// An operand as the compiler passes it: in the handle itself when it fits in a pointer, else the
// handle points at it (a 128-bit integer; its low 64 bits are read, which is where the count is).
std::int64_t OperandValue(const CheckedType* type, std::uintptr_t handle) {
  const unsigned width = WidthOf(type);
  std::uint64_t bits = 0;
  if (width > 64) {
    std::memcpy(&bits, reinterpret_cast<const void*>(handle), sizeof bits);
    return static_cast<std::int64_t>(bits);
  }
  bits = handle;
  if (width < 64) {
    bits &= (std::uint64_t{1} << width) - 1;
    if (IsSigned(type) && (bits >> (width - 1)) != 0) bits |= ~std::uint64_t{0} << width;  // sign-extend
  }
  return static_cast<std::int64_t>(bits);
}

void OnShiftOutOfBounds(const ShiftCheck* check, std::uintptr_t value, std::uintptr_t count_handle) {
  using namespace warpsafe::engine;
  (void)value;
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return;  // host code: C++'s meaning, as the host compiled it
  if (check->value_type->kind != 0 || check->count_type->kind != 0) return;
  const unsigned width = WidthOf(check->value_type);
  const std::int64_t count = OperandValue(check->count_type, count_handle);
  const bool negative = IsSigned(check->count_type) && count < 0;
  const std::string shown = negative ? std::to_string(count) : std::to_string(static_cast<std::uint64_t>(count));
  if (!negative && static_cast<std::uint64_t>(count) < width) return;  // only the count is checked here
  const Site site{check->location.file, check->location.line, check->location.column};
  Report(DefectKind::kShiftOutOfRange)
      .At(*lane, site, "the shift")
      .Line(std::string(IsSigned(check->value_type) ? "a signed " : "an unsigned ") + std::to_string(width) +
            "-bit integer shifted by " + shown + ": the count must be at least 0 and less than the width (" +
            std::to_string(width) + "); undefined in C++, and a GPU gives another value than this CPU would")
      .Emit();
}

}  // namespace

extern "C" void __ubsan_handle_shift_out_of_bounds(const ShiftCheck* check, std::uintptr_t value,
                                                   std::uintptr_t count) {
  OnShiftOutOfBounds(check, value, count);
}
extern "C" void __ubsan_handle_shift_out_of_bounds_abort(const ShiftCheck* check, std::uintptr_t value,
                                                         std::uintptr_t count) {
  OnShiftOutOfBounds(check, value, count);
}
