// The device data and a device function of a three-file program (compiled as with -rdc=true).
__device__ int table[4] = {10, 20, 30, 40};

__device__ int Scale(int x) {
#if __CUDA_ARCH__ >= 800
  return x * 3;
#else
  return x * 2;
#endif
}
