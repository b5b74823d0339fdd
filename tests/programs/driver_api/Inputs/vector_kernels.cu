// The kernels of the driver API programs: a GPU program loads them from a module built from this
// file (nvcc -fatbin); warpsafe builds them from it, given with the host file.
__constant__ float scale;

extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = scale * (a[i] + b[i]);
}

// C++ linkage: a module finds it by its mangled name, _Z6negatePfi.
__global__ void negate(float* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = -v[i];
}

// Sums each warp's values with shuffles whose mask names only the lanes of the first half: the
// second half's lanes call with a mask that leaves them out.
extern "C" __global__ void half_warp_sum(int* v) {
  int x = v[threadIdx.x];
  x += __shfl_down_sync(0x0000ffff, x, 1);
  v[threadIdx.x] = x;
}

// Reverses a block's values through shared memory with no barrier between the stores and the
// loads: a thread may read its mirror's slot before the mirror has written it.
extern "C" __global__ void reverse_racy(int* v) {
  __shared__ int tile[64];
  tile[threadIdx.x] = v[threadIdx.x];
  v[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}
