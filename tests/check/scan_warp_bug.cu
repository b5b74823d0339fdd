// expect: warpsafe: data race
// The CUDA Handbook's warp scan (13.5.1): warp-synchronous through a volatile shared array, with
// no __syncwarp. Since Volta a lane may read sPartials[-offset] before or after its neighbour
// rewrote it: volatile does not make the lanes of a warp wait for each other. The result is not
// checked here: the race itself is the finding (scan_warp_ok.cu is the repaired twin).
template <class T>
__device__ T scanWarp(volatile T* sPartials) {
  const int lane = threadIdx.x & 31;
  if (lane >= 1) sPartials[0] += sPartials[-1];
  if (lane >= 2) sPartials[0] += sPartials[-2];
  if (lane >= 4) sPartials[0] += sPartials[-4];
  if (lane >= 8) sPartials[0] += sPartials[-8];
  if (lane >= 16) sPartials[0] += sPartials[-16];
  return sPartials[0];
}

__global__ void scan(const int* in, int* out) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = scanWarp<int>(s + threadIdx.x);
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i % 5 + 1;
  scan<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
