// cuBLASXt: handles, device selection, tile size, and gemm in S/D/C/Z. cuBLASXt reads operands in
// host or device memory alike; on the engine both are host addresses, so no operand is checked
// for its address space (a pointer cuBLASXt accepts is one the engine can read). The product is
// computed whole by OpenBLAS: cuBLASXt's tiling over GPUs changes the order of work, not the
// mathematical result, and a call returns when C is written, as cuBLASXt's does.
#include "cublasXt.h"

#include <climits>
#include <mutex>
#include <set>

#include "cublas/blas_types.h"
#include "cublas/context.h"
#include "runtime/runtime_call.h"

struct cublasXtContext {
  int block_dim = 1024;  // cuBLASXt's documented default tile edge
  bool devices_selected = false;
  cublasXtPinnedMemMode_t pinning = CUBLASXT_PINNING_DISABLED;
};

namespace warpsafe::engine::cublas {
namespace {

struct XtHandles {
  std::mutex mutex;
  std::set<cublasXtHandle_t> live;
};
XtHandles& AllXtHandles() {
  static auto* handles = new XtHandles();  // outlives static destructors
  return *handles;
}

bool IsLiveXt(cublasXtHandle_t h) {
  XtHandles& all = AllXtHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  return h != nullptr && all.live.count(h) != 0;
}

// The engine has one device, number 0.
constexpr int kDeviceCount = 1;

// The engine's BLAS takes int dimensions: a size beyond INT_MAX is refused as NOT_SUPPORTED
// rather than truncated.
bool FitsInt(std::size_t v) { return v <= static_cast<std::size_t>(INT_MAX); }

template <class T>
cublasStatus_t XtGemm(cublasXtHandle_t h, cublasOperation_t ta, cublasOperation_t tb, std::size_t m, std::size_t n,
                      std::size_t k, const T* alpha, const T* A, std::size_t lda, const T* B, std::size_t ldb,
                      const T* beta, T* C, std::size_t ldc) {
  if (!IsLiveXt(h)) return CUBLAS_STATUS_NOT_INITIALIZED;
  // Work needs a device list first, as cuBLASXt's does.
  if (!h->devices_selected) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (runtime::StickyError() != cudaSuccess) return CUBLAS_STATUS_EXECUTION_FAILED;
  if (!IsValidOp(ta) || !IsValidOp(tb)) return CUBLAS_STATUS_INVALID_VALUE;
  const auto at_least = [](std::size_t rows) { return rows > 1 ? rows : std::size_t{1}; };
  if (lda < at_least(ta == CUBLAS_OP_N ? m : k) || ldb < at_least(tb == CUBLAS_OP_N ? k : n) || ldc < at_least(m)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (!FitsInt(m) || !FitsInt(n) || !FitsInt(k) || !FitsInt(lda) || !FitsInt(ldb) || !FitsInt(ldc)) {
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  if (alpha == nullptr || beta == nullptr || C == nullptr || (k > 0 && (A == nullptr || B == nullptr))) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  BlasGemm(ta, tb, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha, A, static_cast<int>(lda), B,
           static_cast<int>(ldb), beta, C, static_cast<int>(ldc));
  return CUBLAS_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

extern "C" {

cublasStatus_t cublasXtCreate(cublasXtHandle_t* handle) {
  if (handle == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  if (warpsafe::engine::runtime::StickyError() != cudaSuccess) return CUBLAS_STATUS_NOT_INITIALIZED;
  auto* context = new cublasXtContext();
  cb::XtHandles& all = cb::AllXtHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.live.insert(context);
  *handle = context;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle) {
  cb::XtHandles& all = cb::AllXtHandles();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (handle == nullptr || all.live.erase(handle) == 0) return CUBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtMaxBoards(int* nbGpuBoards) {
  if (nbGpuBoards == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *nbGpuBoards = cb::kDeviceCount;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int* nbBoards) {
  if (nbBoards == nullptr || nbDevices < 1 || deviceId == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < nbDevices; ++i) {
    if (deviceId[i] < 0 || deviceId[i] >= cb::kDeviceCount) return CUBLAS_STATUS_INVALID_VALUE;
  }
  *nbBoards = cb::kDeviceCount;
  return CUBLAS_STATUS_SUCCESS;
}

// Every listed device must exist; the engine's one device may be listed once.
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[]) {
  if (!cb::IsLiveXt(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (nbDevices < 1 || deviceId == nullptr || nbDevices > cb::kDeviceCount) return CUBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < nbDevices; ++i) {
    if (deviceId[i] < 0 || deviceId[i] >= cb::kDeviceCount) return CUBLAS_STATUS_INVALID_VALUE;
  }
  handle->devices_selected = true;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim) {
  if (!cb::IsLiveXt(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (blockDim <= 0) return CUBLAS_STATUS_INVALID_VALUE;
  handle->block_dim = blockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int* blockDim) {
  if (!cb::IsLiveXt(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (blockDim == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *blockDim = handle->block_dim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t* mode) {
  if (!cb::IsLiveXt(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->pinning;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode) {
  if (!cb::IsLiveXt(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLASXT_PINNING_DISABLED && mode != CUBLASXT_PINNING_ENABLED) return CUBLAS_STATUS_INVALID_VALUE;
  handle->pinning = mode;
  return CUBLAS_STATUS_SUCCESS;
}

#define WARPSAFE_CUBLASXT_GEMM_(P, T)                                                                           \
  cublasStatus_t cublasXt##P##gemm(cublasXtHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, \
                                   size_t m, size_t n, size_t k, const T* alpha, const T* A, size_t lda,       \
                                   const T* B, size_t ldb, const T* beta, T* C, size_t ldc) {                   \
    return cb::XtGemm(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                    \
  }
WARPSAFE_CUBLASXT_GEMM_(S, float)
WARPSAFE_CUBLASXT_GEMM_(D, double)
WARPSAFE_CUBLASXT_GEMM_(C, cuComplex)
WARPSAFE_CUBLASXT_GEMM_(Z, cuDoubleComplex)
#undef WARPSAFE_CUBLASXT_GEMM_

}  // extern "C"
