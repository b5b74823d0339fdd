// A program that includes a library the engine does not provide: its compile stops at line 3.
#include <cstdio>
#include <cusparse.h>

int main() {
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  std::printf("compiled\n");
  return 0;
}
