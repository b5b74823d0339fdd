// A host file with main: translated (the engine wraps main), so compiled from another folder.
#include <boost/config.hpp>
#include <cuda_runtime.h>
#include <cstdio>
#include "local.h"

int LaunchAdd(int* out);

int main() {
  int* out;
  if (cudaMallocManaged(&out, sizeof(int)) != cudaSuccess) return 2;
  if (LaunchAdd(out) != 0) return 3;
  std::printf("kernel wrote %d\n", *out);
  return *out == LocalAnswer() + 1 ? 0 : 4;
}
