// A kernel that launches a kernel (dynamic parallelism): the engine does not run device-side
// launches, and says so once, at the launching line, naming what it does not run (DP-1).
// expect: warpsafe: unsupported by the engine
// report: dynamic_parallelism_defect.cu:9: launch of child from device code.*tail launch
__global__ void child(int* out) { out[threadIdx.x] = 1; }

__global__ void parent(int* out) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(out);
  }
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  parent<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
