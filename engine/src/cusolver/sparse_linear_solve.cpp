// csrlsvlu, csrlsvqr and csrlsvchol in S, D, C and Z: the solve of A x = b for a square CSR matrix
// A, on the host (the ...Host forms) or on the device. `singularity` (host memory in both forms)
// is -1 when A is invertible under `tol`, else the first 0-based index j whose pivot fails:
// |U(j, j)| <= tol for LU (partial pivoting), |R(j, j)| <= tol for QR, and for Cholesky (which reads
// only the lower triangle) the first column where the matrix is not positive definite or
// |L(j, j)| <= tol. x is then not a solution; the engine fills it with NaN, as its content is not
// specified. `reorder` selects a fill-reducing ordering on the GPU; a direct solve's result does
// not depend on it beyond rounding, so it is accepted and not used.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cusolver/band_lapack.h"
#include "cusolver/lapack.h"
#include "cusolver/sparse_matrix.h"

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

enum class Method { kLu, kQr, kCholesky };

// Solves with band LU; returns the singular index or -1.
template <class L>
int SolveLu(const CsrView& csr, const L* val, const L* b, typename RealOf<L>::type tol, L* x) {
  const int n = csr.n;
  int kl = 0, ku = 0;
  Bandwidths(csr, &kl, &ku);
  std::vector<L> ab = ToGeneralBand(csr, val, kl, ku);
  const int ldab = 2 * kl + ku + 1;
  std::vector<int> ipiv(static_cast<std::size_t>(n));
  int info = 0;
  LapackGbtrf(n, kl, ku, ab.data(), ldab, ipiv.data(), &info);
  for (int j = 0; j < n; ++j) {
    if (std::abs(ab[static_cast<std::size_t>(kl + ku) + static_cast<std::size_t>(j) * ldab]) <= tol) return j;
  }
  std::vector<L> rhs(b, b + n);
  LapackGbtrs(n, kl, ku, ab.data(), ldab, ipiv.data(), rhs.data(), &info);
  for (int i = 0; i < n; ++i) x[i] = rhs[static_cast<std::size_t>(i)];
  return -1;
}

// Solves with band Cholesky of the lower triangle; returns the singular index or -1.
template <class L>
int SolveCholesky(const CsrView& csr, const L* val, const L* b, typename RealOf<L>::type tol, L* x) {
  const int n = csr.n;
  int kd = 0, unused = 0;
  Bandwidths(csr, &kd, &unused);
  std::vector<L> ab = ToLowerBand(csr, val, kd);
  int info = 0;
  LapackPbtrf(n, kd, ab.data(), kd + 1, &info);
  const int factored = info > 0 ? info - 1 : n;  // columns LAPACK completed
  for (int j = 0; j < factored; ++j) {
    if (std::abs(ab[static_cast<std::size_t>(j) * (kd + 1)]) <= tol) return j;
  }
  if (info > 0) return info - 1;
  std::vector<L> rhs(b, b + n);
  LapackPbtrs(n, kd, ab.data(), kd + 1, rhs.data(), &info);
  for (int i = 0; i < n; ++i) x[i] = rhs[static_cast<std::size_t>(i)];
  return -1;
}

// Solves with dense Householder QR; returns the singular index or -1.
template <class L>
int SolveQr(const CsrView& csr, const L* val, const L* b, typename RealOf<L>::type tol, L* x) {
  const int n = csr.n;
  std::vector<L> a = ToDense(csr, val);
  std::vector<L> tau(static_cast<std::size_t>(n));
  int info = 0;
  L query{};
  LapackGeqrf(n, n, a.data(), n, tau.data(), &query, -1, &info);
  std::vector<L> work(static_cast<std::size_t>(WorkspaceElements(query)));
  LapackGeqrf(n, n, a.data(), n, tau.data(), work.data(), static_cast<int>(work.size()), &info);
  const auto r = [&](int i, int j) -> L& { return a[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * n]; };
  for (int j = 0; j < n; ++j) {
    if (std::abs(r(j, j)) <= tol) return j;
  }
  std::vector<L> rhs(b, b + n);
  const char trans = std::is_same_v<L, typename RealOf<L>::type> ? 'T' : 'C';
  LapackUnmqr('L', trans, n, 1, n, a.data(), n, tau.data(), rhs.data(), n, &query, -1, &info);
  work.resize(static_cast<std::size_t>(WorkspaceElements(query)));
  LapackUnmqr('L', trans, n, 1, n, a.data(), n, tau.data(), rhs.data(), n, work.data(), static_cast<int>(work.size()),
              &info);
  for (int i = n - 1; i >= 0; --i) {  // R x = Q^H b
    L v = rhs[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < n; ++j) v -= r(i, j) * x[j];
    x[i] = v / r(i, i);
  }
  return -1;
}

// The factor storage a method needs for the matrix, in bytes.
template <class L>
double FactorBytes(Method method, const CsrView& csr) {
  int kl = 0, ku = 0;
  Bandwidths(csr, &kl, &ku);
  const double n = csr.n;
  switch (method) {
    case Method::kLu: return (2.0 * kl + ku + 1) * n * sizeof(L);
    case Method::kCholesky: return (kl + 1.0) * n * sizeof(L);
    case Method::kQr: return n * n * sizeof(L);
  }
  return 0;
}

template <class T, class R>
cusolverStatus_t LinearSolve(Method method, bool device, const char* call, cusolverSpHandle_t h, int n, int nnz,
                             cusparseMatDescr_t descr, const T* val, const int* row_ptr, const int* col_ind,
                             const T* b, R tol, int /*reorder*/, T* x, int* singularity) {
  using L = typename LapackElement<T>::type;
  if (cusolverStatus_t s = BeginSparse(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (n < 0 || nnz < 0 || descr == nullptr || singularity == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  if (device) {
    // The device form's arrays are device memory, used on the handle's stream.
    LibraryOperand(call, "csrRowPtrA", row_ptr, (static_cast<std::size_t>(n) + 1) * sizeof(int), OperandUse::kRead,
                   h->stream);
    LibraryOperand(call, "csrColIndA", col_ind, static_cast<std::size_t>(nnz) * sizeof(int), OperandUse::kRead, h->stream);
    LibraryOperand(call, "csrValA", val, static_cast<std::size_t>(nnz) * sizeof(T), OperandUse::kRead, h->stream);
    LibraryOperand(call, "b", b, static_cast<std::size_t>(n) * sizeof(T), OperandUse::kRead, h->stream);
    LibraryOperand(call, "x", x, static_cast<std::size_t>(n) * sizeof(T), OperandUse::kWrite, h->stream);
  }
  CsrView csr;
  if (cusolverStatus_t s = ReadCsr(n, n, nnz, descr, row_ptr, col_ind, &csr); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (cusolverStatus_t s = CheckFactorBytes(call, n, n, FactorBytes<L>(method, csr)); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (n == 0) {
    *singularity = -1;
    return CUSOLVER_STATUS_SUCCESS;
  }
  const L* a = Lapack(val);
  int result = -1;
  switch (method) {
    case Method::kLu: result = SolveLu(csr, a, Lapack(b), tol, Lapack(x)); break;
    case Method::kQr: result = SolveQr(csr, a, Lapack(b), tol, Lapack(x)); break;
    case Method::kCholesky: result = SolveCholesky(csr, a, Lapack(b), tol, Lapack(x)); break;
  }
  if (result >= 0) PoisonVector(n, Lapack(x));
  *singularity = result;
  return CUSOLVER_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;

#define WARPSAFE_CUSOLVERSP_ONE_(P, T, R, NAME, METHOD, SUFFIX, DEVICE)                                            \
  cusolverStatus_t cusolverSp##P##NAME##SUFFIX(cusolverSpHandle_t handle, int n, int nnz,                         \
                                               const cusparseMatDescr_t descrA, const T* csrVal,                  \
                                               const int* csrRowPtr, const int* csrColInd, const T* b, R tol,     \
                                               int reorder, T* x, int* singularity) {                             \
    return sv::LinearSolve(sv::Method::METHOD, DEVICE, "cuSOLVER call cusolverSp" #P #NAME #SUFFIX, handle, n, nnz, \
                           descrA, csrVal, csrRowPtr, csrColInd, b, tol, reorder, x, singularity);                \
  }
#define WARPSAFE_CUSOLVERSP_PRECISION_(P, T, R)                                  \
  WARPSAFE_CUSOLVERSP_ONE_(P, T, R, csrlsvqr, kQr, , true)                       \
  WARPSAFE_CUSOLVERSP_ONE_(P, T, R, csrlsvqr, kQr, Host, false)                  \
  WARPSAFE_CUSOLVERSP_ONE_(P, T, R, csrlsvchol, kCholesky, , true)               \
  WARPSAFE_CUSOLVERSP_ONE_(P, T, R, csrlsvchol, kCholesky, Host, false)          \
  WARPSAFE_CUSOLVERSP_ONE_(P, T, R, csrlsvlu, kLu, Host, false)

extern "C" {
WARPSAFE_CUSOLVERSP_PRECISION_(S, float, float)
WARPSAFE_CUSOLVERSP_PRECISION_(D, double, double)
WARPSAFE_CUSOLVERSP_PRECISION_(C, cuComplex, float)
WARPSAFE_CUSOLVERSP_PRECISION_(Z, cuDoubleComplex, double)
}  // extern "C"
