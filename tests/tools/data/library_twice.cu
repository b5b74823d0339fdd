// warpsafe's library reaches this program twice: inlined by the front end (<warpsafe/warp.cuh>, found
// in the bundled library) and again by the compiler through uses_warp.cuh, which the front end
// cannot see. The headers' include guards must make the second inclusion empty (else: redefinition
// errors), and the program must still run.
#include <cstdio>
#include <warpsafe/warp.cuh>
#include <uses_warp.cuh>

__global__ void Sum(int* out) { out[threadIdx.x] = WarpTotal(int(threadIdx.x)); }

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  Sum<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  std::printf("total %d\n", out[0]);
  return out[0] == 496 ? 0 : 1;
}
