// __trap() names the user's line (the Site default argument of the intrinsic evaluates at the
// caller), and the launch fails with cudaErrorLaunchFailure as on a GPU.
__global__ void Trapping(int* p) {
  if (threadIdx.x == 3) {
    __trap();  // line 5: the report must name it
  }
  atomicAdd(p, 1);
}

int main() {
  int* p;
  cudaMallocManaged(&p, sizeof(int));
  *p = 0;
  Trapping<<<1, 32>>>(p);
  return cudaDeviceSynchronize() == cudaErrorLaunchFailure ? 0 : 1;
}
