// A butterfly (XOR) reduction through shared memory with no __syncwarp: a lane reads its
// partner's slot while the partner may already have overwritten it with the next level's value.
// The result is not checked: the race is the finding (butterfly_ok.cu is the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel reduce (launched at [[FILE]]:[[@LINE+26]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: previous write of 4 bytes by block (0,0,0), thread (16,0,0) (warp 0, lane 16)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:44 (128 bytes) at +64
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void reduce(const int* in, int* out) {
  __shared__ int s[32];
  const int lane = threadIdx.x & 31;
  int v = in[lane];
  s[lane] = v;
  for (int i = 16; i >= 1; i /= 2) {
    v += s[lane ^ i];
    s[lane] = v;
  }
  out[lane] = v;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = 31 - i;
  reduce<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
