// expect: warpsafe: invalid memory copy
// report: destination range of 400 bytes starts at \+0 of a cudaMalloc block of 256 bytes.*144 bytes past its end
// The copy is sized for 100 floats, the block holds 64 (API-2).
int main() {
  float host[100] = {};
  float* dev;
  cudaMalloc(&dev, 64 * sizeof(float));
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  cudaFree(dev);
  return 0;
}
