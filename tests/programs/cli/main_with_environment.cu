// A main with a third parameter, the environment (a common extension of C and POSIX systems):
// the engine's main passes the process's environment, as the C runtime does, both with the
// engine's options before `--` and without any.
// RUN: env WARPSAFE_TEST_GREETING=hello %warpsafe run %s -- one two 2>&1 | FileCheck %s
// RUN: env WARPSAFE_TEST_GREETING=hello %warpsafe run %s --schedule lockstep -- one two 2>&1 | FileCheck %s
// CHECK:      argc 3, argv[2] two
// CHECK-NEXT: environment: hello
// CHECK-NEXT: kernel: 32
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cstring>

__global__ void Count(int* n) { atomicAdd(n, 1); }

int main(int argc, char** argv, char** envp) {
  std::printf("argc %d, argv[2] %s\n", argc, argc > 2 ? argv[2] : "-");
  const char* greeting = "(none)";
  for (char** e = envp; *e != nullptr; ++e) {
    if (std::strncmp(*e, "WARPSAFE_TEST_GREETING=", 23) == 0) greeting = *e + 23;
  }
  std::printf("environment: %s\n", greeting);
  int* n = nullptr;
  cudaMallocManaged(&n, sizeof(int));
  *n = 0;
  Count<<<1, 32>>>(n);
  cudaDeviceSynchronize();
  std::printf("kernel: %d\n", *n);
  cudaFree(n);
}
