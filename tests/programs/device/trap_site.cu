// __trap() names the user's line (the Site default argument of the intrinsic evaluates at the
// caller), and the launch fails with cudaErrorLaunchFailure as on a GPU.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: __trap() at [[FILE]]:[[@LINE+4]] in kernel Trapping (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3): the launch fails with cudaErrorLaunchFailure
// CHECK-NOT:  {{.}}
__global__ void Trapping(int* p) {
  if (threadIdx.x == 3) {
    __trap();  // the report names this line
  }
  atomicAdd(p, 1);
}

int main() {
  int* p;
  cudaMallocManaged(&p, sizeof(int));
  *p = 0;
  Trapping<<<1, 32>>>(p);
  return cudaDeviceSynchronize() == cudaErrorLaunchFailure ? 0 : 1;
}
