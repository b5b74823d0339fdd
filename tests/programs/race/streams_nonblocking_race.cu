// expect: warpsafe: data race
// report: on the default stream.*STREAM-1
// A stream created with cudaStreamNonBlocking does not synchronize with the legacy default stream
// (STREAM-4): the kernel on the default stream may run while the one on the non-blocking stream
// still writes. streams_event_norace.cu shows the blocking streams, which do.
__global__ void produce(int* data) { data[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }

int main() {
  int *data, *out;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaStream_t a;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  produce<<<1, 32, 0, a>>>(data);
  consume<<<1, 32>>>(data, out);
  cudaDeviceSynchronize();
  return 0;
}
