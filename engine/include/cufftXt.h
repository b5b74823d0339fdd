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

// The multi-GPU descriptor types and the enumerations the refused calls below take: declared so
// that a program using them reaches the refusal that names the call, rather than stopping earlier
// at an undeclared type. Names, fields and values are cuFFT's interface (cudalibxt.h, cufftXt.h).
#define MAX_CUDA_DESCRIPTOR_GPUS 64
#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000
enum cudaXtCopyType_t { LIB_XT_COPY_HOST_TO_DEVICE, LIB_XT_COPY_DEVICE_TO_HOST, LIB_XT_COPY_DEVICE_TO_DEVICE };
typedef enum cudaXtCopyType_t cudaLibXtCopyType;
enum libFormat_t { LIB_FORMAT_CUFFT = 0, LIB_FORMAT_UNDEFINED = 1 };
typedef enum libFormat_t libFormat;
// One buffer per GPU of a descriptor.
typedef struct cudaXtDesc_t {
  int version;
  int nGPUs;
  int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
  void* data[MAX_CUDA_DESCRIPTOR_GPUS];
  size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
  void* cudaXtState;
} cudaXtDesc;
typedef struct cudaLibXtDesc_t {
  int version;
  cudaXtDesc* descriptor;
  libFormat library;
  int subFormat;
  void* libDescriptor;
} cudaLibXtDesc;
typedef enum cufftXtSubFormat_t {
  CUFFT_XT_FORMAT_INPUT = 0,
  CUFFT_XT_FORMAT_OUTPUT = 1,
  CUFFT_XT_FORMAT_INPLACE = 2,
  CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 3,
  CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 4,
  CUFFT_XT_FORMAT_DISTRIBUTED_INPUT = 5,
  CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT = 6,
  CUFFT_FORMAT_UNDEFINED = 7
} cufftXtSubFormat;
typedef enum cufftXtCopyType_t {
  CUFFT_COPY_HOST_TO_DEVICE = 0,
  CUFFT_COPY_DEVICE_TO_HOST = 1,
  CUFFT_COPY_DEVICE_TO_DEVICE = 2,
  CUFFT_COPY_UNDEFINED = 3
} cufftXtCopyType;
typedef enum cufftXtWorkAreaPolicy_t {
  CUFFT_WORKAREA_MINIMAL = 0,
  CUFFT_WORKAREA_USER = 1,
  CUFFT_WORKAREA_PERFORMANCE = 2
} cufftXtWorkAreaPolicy;

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
