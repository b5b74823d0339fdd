// Found only through INCLUDE_DIRS (include_dirs.cu includes it with <>), and it holds what the
// front end must rewrite: a kernel with __shared__ memory and a launch. It also needs a macro that
// only DEFINES (warpsafe_add_check_test) or the target's definitions give.
#pragma once
#ifndef WARPSAFE_TOOLS_FACTOR
#error "WARPSAFE_TOOLS_FACTOR must be defined (-D)"
#endif

__global__ void BlockSum(int* out) {
  __shared__ int values[32];
  values[threadIdx.x] = int(threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int i = 0; i < 32; ++i) total += values[i];
    *out = total * WARPSAFE_TOOLS_FACTOR;
  }
}

inline void LaunchBlockSum(int* out) { BlockSum<<<1, 32>>>(out); }
