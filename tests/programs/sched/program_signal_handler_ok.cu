// The engine's hang watchdog samples a stuck thread with SIGURG. A program that handles SIGURG itself
// (out-of-band socket data) must keep its handler across launches: the watchdog borrows the signal only
// for the moment of a sample.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:     handler calls before 1, after 2
// CHECK-NOT: {{.}}
#include <signal.h>
#include <cstdio>

static volatile sig_atomic_t g_calls = 0;
static void OnUrgent(int) { g_calls = g_calls + 1; }

__global__ void k(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }

int main() {
  struct sigaction sa {};
  sa.sa_handler = OnUrgent;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGURG, &sa, nullptr) != 0) return 2;
  raise(SIGURG);
  const int before = g_calls;
  int* out;
  if (cudaMallocManaged(&out, 64 * sizeof(int)) != cudaSuccess) return 3;
  k<<<2, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 4;
  raise(SIGURG);
  std::printf("handler calls before %d, after %d\n", before, static_cast<int>(g_calls));
  return out[63] == 31 ? 0 : 5;
}
