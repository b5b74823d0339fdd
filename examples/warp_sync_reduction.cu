// Independent Thread Scheduling, pattern 2: a warp-synchronous reduction through shared memory,
// with __syncwarp() between every step that exchanges data (the guide's corrected form; its
// inter-warp loop guards `tid < i`, which the seed's listing leaves out).
// Expected: "sum = 32640 (expected 32640)"; exit 0, under every schedule.
#include <stdio.h>

#define BSIZE 256

__global__ void reduce(const float* input, float* output) {
  __shared__ float s_buff[BSIZE];
  int tid = threadIdx.x;
  s_buff[tid] = input[tid];
  __syncthreads();
  // Inter-warp reduction
  for (int i = BSIZE / 2; i >= 32; i /= 2) {
    if (tid < i) s_buff[tid] += s_buff[tid + i];
    __syncthreads();
  }
  // Intra-warp reduction
  // Butterfly reduction simplifies syncwarp mask
  if (tid < 32) {
    float temp;
    temp = s_buff[tid ^ 16]; __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 8];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 4];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 2];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
  }
  if (tid == 0) *output = s_buff[0] + s_buff[1];
  __syncthreads();
}

int main() {
  float *in, *out;
  cudaMallocManaged(&in, BSIZE * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  float expected = 0;
  for (int i = 0; i < BSIZE; ++i) {
    in[i] = (float)i;
    expected += (float)i;
  }
  *out = -1.0f;  // poison
  reduce<<<1, BSIZE>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  printf("sum = %.0f (expected %.0f)\n", *out, expected);
  return *out == expected ? 0 : 1;
}
