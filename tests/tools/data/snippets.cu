// Kernels and launches in the shapes the front end rewrites; compiled (after RewriteCuda) into
// warpsafe_frontend_test against a stub engine that runs threads one after the other.
// rewritten_code_test.cpp finds the launches' lines by their text.
#include <algorithm>
#include <cstdint>

namespace ns {
template <class T>
struct TempStorageOf {
  struct TempStorage {
    T slots[8];
  };
};
}  // namespace ns

__shared__ int g_block_total;  // namespace scope: one per block
extern __shared__ int g_dynamic[];
__shared__ float g_tile[8];

__global__ void fill(int* out, int value) { out[blockIdx.x * blockDim.x + threadIdx.x] = value; }

// Thread 0 of each block writes shared memory; the others (which the stub runs later) read it.
__global__ void shared_shapes(int* out) {
  __shared__ int scalar;
  __shared__ __align__(16) float a[16], b[4];
  __shared__ int grid2d[2][3];
  __shared__ typename ns::TempStorageOf<int>::TempStorage temp;
  extern __shared__ unsigned char dyn[];
  if (threadIdx.x == 0) {
    scalar = 7;
    a[15] = 1.5f;
    b[3] = 2.5f;
    grid2d[1][2] = 9;
    temp.slots[7] = 11;
    dyn[0] = 13;
    g_block_total = 0;
  }
  g_block_total += 1;
  const bool aligned = reinterpret_cast<std::uintptr_t>(&a[0]) % 16 == 0;
  const bool distinct = static_cast<void*>(a) != static_cast<void*>(b);
  out[threadIdx.x] = scalar + static_cast<int>(a[15] + b[3]) + grid2d[1][2] + temp.slots[7] + dyn[0] +
                     (aligned ? 100 : 0) + (distinct ? 1000 : 0);
  out[blockDim.x] = g_block_total;
  g_dynamic[1] = 5;
  out[blockDim.x + 1] = dyn[sizeof(int)];  // g_dynamic and dyn alias the same bytes
}

template <class T, int N>
__global__ void per_instantiation(const void** keys) {
  __shared__ T buf[N * 2];
  keys[threadIdx.x] = &buf[0];
}

// The operators of a namespace-scope proxy (engine/include/warpsafe/engine/shared_proxy.h).
__shared__ int g_counter;
__global__ void proxy_ops(int* out) {
  g_counter = 0;
  g_counter++;
  ++g_counter;
  g_counter += 5;
  g_counter -= 1;
  g_counter *= 2;
  int* p = &g_counter;
  *p += 1;
  g_tile[threadIdx.x] = 1.5f;
  float(&tile)[8] = g_tile;
  out[threadIdx.x] = g_counter + static_cast<int>(tile[threadIdx.x] * 2);
}

void RunProxyOps(int* out) { proxy_ops<<<1, 2>>>(out); }

#define LAUNCH_FILL(ptr, v) fill<<<1, 4>>>(ptr, v)
#define LAUNCH_ANY(kern, ...) kern<<<1, 1>>>(__VA_ARGS__)

void RunFill(int* out) {
  fill<<<dim3(2,
              1),
         dim3(std::max<int>(1, 4)), 0,
         nullptr>>>(out,
                    [](int a, int b) { return a > b ? a : b; }(3, 8));
}

void RunMacros(int* out) {
  LAUNCH_FILL(out, 21);
  LAUNCH_ANY(fill, out + 4, 22);
}

void RunSharedShapes(int* out) { shared_shapes<<<2, 3, 64>>>(out); }

void RunPerInstantiation(const void** keys) {
  per_instantiation<int, 4><<<1, 1>>>(keys);
  per_instantiation<float, 4><<<1, 1>>>(keys + 1);
}

const void* FillKey() { return reinterpret_cast<const void*>(&fill); }
const void* PerInstantiationKey() { return reinterpret_cast<const void*>(&per_instantiation<int, 4>); }
std::size_t TileElements() { return sizeof(g_tile) / sizeof(g_tile[0]); }
const char* NotALaunch() { return "fill<<<1, 1>>>(nullptr)"; }
