// expect: warpsafe: data race
// report: kernel grid_tiles::Rotate \(launched at [^\n]*namespace_shared_line_race\.cu:20\)[^\n]*\n  in shared memory[^\n]*\n  at [^\n]*namespace_shared_line_race\.cu:1[12]: (read|write) of 4 bytes by block \(0,0,0\), thread \([0-9]+,0,0\) \(warp [01], lane [0-9]+\)\n  at [^\n]*namespace_shared_line_race\.cu:1[12]: previous (read|write) of 4 bytes by block \(0,0,0\), thread \([0-9]+,0,0\) \(warp [01], lane [0-9]+\)\n  shared memory: __shared__ variable `grid_tiles::tile` \(declared at namespace scope\) at [^\n]*namespace_shared_line_race\.cu:8 \(256 bytes\) at \+[0-9]+
// A __shared__ array declared in a namespace, written by one warp and read by the other with no
// __syncthreads between: the report names the declaration's own line, as for a declaration inside
// a kernel.
namespace grid_tiles {

__shared__ float tile[64];

__global__ void Rotate(float* out) {
  tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}

}  // namespace grid_tiles

int main() {
  float* out;
  cudaMalloc(&out, 64 * sizeof(float));
  grid_tiles::Rotate<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
