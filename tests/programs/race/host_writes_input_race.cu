// expect: warpsafe: data race
// report: write of 4 bytes by the host.*read of 4 bytes by block
// The host prepares the next input while the kernel may still be reading the current one, with no
// synchronisation between them (MEM-4).
__global__ void Copy(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x]; }
int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i;
  Copy<<<1, 32>>>(in, out);
  for (int i = 0; i < 32; ++i) in[i] = -i;  // the kernel may not have read in[] yet
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
