// Block 0 passes a message to block 1 through a flag in global memory: the producer writes the
// message, fences, then sets the flag with an atomic (release); the consumer spins on an atomic
// read of the flag, fences, then reads the message (acquire). As written, with device-scope atomics
// and fences, that orders the message (FENCE-1). Each macro below narrows one part of the hand-over
// to the block, which orders nothing across blocks, and the race report names the scope that was
// too narrow (docs/semantics/scopes.md):
//   BLOCK_ATOMICS  atomicExch_block / atomicAdd_block on the flag (SCOPE-1)
//   BLOCK_FENCES   __threadfence_block() on both sides (SCOPE-2)
//   PTX_CTA        fence.acq_rel.cta on both sides (SCOPE-3); PTX_GPU: fence.acq_rel.gpu, device scope
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t.device
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.device 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.device 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t.device 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t.device 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t.device 2>&1 | count 0
// RUN: %build-instrumented %s -o %t.ptx_gpu -D PTX_GPU
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.ptx_gpu 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.ptx_gpu 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t.ptx_gpu 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t.ptx_gpu 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t.ptx_gpu 2>&1 | count 0
// RUN: %build-instrumented %s -o %t.block_atomics -D BLOCK_ATOMICS
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_atomics 2>&1 | FileCheck %s --check-prefix=BLOCK_ATOMICS -DFILE=%s -DEXE=%t.block_atomics -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_atomics 2>&1 | FileCheck %s --check-prefix=BLOCK_ATOMICS -DFILE=%s -DEXE=%t.block_atomics -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_atomics 2>&1 | FileCheck %s --check-prefix=BLOCK_ATOMICS -DFILE=%s -DEXE=%t.block_atomics -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_atomics 2>&1 | FileCheck %s --check-prefix=BLOCK_ATOMICS -DFILE=%s -DEXE=%t.block_atomics -DPOLICY=random -DSEED=77
// RUN: %build-instrumented %s -o %t.block_fences -D BLOCK_FENCES
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_fences 2>&1 | FileCheck %s --check-prefix=BLOCK_FENCES -DFILE=%s -DEXE=%t.block_fences -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_fences 2>&1 | FileCheck %s --check-prefix=BLOCK_FENCES -DFILE=%s -DEXE=%t.block_fences -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_fences 2>&1 | FileCheck %s --check-prefix=BLOCK_FENCES -DFILE=%s -DEXE=%t.block_fences -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t.block_fences 2>&1 | FileCheck %s --check-prefix=BLOCK_FENCES -DFILE=%s -DEXE=%t.block_fences -DPOLICY=random -DSEED=77
// RUN: %build-instrumented %s -o %t.ptx_cta -D PTX_CTA
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.ptx_cta 2>&1 | FileCheck %s --check-prefix=PTX_CTA -DFILE=%s -DEXE=%t.ptx_cta -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t.ptx_cta 2>&1 | FileCheck %s --check-prefix=PTX_CTA -DFILE=%s -DEXE=%t.ptx_cta -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t.ptx_cta 2>&1 | FileCheck %s --check-prefix=PTX_CTA -DFILE=%s -DEXE=%t.ptx_cta -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t.ptx_cta 2>&1 | FileCheck %s --check-prefix=PTX_CTA -DFILE=%s -DEXE=%t.ptx_cta -DPOLICY=random -DSEED=77
// BLOCK_ATOMICS:      warpsafe: data race
// BLOCK_ATOMICS-NEXT:   in kernel pass (launched at [[FILE]]:[[@LINE+75]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_ATOMICS-NEXT:   in global memory, between two threads with no happens-before between them:
// BLOCK_ATOMICS-NEXT:   at [[FILE]]:[[@LINE+51]]:12: atomic of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_ATOMICS-NEXT:   at [[FILE]]:[[@LINE+43]]:5: previous atomic of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_ATOMICS-NEXT:   global memory: __device__ variable `flag` at [[FILE]]:[[@LINE+26]] (4 bytes) at +0
// BLOCK_ATOMICS-NEXT:   both are atomic, but the first is block-scoped (atomic*_block, .cta, thread_scope_block): the scope is too narrow, it is atomic only with respect to threads of its own block, and these threads are in different blocks; use device scope (docs/semantics/scopes.md, SCOPE-1)
// BLOCK_ATOMICS-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// BLOCK_ATOMICS-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// BLOCK_ATOMICS-NOT:  {{.}}
// BLOCK_FENCES:      warpsafe: data race
// BLOCK_FENCES-NEXT:   in kernel pass (launched at [[FILE]]:[[@LINE+65]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_FENCES-NEXT:   in global memory, between two threads with no happens-before between them:
// BLOCK_FENCES-NEXT:   at [[FILE]]:[[@LINE+56]]: read of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_FENCES-NEXT:   at [[FILE]]:[[@LINE+22]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// BLOCK_FENCES-NEXT:   global memory: __device__ variable `message` at [[FILE]]:[[@LINE+17]] (4 bytes) at +0
// BLOCK_FENCES-NEXT:   at [[FILE]]:[[@LINE+22]]:5: the scope is too narrow: this block-scoped synchronisation (__threadfence_block, atomic*_block, .cta, thread_scope_block) would order the two accesses, but it orders only threads of one block; use device scope (__threadfence, atomic*) (docs/semantics/scopes.md, SCOPE-2)
// BLOCK_FENCES-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// BLOCK_FENCES-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// BLOCK_FENCES-NOT:  {{.}}
// PTX_CTA:      warpsafe: data race
// PTX_CTA-NEXT:   in kernel pass (launched at [[FILE]]:[[@LINE+55]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// PTX_CTA-NEXT:   in global memory, between two threads with no happens-before between them:
// PTX_CTA-NEXT:   at [[FILE]]:[[@LINE+46]]: read of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// PTX_CTA-NEXT:   at [[FILE]]:[[@LINE+12]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// PTX_CTA-NEXT:   global memory: __device__ variable `message` at [[FILE]]:[[@LINE+7]] (4 bytes) at +0
// PTX_CTA-NEXT:   at [[FILE]]:[[@LINE+14]]: the scope is too narrow: this block-scoped synchronisation (__threadfence_block, atomic*_block, .cta, thread_scope_block) would order the two accesses, but it orders only threads of one block; use device scope (__threadfence, atomic*) (docs/semantics/scopes.md, SCOPE-2)
// PTX_CTA-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// PTX_CTA-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// PTX_CTA-NOT:  {{.}}

__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
#if defined(BLOCK_FENCES)
    __threadfence_block();
#elif defined(PTX_CTA)
    asm volatile("fence.acq_rel.cta;" ::: "memory");
#elif defined(PTX_GPU)
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
#else
    __threadfence();
#endif
#if defined(BLOCK_ATOMICS)
    atomicExch_block(&flag, 1);
#else
    atomicExch(&flag, 1);
#endif
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
#if defined(BLOCK_ATOMICS)
    while (atomicAdd_block(&flag, 0) == 0) {
    }
#else
    while (atomicAdd(&flag, 0) == 0) {
    }
#endif
#if defined(BLOCK_FENCES)
    __threadfence_block();
#elif defined(PTX_CTA)
    asm volatile("fence.acq_rel.cta;" ::: "memory");
#elif defined(PTX_GPU)
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
#else
    __threadfence();
#endif
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
  cudaFree(out);
  return h == 42 ? 0 : 1;
}
