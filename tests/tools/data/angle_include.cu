// Includes a header through -I and angle brackets (inlined by the front end, which finds it in the
// -I directory): the cache must still notice when it changes. Also: main flows off its end, which
// must mean `return 0`.
#include <cstdio>
#include <value.h>

int main() { std::printf("value %d\n", VALUE); }
