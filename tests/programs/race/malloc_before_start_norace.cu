// malloc_before_start_defect.cu with the index guarded: vertex 0 reads its own first edge.
__global__ void previous_edge(const int* offsets, const int* edges, int* out) {
  const int v = threadIdx.x;
  out[v] = edges[offsets[v] - (v > 0 ? 1 : 0)];  // vertex 0 has no edge before its first
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
