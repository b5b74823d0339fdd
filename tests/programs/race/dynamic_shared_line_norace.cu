// The race-free twin of dynamic_shared_line_race.cu, with the namespace-scope declaration and one
// inside the kernel: a __syncthreads between the writes and the reads.
namespace stage {

extern __shared__ int buffer[];

__global__ void Shift(int* out) {
  extern __shared__ int local_view[];
  buffer[threadIdx.x] = static_cast<int>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = local_view[(threadIdx.x + 32) % 64];
}

}  // namespace stage

int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  stage::Shift<<<1, 64, 64 * sizeof(int)>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
