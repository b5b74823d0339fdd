/* cuRAND's host API from C: a generator made, seeded, asked for uniform and normal values in
 * device memory, and destroyed, every call's status checked. The .cu file beside it asks the same
 * of a generator made from C++ and compares. */
#include <curand.h>
#include <cuda_runtime.h>
#include <stdio.h>

int GenerateFromC(float* uniform, float* normal, int n) {
  curandGenerator_t generator;
  float* d = 0;
  if (curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_PHILOX4_32_10) != CURAND_STATUS_SUCCESS) return 1;
  if (curandSetPseudoRandomGeneratorSeed(generator, 1234ULL) != CURAND_STATUS_SUCCESS) return 2;
  if (cudaMalloc((void**)&d, 2 * n * sizeof(float)) != cudaSuccess) return 3;
  if (curandGenerateUniform(generator, d, n) != CURAND_STATUS_SUCCESS) return 4;
  if (curandGenerateNormal(generator, d + n, n, 0.0f, 1.0f) != CURAND_STATUS_SUCCESS) return 5;
  cudaMemcpy(uniform, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(normal, d + n, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return curandDestroyGenerator(generator) == CURAND_STATUS_SUCCESS ? 0 : 6;
}
