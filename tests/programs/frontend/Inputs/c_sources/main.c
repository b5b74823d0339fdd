/* The program's main, in C: the engine's main wraps it, and it stays C (implicit return 0 too). */
#include <stdio.h>
#include <stdlib.h>
#include "matrix_io.h"

int main(void) {
  int* values = MakeSequence(8, 3);
  if (ScaleOnDevice(values, 8, 2) != 0) return 2;
  printf("C main: %d %d %d\n", values[0], values[1], values[7]);
  free(values);
}
