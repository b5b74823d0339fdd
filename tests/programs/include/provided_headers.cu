// Every header the engine provides besides cuda_runtime.h, included by its toolkit name, and a use
// of what each one declares.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      provided headers: ok
// CHECK-NOT:  {{.}}

#include <builtin_types.h>
#include <cuComplex.h>
#include <common_functions.h>
#include <crt/common_functions.h>
#include <crt/cudacc_ext.h>
#include <crt/device_double_functions.h>
#include <crt/device_double_functions.hpp>
#include <crt/device_functions.h>
#include <crt/device_functions.hpp>
#include <crt/func_macro.h>
#include <crt/host_config.h>
#include <crt/host_defines.h>
#include <crt/math_functions.h>
#include <crt/math_functions.hpp>
#include <crt/sm_100_rt.h>
#include <crt/sm_100_rt.hpp>
#include <crt/sm_70_rt.h>
#include <crt/sm_70_rt.hpp>
#include <crt/sm_80_rt.h>
#include <crt/sm_80_rt.hpp>
#include <crt/sm_90_rt.h>
#include <crt/sm_90_rt.hpp>
#include <crt/storage_class.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_bf16.hpp>
#include <cuda_device_runtime_api.h>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cuda_fp4.h>
#include <cuda_fp4.hpp>
#include <cuda_fp6.h>
#include <cuda_fp6.hpp>
#include <cuda_fp8.hpp>
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>
#include <cuda_stdint.h>
#include <cudart_platform.h>
#include <device_atomic_functions.h>
#include <device_atomic_functions.hpp>
#include <device_double_functions.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <device_types.h>
#include <driver_functions.h>
#include <driver_types.h>
#include <host_config.h>
#include <host_defines.h>
#include <library_types.h>
#include <math_constants.h>
#include <math_functions.h>
#include <nvToolsExt.h>
#include <nvToolsExtCuda.h>
#include <nvToolsExtCudaRt.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCuda.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <sm_20_atomic_functions.h>
#include <sm_20_atomic_functions.hpp>
#include <sm_20_intrinsics.h>
#include <sm_20_intrinsics.hpp>
#include <sm_30_intrinsics.h>
#include <sm_30_intrinsics.hpp>
#include <sm_32_atomic_functions.h>
#include <sm_32_atomic_functions.hpp>
#include <sm_32_intrinsics.h>
#include <sm_32_intrinsics.hpp>
#include <sm_35_atomic_functions.h>
#include <sm_35_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <sm_60_atomic_functions.hpp>
#include <sm_61_intrinsics.h>
#include <sm_61_intrinsics.hpp>
#include <vector_functions.h>
#include <vector_functions.hpp>
#include <vector_types.h>

#include <cstdio>

__global__ void Scale(float4* v, int* count) {
  v[threadIdx.x] = make_float4(v[threadIdx.x].x * 2, 0, 0, CUDART_PI_F);
  atomicAdd(count, 1);
}

int main() {
  int failures = 0;
  auto expect = [&failures](bool ok, const char* what) {
    if (!ok) {
      std::printf("wrong: %s\n", what);
      ++failures;
    }
  };
  expect(cudaProfilerStart() == cudaSuccess, "cudaProfilerStart");
  nvtxEventAttributes_t attr = {};
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.colorType = NVTX_COLOR_ARGB;
  attr.color = 0xff00ff00u;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attr.message.ascii = "scale";
  expect(nvtxRangePushEx(&attr) == NVTX_NO_PUSH_POP_TRACKING, "nvtxRangePushEx");
  const nvtxRangeId_t range = nvtxRangeStartA("outer");
  nvtxMarkA("mark");
  cudaStream_t stream;
  expect(cudaStreamCreate(&stream) == cudaSuccess, "cudaStreamCreate");
  nvtxNameCudaStreamA(stream, "work");
  nvtxDomainHandle_t domain = nvtxDomainCreateA("test");
  nvtxDomainRangePushEx(domain, &attr);
  nvtxDomainRangePop(domain);
  nvtxDomainDestroy(domain);

  float4* v = nullptr;
  int* count = nullptr;
  expect(cudaMallocManaged(&v, 4 * sizeof(float4)) == cudaSuccess, "cudaMallocManaged");
  expect(cudaMallocManaged(&count, sizeof(int)) == cudaSuccess, "cudaMallocManaged");
  *count = 0;
  for (int i = 0; i < 4; ++i) v[i] = make_float4(float(i), 1, 1, 1);
  Scale<<<1, 4, 0, stream>>>(v, count);
  expect(cudaStreamSynchronize(stream) == cudaSuccess, "cudaStreamSynchronize");
  expect(v[3].x == 6.0f && v[1].w == CUDART_PI_F && *count == 4, "the kernel's results");
  nvtxRangeEnd(range);
  expect(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING, "nvtxRangePop");
  expect(cudaProfilerStop() == cudaSuccess, "cudaProfilerStop");

  const cudaExtent e = make_cudaExtent(4, 5, 6);
  const cudaPos p = make_cudaPos(1, 2, 3);
  const cudaPitchedPtr pp = make_cudaPitchedPtr(v, 64, 16, 4);
  expect(e.width * e.height * e.depth == 120 && p.z == 3 && pp.pitch == 64, "driver_functions.h");
  const cudaDataType_t types[] = {CUDA_R_32F, CUDA_R_64F, CUDA_R_16F, CUDA_C_32F, CUDA_R_16BF, CUDA_R_8F_E4M3};
  expect(types[0] == 0 && types[1] == 1 && types[2] == 2 && types[3] == 4 && types[4] == 14 && types[5] == 28,
         "library_types.h's numbers");
  const uint32_t u = 7;
  const __half h = __float2half(1.5f);
  const __nv_bfloat16 b = __float2bfloat16(2.5f);
  expect(u + __half2float(h) + __bfloat162float(b) == 11.0f, "fp16, bf16 and cuda_stdint.h");
  expect(float(__nv_fp4_e2m1(2.9f)) == 3.0f && float(__nv_fp6_e3m2(27.5f)) == 28.0f &&
             float(__nv_fp6_e2m3(1.3f)) == 1.25f && float(__nv_fp8_e8m0(5.0f)) == 8.0f,
         "cuda_fp4.h, cuda_fp6.h and e8m0");
  const libraryPropertyType_t property = MAJOR_VERSION;
  expect(property == 0 && PATCH_LEVEL == 2, "libraryPropertyType");

  const cuFloatComplex za = make_cuFloatComplex(1, 2), zb = make_cuComplex(3, 4);
  const cuFloatComplex ab = cuCmulf(za, zb);
  expect(cuCrealf(ab) == -5 && cuCimagf(ab) == 10, "cuCmulf");
  const cuFloatComplex back = cuCdivf(ab, zb);
  expect(std::fabs(back.x - 1) < 1e-6f && std::fabs(back.y - 2) < 1e-6f, "cuCdivf");
  expect(cuCabsf(zb) == 5 && cuCabs(make_cuDoubleComplex(-6, 8)) == 10, "cuCabs");
  const cuFloatComplex huge = make_cuFloatComplex(3e30f, 4e30f);  // its square overflows a float
  expect(cuCabsf(huge) == 5e30f && cuCrealf(cuCdivf(huge, huge)) == 1 && cuCimagf(cuCdivf(huge, huge)) == 0,
         "no overflow inside cuCabsf and cuCdivf");
  const cuDoubleComplex fma = cuCfma(make_cuDoubleComplex(1, 2), make_cuDoubleComplex(3, 4), make_cuDoubleComplex(1, 1));
  expect(cuCreal(fma) == -4 && cuCimag(fma) == 11 && cuCreal(cuConj(fma)) == -4 && cuCimag(cuConj(fma)) == -11,
         "cuCfma, cuConj");
  expect(cuCrealf(cuComplexDoubleToFloat(cuComplexFloatToDouble(za))) == 1, "conversions");

  cudaFree(v);
  cudaFree(count);
  cudaStreamDestroy(stream);
  std::printf("provided headers: %s\n", failures == 0 ? "ok" : "wrong");
  return failures == 0 ? 0 : 1;
}
