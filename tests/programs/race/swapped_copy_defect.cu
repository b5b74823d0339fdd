// expect: warpsafe: invalid memory copy
// report: cudaMemcpy of 256 bytes, cudaMemcpyHostToDevice, returned cudaErrorInvalidValue.*destination is not device memory.*swapped
// Destination and source swapped: the program copies "to" its host buffer with
// cudaMemcpyHostToDevice. CUDA refuses (cudaErrorInvalidValue) and nothing is copied (API-2).
int main() {
  float host[64] = {};
  float* dev;
  cudaMalloc(&dev, sizeof host);
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyHostToDevice);
  cudaFree(dev);
  return 0;
}
