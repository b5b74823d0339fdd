// A program killed by a signal: `warpsafe run` reports it and exits 128+N.
// RUN: %expect-exit 137 %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      warpsafe: program killed by signal 9 (SIGKILL)
// CHECK-NOT:  {{.}}

#include <csignal>

int main() {
  std::raise(SIGKILL);
  return 0;
}
