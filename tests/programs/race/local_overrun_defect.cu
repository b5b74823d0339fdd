// expect: warpsafe: invalid __local__ access
// report: in kernel Smooth \(launched at [^\n]*local_overrun_defect\.cu:23\), block \(0,0,0\), thread \(5,0,0\) \(warp 0, lane 5\)\n  at [^\n]*local_overrun_defect\.cu:12: write of 4 bytes by block \(0,0,0\), thread \(5,0,0\) \(warp 0, lane 5\)\n  local memory: the thread.s local array `window` \(16 bytes[^)]*\), 0 bytes past its end
// One thread writes one element past its local array. On a GPU the store faults (compute-sanitizer:
// invalid __local__ access); on the CPU it would overwrite the thread's other locals or its return
// address and turn later reports into nonsense.
__global__ void Smooth(const int* in, int* out) {
  const int i = threadIdx.x;
  const int n = i == 5 ? 5 : 4;  // thread 5 counts one too many
  int window[4];
  int sum = 0;
  for (int k = 0; k < n; ++k) {
    window[k] = in[(i + k) % 32];
  }
  for (int k = 0; k < 4; ++k) sum += window[k];
  out[i] = sum;
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 32 * sizeof(int));
  Smooth<<<1, 32>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
