// expect: warpsafe: data race
// report: write of 32 bytes.*global memory: cudaMalloc block.*different values
// Every thread of two warps assigns its particle to the same global slot: a 32-byte aggregate
// assignment, which clang lowers to a memcpy intrinsic, checked as one byte-range write (MEM-1).
struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void Last(const Particle* in, Particle* out) { *out = in[threadIdx.x]; }
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, sizeof(Particle));
  Particle host[64];
  for (int i = 0; i < 64; ++i) host[i] = Particle{float(i), 0, 0, 0, 0, 0, 0, 1};
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Last<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
