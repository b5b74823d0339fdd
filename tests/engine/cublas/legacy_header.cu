// The legacy cuBLAS API (cublas.h) is refused at build time, naming the header.
#include <cublas.h>

int main() { return 0; }
