// Lanes exchange values through shared memory with inline PTX loads and stores and no barrier
// between the store and the neighbour's load. The result is not checked: the race is the finding
// (ptx_exchange_ok.cu is the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel rotate (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: previous write of 4 bytes by block (0,0,0), thread ([[U:[0-9]+]],0,0) (warp 0, lane [[U]])
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+6]]:44 (128 bytes) at +{{[0-9]+}}
// CHECK-NEXT:   both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void rotate(int* out) {
  __shared__ int s[32];
  unsigned base;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(base) : "l"(&s[0]));
  const unsigned lane = threadIdx.x & 31;
  int v;
  asm volatile("st.shared.s32 [%0], %1;" : : "r"(base + 4 * lane), "r"(int(lane) * 3) : "memory");
  asm volatile("ld.shared.s32 %0, [%1];" : "=r"(v) : "r"(base + 4 * ((lane + 1) & 31)) : "memory");
  out[lane] = v;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  rotate<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
