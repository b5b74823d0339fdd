// The host side: plain C++, reaching the kernels only through kernels.cu's wrappers.
#include <cstdio>

void RunGather(int* host_out);
void SetEntry(int index, int value);

int main(int argc, char** argv) {
  SetEntry(3, argc > 1 ? 100 : 50);
  int out[4] = {0, 0, 0, 0};
  RunGather(out);
  std::printf("gathered %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}
