// A Kogge-Stone warp scan over a zero-padded shared array (32 zeros, then the data), so that no
// step needs a bounds test. Without __syncwarp a lane may read a slot (padding or data) that its
// neighbour writes in the same step. The result is not checked: the race is the finding
// (zero_padding_ok.cu is the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel scan (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: previous write of 4 bytes by block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:44 (256 bytes) at +124
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void scan(const int* in, int* out) {
  __shared__ int s[64];
  const int lane = threadIdx.x & 31;
  s[lane] = 0;
  s[32 + lane] = in[lane];
  for (int offset = 1; offset < 32; offset *= 2) s[32 + lane] += s[32 + lane - offset];
  out[lane] = s[32 + lane];
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i % 3 + 1;
  scan<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
