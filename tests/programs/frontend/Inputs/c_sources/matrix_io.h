#ifndef MATRIX_IO_H
#define MATRIX_IO_H
#ifdef __cplusplus
extern "C" {
#endif
int* MakeSequence(int n, int step);
int ScaleOnDevice(int* values, int n, int factor);
#ifdef __cplusplus
}
#endif
#endif
