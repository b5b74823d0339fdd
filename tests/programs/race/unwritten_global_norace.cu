// unwritten_global_defect.cu with its copy, plus memory a first kernel writes (bytes of 0xff, the
// value fresh memory is filled with, so only the written-byte record tells them apart) and a
// cudaMemset to -1: every byte the second kernel reads was written (MEM-3).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

__global__ void Fill(unsigned* p) { p[threadIdx.x] = 0xffffffffu; }
__global__ void Sum(const float* in, const unsigned* ones, const int* minus, float* out) {
  out[threadIdx.x] = in[threadIdx.x] + (ones[threadIdx.x] == 0xffffffffu ? 1.0f : 0.0f) + minus[threadIdx.x];
}
int main() {
  float *in, *out;
  unsigned* ones;
  int* minus;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMalloc(&ones, 64 * sizeof(unsigned));
  cudaMalloc(&minus, 64 * sizeof(int));
  float host[64];
  for (int i = 0; i < 64; ++i) host[i] = float(i);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(minus, 0xff, 64 * sizeof(int));
  Fill<<<1, 64>>>(ones);
  Sum<<<1, 64>>>(in, ones, minus, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i) if (host[i] != float(i)) return 2;
  cudaFree(in);
  cudaFree(out);
  cudaFree(ones);
  cudaFree(minus);
  return 0;
}
