// Block 0 hands a message to block 1 through a flag held in a cuda::atomic_ref<int, SCOPE>:
//   (as written)  cuda::thread_scope_block: a block-scoped atomic is atomic, and its release and
//                 acquire order memory, only among the threads of one block, so across two blocks
//                 the flag's accesses race (SCOPE-1). Both atomics run inside libcu++'s headers; the
//                 report names the program's lines that call them, with libcu++'s lines as notes.
//   DEVICE_SCOPE  cuda::thread_scope_device: the release store and the acquire load synchronize the
//                 two blocks, so the message is ordered and nothing races (SCOPE-2).
// RUN: %expect-exit 66 %warpsafe check %s --policy random --schedules 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe check %s -D DEVICE_SCOPE --policy random --schedules 4 2>&1 | FileCheck %s --check-prefix=DEVICE
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel pass (launched at [[FILE]]:[[@LINE+39]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+28]]: atomic of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0) (in {{.*}}/cuda/{{.*}}:{{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+24]]: previous atomic of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) (in {{.*}}/cuda/{{.*}}:{{[0-9]+}})
// CHECK-NEXT:   global memory: __device__ variable `flag` at [[FILE]]:[[@LINE+16]] (4 bytes) at +0
// CHECK-NEXT:   both are atomic, but the first is block-scoped (atomic*_block, .cta, thread_scope_block): the scope is too narrow, it is atomic only with respect to threads of its own block, and these threads are in different blocks; use device scope (docs/semantics/scopes.md, SCOPE-1)
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
// DEVICE:      warpsafe check: no defect in 4 schedules (policies random, {{[0-9.]+}} s)
// DEVICE-NOT:  {{.}}

#include <cuda/atomic>

#ifdef DEVICE_SCOPE
constexpr cuda::thread_scope kScope = cuda::thread_scope_device;
#else
constexpr cuda::thread_scope kScope = cuda::thread_scope_block;
#endif

__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  cuda::atomic_ref<int, kScope> f(flag);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    f.store(1, cuda::memory_order_release);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    *out = message;
  }
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  pass<<<2, 32>>>(out);
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h == 42 ? 0 : 1;
}
