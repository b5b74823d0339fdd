// expect: warpsafe: data race
// report: on stream 2.*launched at .*streams_no_event_race.cu:[0-9]+ on stream 1.*STREAM-1
// Two kernels on two streams, the second reading what the first writes, with nothing between the
// launches: on a GPU they may run at the same time (STREAM-1). The engine runs them one after the
// other, but the checker does not count that as an order. streams_event_norace.cu is the twin with
// an event between them.
__global__ void produce(int* data) { data[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }

int main() {
  int *data, *out;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  produce<<<1, 32, 0, a>>>(data);
  consume<<<1, 32, 0, b>>>(data, out);
  cudaDeviceSynchronize();
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h[5] == 10 ? 0 : 1;
}
