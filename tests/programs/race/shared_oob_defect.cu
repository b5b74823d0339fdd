// A block tree sum whose folding step has no `t < half` guard (the form older Guide editions
// printed; docs/semantics.md, A11): every thread adds the slot `half` above its own, so threads
// with t + half >= kThreads read past the end of the __shared__ array.
// expect: warpsafe: out-of-bounds access
constexpr int kThreads = 128;

__global__ void UnguardedTreeSum(const float* in, float* out) {
  __shared__ float partial[kThreads];
  const int t = threadIdx.x;
  partial[t] = in[t];
  __syncthreads();
  for (int half = kThreads / 2; half > 32; half /= 2) {
    partial[t] += partial[t + half];  // no `t < half`: the upper threads read beyond the array
    __syncthreads();
  }
  if (t == 0) *out = partial[0];
}

int main() {
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, kThreads * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, kThreads * sizeof(float));
  UnguardedTreeSum<<<1, kThreads>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
