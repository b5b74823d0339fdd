// Fuzz seed: __shared__ declarations in the forms the front end rewrites, with comments and
// literals that must be left alone.
extern __shared__ float dynamic_smem[];
__shared__ int at_namespace_scope[64];
struct Pair { int a, b; };
__global__ void k(int* out) {
  __shared__ int tile[32][33];
  __shared__ Pair pairs[8], single;
  static __shared__ double d;
  const char* text = "__shared__ int not_this[4]; <<<1, 1>>>";
  const char* raw = R"x(__shared__ )" <<< )x";
  /* __shared__ int nor_this; */ // k<<<1, 1>>>();
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + dynamic_smem[0] + pairs[0].a + single.b + d + text[0] + raw[0];
}
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, dim3(32, 32), 16 * sizeof(float)>>>(out);
  return 0;
}
