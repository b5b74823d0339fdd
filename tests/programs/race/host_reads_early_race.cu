// expect: warpsafe: data race
// report: read of 4 bytes by the host.*write of 4 bytes by block \(0,0,0\), thread \(0,0,0\).*of the kernel.*cudaMallocManaged block
// The host reads a result the kernel writes before waiting for the kernel: a launch returns at
// once on a GPU, so the read races with the kernel's write (MEM-4).
__global__ void Square(int* out) { out[threadIdx.x] = threadIdx.x * threadIdx.x; }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  Square<<<1, 32>>>(out);
  const int first = out[0];  // no cudaDeviceSynchronize before this read
  cudaDeviceSynchronize();
  cudaFree(out);
  return first;
}
