// A program with a syntax error on line 6: the CLI must exit 65 and the compiler's diagnostic
// must name this file and line (through the front end's #line markers).
#include "hello_kernel.cuh"

int main() {
  int x = ;
  return x;
}
