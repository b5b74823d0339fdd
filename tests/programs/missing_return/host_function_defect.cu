// A host helper whose return type is bool but whose body has no return statement: undefined in C++
// when it runs to its end. Optimised, the code runs on past the function (a benchmark's matrix
// reader crashed with SIGSEGV that way); the engine names the function instead (exit 66).
// RUN: %expect-exit 66 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      read 4 values
// CHECK-NEXT: warpsafe: function ended without returning a value
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]:{{[0-9]+}}: the function that reached its end
// CHECK-NEXT:   its return type is not void and it ran to its closing brace without a return statement: undefined in C++ (the caller would read a value nothing set, and optimised code runs on past the function's end)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule random --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <vector>

__global__ void Twice(float* v, int n) {
  int i = threadIdx.x;
  if (i < n) v[i] *= 2.0f;
}

bool ReadValues(std::vector<float>& values, int n) {
  for (int i = 0; i < n; ++i) values.push_back(static_cast<float>(i));
  std::printf("read %d values\n", n);
}

int main() {
  std::vector<float> values;
  ReadValues(values, 4);
  float* d;
  cudaMalloc(&d, values.size() * sizeof(float));
  cudaMemcpy(d, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice);
  Twice<<<1, 32>>>(d, static_cast<int>(values.size()));
  cudaMemcpy(values.data(), d, values.size() * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("%g %g\n", values[1], values[3]);
  return 0;
}
