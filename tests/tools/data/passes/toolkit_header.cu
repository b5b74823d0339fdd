// A header that only the CUDA toolkit provides: it must never be taken from an installed toolkit.
#include <cstdio>
#include <crt/host_config.h>

int main() { std::printf("built\n"); }
