// Calls a cuSPARSE function the engine does not provide: the build stops naming it.
#include <cusparse.h>

int main() {
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpGEMMDescr_t descr = nullptr;
  cusparseSpGEMM_compute(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, nullptr, nullptr,
                         nullptr, nullptr, nullptr, CUDA_R_32F, 0, descr, nullptr, nullptr);
  return 0;
}
