// Succeeds only when its arguments are exactly `--seed 5 file.txt`: words that look like
// warpsafe's own options belong to the program when they come after `--`.
#include <cstdio>
#include <cstring>

__global__ void noop() {}

int main(int argc, char** argv) {
  noop<<<1, 32>>>();
  cudaDeviceSynchronize();
  const char* want[] = {"--seed", "5", "file.txt"};
  bool ok = argc == 4;
  for (int i = 1; ok && i < argc; ++i) ok = std::strcmp(argv[i], want[i - 1]) == 0;
  std::printf("%d arguments:", argc - 1);
  for (int i = 1; i < argc; ++i) std::printf(" [%s]", argv[i]);
  std::printf(" %s\n", ok ? "as expected" : "NOT as expected");
  return ok ? 0 : 1;
}
