// A host file that includes only <curand.h>, as Monte Carlo programs' CPU reference files do, and
// declares its error-checking helpers under the runtime's guard macros (../curand_runtime.cu).
#include <curand.h>

#include <vector>

#if defined(__DRIVER_TYPES_H__) && defined(__CUDA_RUNTIME_H__)
static const char* Name(cudaError_t e) { return cudaGetErrorName(e); }
#endif

const char* HostErrorName(int error) { return Name(static_cast<cudaError_t>(error)); }

int HostGeneratesOnDevice(float* out, int n) {
  curandGenerator_t g;
  if (curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS) return 1;
  if (curandGenerateUniform(g, out, static_cast<size_t>(n)) != CURAND_STATUS_SUCCESS) return 2;
  std::vector<float> host(static_cast<size_t>(n));
  if (cudaMemcpy(host.data(), out, host.size() * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) return 3;
  for (float v : host) {
    if (!(v > 0.0f && v <= 1.0f)) return 4;
  }
  curandDestroyGenerator(g);
  return 0;
}
