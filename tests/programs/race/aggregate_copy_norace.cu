// Structs copied into shared memory: clang turns these copies into memcpy intrinsics, which the
// instrumentation does not see. The uninitialised-read check must still know the bytes were
// written (the poison is gone), so this runs clean.
struct Particle { float x, y, z, w, vx, vy, vz, m; };
__global__ void k(const Particle* in, Particle* out) {
  __shared__ float3 pos[64];
  __shared__ Particle ps[64];
  const unsigned t = threadIdx.x;
  pos[t] = make_float3(t, t + 1, t + 2);
  ps[t] = in[t];
  __syncthreads();
  const float3 p = pos[(t + 1) % 64];
  Particle q = ps[(t + 1) % 64];
  q.x += p.x;
  out[t] = q;
}
int main() {
  Particle *in, *out;
  cudaMalloc(&in, 64 * sizeof(Particle));
  cudaMalloc(&out, 64 * sizeof(Particle));
  cudaMemset(in, 0, 64 * sizeof(Particle));
  k<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
