// Local arrays used within their bounds, including sizes that end inside an 8-byte granule (12 and
// 5 bytes), a whole-array copy, and a helper that fills an array it is given; the same kernel as
// local_overrun_defect.cu with every thread counting right.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NOT:  warpsafe:

struct Triple {
  int v[3];
};

__device__ void Fill(char* bytes, int n, int seed) {
  for (int k = 0; k < n; ++k) bytes[k] = static_cast<char>(seed + k);
}

__global__ void Smooth(const int* in, int* out) {
  const int i = threadIdx.x;
  int window[4];
  Triple t;
  char tag[5];
  for (int k = 0; k < 4; ++k) window[k] = in[(i + k) % 32];
  for (int k = 0; k < 3; ++k) t.v[k] = window[k] * 2;
  Triple copy = t;
  Fill(tag, 5, i);
  int sum = tag[4];
  for (int k = 0; k < 4; ++k) sum += window[k];
  for (int k = 0; k < 3; ++k) sum += copy.v[k];
  out[i] = sum;
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 32 * sizeof(int));
  Smooth<<<1, 32>>>(in, out);
  int host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  return host[3] == 3 + 4 ? 0 : 1;  // tag[4] = 3 + 4; the rest is zero
}
