// __device__ variables whose declarations come out of macros are one object for both passes, like
// any other: kernels update them, and the host reads them through cudaMemcpyFromSymbol,
// cudaGetSymbolAddress and `&var`. The macros take every shape a body can leave undecided: an alias
// of __device__, a declarator the arguments complete, a type the use site completes, and a macro
// built on another.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      alias: 64 (address 1)
// CHECK-NEXT: array by alias: 64 (address 1)
// CHECK-NEXT: declarator macro: 64 (address 1)
// CHECK-NEXT: declarator macro, array: 6 (address 1)
// CHECK-NEXT: type macro: 128 (address 1)
// CHECK-NEXT: nested macros: 320 (address 1)
// CHECK-NEXT: whole declaration in the macro: 384 (address 1)
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

#define DEV __device__
#define DEVICE_VARIABLE(type, name) __device__ type name
#define DEVICE_OF(type) __device__ type
#define COUNTER(name) DEV unsigned name
#define WHOLE(name) __device__ int name = 0;

DEV int by_alias;
DEV int by_alias_array[4];
DEVICE_VARIABLE(int, by_declarator);
DEVICE_VARIABLE(int, by_declarator_array)[3];
DEVICE_OF(int) by_type = 0;
COUNTER(nested);
WHOLE(whole)

// The same macros on functions leave them functions.
DEV int Twice(int x) { return 2 * x; }
DEVICE_OF(int) Thrice(int x) { return 3 * x; }

__global__ void Count() {
#ifdef __CUDA_ARCH__
  atomicAdd(&by_alias, 1);
  atomicAdd(&by_alias_array[2], Twice(1) / 2);
  atomicAdd(&by_declarator, Thrice(1) / 3);
  if (threadIdx.x < 3) atomicAdd(&by_declarator_array[threadIdx.x], 1);
  atomicAdd(&by_type, 2);
  atomicAdd(&nested, 5u);
  atomicAdd(&whole, 6);
#endif
}

template <class T>
int Report(const char* what, const T& variable, int expected) {
  T back{};
  cudaMemcpyFromSymbol(&back, variable, sizeof back);
  void* address = nullptr;
  cudaGetSymbolAddress(&address, variable);
  const int value = static_cast<int>(back);
  std::printf("%s: %d (address %d)\n", what, value, address == static_cast<const void*>(&variable));
  return value == expected ? 0 : 1;
}

int main() {
  Count<<<1, 32>>>();
  Count<<<1, 32>>>();
  int failures = 0;
  failures += Report("alias", by_alias, 64);
  int array[4] = {};
  cudaMemcpyFromSymbol(array, by_alias_array, sizeof array);
  void* array_address = nullptr;
  cudaGetSymbolAddress(&array_address, by_alias_array);
  std::printf("array by alias: %d (address %d)\n", array[2], array_address == static_cast<void*>(by_alias_array));
  failures += array[2] != 64;
  failures += Report("declarator macro", by_declarator, 64);
  int three[3] = {};
  cudaMemcpyFromSymbol(three, by_declarator_array, sizeof three);
  void* three_address = nullptr;
  cudaGetSymbolAddress(&three_address, by_declarator_array);
  std::printf("declarator macro, array: %d (address %d)\n", three[0] + three[1] + three[2],
              three_address == static_cast<void*>(by_declarator_array));
  failures += three[0] + three[1] + three[2] != 6;
  failures += Report("type macro", by_type, 128);
  failures += Report("nested macros", nested, 320);
  failures += Report("whole declaration in the macro", whole, 384);
  std::printf(failures == 0 ? "ok\n" : "FAILED\n");
  return failures;
}
