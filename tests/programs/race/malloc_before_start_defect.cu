// A graph kernel reads the edge before a vertex's first one: for vertex 0 that is index -1, the
// 4 bytes just before the cudaMalloc block (its redzone before the start).
// expect: warpsafe: out-of-bounds access
// report: 4 bytes before the nearest allocation, a cudaMalloc block of 64 bytes
__global__ void previous_edge(const int* offsets, const int* edges, int* out) {
  const int v = threadIdx.x;
  out[v] = edges[offsets[v] - 1];  // offsets[0] == 0: edges[-1]
}

int main() {
  const int n = 16;
  int h_offsets[n];
  for (int i = 0; i < n; ++i) h_offsets[i] = i;
  int *offsets, *edges, *out;
  cudaMalloc(&offsets, n * sizeof(int));
  cudaMalloc(&edges, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(offsets, h_offsets, sizeof h_offsets, cudaMemcpyHostToDevice);
  cudaMemset(edges, 0, n * sizeof(int));
  previous_edge<<<1, n>>>(offsets, edges, out);
  cudaDeviceSynchronize();
  return 0;
}
