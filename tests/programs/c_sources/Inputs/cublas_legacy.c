/* cuBLAS's legacy API from C: the implicit handle, a gemm with character transposes compared with
 * the host's product, results returned by value, and the error state after an invalid transpose. */
#include <cublas.h>
#include <stdio.h>

enum { kM = 3, kN = 2, kK = 4 };

int main(void) {
  float A[kK * kM], B[kK * kN], C[kM * kN], want[kM * kN];
  float *dA, *dB, *dC;
  int i, j, l, mismatches = 0, status, error;
  /* A is stored k x m and B k x n: C = A^T B is m x n. */
  for (i = 0; i < kK * kM; ++i) A[i] = (float)(i % 3 - 1);
  for (i = 0; i < kK * kN; ++i) B[i] = (float)(i + 1);
  for (i = 0; i < kM; ++i) {
    for (j = 0; j < kN; ++j) {
      float sum = 0;
      for (l = 0; l < kK; ++l) sum += A[l + i * kK] * B[l + j * kK];
      want[i + j * kM] = sum;
    }
  }
  status = cublasInit();
  cublasAlloc(kK * kM, sizeof(float), (void**)&dA);
  cublasAlloc(kK * kN, sizeof(float), (void**)&dB);
  cublasAlloc(kM * kN, sizeof(float), (void**)&dC);
  cublasSetMatrix(kK, kM, sizeof(float), A, kK, dA, kK);
  cublasSetMatrix(kK, kN, sizeof(float), B, kK, dB, kK);
  cublasSgemm('T', 'n', kM, kN, kK, 1.0f, dA, kK, dB, kK, 0.0f, dC, kM);
  error = cublasGetError();
  cublasGetMatrix(kM, kN, sizeof(float), dC, kM, C, kM);
  for (i = 0; i < kM * kN; ++i) mismatches += C[i] != want[i];
  printf("C: init %d, sgemm Tn: %d mismatches, error %d\n", status, mismatches, error);
  printf("C: sdot %g, sasum %g, isamax %d\n", cublasSdot(kK, dB, 1, dB, 1), cublasSasum(kK, dA, 1),
         cublasIsamax(kK * kN, dB, 1));
  cublasSgemm('n', '?', kM, kN, kK, 1.0f, dA, kM, dB, kK, 0.0f, dC, kM);
  error = cublasGetError();
  printf("C: sgemm with transb '?': error %d (CUBLAS_STATUS_INVALID_VALUE is %d), then %d\n", error,
         (int)CUBLAS_STATUS_INVALID_VALUE, (int)cublasGetError());
  cublasFree(dA);
  cublasFree(dB);
  cublasFree(dC);
  printf("C: shutdown %d\n", (int)cublasShutdown());
  return 0;
}
