// End-to-end test program of the CLI (tests/tools/cli): sums computed on the engine, the
// program's arguments, and the replay command warpsafe put in the environment.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "hello_kernel.cuh"
#include "hello_kernel.cuh"  // #pragma once: inlined once

int main(int argc, char** argv) {
  int out[2] = {0, 0};
  block_sums<<<2, 32>>>(out, 2);
  std::printf("sums %d %d\n", out[0], out[1]);
  for (int i = 1; i < argc; ++i) std::printf("arg %s\n", argv[i]);
  const char* replay = std::getenv("WARPSAFE_REPLAY");
  std::printf("replay %s\n", replay != nullptr ? replay : "(none)");
  return argc > 1 && std::strcmp(argv[1], "fail") == 0 ? 3 : 0;
}
