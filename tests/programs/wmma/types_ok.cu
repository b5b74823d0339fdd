// Warp matrix operations (<mma.h>) for every dense shape and type of CUDA's WMMA API, each layout
// of A, B and C, against a host product. The inputs are small integers, so every product and sum is
// exact and the GPU's result is the same bit for bit (this program printed the same lines on an
// H200, nvcc 13.0 -arch=sm_90, 2026-11-26). One warp per tile, several warps a block, and a K loop
// over tiles check that warps keep their own operands.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 11 --workers 3 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 2 --seed 1 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      half->float m16n16k16 rr: 0 wrong of 1024
// CHECK-NEXT: half->float m16n16k16 cc: 0 wrong of 1024
// CHECK-NEXT: half->half m32n8k16 rc: 0 wrong of 1024
// CHECK-NEXT: half->float m8n32k16 cr: 0 wrong of 1024
// CHECK-NEXT: bf16->float m16n16k16 rc: 0 wrong of 1024
// CHECK-NEXT: s8->int m16n16k16 rr: 0 wrong of 1024
// CHECK-NEXT: u8->int m32n8k16 cc: 0 wrong of 1024
// CHECK-NEXT: tf32->float m16n16k8 rc: 0 wrong of 1024
// CHECK-NEXT: double->double m8n8k4 cr: 0 wrong of 256
// CHECK-NOT:  {{.}}
// CHECKED:    warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <mma.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>
using namespace nvcuda;

constexpr int kTiles = 2;  // the product is (kTiles*M) x (kTiles*N), summed over kTiles tiles of K

template <class T> __host__ __device__ float AsFloat(T v) { return static_cast<float>(v); }
template <> __host__ __device__ float AsFloat(__half v) { return __half2float(v); }
template <> __host__ __device__ float AsFloat(__nv_bfloat16 v) { return __bfloat162float(v); }
template <class T> T FromInt(int v) { return static_cast<T>(v); }
template <> __half FromInt(int v) { return __float2half(static_cast<float>(v)); }
template <> __nv_bfloat16 FromInt(int v) { return __float2bfloat16(static_cast<float>(v)); }

template <class Tag> struct Elem { using type = Tag; };
template <> struct Elem<wmma::precision::tf32> { using type = float; };

// A kTiles x kTiles matrix of tiles, stored row- or column-major with each tile's first element
// 32-byte aligned, as load_matrix_sync and store_matrix_sync require: along the leading dimension
// each tile is padded to a multiple of 32 bytes.
struct Layout {
  int tile_rows, tile_cols, bytes;
  bool row_major;
  __host__ __device__ int Pad(int n) const { return (n * bytes + 31) / 32 * 32 / bytes; }
  __host__ __device__ int Ld() const { return kTiles * Pad(row_major ? tile_cols : tile_rows); }
  __host__ __device__ int Elements() const { return Ld() * kTiles * (row_major ? tile_rows : tile_cols); }
  __host__ __device__ int Index(int r, int c) const {
    return row_major ? r * Ld() + c / tile_cols * Pad(tile_cols) + c % tile_cols
                     : c * Ld() + r / tile_rows * Pad(tile_rows) + r % tile_rows;
  }
};

// One warp per output tile: warp w of the block computes tile (w / kTiles, w % kTiles).
template <class Tag, class Acc, int M, int N, int K, class LA, class LB>
__global__ void Gemm(const typename Elem<Tag>::type* a, const typename Elem<Tag>::type* b, Acc* c, Layout la,
                     Layout lb, Layout lc) {
  const int warp = threadIdx.x / 32;
  const int ti = warp / kTiles, tj = warp % kTiles;
  wmma::fragment<wmma::matrix_a, M, N, K, Tag, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, Tag, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> fc;
  const wmma::layout_t mem = lc.row_major ? wmma::mem_row_major : wmma::mem_col_major;
  Acc* ctile = c + lc.Index(ti * M, tj * N);
  wmma::load_matrix_sync(fc, ctile, lc.Ld(), mem);
  for (int t = 0; t < kTiles; ++t) {
    wmma::load_matrix_sync(fa, a + la.Index(ti * M, t * K), la.Ld());
    wmma::load_matrix_sync(fb, b + lb.Index(t * K, tj * N), lb.Ld());
    if (std::is_same<Tag, wmma::precision::tf32>::value) {
      for (int i = 0; i < fa.num_elements; ++i) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
      for (int i = 0; i < fb.num_elements; ++i) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
    }
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(ctile, fc, lc.Ld(), mem);
}

template <class Tag, class Acc, int M, int N, int K, class LA, class LB>
void Run(const char* name, bool c_row_major, int lo, int span) {
  using In = typename Elem<Tag>::type;
  const int rows = kTiles * M, cols = kTiles * N, depth = kTiles * K;
  const Layout la{M, K, (int)sizeof(In), std::is_same<LA, wmma::row_major>::value};
  const Layout lb{K, N, (int)sizeof(In), std::is_same<LB, wmma::row_major>::value};
  const Layout lc{M, N, (int)sizeof(Acc), c_row_major};
  In *a, *b;
  Acc* c;
  if (cudaMallocManaged(&a, sizeof(In) * la.Elements()) != cudaSuccess ||
      cudaMallocManaged(&b, sizeof(In) * lb.Elements()) != cudaSuccess ||
      cudaMallocManaged(&c, sizeof(Acc) * lc.Elements()) != cudaSuccess) {
    std::printf("allocation failed\n");
    return;
  }
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < depth; ++k) a[la.Index(r, k)] = FromInt<In>(lo + ((r * depth + k) * 7 + 3) % span);
  for (int k = 0; k < depth; ++k)
    for (int col = 0; col < cols; ++col) b[lb.Index(k, col)] = FromInt<In>(lo + ((k * cols + col) * 5 + 1) % span);
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < cols; ++col) c[lc.Index(r, col)] = FromInt<Acc>((r * cols + col) % 5 - 2);
  float* want = new float[rows * cols];
  for (int r = 0; r < rows; ++r) {
    for (int col = 0; col < cols; ++col) {
      float s = AsFloat(c[lc.Index(r, col)]);
      for (int k = 0; k < depth; ++k) s += AsFloat(a[la.Index(r, k)]) * AsFloat(b[lb.Index(k, col)]);
      want[r * cols + col] = s;
    }
  }
  Gemm<Tag, Acc, M, N, K, LA, LB><<<1, 32 * kTiles * kTiles>>>(a, b, c, la, lb, lc);
  const cudaError_t e = cudaDeviceSynchronize();
  int wrong = 0;
  for (int r = 0; r < rows; ++r) {
    for (int col = 0; col < cols; ++col) wrong += AsFloat(c[lc.Index(r, col)]) != want[r * cols + col];
  }
  std::printf("%s: %d wrong of %d%s\n", name, wrong, rows * cols, e == cudaSuccess ? "" : " (launch failed)");
  delete[] want;
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
}

int main() {
  using wmma::col_major;
  using wmma::row_major;
  Run<__half, float, 16, 16, 16, row_major, row_major>("half->float m16n16k16 rr", true, -3, 7);
  Run<__half, float, 16, 16, 16, col_major, col_major>("half->float m16n16k16 cc", false, -3, 7);
  Run<__half, __half, 32, 8, 16, row_major, col_major>("half->half m32n8k16 rc", true, -2, 4);
  Run<__half, float, 8, 32, 16, col_major, row_major>("half->float m8n32k16 cr", false, -3, 7);
  Run<__nv_bfloat16, float, 16, 16, 16, row_major, col_major>("bf16->float m16n16k16 rc", true, -3, 7);
  Run<signed char, int, 16, 16, 16, row_major, row_major>("s8->int m16n16k16 rr", true, -100, 200);
  Run<unsigned char, int, 32, 8, 16, col_major, col_major>("u8->int m32n8k16 cc", false, 0, 250);
  Run<wmma::precision::tf32, float, 16, 16, 8, row_major, col_major>("tf32->float m16n16k8 rc", true, -3, 7);
  Run<double, double, 8, 8, 4, col_major, row_major>("double->double m8n8k4 cr", false, -3, 7);
  return 0;
}
