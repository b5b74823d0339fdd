// expect: warpsafe: read of uninitialized global memory
// report: read of 4 bytes.*no copy, memset or kernel had written.*cudaMalloc block of 256 bytes
// The cudaMemcpy of the input was forgotten: the kernel reads cudaMalloc memory that nothing
// wrote (MEM-3). On a GPU it computes with whatever the memory held.
__global__ void Scale(const float* in, float* out) { out[threadIdx.x] = 2.0f * in[threadIdx.x]; }
int main() {
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, 64 * sizeof(float));
  Scale<<<1, 64>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
