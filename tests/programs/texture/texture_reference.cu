// Texture references, the texture API before texture objects (removed in CUDA 12, common in older
// programs): declared at namespace scope, bound by the host (cudaBindTexture with and without a
// channel descriptor, at an offset, to a CUDA array), read by kernels with tex1Dfetch and tex2D,
// as element types and as normalized floats, with the reference's filter mode. The host's binding
// and the kernels' fetches reach one reference, though the file is compiled as host and as device
// code.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      fetch 0 1.5 3 31.5
// CHECK-NEXT: offset 24 25.5 offset-bytes 0
// CHECK-NEXT: normalized 0.0000 0.2000 1.0000
// CHECK-NEXT: array point 1 2 3 4 linear 1 2.5
// CHECK-NEXT: after unbind: cudaErrorInvalidTextureBinding
// CHECK-NOT:  {{.}}
//
// Under `warpsafe check` the kernels read the references without touching host memory:
// RUN: %warpsafe check %s --policy random --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED:      warpsafe check: no defect in 2 schedules (policies random, {{[0-9.]+}} s)
// CHECKED-NOT:  {{.}}
//
// A fetch through a reference after cudaUnbindTexture reads through no texture: reported.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep -DUNBOUND 2>&1 | FileCheck %s -DFILE=%s --check-prefix=UNBOUND
// UNBOUND:      warpsafe: invalid texture fetch
// UNBOUND-NEXT:   in kernel Gather (launched at [[FILE]]:[[@LINE+75]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// UNBOUND-NEXT:   at [[FILE]]:[[@LINE+11]]: tex1Dfetch through a texture reference
// UNBOUND-NEXT:   the reference is not bound (never bound, or unbound) (undefined)
// UNBOUND-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D UNBOUND
// UNBOUND-NOT:  {{.}}
#include <cstdio>

texture<float, 1, cudaReadModeElementType> values;
texture<unsigned char, 1, cudaReadModeNormalizedFloat> bytes;
texture<float, 2> grid;

__global__ void Gather(float* out, int n) {
  if (threadIdx.x < n) out[threadIdx.x] = tex1Dfetch(values, threadIdx.x);
}
__global__ void Normalized(float* out) { out[threadIdx.x] = tex1Dfetch(bytes, threadIdx.x); }
// Texel (i, j)'s centre is at (i + 0.5, j + 0.5); (1, 1) is halfway between all four centres.
__global__ void Sample(float* out) {
  out[0] = tex2D(grid, 0.5f, 0.5f);
  out[1] = tex2D(grid, 1.5f, 0.5f);
  out[2] = tex2D(grid, 0.5f, 1.5f);
  out[3] = tex2D(grid, 1.5f, 1.5f);
  out[4] = tex2D(grid, 1.0f, 1.0f);
}

int main() {
  float h[32];
  for (int i = 0; i < 32; ++i) h[i] = 1.5f * i;
  float *d, *out;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  float r[32];

  if (cudaBindTexture(0, values, d, sizeof h) != cudaSuccess) return 1;
  Gather<<<1, 32>>>(out, 32);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("fetch %g %g %g %g\n", r[0], r[1], r[2], r[21]);

  // Bound again at an offset, through the C API with an explicit descriptor.
  size_t offset = 99;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  if (cudaBindTexture(&offset, &values, d + 16, &desc, 16 * sizeof(float)) != cudaSuccess) return 1;
  Gather<<<1, 32>>>(out, 2);
  cudaMemcpy(r, out, 2 * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("offset %g %g offset-bytes %zu\n", r[0], r[1], offset);

  unsigned char hb[3] = {0, 51, 255};
  unsigned char* db;
  cudaMalloc(&db, 3);
  cudaMemcpy(db, hb, 3, cudaMemcpyHostToDevice);
  if (cudaBindTexture(0, bytes, db, 3) != cudaSuccess) return 1;
  Normalized<<<1, 3>>>(out);
  cudaMemcpy(r, out, 3 * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("normalized %.4f %.4f %.4f\n", r[0], r[1], r[2]);

  float texels[4] = {1, 2, 3, 4};
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  cudaMallocArray(&array, &fd, 2, 2);
  cudaMemcpy2DToArray(array, 0, 0, texels, 2 * sizeof(float), 2 * sizeof(float), 2, cudaMemcpyHostToDevice);
  if (cudaBindTextureToArray(grid, array) != cudaSuccess) return 1;
  Sample<<<1, 1>>>(out);
  cudaMemcpy(r, out, 4 * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("array point %g %g %g %g", r[0], r[1], r[2], r[3]);
  grid.filterMode = cudaFilterModeLinear;  // read when bound
  if (cudaBindTextureToArray(grid, array) != cudaSuccess) return 1;
  Sample<<<1, 1>>>(out);
  cudaMemcpy(r, out, 5 * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf(" linear %g %g\n", r[0], r[4]);

  size_t aligned = 7;
  cudaUnbindTexture(values);
  const cudaError_t e = cudaGetTextureAlignmentOffset(&aligned, values);
  std::printf("after unbind: %s\n", cudaGetErrorName(e));
#ifdef UNBOUND
  Gather<<<1, 32>>>(out, 32);
  cudaDeviceSynchronize();
#endif
  return 0;
}
