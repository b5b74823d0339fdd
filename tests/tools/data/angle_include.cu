// Includes a header through -I and angle brackets (not inlined by the front end): the cache must
// still notice when it changes. Also: main flows off its end, which must mean `return 0`.
#include <cstdio>
#include <value.h>

int main() { std::printf("value %d\n", VALUE); }
