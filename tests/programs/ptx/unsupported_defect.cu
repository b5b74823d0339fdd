// expect: warpsafe: unsupported PTX
// A texture fetch the engine does not run: one report at the asm's line, never a guessed value.
__global__ void k(float* out, unsigned long long tex) {
  float x, y, z, w;
  asm volatile("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];" : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "l"(tex), "r"(0));
  out[threadIdx.x] = x + y + z + w;
}
int main() {
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  k<<<1, 32>>>(out, 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
