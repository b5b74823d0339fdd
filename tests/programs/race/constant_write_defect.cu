// expect: warpsafe: write to __constant__ memory
// report: in kernel Scale \(launched at [^\n]*constant_write_defect\.cu:23\), block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  at [^\n]*constant_write_defect\.cu:13: write of 4 bytes by block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  constant memory: __constant__ variable `coefficients` \(32 bytes\) at \+[0-9]+
// A kernel stores into __constant__ memory through a pointer to it: constant memory is read-only to
// device code (only the host sets it).
__constant__ float coefficients[8];

__global__ void Scale(const float* in, float* out) {
  const int i = threadIdx.x;
  out[i] = in[i] * coefficients[i];
  // "Normalise" the coefficient for a later launch: not allowed.
  float* writable = const_cast<float*>(&coefficients[0]);
  __syncthreads();
  writable[i] = 1.0f;
}

int main() {
  const float host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cudaMemcpyToSymbol(coefficients, host, sizeof host);
  float *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Scale<<<1, 8>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
