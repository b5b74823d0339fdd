/* A C file that includes a header the engine provides to C++ only: the build stops at this file's
 * #include line, naming the header (docs/semantics/c_sources.md, C-3). */
#include <stdio.h>
#include <cusolverDn.h>

int main(void) { return 0; }
