// expect: warpsafe: data race
// report: in shared memory[^\n]*\n  at [^\n]*dynamic_shared_line_race\.cu:(11|12): (read|write) of 4 bytes [^\n]*\n  at [^\n]*dynamic_shared_line_race\.cu:(11|12): previous (read|write) of 4 bytes [^\n]*\n  shared memory: dynamic shared memory \(extern __shared__ declared at [^\n]*dynamic_shared_line_race\.cu:8, 256 bytes\) at \+[0-9]+
// Dynamic shared memory declared at namespace scope, written by one warp and read by the other with
// no __syncthreads between: the report names the `extern __shared__` declaration's line, as for
// any other declaration.
namespace stage {

extern __shared__ int buffer[];

__global__ void Shift(int* out) {
  buffer[threadIdx.x] = static_cast<int>(threadIdx.x);
  out[threadIdx.x] = buffer[(threadIdx.x + 32) % 64];
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
