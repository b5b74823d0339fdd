// expect: warpsafe: misaligned memory access
// report: in kernel Poke \(launched at [^\n]*misaligned_store_defect\.cu:13\), block \(0,0,0\), thread \(0,0,0\) \(warp 0, lane 0\)\n  at [^\n]*misaligned_store_defect\.cu:7:[0-9]+: store of 'int' by block \(0,0,0\), thread \(0,0,0\) \(warp 0, lane 0\)\n  the address is 1 byte past a multiple of 4, the type.s alignment[^\n]*\n  global memory: cudaMalloc block of 64 bytes \(the program.s 1st allocation, made at [^\n]*misaligned_store_defect\.cu:12\), at \+1
// A 4-byte store to an address one byte past a 4-byte boundary: a GPU faults on it
// (cudaErrorMisalignedAddress); the host would not.
__global__ void Poke(char* bytes) {
  int* p = reinterpret_cast<int*>(bytes + 1);
  *p = 42;
}

int main() {
  char* bytes;
  cudaMalloc(&bytes, 64);
  Poke<<<1, 1>>>(bytes);
  cudaDeviceSynchronize();
  cudaFree(bytes);
  return 0;
}
