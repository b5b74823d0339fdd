// expect: warpsafe: data race
// Every block adds its contribution to one global word with a plain read-modify-write. Blocks are
// not ordered by anything (no atomic, no fence, and __syncthreads is per block), so the accesses
// race. The sum is not checked: the race is the finding (inter_block_ok.cu is the repaired twin).
__global__ void accumulate(int* total) {
  if (threadIdx.x == 0) *total += blockIdx.x + 1;
}

int main() {
  int* total;
  cudaMallocManaged(&total, sizeof(int));
  *total = 0;
  accumulate<<<4, 32>>>(total);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
