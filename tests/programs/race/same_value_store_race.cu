// expect: warpsafe: data race
// report: both threads wrote the same value
// Every thread sets a "found" flag with a plain store of 1: harmless on most hardware, but two
// unordered plain writes all the same (MEM-2). The report says both wrote the same value.
__global__ void Search(const int* data, int* found) {
  if (data[threadIdx.x] == 7) *found = 1;
}
int main() {
  int *data, *found;
  cudaMalloc(&data, 64 * sizeof(int));
  cudaMalloc(&found, sizeof(int));
  cudaMemset(data, 0, 64 * sizeof(int));
  cudaMemset(found, 0, sizeof(int));
  int seven[2] = {7, 7};
  cudaMemcpy(data + 3, seven, sizeof seven, cudaMemcpyHostToDevice);
  cudaMemcpy(data + 40, seven, sizeof seven, cudaMemcpyHostToDevice);
  Search<<<1, 64>>>(data, found);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
