// CUDA's cufftXt.h: cuFFT's extensions, as warpsafe provides them. The single-GPU plan and exec
// calls with explicit data types (cufftXtMakePlanMany, cufftXtGetSizeMany, cufftXtExec) run on the
// engine's cuFFT (engine/src/cufft/xt.cpp) for single and double precision; the multi-GPU
// descriptors, callbacks and work-area policies are not provided, and a program that calls one
// stops at build time with a message naming it (docs/semantics/libraries.md).
#pragma once

#include "cufft.h"
#include "library_types.h"

extern "C" {

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                                long long int istride, long long int idist, cudaDataType inputtype,
                                long long int* onembed, long long int ostride, long long int odist,
                                cudaDataType outputtype, long long int batch, size_t* workSize,
                                cudaDataType executiontype);
cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                               long long int istride, long long int idist, cudaDataType inputtype,
                               long long int* onembed, long long int ostride, long long int odist,
                               cudaDataType outputtype, long long int batch, size_t* workSize,
                               cudaDataType executiontype);
cufftResult cufftXtExec(cufftHandle plan, void* input, void* output, int direction);

}  // extern "C"

#define WARPSAFE_CUFFTXT_REFUSED_(name)                                                                  \
  template <class... Args>                                                                               \
  cufftResult name(Args...) {                                                                            \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                          \
                  "warpsafe: " #name " is not provided by warpsafe's cuFFT (docs/semantics/libraries.md)"); \
    return CUFFT_NOT_SUPPORTED;                                                                          \
  }
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetGPUs)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtMalloc)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtMemcpy)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtFree)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetWorkArea)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorC2C)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorR2C)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorC2R)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorZ2Z)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorD2Z)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptorZ2D)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtExecDescriptor)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtQueryPlan)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetCallback)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtClearCallback)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetCallbackSharedSize)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetJITCallback)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetWorkAreaPolicy)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetDistribution)
WARPSAFE_CUFFTXT_REFUSED_(cufftXtSetSubformatDefault)
#undef WARPSAFE_CUFFTXT_REFUSED_
