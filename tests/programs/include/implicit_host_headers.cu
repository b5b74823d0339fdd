// nvcc's cuda_runtime.h, included into every .cu file, brings the C library's stdio, stdlib, string,
// math and time functions with it, and older programs call them without an include of their own
// (time(0) to seed a generator is common).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      seeded 1 clock 1 length 5 root 3 absolute 7
// CHECK-NOT:  {{.}}

int main() {
  const time_t now = time(0);
  srand(static_cast<unsigned>(now));
  const clock_t c = clock();
  char word[8];
  strcpy(word, "seven");
  printf("seeded %d clock %d length %zu root %g absolute %d\n", int(now > 0), int(c >= 0), strlen(word), sqrt(9.0),
         abs(-7));
  return 0;
}
