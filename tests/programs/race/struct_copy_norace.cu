// struct_copy_race.cu with one slot per thread: the 32-byte aggregate copies (memcpy intrinsics,
// checked as byte ranges) touch disjoint ranges (MEM-1). The copies are checked.
struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void Copy(const Particle* in, Particle* out) { out[threadIdx.x] = in[threadIdx.x]; }
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, 64 * sizeof(Particle));
  Particle host[64];
  for (int i = 0; i < 64; ++i) host[i] = Particle{float(i), 0, 0, 0, 0, 0, 0, 1};
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  Copy<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i) if (host[i].x != float(i)) return 2;
  return 0;
}
