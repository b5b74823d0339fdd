// cuBLAS's legacy API (cublas.h) from C++: the implicit handle, memory, copies, level 1, 2 and 3
// routines with character arguments in either case, each compared with the host's own computation
// on small integers (exact in float and double), and the legacy error state: a routine records its
// status, cublasGetError returns it and resets it, a later successful routine replaces an earlier
// failure, and an invalid character is an invalid value that leaves the output as it was. The
// status values and what each call leaves were recorded on an H200 with CUDA 13's cuBLAS
// (CUBLAS-LEGACY-1 .. 4, docs/semantics/cublas_legacy.md).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      before cublasInit: sscal status 0, sdot 120
// CHECK-NEXT: init 0, init again 0, error 0
// CHECK-NEXT: alloc 0, alloc(0 elements) 7, alloc(elemSize 0) 7, error 0
// CHECK-NEXT: sgemm nN: C matches the host (0 mismatches), error 0
// CHECK-NEXT: sgemm tT: C matches the host (0 mismatches), error 0
// CHECK-NEXT: sgemm cC: C matches the host (0 mismatches), error 0
// CHECK-NEXT: sgemm Nt: C matches the host (0 mismatches), error 0
// CHECK-NEXT: dgemm tn: C matches the host (0 mismatches), error 0
// CHECK-NEXT: sgemm 'x': error 7, C untouched: yes, error again 0
// CHECK-NEXT: sgemm n then 'q' then a good call: error 0
// CHECK-NEXT: sgemm m = -1: error 7
// CHECK-NEXT: sgemv t: y matches the host (0 mismatches), error 0
// CHECK-NEXT: sgemv 'z': error 7
// CHECK-NEXT: strsm LUNN: B matches the host (0 mismatches), error 0
// CHECK-NEXT: strsm side 'x' 7, uplo 'x' 7, diag 'x' 7
// CHECK-NEXT: level 1: sdot 65 (host 65), snrm2 8.0623 (host 8.0623), sasum 27 (host 27), isamax 1, ddot 65
// CHECK-NEXT: saxpy and sscal: y matches the host (0 mismatches), error 0
// CHECK-NEXT: sdot n = -1: 0, error 0
// CHECK-NEXT: cdotc conj(1+2i)(3+4i): 11 + -2i
// CHECK-NEXT: set kernel stream 0, sscal on it: -1 -4, error 0; version 0 (CUBLAS_VERSION)
// CHECK-NEXT: shutdown 0, after shutdown sscal works: yes, error 0
// CHECK-NEXT: free 0, free(NULL) 0
// CHECK-NOT:  {{.}}
// CHECKED:    warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <cublas.h>

#include <cmath>
#include <cstdio>

namespace {

constexpr int kN = 4;

// C = op(A) * op(B) on the host, column-major, for square kN x kN matrices.
template <class T>
void HostGemm(bool ta, bool tb, const T* A, const T* B, T* C) {
  for (int i = 0; i < kN; ++i) {
    for (int j = 0; j < kN; ++j) {
      T sum = 0;
      for (int l = 0; l < kN; ++l) sum += (ta ? A[l + i * kN] : A[i + l * kN]) * (tb ? B[j + l * kN] : B[l + j * kN]);
      C[i + j * kN] = sum;
    }
  }
}

template <class T>
int Mismatches(const T* got, const T* want, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += got[i] != want[i];
  return bad;
}

bool IsTransposed(char c) { return c != 'n' && c != 'N'; }

void SgemmCase(const char* label, char ta, char tb, const float* hA, const float* hB, float* dA, float* dB, float* dC) {
  float got[kN * kN], want[kN * kN];
  cublasSgemm(ta, tb, kN, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  const int error = cublasGetError();
  cublasGetMatrix(kN, kN, sizeof(float), dC, kN, got, kN);
  HostGemm(IsTransposed(ta), IsTransposed(tb), hA, hB, want);
  std::printf("sgemm %s: C matches the host (%d mismatches), error %d\n", label, Mismatches(got, want, kN * kN), error);
}

}  // namespace

int main() {
  float hA[kN * kN], hB[kN * kN], hC[kN * kN], back[kN * kN];
  for (int i = 0; i < kN * kN; ++i) {
    hA[i] = static_cast<float>(i % 5 - 2);
    hB[i] = static_cast<float>((3 * i) % 7 - 3);
    hC[i] = 100.0f + i;
  }

  // No cublasInit yet: the first routine makes the implicit handle.
  float* early = nullptr;
  cudaMalloc(reinterpret_cast<void**>(&early), kN * sizeof(float));
  const float ones[kN] = {1, 2, 3, 4};
  cudaMemcpy(early, ones, sizeof ones, cudaMemcpyHostToDevice);
  cublasSscal(kN, 2.0f, early, 1);
  const int scal_status = cublasGetError();
  std::printf("before cublasInit: sscal status %d, sdot %g\n", scal_status, cublasSdot(kN, early, 1, early, 1));
  const int init = cublasInit(), init_again = cublasInit();
  std::printf("init %d, init again %d, error %d\n", init, init_again, static_cast<int>(cublasGetError()));

  float *dA = nullptr, *dB = nullptr, *dC = nullptr;
  void* unused = nullptr;
  const int alloc = cublasAlloc(kN * kN, sizeof(float), reinterpret_cast<void**>(&dA));
  cublasAlloc(kN * kN, sizeof(float), reinterpret_cast<void**>(&dB));
  cublasAlloc(kN * kN, sizeof(float), reinterpret_cast<void**>(&dC));
  const int alloc_zero = cublasAlloc(0, 4, &unused), alloc_size_zero = cublasAlloc(4, 0, &unused);
  std::printf("alloc %d, alloc(0 elements) %d, alloc(elemSize 0) %d, error %d\n", alloc, alloc_zero, alloc_size_zero,
              static_cast<int>(cublasGetError()));
  cublasSetMatrix(kN, kN, sizeof(float), hA, kN, dA, kN);
  cublasSetMatrix(kN, kN, sizeof(float), hB, kN, dB, kN);

  SgemmCase("nN", 'n', 'N', hA, hB, dA, dB, dC);
  SgemmCase("tT", 't', 'T', hA, hB, dA, dB, dC);
  SgemmCase("cC", 'c', 'C', hA, hB, dA, dB, dC);
  SgemmCase("Nt", 'N', 't', hA, hB, dA, dB, dC);
  {
    double dhA[kN * kN], dhB[kN * kN], got[kN * kN], want[kN * kN];
    for (int i = 0; i < kN * kN; ++i) dhA[i] = hA[i], dhB[i] = hB[i];
    double *ddA, *ddB, *ddC;
    cublasAlloc(kN * kN, sizeof(double), reinterpret_cast<void**>(&ddA));
    cublasAlloc(kN * kN, sizeof(double), reinterpret_cast<void**>(&ddB));
    cublasAlloc(kN * kN, sizeof(double), reinterpret_cast<void**>(&ddC));
    cublasSetVector(kN * kN, sizeof(double), dhA, 1, ddA, 1);
    cublasSetVector(kN * kN, sizeof(double), dhB, 1, ddB, 1);
    cublasDgemm('t', 'n', kN, kN, kN, 1.0, ddA, kN, ddB, kN, 0.0, ddC, kN);
    const int error = cublasGetError();
    cublasGetVector(kN * kN, sizeof(double), ddC, 1, got, 1);
    HostGemm(true, false, dhA, dhB, want);
    std::printf("dgemm tn: C matches the host (%d mismatches), error %d\n", Mismatches(got, want, kN * kN), error);
    cublasFree(ddA);
    cublasFree(ddB);
    cublasFree(ddC);
  }

  // An invalid transpose: an invalid value, C as it was.
  cublasSetMatrix(kN, kN, sizeof(float), hC, kN, dC, kN);
  cublasSgemm('x', 'n', kN, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  const int bad = cublasGetError(), after = cublasGetError();
  cublasGetMatrix(kN, kN, sizeof(float), dC, kN, back, kN);
  std::printf("sgemm 'x': error %d, C untouched: %s, error again %d\n", bad,
              Mismatches(back, hC, kN * kN) == 0 ? "yes" : "no", after);
  cublasSgemm('n', 'n', kN, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  cublasSgemm('q', 'n', kN, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  cublasSgemm('n', 'n', kN, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  std::printf("sgemm n then 'q' then a good call: error %d\n", static_cast<int>(cublasGetError()));
  cublasSgemm('n', 'n', -1, kN, kN, 1.0f, dA, kN, dB, kN, 0.0f, dC, kN);
  std::printf("sgemm m = -1: error %d\n", static_cast<int>(cublasGetError()));

  // gemv: y = 2 * A^T x + 1 * y.
  {
    const float x[kN] = {1, -1, 2, 3};
    float y[kN] = {5, 6, 7, 8}, want[kN], got[kN];
    float *dx, *dy;
    cublasAlloc(kN, sizeof(float), reinterpret_cast<void**>(&dx));
    cublasAlloc(kN, sizeof(float), reinterpret_cast<void**>(&dy));
    cublasSetVector(kN, sizeof(float), x, 1, dx, 1);
    cublasSetVector(kN, sizeof(float), y, 1, dy, 1);
    for (int i = 0; i < kN; ++i) {
      float sum = 0;
      for (int l = 0; l < kN; ++l) sum += hA[l + i * kN] * x[l];
      want[i] = 2 * sum + y[i];
    }
    cublasSgemv('t', kN, kN, 2.0f, dA, kN, dx, 1, 1.0f, dy, 1);
    const int error = cublasGetError();
    cublasGetVector(kN, sizeof(float), dy, 1, got, 1);
    std::printf("sgemv t: y matches the host (%d mismatches), error %d\n", Mismatches(got, want, kN), error);
    cublasSgemv('z', kN, kN, 2.0f, dA, kN, dx, 1, 1.0f, dy, 1);
    std::printf("sgemv 'z': error %d\n", static_cast<int>(cublasGetError()));
    cublasFree(dx);
    cublasFree(dy);
  }

  // trsm: solve U X = B for an upper triangular U with a diagonal of 2s (exact in binary).
  {
    float U[kN * kN], X[kN * kN], B[kN * kN], got[kN * kN];
    for (int j = 0; j < kN; ++j) {
      for (int i = 0; i < kN; ++i) {
        U[i + j * kN] = i == j ? 2.0f : (i < j ? 1.0f : 99.0f);  // below the diagonal: not read
        X[i + j * kN] = static_cast<float>(i - j);
      }
    }
    for (int j = 0; j < kN; ++j) {
      for (int i = 0; i < kN; ++i) {
        float sum = 0;
        for (int l = i; l < kN; ++l) sum += U[i + l * kN] * X[l + j * kN];
        B[i + j * kN] = sum;
      }
    }
    cublasSetMatrix(kN, kN, sizeof(float), U, kN, dA, kN);
    cublasSetMatrix(kN, kN, sizeof(float), B, kN, dC, kN);
    cublasStrsm('L', 'U', 'N', 'N', kN, kN, 1.0f, dA, kN, dC, kN);
    const int error = cublasGetError();
    cublasGetMatrix(kN, kN, sizeof(float), dC, kN, got, kN);
    std::printf("strsm LUNN: B matches the host (%d mismatches), error %d\n", Mismatches(got, X, kN * kN), error);
    cublasStrsm('x', 'u', 'n', 'n', kN, kN, 1.0f, dA, kN, dC, kN);
    const int side = cublasGetError();
    cublasStrsm('l', 'x', 'n', 'n', kN, kN, 1.0f, dA, kN, dC, kN);
    const int uplo = cublasGetError();
    cublasStrsm('l', 'u', 'n', 'x', kN, kN, 1.0f, dA, kN, dC, kN);
    const int diag = cublasGetError();
    std::printf("strsm side 'x' %d, uplo 'x' %d, diag 'x' %d\n", side, uplo, diag);
  }

  // Level 1 on hA as a vector of 16 and hB as another; results returned by value.
  {
    float host_dot = 0, host_nrm = 0, host_asum = 0;
    for (int i = 0; i < kN * kN; ++i) {
      host_dot += hB[i] * hB[i];
      host_nrm += hB[i] * hB[i];
      host_asum += hB[i] < 0 ? -hB[i] : hB[i];
    }
    cublasSetMatrix(kN, kN, sizeof(float), hB, kN, dB, kN);
    const float dot = cublasSdot(kN * kN, dB, 1, dB, 1);
    const float nrm = cublasSnrm2(kN * kN, dB, 1);
    const float asum = cublasSasum(kN * kN, dB, 1);
    const int imax = cublasIsamax(kN * kN, dB, 1);
    double dv[kN * kN];
    for (int i = 0; i < kN * kN; ++i) dv[i] = hB[i];
    double* ddv;
    cublasAlloc(kN * kN, sizeof(double), reinterpret_cast<void**>(&ddv));
    cublasSetVector(kN * kN, sizeof(double), dv, 1, ddv, 1);
    const double ddot = cublasDdot(kN * kN, ddv, 1, ddv, 1);
    cublasFree(ddv);
    std::printf("level 1: sdot %g (host %g), snrm2 %.4f (host %.4f), sasum %g (host %g), isamax %d, ddot %g\n", dot,
                host_dot, nrm, std::sqrt(host_nrm), asum, host_asum, imax, ddot);
  }
  {
    float y[kN * kN], want[kN * kN], got[kN * kN];
    for (int i = 0; i < kN * kN; ++i) {
      y[i] = static_cast<float>(i);
      want[i] = 3.0f * (-2.0f * hA[i] + y[i]);
    }
    cublasSetVector(kN * kN, sizeof(float), hA, 1, dA, 1);
    cublasSetVector(kN * kN, sizeof(float), y, 1, dC, 1);
    cublasSaxpy(kN * kN, -2.0f, dA, 1, dC, 1);
    cublasSscal(kN * kN, 3.0f, dC, 1);
    const int error = cublasGetError();
    cublasGetVector(kN * kN, sizeof(float), dC, 1, got, 1);
    std::printf("saxpy and sscal: y matches the host (%d mismatches), error %d\n", Mismatches(got, want, kN * kN),
                error);
  }
  const float empty = cublasSdot(-1, dA, 1, dB, 1);
  std::printf("sdot n = -1: %g, error %d\n", empty, static_cast<int>(cublasGetError()));
  {
    cuComplex a = make_cuComplex(1, 2), b = make_cuComplex(3, 4);
    cuComplex *da, *db;
    cublasAlloc(1, sizeof(cuComplex), reinterpret_cast<void**>(&da));
    cublasAlloc(1, sizeof(cuComplex), reinterpret_cast<void**>(&db));
    cublasSetVector(1, sizeof(cuComplex), &a, 1, da, 1);
    cublasSetVector(1, sizeof(cuComplex), &b, 1, db, 1);
    const cuComplex r = cublasCdotc(1, da, 1, db, 1);
    std::printf("cdotc conj(1+2i)(3+4i): %g + %gi\n", cuCrealf(r), cuCimagf(r));
    cublasFree(da);
    cublasFree(db);
  }

  // The implicit handle's stream: a routine runs on it, after the work issued to it before.
  {
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    const int set = cublasSetKernelStream(stream);
    float y[kN] = {1, 2, 3, 4}, got[kN];
    cudaMemcpyAsync(early, y, sizeof y, cudaMemcpyHostToDevice, stream);
    cublasSscal(kN, -1.0f, early, 1);
    cudaMemcpyAsync(got, early, sizeof got, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    int version = 0;
    const int version_status = cublasGetVersion(&version);
    std::printf("set kernel stream %d, sscal on it: %g %g, error %d; version %d (%s)\n", set, got[0], got[3],
                static_cast<int>(cublasGetError()), version_status, version == CUBLAS_VERSION ? "CUBLAS_VERSION" : "?");
    cublasSetKernelStream(nullptr);
    cudaStreamDestroy(stream);
  }

  // After cublasShutdown a routine makes a new implicit handle, as CUDA's cuBLAS does.
  const int shutdown = cublasShutdown();
  cudaMemcpy(early, ones, sizeof ones, cudaMemcpyHostToDevice);
  cublasSscal(kN, 2.0f, early, 1);
  float scaled[kN];
  cudaMemcpy(scaled, early, sizeof scaled, cudaMemcpyDeviceToHost);
  std::printf("shutdown %d, after shutdown sscal works: %s, error %d\n", shutdown, scaled[3] == 8.0f ? "yes" : "no",
              static_cast<int>(cublasGetError()));
  const int freed = cublasFree(dA);
  std::printf("free %d, free(NULL) %d\n", freed, static_cast<int>(cublasFree(nullptr)));
  cublasFree(dB);
  cublasFree(dC);
  cudaFree(early);
  cublasShutdown();
  return 0;
}
