// The staged sparse factorizations of cusolverSp_LOWLEVEL_PREVIEW.h in S, D, C and Z, host and
// device forms. An info object records the matrix's shape at analysis, then holds the factor:
// Cholesky of the lower triangle in LAPACK's band storage (pbtrf), or Householder QR of
// A - mu I in dense storage (geqrf). The stages must come in order (analysis, then for QR setup,
// then factor, then zero pivot or solve); a stage called too early, a shape or precision that
// differs from the one the info object recorded, returns CUSOLVER_STATUS_INVALID_VALUE.
// ZeroPivot's position is -1, or the first 0-based j whose pivot fails: for Cholesky where the
// matrix is not positive definite or |L(j, j)| <= tol, for QR |R(j, j)| <= tol. A Cholesky solve
// after a failed factorization fills x with NaN (its content is not specified). The work buffer a
// program allocates from BufferInfo's answer is accepted and not used.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "cusolver/band_lapack.h"
#include "cusolver/lapack.h"
#include "cusolver/sparse_matrix.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

namespace warpsafe::engine::cusolver {

// What one info object holds between stages.
struct SparseFactorInfo {
  enum class Stage { kCreated, kAnalyzed, kSetUp, kFactored };
  Stage stage = Stage::kCreated;
  int m = 0, n = 0, nnz = 0;
  int kd = 0;                    // Cholesky: subdiagonals of the band
  std::size_t element = 0;       // bytes of the element type the factor was computed in
  std::vector<unsigned char> a;  // the factor's storage, elements of that type
  std::vector<unsigned char> tau;
  int failed = -1;  // Cholesky: the first column that is not positive definite
};

}  // namespace warpsafe::engine::cusolver

struct csrcholInfo {
  warpsafe::engine::cusolver::SparseFactorInfo f;
};
struct csrcholInfoHost {
  warpsafe::engine::cusolver::SparseFactorInfo f;
};
struct csrqrInfo {
  warpsafe::engine::cusolver::SparseFactorInfo f;
};
struct csrqrInfoHost {
  warpsafe::engine::cusolver::SparseFactorInfo f;
};

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;
using Stage = SparseFactorInfo::Stage;

template <class L> L* Elements(std::vector<unsigned char>& bytes) { return reinterpret_cast<L*>(bytes.data()); }
template <class L> void Resize(std::vector<unsigned char>& bytes, std::size_t count) { bytes.assign(count * sizeof(L), 0); }

// The device form's CSR arrays are device memory read on the handle's stream.
template <class T>
void CheckCsrOperands(const char* call, cusolverSpHandle_t h, int rows, int nnz, const T* val, const int* row_ptr,
                      const int* col_ind) {
  LibraryOperand(call, "csrRowPtrA", row_ptr, (static_cast<std::size_t>(rows) + 1) * sizeof(int), OperandUse::kRead,
                 h->stream);
  LibraryOperand(call, "csrColIndA", col_ind, static_cast<std::size_t>(nnz) * sizeof(int), OperandUse::kRead, h->stream);
  if (val != nullptr)
    LibraryOperand(call, "csrValA", val, static_cast<std::size_t>(nnz) * sizeof(T), OperandUse::kRead, h->stream);
}

cusolverStatus_t Analysis(const char* call, bool device, cusolverSpHandle_t h, int m, int n, int nnz,
                          cusparseMatDescr_t descr, const int* row_ptr, const int* col_ind, SparseFactorInfo* info,
                          bool cholesky) {
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || m < 0 || n < 0 || nnz < 0) return CUSOLVER_STATUS_INVALID_VALUE;
  if (m < n) return CUSOLVER_STATUS_NOT_SUPPORTED;  // QR of a wide matrix: not provided
  if (device) CheckCsrOperands<int>(call, h, m, nnz, nullptr, row_ptr, col_ind);
  CsrView csr;
  if (cusolverStatus_t s = ReadCsr(m, n, nnz, descr, row_ptr, col_ind, &csr); s != CUSOLVER_STATUS_SUCCESS) return s;
  *info = SparseFactorInfo();
  info->m = m;
  info->n = n;
  info->nnz = nnz;
  if (cholesky) {
    int unused = 0;
    Bandwidths(csr, &info->kd, &unused);
  }
  info->stage = Stage::kAnalyzed;
  return CUSOLVER_STATUS_SUCCESS;
}

template <class L> double StorageBytes(const SparseFactorInfo& info, bool cholesky) {
  return cholesky ? (info.kd + 1.0) * info.n * sizeof(L) : static_cast<double>(info.m) * info.n * sizeof(L);
}

template <class T>
cusolverStatus_t BufferInfo(const char* call, cusolverSpHandle_t h, int m, int n, int nnz, SparseFactorInfo* info,
                            bool cholesky, std::size_t* internal, std::size_t* workspace) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || internal == nullptr || workspace == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->stage == Stage::kCreated || info->m != m || info->n != n || info->nnz != nnz) return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusolverStatus_t s = CheckFactorBytes(call, m, n, StorageBytes<L>(*info, cholesky)); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  // The factor lives in the info object; the program's buffer is not used, so one element is asked.
  *internal = static_cast<std::size_t>(StorageBytes<L>(*info, cholesky));
  *workspace = sizeof(T);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t CholFactor(const char* call, bool device, cusolverSpHandle_t h, int n, int nnz,
                            cusparseMatDescr_t descr, const T* val, const int* row_ptr, const int* col_ind,
                            SparseFactorInfo* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || info->stage == Stage::kCreated || info->n != n || info->nnz != nnz) return CUSOLVER_STATUS_INVALID_VALUE;
  if (device) CheckCsrOperands(call, h, n, nnz, val, row_ptr, col_ind);
  CsrView csr;
  if (cusolverStatus_t s = ReadCsr(n, n, nnz, descr, row_ptr, col_ind, &csr); s != CUSOLVER_STATUS_SUCCESS) return s;
  int kd = 0, unused = 0;
  Bandwidths(csr, &kd, &unused);
  if (kd != info->kd) return CUSOLVER_STATUS_INVALID_VALUE;  // not the pattern analysed
  if (cusolverStatus_t s = CheckFactorBytes(call, n, n, StorageBytes<L>(*info, true)); s != CUSOLVER_STATUS_SUCCESS) return s;
  const std::vector<L> band = ToLowerBand(csr, Lapack(val), kd);
  info->a.assign(reinterpret_cast<const unsigned char*>(band.data()),
                 reinterpret_cast<const unsigned char*>(band.data() + band.size()));
  info->element = sizeof(L);
  int result = 0;
  if (n > 0) LapackPbtrf(n, kd, Elements<L>(info->a), kd + 1, &result);
  info->failed = result > 0 ? result - 1 : -1;
  info->stage = Stage::kFactored;
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class R>
cusolverStatus_t ZeroPivot(cusolverSpHandle_t h, SparseFactorInfo* info, R tol, int* position, bool cholesky) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || position == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->stage != Stage::kFactored || info->element != sizeof(L)) return CUSOLVER_STATUS_INVALID_VALUE;
  const L* a = Elements<L>(info->a);
  const int checked = cholesky && info->failed >= 0 ? info->failed : info->n;
  const std::size_t diagonal_step = cholesky ? static_cast<std::size_t>(info->kd + 1) : static_cast<std::size_t>(info->m) + 1;
  *position = cholesky ? info->failed : -1;
  for (int j = 0; j < checked; ++j) {
    if (std::abs(a[static_cast<std::size_t>(j) * diagonal_step]) <= tol) {
      *position = j;
      break;
    }
  }
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t CholSolve(const char* call, bool device, cusolverSpHandle_t h, int n, const T* b, T* x,
                           SparseFactorInfo* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || info->stage != Stage::kFactored || info->n != n || info->element != sizeof(L)) {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  if (device) {
    LibraryOperand(call, "b", b, static_cast<std::size_t>(n) * sizeof(T), OperandUse::kRead, h->stream);
    LibraryOperand(call, "x", x, static_cast<std::size_t>(n) * sizeof(T), OperandUse::kWrite, h->stream);
  }
  if (n == 0) return CUSOLVER_STATUS_SUCCESS;
  if (info->failed >= 0) {
    PoisonVector(n, Lapack(x));
    return CUSOLVER_STATUS_SUCCESS;
  }
  std::vector<L> rhs(Lapack(b), Lapack(b) + n);
  int result = 0;
  LapackPbtrs(n, info->kd, Elements<L>(info->a), info->kd + 1, rhs.data(), &result);
  std::memcpy(x, rhs.data(), static_cast<std::size_t>(n) * sizeof(L));
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t QrSetup(const char* call, bool device, cusolverSpHandle_t h, int m, int n, int nnz,
                         cusparseMatDescr_t descr, const T* val, const int* row_ptr, const int* col_ind, T mu,
                         SparseFactorInfo* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || info->stage == Stage::kCreated || info->m != m || info->n != n || info->nnz != nnz) {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  if (device) CheckCsrOperands(call, h, m, nnz, val, row_ptr, col_ind);
  CsrView csr;
  if (cusolverStatus_t s = ReadCsr(m, n, nnz, descr, row_ptr, col_ind, &csr); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (cusolverStatus_t s = CheckFactorBytes(call, m, n, StorageBytes<L>(*info, false)); s != CUSOLVER_STATUS_SUCCESS) return s;
  std::vector<L> dense = ToDense(csr, Lapack(val));
  const L shift = *Lapack(&mu);
  for (int j = 0; j < n; ++j) dense[static_cast<std::size_t>(j) * (static_cast<std::size_t>(m) + 1)] -= shift;
  info->a.assign(reinterpret_cast<const unsigned char*>(dense.data()),
                 reinterpret_cast<const unsigned char*>(dense.data() + dense.size()));
  info->element = sizeof(L);
  info->stage = Stage::kSetUp;
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t QrSolve(const char* call, bool device, cusolverSpHandle_t h, int m, int n, T* b, T* x,
                         SparseFactorInfo* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || info->stage != Stage::kFactored || info->m != m || info->n != n || info->element != sizeof(L)) {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  if (device) {
    LibraryOperand(call, "b", b, static_cast<std::size_t>(m) * sizeof(T), OperandUse::kRead, h->stream);
    LibraryOperand(call, "x", x, static_cast<std::size_t>(n) * sizeof(T), OperandUse::kWrite, h->stream);
  }
  if (n == 0) return CUSOLVER_STATUS_SUCCESS;
  L* a = Elements<L>(info->a);
  L* tau = Elements<L>(info->tau);
  std::vector<L> rhs(Lapack(b), Lapack(b) + m);
  const char trans = std::is_same_v<L, typename RealOf<L>::type> ? 'T' : 'C';
  int result = 0;
  L query{};
  LapackUnmqr('L', trans, m, 1, n, a, m, tau, rhs.data(), m, &query, -1, &result);
  std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(query)));
  LapackUnmqr('L', trans, m, 1, n, a, m, tau, rhs.data(), m, work.data(), static_cast<int>(work.size()), &result);
  L* out = Lapack(x);
  for (int i = n - 1; i >= 0; --i) {  // R x = (Q^H b)(0:n)
    L v = rhs[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < n; ++j) v -= a[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * m] * out[j];
    out[i] = v / a[static_cast<std::size_t>(i) * (static_cast<std::size_t>(m) + 1)];
  }
  return CUSOLVER_STATUS_SUCCESS;
}

// Factors; with b and x both given, also solves (as cuSOLVER's csrqrFactor does).
template <class T>
cusolverStatus_t QrFactor(const char* call, bool device, cusolverSpHandle_t h, int m, int n, int nnz, T* b, T* x,
                          SparseFactorInfo* info) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (info == nullptr || (info->stage != Stage::kSetUp && info->stage != Stage::kFactored) || info->m != m ||
      info->n != n || info->nnz != nnz || info->element != sizeof(L)) {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  if (info->stage == Stage::kSetUp && n > 0) {
    Resize<L>(info->tau, static_cast<std::size_t>(n));
    int result = 0;
    L query{};
    LapackGeqrf(m, n, Elements<L>(info->a), m, Elements<L>(info->tau), &query, -1, &result);
    std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(query)));
    LapackGeqrf(m, n, Elements<L>(info->a), m, Elements<L>(info->tau), work.data(), static_cast<int>(work.size()),
                &result);
  }
  info->stage = Stage::kFactored;
  if (b != nullptr && x != nullptr) return QrSolve(call, device, h, m, n, b, x, info);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class Info>
cusolverStatus_t CreateInfo(Info** info) {
  if (info == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *info = new Info();
  return CUSOLVER_STATUS_SUCCESS;
}
template <class Info>
cusolverStatus_t DestroyInfo(Info* info) {
  if (info == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  delete info;
  return CUSOLVER_STATUS_SUCCESS;
}

SparseFactorInfo* State(csrcholInfo_t info) { return info == nullptr ? nullptr : &info->f; }
SparseFactorInfo* State(csrcholInfoHost_t info) { return info == nullptr ? nullptr : &info->f; }
SparseFactorInfo* State(csrqrInfo_t info) { return info == nullptr ? nullptr : &info->f; }
SparseFactorInfo* State(csrqrInfoHost_t info) { return info == nullptr ? nullptr : &info->f; }

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

extern "C" {

cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t* info) { return sv::CreateInfo(info); }
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t info) { return sv::DestroyInfo(info); }
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t* info) { return sv::CreateInfo(info); }
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t info) { return sv::DestroyInfo(info); }
cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t* info) { return sv::CreateInfo(info); }
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t info) { return sv::DestroyInfo(info); }
cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t* info) { return sv::CreateInfo(info); }
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t info) { return sv::DestroyInfo(info); }

#define WARPSAFE_CUSOLVERSP_STAGES_(SUFFIX, DEVICE, CHOL, QR)                                                     \
  cusolverStatus_t cusolverSpXcsrcholAnalysis##SUFFIX(cusolverSpHandle_t handle, int n, int nnzA,                \
                                                      const cusparseMatDescr_t descrA, const int* csrRowPtrA,    \
                                                      const int* csrColIndA, CHOL info) {                        \
    return sv::Analysis("cuSOLVER call cusolverSpXcsrcholAnalysis" #SUFFIX, DEVICE, handle, n, n, nnzA, descrA,  \
                        csrRowPtrA, csrColIndA, sv::State(info), true);                                          \
  }                                                                                                              \
  cusolverStatus_t cusolverSpXcsrqrAnalysis##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA,           \
                                                    const cusparseMatDescr_t descrA, const int* csrRowPtrA,      \
                                                    const int* csrColIndA, QR info) {                            \
    return sv::Analysis("cuSOLVER call cusolverSpXcsrqrAnalysis" #SUFFIX, DEVICE, handle, m, n, nnzA, descrA,    \
                        csrRowPtrA, csrColIndA, sv::State(info), false);                                         \
  }
#define WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, SUFFIX, DEVICE, CHOL, QR)                                            \
  cusolverStatus_t cusolverSp##P##csrcholBufferInfo##SUFFIX(                                                     \
      cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t, const T*, const int*, const int*,    \
      CHOL info, size_t* internalDataInBytes, size_t* workspaceInBytes) {                                        \
    return sv::BufferInfo<T>("cuSOLVER call cusolverSp" #P "csrcholBufferInfo" #SUFFIX, handle, n, n, nnzA,      \
                             sv::State(info), true, internalDataInBytes, workspaceInBytes);                      \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrcholFactor##SUFFIX(cusolverSpHandle_t handle, int n, int nnzA,             \
                                                        const cusparseMatDescr_t descrA, const T* csrValA,       \
                                                        const int* csrRowPtrA, const int* csrColIndA, CHOL info, \
                                                        void*) {                                                 \
    return sv::CholFactor("cuSOLVER call cusolverSp" #P "csrcholFactor" #SUFFIX, DEVICE, handle, n, nnzA,        \
                          descrA, csrValA, csrRowPtrA, csrColIndA, sv::State(info));                             \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrcholZeroPivot##SUFFIX(cusolverSpHandle_t handle, CHOL info, R tol,          \
                                                           int* position) {                                      \
    return sv::ZeroPivot<T>(handle, sv::State(info), tol, position, true);                                       \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrcholSolve##SUFFIX(cusolverSpHandle_t handle, int n, const T* b, T* x,       \
                                                       CHOL info, void*) {                                       \
    return sv::CholSolve("cuSOLVER call cusolverSp" #P "csrcholSolve" #SUFFIX, DEVICE, handle, n, b, x,          \
                         sv::State(info));                                                                       \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrqrSetup##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA,          \
                                                     const cusparseMatDescr_t descrA, const T* csrValA,          \
                                                     const int* csrRowPtrA, const int* csrColIndA, T mu,         \
                                                     QR info) {                                                  \
    return sv::QrSetup("cuSOLVER call cusolverSp" #P "csrqrSetup" #SUFFIX, DEVICE, handle, m, n, nnzA, descrA,   \
                       csrValA, csrRowPtrA, csrColIndA, mu, sv::State(info));                                    \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrqrBufferInfo##SUFFIX(                                                       \
      cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t, const T*, const int*,         \
      const int*, QR info, size_t* internalDataInBytes, size_t* workspaceInBytes) {                              \
    return sv::BufferInfo<T>("cuSOLVER call cusolverSp" #P "csrqrBufferInfo" #SUFFIX, handle, m, n, nnzA,        \
                             sv::State(info), false, internalDataInBytes, workspaceInBytes);                     \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrqrFactor##SUFFIX(cusolverSpHandle_t handle, int m, int n, int nnzA, T* b,   \
                                                      T* x, QR info, void*) {                                    \
    return sv::QrFactor("cuSOLVER call cusolverSp" #P "csrqrFactor" #SUFFIX, DEVICE, handle, m, n, nnzA, b, x,   \
                        sv::State(info));                                                                        \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrqrZeroPivot##SUFFIX(cusolverSpHandle_t handle, QR info, R tol,             \
                                                         int* position) {                                        \
    return sv::ZeroPivot<T>(handle, sv::State(info), tol, position, false);                                      \
  }                                                                                                              \
  cusolverStatus_t cusolverSp##P##csrqrSolve##SUFFIX(cusolverSpHandle_t handle, int m, int n, T* b, T* x,        \
                                                     QR info, void*) {                                           \
    return sv::QrSolve("cuSOLVER call cusolverSp" #P "csrqrSolve" #SUFFIX, DEVICE, handle, m, n, b, x,           \
                       sv::State(info));                                                                         \
  }
#define WARPSAFE_CUSOLVERSP_BOTH_(P, T, R)                                                   \
  WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, Host, false, csrcholInfoHost_t, csrqrInfoHost_t)      \
  WARPSAFE_CUSOLVERSP_FACTOR_(P, T, R, , true, csrcholInfo_t, csrqrInfo_t)
WARPSAFE_CUSOLVERSP_STAGES_(Host, false, csrcholInfoHost_t, csrqrInfoHost_t)
WARPSAFE_CUSOLVERSP_STAGES_(, true, csrcholInfo_t, csrqrInfo_t)
WARPSAFE_CUSOLVERSP_BOTH_(S, float, float)
WARPSAFE_CUSOLVERSP_BOTH_(D, double, double)
WARPSAFE_CUSOLVERSP_BOTH_(C, cuComplex, float)
WARPSAFE_CUSOLVERSP_BOTH_(Z, cuDoubleComplex, double)

}  // extern "C"
