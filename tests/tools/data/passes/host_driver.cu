// A main that instantiates host code no other function reaches (a driver template, one of whose
// instantiations a lambda parameterises), which launches kernel templates and a kernel with a lambda.
#include <cstdio>

template <class T>
__global__ void Scale(T* data, T factor) {
  data[threadIdx.x] *= factor;
}

template <class F>
__global__ void Apply(int* data, F f) {
  data[threadIdx.x] = f(data[threadIdx.x]);
}

template <class T>
T HostOnlyDriver(T factor) {
  T* data = nullptr;
  cudaMallocManaged(&data, 32 * sizeof(T));
  for (int i = 0; i < 32; ++i) data[i] = static_cast<T>(i);
  Scale<<<1, 32>>>(data, factor);
  cudaDeviceSynchronize();
  T sum = 0;
  for (int i = 0; i < 32; ++i) sum += data[i];
  cudaFree(data);
  return sum;
}

int main() {
  const int offset = 7;
  int* data = nullptr;
  cudaMallocManaged(&data, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) data[i] = i;
  Apply<<<1, 32>>>(data, [=] __device__(int v) {
#ifdef __CUDA_ARCH__
    return v + offset;
#else
    return -1;
#endif
  });
  cudaDeviceSynchronize();
  int sum = 0;
  for (int i = 0; i < 32; ++i) sum += data[i];
  cudaFree(data);
  std::printf("int %d, double %.1f, lambda %d\n", HostOnlyDriver(3), HostOnlyDriver(0.5), sum);
}
