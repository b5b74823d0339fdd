// Compiled at run time by ../file_beside.cu: its quoted header is found beside it, and assert
// needs no #include, as under nvcc and NVRTC.
#include "scale_factor.h"

extern "C" __global__ void scale(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n + 32);
  if (i < n) data[i] *= kScaleFactor;
}
