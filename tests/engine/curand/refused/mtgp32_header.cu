// cuRAND's MTGP32 headers are refused at the program's own #include line.
#include <curand_mtgp32_host.h>

int main() { return 0; }
