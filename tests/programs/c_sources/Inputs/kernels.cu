// The kernels of the C host files beside this file: a GPU program would load them from a module
// built from this file; warpsafe builds them from it, given with the host file, and a module finds
// them by name (C linkage, so the name is the function's own).
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// Sums pairs of a warp's values with a shuffle whose mask names only the first half's lanes: the
// second half's lanes call it with a mask that leaves them out.
extern "C" __global__ void half_warp_sum(int* v) {
  int x = v[threadIdx.x];
  x += __shfl_down_sync(0x0000ffff, x, 1);
  v[threadIdx.x] = x;
}
