// cuFFT's typed single-GPU calls (cufftXt.h): a plan described by the data types of its input,
// output and execution, with 64-bit sizes, is the classic plan of the matching transform type, so
// these calls translate their arguments and hand over to cufftMakePlanMany and the cufftExec*
// functions. The combinations the engine's cuFFT does not compute (half precision, bfloat16) are
// CUFFT_NOT_SUPPORTED, which the GPU's cuFFT returns for combinations it lacks as well.
#include <climits>
#include <vector>

#include "cufftXt.h"
#include "cufft/plan.h"

namespace {

// The transform type of (input, output, execution) data types; false for none the engine has.
bool TypeOf(cudaDataType in, cudaDataType out, cudaDataType exec, cufftType* type) {
  if (in == CUDA_C_32F && out == CUDA_C_32F && exec == CUDA_C_32F) *type = CUFFT_C2C;
  else if (in == CUDA_R_32F && out == CUDA_C_32F && exec == CUDA_C_32F) *type = CUFFT_R2C;
  else if (in == CUDA_C_32F && out == CUDA_R_32F && exec == CUDA_C_32F) *type = CUFFT_C2R;
  else if (in == CUDA_C_64F && out == CUDA_C_64F && exec == CUDA_C_64F) *type = CUFFT_Z2Z;
  else if (in == CUDA_R_64F && out == CUDA_C_64F && exec == CUDA_C_64F) *type = CUFFT_D2Z;
  else if (in == CUDA_C_64F && out == CUDA_R_64F && exec == CUDA_C_64F) *type = CUFFT_Z2D;
  else return false;
  return true;
}

bool Narrow(long long v, int* out) {
  if (v < INT_MIN || v > INT_MAX) return false;
  *out = static_cast<int>(v);
  return true;
}

// The 32-bit form of a 64-bit size array of `rank` entries (null stays null); false when a size
// does not fit, which the engine's cuFFT (FFTW's int interface) cannot plan.
bool NarrowArray(int rank, const long long* in, std::vector<int>* out) {
  out->clear();
  if (in == nullptr) return true;
  for (int i = 0; i < rank; ++i) {
    int v = 0;
    if (!Narrow(in[i], &v)) return false;
    out->push_back(v);
  }
  return true;
}

using MakeFn = cufftResult (*)(cufftHandle, int, int*, int*, int, int, int*, int, int, cufftType, int, size_t*);

cufftResult Typed(MakeFn make, cufftHandle plan, int rank, long long* n, long long* inembed, long long istride,
                  long long idist, cudaDataType inputtype, long long* onembed, long long ostride, long long odist,
                  cudaDataType outputtype, long long batch, size_t* workSize, cudaDataType executiontype) {
  cufftType type;
  if (!TypeOf(inputtype, outputtype, executiontype, &type)) return CUFFT_NOT_SUPPORTED;
  if (rank < 1 || rank > warpsafe::engine::cufft::kMaxRank || n == nullptr) return CUFFT_INVALID_SIZE;
  std::vector<int> n32, in32, on32;
  int is = 0, id = 0, os = 0, od = 0, b = 0;
  if (!NarrowArray(rank, n, &n32) || !NarrowArray(rank, inembed, &in32) || !NarrowArray(rank, onembed, &on32) ||
      !Narrow(istride, &is) || !Narrow(idist, &id) || !Narrow(ostride, &os) || !Narrow(odist, &od) ||
      !Narrow(batch, &b)) {
    return CUFFT_INVALID_SIZE;
  }
  return make(plan, rank, n32.data(), inembed ? in32.data() : nullptr, is, id, onembed ? on32.data() : nullptr, os,
              od, type, b, workSize);
}

// cufftGetSizeMany's shape: the work size of a plan that is not made.
cufftResult SizeOnly(cufftHandle plan, int rank, int* n, int* inembed, int istride, int idist, int* onembed,
                     int ostride, int odist, cufftType type, int batch, size_t* workSize) {
  if (warpsafe::engine::cufft::Find(plan) == nullptr) return CUFFT_INVALID_PLAN;
  return cufftEstimateMany(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}

}  // namespace

extern "C" {

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                                long long int istride, long long int idist, cudaDataType inputtype,
                                long long int* onembed, long long int ostride, long long int odist,
                                cudaDataType outputtype, long long int batch, size_t* workSize,
                                cudaDataType executiontype) {
  return Typed(cufftMakePlanMany, plan, rank, n, inembed, istride, idist, inputtype, onembed, ostride, odist,
               outputtype, batch, workSize, executiontype);
}

cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                               long long int istride, long long int idist, cudaDataType inputtype,
                               long long int* onembed, long long int ostride, long long int odist,
                               cudaDataType outputtype, long long int batch, size_t* workSize,
                               cudaDataType executiontype) {
  return Typed(SizeOnly, plan, rank, n, inembed, istride, idist, inputtype, onembed, ostride, odist, outputtype,
               batch, workSize, executiontype);
}

cufftResult cufftXtExec(cufftHandle plan, void* input, void* output, int direction) {
  const warpsafe::engine::cufft::Plan* p = warpsafe::engine::cufft::Find(plan);
  if (p == nullptr || !p->made) return CUFFT_INVALID_PLAN;
  switch (p->type) {
    case CUFFT_C2C:
      return cufftExecC2C(plan, static_cast<cufftComplex*>(input), static_cast<cufftComplex*>(output), direction);
    case CUFFT_R2C: return cufftExecR2C(plan, static_cast<cufftReal*>(input), static_cast<cufftComplex*>(output));
    case CUFFT_C2R: return cufftExecC2R(plan, static_cast<cufftComplex*>(input), static_cast<cufftReal*>(output));
    case CUFFT_Z2Z:
      return cufftExecZ2Z(plan, static_cast<cufftDoubleComplex*>(input), static_cast<cufftDoubleComplex*>(output),
                          direction);
    case CUFFT_D2Z:
      return cufftExecD2Z(plan, static_cast<cufftDoubleReal*>(input), static_cast<cufftDoubleComplex*>(output));
    case CUFFT_Z2D:
      return cufftExecZ2D(plan, static_cast<cufftDoubleComplex*>(input), static_cast<cufftDoubleReal*>(output));
  }
  return CUFFT_INVALID_TYPE;
}

}  // extern "C"
