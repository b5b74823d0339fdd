// A kernel that keeps its GPU busy for a number of cycles computed from the clock rate, reading
// clock() as device code can: on a GPU thread clock() is the SM's cycle counter, the same as
// clock64(), and the wait ends. Host code's clock() stays the C library's processor time. (Were
// clock() processor time in kernels too, each thread would spin for seconds: a hang report.)
// Each read of the device clock advances it by 4096 cycles besides real time (PTX-SREG-3), so a
// wait of 2 ms of cycles ends within 2 * clockRate / 4096 + 1 reads, as the threads waiting side by
// side on a GPU would: a wait that spun on real time alone would take thousands of reads.
// RUN: %warpsafe run %s --hang-seconds 2 2>&1 | FileCheck %s
// CHECK:      waited: 64 of 64 threads, each at least 2 ms of cycles; device clock() tracks clock64(): yes
// CHECK-NEXT: reads per wait within the bound: 64 of 64
// CHECK-NEXT: host clock() counts processor time: yes
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <ctime>

__global__ void wait_cycles(long long cycles, long long* waited, int* tracks, long long* reads) {
  const clock_t start = clock();
  clock_t now = start;
  long long n = 0;
  while (now - start < cycles) {
    now = clock();
    ++n;
  }
  waited[blockIdx.x * blockDim.x + threadIdx.x] = static_cast<long long>(now - start);
  reads[blockIdx.x * blockDim.x + threadIdx.x] = n;
  const long long a = clock64();
  const clock_t b = clock();
  const long long c = clock64();
  if (!(a <= static_cast<long long>(b) && static_cast<long long>(b) <= c)) atomicExch(tracks, 0);
}

int main() {
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) return 1;
  const long long cycles = 2LL * prop.clockRate;  // clockRate is in kHz: 2 ms
  const int n = 64;
  long long* waited = nullptr;
  int* tracks = nullptr;
  if (cudaMallocManaged(&waited, n * sizeof(long long)) != cudaSuccess) return 1;
  if (cudaMallocManaged(&tracks, sizeof(int)) != cudaSuccess) return 1;
  long long* reads = nullptr;
  if (cudaMallocManaged(&reads, n * sizeof(long long)) != cudaSuccess) return 1;
  *tracks = 1;
  wait_cycles<<<2, n / 2>>>(cycles, waited, tracks, reads);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int done = 0;
  for (int i = 0; i < n; ++i) done += waited[i] >= cycles;
  std::printf("waited: %d of %d threads, each at least 2 ms of cycles; device clock() tracks clock64(): %s\n", done, n,
              *tracks ? "yes" : "no");
  int bounded = 0;
  for (int i = 0; i < n; ++i) bounded += reads[i] <= cycles / 4096 + 1;
  std::printf("reads per wait within the bound: %d of %d\n", bounded, n);

  const clock_t before = clock();
  volatile double x = 0;
  while (clock() - before < CLOCKS_PER_SEC / 100) x = x + 1;  // 10 ms of processor time
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  const double cpu = ts.tv_sec + ts.tv_nsec * 1e-9;
  const double reported = static_cast<double>(clock()) / CLOCKS_PER_SEC;
  std::printf("host clock() counts processor time: %s\n", reported <= cpu + 0.01 && reported >= cpu - 0.01 ? "yes" : "no");
  cudaFree(waited);
  cudaFree(tracks);
  return 0;
}
