// A kernel that launches a kernel (dynamic parallelism): the engine does not run device-side
// launches, and says so once, at the launching line, naming what it does not run (DP-1).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   in kernel parent (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: launch of child from device code (dynamic parallelism is not supported)
// CHECK-NEXT:   the engine runs kernels launched by the host only: a kernel that launches a kernel (<<<>>> in device code, cudaLaunchDevice), and with it device-side streams, tail launch (cudaStreamTailLaunch) and fire-and-forget launches (cudaStreamFireAndForget), is not run; launch the child from the host after the parent (docs/semantics/dynamic_parallelism.md, DP-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void child(int* out) { out[threadIdx.x] = 1; }

__global__ void parent(int* out) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(out);
  }
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  parent<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
