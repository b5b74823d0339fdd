// What the library programs that are checked against a GPU share (cusolver/, cusparse/): one
// source serves both sides. Built with nvcc, a program prints what the GPU computed, one line
// "name v v v ..." per Record call, and those lines become its Inputs/<library>_gpu_values.h.
// Built by warpsafe with WARPSAFE_EXPECTED defined, the program includes that table and hands it
// to its Recorder: each Record call then compares instead, and Finish prints the verdict the
// program's CHECK lines expect.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CK(x)                                                                 \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_));                    \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

// One recorded result: the name its line starts with and the values after it.
struct Expected {
  const char* name;
  std::vector<double> values;
};

template <class T> static T* Dev(const std::vector<T>& h) {
  T* d;
  CK(cudaMalloc(&d, h.size() * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> Host(const T* d, size_t n) {
  std::vector<T> h(n);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// How a result must agree with the GPU's: within a relative tolerance of 1 + |value| for results
// of a floating-point computation that may round in another order, exactly for the rest (pivots,
// info codes, status codes).
enum class Agreement { kSingle, kDouble, kExact };

class Recorder {
 public:
  // Prints every result (the program built with nvcc, run on a GPU).
  Recorder(double single_tolerance, double double_tolerance)
      : single_tolerance_(single_tolerance), double_tolerance_(double_tolerance) {}
  // Compares every result with `expected`, the values recorded on a GPU.
  template <size_t N>
  Recorder(const Expected (&expected)[N], double single_tolerance, double double_tolerance)
      : expected_(expected), expected_count_(N), single_tolerance_(single_tolerance),
        double_tolerance_(double_tolerance) {}

  void Record(const std::string& name, const std::vector<double>& got, Agreement agreement) {
    if (expected_ == nullptr) {
      printf("%s", name.c_str());
      for (double g : got) printf(" %.17g", g);
      printf("\n");
      return;
    }
    const Expected* e = nullptr;
    for (size_t i = 0; i < expected_count_; ++i) {
      if (name == expected_[i].name) e = &expected_[i];
    }
    if (e == nullptr || e->values.size() != got.size()) {
      printf("MISSING %s\n", name.c_str());
      ++failures_;
      return;
    }
    const double tolerance = agreement == Agreement::kExact    ? 0
                             : agreement == Agreement::kDouble ? double_tolerance_
                                                               : single_tolerance_;
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      if (std::isnan(e->values[i]) && std::isnan(got[i])) continue;  // padding neither side wrote
      const double err = std::fabs(got[i] - e->values[i]) / (1.0 + std::fabs(e->values[i]));
      if (!(err <= tolerance)) {
        printf("MISMATCH %s[%zu]: got %.17g, the GPU gave %.17g\n", name.c_str(), i, got[i], e->values[i]);
        ++failures_;
        return;
      }
      worst = std::fmax(worst, err);
    }
    if (agreement == Agreement::kSingle) worst_single_ = std::fmax(worst_single_, worst);
    if (agreement == Agreement::kDouble) worst_double_ = std::fmax(worst_double_, worst);
  }

  // A device array of float or double, compared at its precision's tolerance.
  template <class T> void RecordDev(const std::string& name, const T* d, size_t n) {
    const std::vector<T> h = Host(d, n);
    Record(name, std::vector<double>(h.begin(), h.end()), sizeof(T) == 8 ? Agreement::kDouble : Agreement::kSingle);
  }

  // The program's exit status: 1 after any mismatch.
  int Finish() const {
    if (expected_ == nullptr) return 0;
    if (failures_) {
      printf("%d mismatches\n", failures_);
      return 1;
    }
    printf("all match the GPU\n");
    printf("worst relative error: single %.3g, double %.3g\n", worst_single_, worst_double_);
    return 0;
  }

 private:
  const Expected* expected_ = nullptr;
  size_t expected_count_ = 0;
  double single_tolerance_, double_tolerance_;
  int failures_ = 0;
  double worst_single_ = 0, worst_double_ = 0;
};
