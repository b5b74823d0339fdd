// expect: warpsafe: illegal memory access in GPU thread
// A kernel writes through a null pointer that is only known at run time (a constant null could
// be optimised away as undefined behaviour by the host compiler).
__global__ void k(int* out) {
  if (threadIdx.x == 3) out[threadIdx.x] = 1;
}
int main(int argc, char**) {
  int* out = nullptr;
  if (argc > 1000) cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
