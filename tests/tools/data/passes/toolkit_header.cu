// A header that only the CUDA toolkit provides, and the engine refuses: it must never be taken from
// an installed toolkit, but stop the build at this line with the engine's own message.
#include <cusolverRf.h>
#include <cstdio>

int main() { std::printf("built\n"); }
