/* A C helper of the kind CUDA projects carry (a matrix reader): C, not C++ (`new` is a plain name,
   void* converts implicitly), called from both .cu and .c files with C linkage. */
#include <stdlib.h>
#include "matrix_io.h"

int* MakeSequence(int n, int step) {
  int* new = malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) new[i] = i * step;
  return new;
}
