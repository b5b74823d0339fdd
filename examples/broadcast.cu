// One lane's value handed to the whole warp with an index shuffle. Only lane 0 sets `token`; the
// other lanes' copies are never read, because every lane asks for lane 0's.
// Expected: "broadcast: ok" and exit 0; a lane that received anything else prints its id.
#include <stdio.h>

__global__ void ShareFromLaneZero(int token) {
  const int lane = threadIdx.x % 32;
  int mine = 0;
  if (lane == 0) mine = token;
  const int shared = __shfl_sync(0xffffffffu, mine, 0);
  if (shared != token) printf("lane %d received %d instead of %d\n", lane, shared, token);
}

int main() {
  ShareFromLaneZero<<<1, 32>>>(1234);
  const cudaError_t status = cudaDeviceSynchronize();
  if (status != cudaSuccess) {
    printf("broadcast: launch failed: %s\n", cudaGetErrorString(status));
    return 1;
  }
  printf("broadcast: ok\n");
  return 0;
}
