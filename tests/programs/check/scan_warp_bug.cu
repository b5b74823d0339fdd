// A warp prefix sum written for lockstep warps: every lane keeps its running sum in its own slot of
// a volatile shared buffer, and each round adds the slot `dist` below. Lockstep hardware finished
// every lane's read before any lane's write; since Volta nothing makes lane i read slot i - dist
// before or after lane i - dist rewrites it, and `volatile` only stops the compiler from keeping
// the slot in a register (ITS-3). The sums are not checked: the race is the finding.
// scan_warp_ok.cu is the same scan with the __syncwarp calls that make it correct.
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel SumPrefixes (launched at [[FILE]]:[[@LINE+29]]), block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: write of 4 bytes by block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: previous read of 4 bytes by block (0,0,0), thread (2,0,0) (warp 0, lane 2)
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+13]]:48 (128 bytes) at +4
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__device__ int LockstepWarpSum(volatile int* slots, int lane) {
  for (int dist = 1; dist < 32; dist *= 2) {
    if (lane >= dist) slots[lane] = slots[lane] + slots[lane - dist];
  }
  return slots[lane];
}

__global__ void SumPrefixes(const int* in, int* out) {
  __shared__ int slots[32];
  const int lane = threadIdx.x;
  slots[lane] = in[lane];
  __syncwarp();  // the initial values are in place: the only race left is inside the scan
  out[lane] = LockstepWarpSum(slots, lane);
}

int main() {
  int *in = nullptr, *out = nullptr;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = 3 - i % 4;
  SumPrefixes<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
