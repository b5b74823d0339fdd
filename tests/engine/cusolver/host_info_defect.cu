// devInfo must be device memory: passing a host int is what a GPU would fault on inside the
// library's kernel, and the engine reports it at the call.
#include <cusolverDn.h>

#include <cstdio>

int main() {
  const float a[4] = {4, 1, 1, 3};
  float* d_a;
  cudaMalloc(&d_a, sizeof a);
  cudaMemcpy(d_a, a, sizeof a, cudaMemcpyHostToDevice);
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  int lwork = 0;
  cusolverDnSpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, 2, d_a, 2, &lwork);
  float* work;
  cudaMalloc(&work, lwork * sizeof(float));
  int info = 0;  // a host int
  cusolverDnSpotrf(h, CUBLAS_FILL_MODE_LOWER, 2, d_a, 2, work, lwork, &info);
  printf("not reached\n");
  return 0;
}
