// Included by shared_template_ok.cu and Inputs/shared_template_other.cu: an inline device function
// and a kernel template that both files instantiate, so that each object holds a copy of them.
#pragma once

__device__ inline float RowSum(const float* row, int n) {
  float sum = 0.0f;
  for (int j = 0; j < n; ++j) sum += row[j];
  return sum;
}

template <int kCols>
__global__ void RowSums(const float* rows, float* out) {
  out[threadIdx.x] = RowSum(rows + threadIdx.x * kCols, kCols);
}
