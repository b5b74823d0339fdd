// expect: warpsafe: data race
// A message passed from warp 0 to warp 1 of a block through a flag, with no fences: the flag is
// atomic, but an atomic alone orders nothing, so the consumer's read of the payload races with
// the producer's write. The payload is not checked: the race is the finding (message_flag_ok.cu is
// the repaired twin).
__device__ int payload = 0;
__device__ int flag = 0;

__global__ void pass(int* out) {
  if (threadIdx.x == 0) {
    payload = 42;
    atomicExch(&flag, 1);
  }
  if (threadIdx.x == 32) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    *out = payload;
  }
}

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  pass<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
