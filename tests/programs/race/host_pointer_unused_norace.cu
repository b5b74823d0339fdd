// listing: warpsafe note: argument 2 of Flag, launched at [^ ]*host_pointer_unused_norace\.cu:[0-9]+, points into the host heap
// listing: warpsafe note: argument 3 of Flag, launched at [^ ]*host_pointer_unused_norace\.cu:[0-9]+, points into the host stack
// A kernel is given host pointers but only tests them against null: valid on a GPU, since it never
// dereferences them. The launch lists each (warpsafe run sees host pointers only there), once per
// launch site however many launches; nothing is reported.
#include <cstdlib>

__global__ void Flag(int* out, const int* maybe_host, const int* also_host) {
  out[threadIdx.x] = (maybe_host != nullptr) + (also_host != nullptr);
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  int* host = static_cast<int*>(std::malloc(16));
  int local = 0;
  for (int i = 0; i < 3; ++i) Flag<<<1, 32>>>(out, host, &local);
  cudaDeviceSynchronize();
  std::free(host);
  cudaFree(out);
  return local;
}
