// Accesses whose addresses are not multiples of 4 but are aligned for their own type: bytes, a
// packed struct's members (the compiler reads them byte-wise on a GPU), a struct of four chars
// copied whole, and an int at an offset of 4.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 256 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 166 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 513 bytes (the program's 3rd allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NEXT: warpsafe note: leak: cudaMalloc block of 128 bytes (the program's 4th allocation, made at [[FILE]]:[[@LINE+29]]) was never freed
// CHECK-NOT:  warpsafe:

struct __attribute__((packed)) Record {
  char tag;
  int value;  // at offset 1
};
struct Rgba {
  unsigned char r, g, b, a;
};

__global__ void Copy(char* bytes, Record* records, Rgba* pixels, int* out) {
  const int i = threadIdx.x;
  bytes[i * 3 + 1] = static_cast<char>(i);
  records[i].value = i * 10;
  pixels[2 * i + 1] = pixels[2 * i];  // each thread copies its own pair
  int* words = reinterpret_cast<int*>(bytes + 4 * 32);
  words[i] = records[i].value + pixels[2 * i + 1].g;
  out[i] = words[i];
}

int main() {
  char* bytes;
  Record* records;
  Rgba* pixels;
  int* out;
  cudaMalloc(&bytes, 4 * 64);
  cudaMalloc(&records, 33 * sizeof(Record) + 1);
  cudaMalloc(&pixels, 2 * 64 * sizeof(Rgba) + 1);
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(pixels, 1, 2 * 64 * sizeof(Rgba) + 1);
  // Pixels at odd byte offsets: a Rgba needs no more than 1-byte alignment.
  Copy<<<1, 32>>>(bytes, reinterpret_cast<Record*>(reinterpret_cast<char*>(records) + 1),
                  reinterpret_cast<Rgba*>(reinterpret_cast<char*>(pixels) + 1) , out);
  cudaDeviceSynchronize();
  return 0;
}
