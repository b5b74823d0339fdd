// Writes outside a runtime block under `warpsafe run`, which checks no single access (REDZONE-4):
// FAR, a kernel runs on past a 256-byte cudaMalloc block and faults on the inaccessible page after
// its red zone, reported at the thread and line of the access; NEAR, an off-by-one write lands in
// the red zone and is found when the grid finishes, at its launch; HOST, host code writes past a
// cudaMallocHost block and cudaFreeHost finds it.
// RUN: %expect-exit 66 %warpsafe run %s -D FAR --schedule lockstep 2>&1 | FileCheck %s --check-prefix=FAR -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s -D NEAR --schedule random --seed 3 2>&1 | FileCheck %s --check-prefix=NEAR -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s -D HOST --schedule lockstep 2>&1 | FileCheck %s --check-prefix=HOST -DFILE=%s
// FAR:        warpsafe: out-of-bounds access
// FAR-NEXT:     in kernel run_on (launched at [[FILE]]:[[@LINE+38]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// FAR-NEXT:     at [[FILE]]:[[@LINE+19]]: the access
// FAR-NEXT:     the access is 256 bytes past the end of the cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+34]]); on a GPU it may read or overwrite a neighbouring allocation instead of faulting (REDZONE-4)
// FAR-NEXT:     replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D FAR
// FAR-NOT:    {{.}}
// NEAR:       warpsafe: out-of-bounds access
// NEAR-NEXT:    at [[FILE]]:[[@LINE+34]]: found when the grid of one_past launched here finished (written by it, or by host code or a copy since the grid before)
// NEAR-NEXT:    memory 0 bytes past the end of the cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+29]]) was written: the byte there no longer holds what the runtime filled it with
// NEAR-NEXT:    on a GPU this write is undefined (it may go unnoticed or corrupt a neighbouring allocation); warpsafe check names the thread and the line that wrote it (REDZONE-4)
// NEAR-NEXT:    replay: {{.*}}warpsafe run [[FILE]] --schedule random --seed 3 --arch sm_90 -D NEAR
// NEAR-NOT:   {{.}}
// HOST:       warpsafe: out-of-bounds access
// HOST-NEXT:    at [[FILE]]:[[@LINE+21]]: found by cudaFreeHost of the block
// HOST-NEXT:    memory 0 bytes past the end of the cudaMallocHost block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+18]]) was written: the byte there no longer holds what the runtime filled it with
// HOST-NEXT:    on a GPU this write is undefined (it may go unnoticed or corrupt a neighbouring allocation); warpsafe check names the thread and the line that wrote it (REDZONE-4)
// HOST-NEXT:    replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D HOST
// HOST-NOT:   {{.}}
#include <cstdio>

__global__ void run_on(int* a, int n) {
  for (int i = 0; i < n; ++i) a[i] = i;
}
__global__ void one_past(int* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) a[i] = i;  // <= : one element too many
}

int main() {
  const int n = 64;  // 256 bytes
#if defined(HOST)
  int* h;
  cudaMallocHost(&h, n * sizeof(int));
  for (int i = 0; i < n + 2; ++i) h[i] = i;  // two past the end: the first of them is the red zone's first byte
  cudaFreeHost(h);
#else
  int* a;
  cudaMalloc(&a, n * sizeof(int));
#if defined(FAR)
  run_on<<<1, 1>>>(a, 4 * n);
#else
  one_past<<<1, 96>>>(a, n);
#endif
  cudaDeviceSynchronize();
  cudaFree(a);
#endif
  std::printf("not reached\n");
  return 0;
}
