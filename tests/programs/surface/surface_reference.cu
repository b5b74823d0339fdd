// Surface references, the surface API before surface objects (removed in CUDA 12, found in older
// programs): declared at namespace scope, bound to CUDA arrays by the host with
// cudaBindSurfaceToArray (the C++ forms with and without a channel descriptor, and the C form
// through cudaGetSurfaceReference), written and read by kernels with surf1D/surf2D/surf2DLayered
// through the reference, each in its value and pointer forms. The host's binding and the kernels'
// accesses reach one reference, though the file is compiled as host and as device code; binding
// again retargets the reference (SURFOBJ-8).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      2D 0 11 21 31 / 100 111 121 131
// CHECK-NEXT: 1D 5 6 7 8 read 8 via pointer 7
// CHECK-NEXT: layered 2 3 / 12 13
// CHECK-NEXT: kept 0 11 21 31 / 100 111 121 131
// CHECK-NEXT: rebound 0 -1 -1 -1 / -1 -1 -1 -1
// CHECK-NOT:  {{.}}
//
// Under `warpsafe check` the kernels read the references without touching host memory:
// RUN: %warpsafe check %s --policy random --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED:      warpsafe check: no defect in 2 schedules (policies random, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}
//
// An access through a reference never bound reaches no array: reported.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep -DUNBOUND 2>&1 | FileCheck %s -DFILE=%s --check-prefix=UNBOUND
// UNBOUND:      warpsafe: invalid surface access
// UNBOUND-NEXT:   in kernel Unbound (launched at [[FILE]]:[[@LINE+43]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// UNBOUND-NEXT:   at [[FILE]]:[[@LINE+24]]: surf1Dwrite of 4 bytes through a surface reference
// UNBOUND-NEXT:   the reference is not bound to an array (undefined)
// UNBOUND-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D UNBOUND
// UNBOUND-NOT:  {{.}}
#include <cstdio>

surface<void, 2> grid;
surface<void, 1> line;
surface<void, cudaSurfaceType2DLayered> layers;
surface<void, 1> never_bound;

__global__ void Fill2D() {
  const int x = threadIdx.x, y = threadIdx.y;
  surf2Dwrite(x * 10 + y * 100 + (x > 0), grid, x * sizeof(int), y);
}
__global__ void Line(int* out) {
  surf1Dwrite(static_cast<int>(threadIdx.x + 5), line, threadIdx.x * 4);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[0] = surf1Dread<int>(line, 12);
    surf1Dread(&out[1], line, 8, cudaBoundaryModeTrap);
  }
}
__global__ void Layered() { surf2DLayeredwrite(static_cast<int>(threadIdx.x + 2 + 10 * threadIdx.y), layers, threadIdx.x * 4, 0, threadIdx.y); }
__global__ void Unbound() { surf1Dwrite(1, never_bound, 0); }

static void Print2D(const char* what, cudaArray_t a) {
  int h[8];
  cudaMemcpy2DFromArray(h, 16, a, 0, 0, 16, 2, cudaMemcpyDeviceToHost);
  std::printf("%s %d %d %d %d / %d %d %d %d\n", what, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]);
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t a2, a1, a3, other;
  cudaMallocArray(&a2, &desc, 4, 2, cudaArraySurfaceLoadStore);
  cudaMallocArray(&a1, &desc, 4, 0, cudaArraySurfaceLoadStore);
  cudaMallocArray(&other, &desc, 4, 2, cudaArraySurfaceLoadStore);
  cudaMalloc3DArray(&a3, &desc, make_cudaExtent(2, 1, 2), cudaArrayLayered | cudaArraySurfaceLoadStore);
  int minus[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  cudaMemcpy2DToArray(other, 0, 0, minus, 16, 16, 2, cudaMemcpyHostToDevice);
#ifdef UNBOUND
  Unbound<<<1, 1>>>();
  cudaDeviceSynchronize();
#endif
  if (cudaBindSurfaceToArray(grid, a2) != cudaSuccess) return 1;
  Fill2D<<<1, dim3(4, 2)>>>();
  cudaDeviceSynchronize();
  Print2D("2D", a2);

  const surfaceReference* ref = nullptr;
  if (cudaGetSurfaceReference(&ref, &line) != cudaSuccess || cudaBindSurfaceToArray(ref, a1, &desc) != cudaSuccess) return 1;
  int* out;
  cudaMallocManaged(&out, 2 * sizeof(int));
  Line<<<1, 4>>>(out);
  cudaDeviceSynchronize();
  int h1[4];
  cudaMemcpy2DFromArray(h1, 16, a1, 0, 0, 16, 1, cudaMemcpyDeviceToHost);
  std::printf("1D %d %d %d %d read %d via pointer %d\n", h1[0], h1[1], h1[2], h1[3], out[0], out[1]);

  if (cudaBindSurfaceToArray(layers, a3, desc) != cudaSuccess) return 1;
  Layered<<<1, dim3(2, 2)>>>();
  cudaDeviceSynchronize();
  int h3[4];
  cudaMemcpy3DParms p = {};
  p.srcArray = a3;
  p.dstPtr = make_cudaPitchedPtr(h3, 8, 2, 1);
  p.extent = make_cudaExtent(2, 1, 2);
  p.kind = cudaMemcpyDeviceToHost;
  cudaMemcpy3D(&p);
  std::printf("layered %d %d / %d %d\n", h3[0], h3[1], h3[2], h3[3]);

  // Bound again, to another array: the kernel's writes go there, and a2 keeps what it held.
  cudaBindSurfaceToArray(grid, other);
  Fill2D<<<1, dim3(1, 1)>>>();
  cudaDeviceSynchronize();
  Print2D("kept", a2);
  Print2D("rebound", other);
  return 0;
}
