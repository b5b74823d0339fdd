// CUDA arrays and texture objects: the runtime's (engine/src/texture), described in the driver's
// terms. A CUarray is the runtime's cudaArray_t and a CUtexObject its cudaTextureObject_t, as in
// CUDA. A format and a channel count become a channel descriptor; a texture's flags become the
// runtime's read mode, coordinates and filtering options: an integer format reads as normalized
// floats unless CU_TRSF_READ_AS_INTEGER is set.
#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

// The channel descriptor of `count` channels of `format`; false for a format or count the runtime's
// arrays do not hold (1, 2 or 4 channels of the integer, half and float formats).
bool Channels(CUarray_format format, unsigned count, cudaChannelFormatDesc* out) {
  int bits = 0;
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  switch (format) {
    case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8; kind = cudaChannelFormatKindUnsigned; break;
    case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16; kind = cudaChannelFormatKindUnsigned; break;
    case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32; kind = cudaChannelFormatKindUnsigned; break;
    case CU_AD_FORMAT_SIGNED_INT8: bits = 8; kind = cudaChannelFormatKindSigned; break;
    case CU_AD_FORMAT_SIGNED_INT16: bits = 16; kind = cudaChannelFormatKindSigned; break;
    case CU_AD_FORMAT_SIGNED_INT32: bits = 32; kind = cudaChannelFormatKindSigned; break;
    case CU_AD_FORMAT_HALF: bits = 16; kind = cudaChannelFormatKindFloat; break;
    case CU_AD_FORMAT_FLOAT: bits = 32; kind = cudaChannelFormatKindFloat; break;
    case CU_AD_FORMAT_MAX: return false;
  }
  if (bits == 0 || (count != 1 && count != 2 && count != 4)) return false;
  *out = cudaCreateChannelDesc(bits, count > 1 ? bits : 0, count > 2 ? bits : 0, count > 2 ? bits : 0, kind);
  return true;
}

bool ReadsAsInteger(CUarray_format format) { return format != CU_AD_FORMAT_HALF && format != CU_AD_FORMAT_FLOAT; }

}  // namespace
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuArrayCreate(CUarray* pHandle, const CUDA_ARRAY_DESCRIPTOR* pAllocateArray) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pHandle == nullptr || pAllocateArray == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc desc;
  if (!drv::Channels(pAllocateArray->Format, pAllocateArray->NumChannels, &desc)) return CUDA_ERROR_INVALID_VALUE;
  cudaArray_t array = nullptr;
  const CUresult r = drv::Forward(
      [&] { return cudaMallocArray(&array, &desc, pAllocateArray->Width, pAllocateArray->Height, 0); });
  if (r == CUDA_SUCCESS) *pHandle = reinterpret_cast<CUarray>(array);
  return r;
}

extern "C" CUresult cuArrayCreate_v2(CUarray* pHandle, const CUDA_ARRAY_DESCRIPTOR* pAllocateArray) {
  return cuArrayCreate(pHandle, pAllocateArray);
}

extern "C" CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR* pArrayDescriptor, CUarray hArray) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pArrayDescriptor == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc desc{};
  cudaExtent extent{};
  unsigned flags = 0;
  if (CUresult r = drv::Forward(
          [&] { return cudaArrayGetInfo(&desc, &extent, &flags, reinterpret_cast<cudaArray_t>(hArray)); });
      r != CUDA_SUCCESS) {
    return r;
  }
  CUarray_format format = CU_AD_FORMAT_FLOAT;
  const bool is_signed = desc.f == cudaChannelFormatKindSigned;
  switch (desc.x) {
    case 8: format = is_signed ? CU_AD_FORMAT_SIGNED_INT8 : CU_AD_FORMAT_UNSIGNED_INT8; break;
    case 16:
      format = desc.f == cudaChannelFormatKindFloat ? CU_AD_FORMAT_HALF
                                                    : (is_signed ? CU_AD_FORMAT_SIGNED_INT16 : CU_AD_FORMAT_UNSIGNED_INT16);
      break;
    default:
      format = desc.f == cudaChannelFormatKindFloat ? CU_AD_FORMAT_FLOAT
                                                    : (is_signed ? CU_AD_FORMAT_SIGNED_INT32 : CU_AD_FORMAT_UNSIGNED_INT32);
      break;
  }
  pArrayDescriptor->Width = extent.width;
  pArrayDescriptor->Height = extent.height;
  pArrayDescriptor->Format = format;
  pArrayDescriptor->NumChannels = 1u + (desc.y != 0) + (desc.z != 0) + (desc.w != 0);
  return CUDA_SUCCESS;
}

extern "C" CUresult cuArrayDestroy(CUarray hArray) {
  return drv::ForwardInContext([&] { return cudaFreeArray(reinterpret_cast<cudaArray_t>(hArray)); });
}

extern "C" CUresult cuTexObjectCreate(CUtexObject* pTexObject, const CUDA_RESOURCE_DESC* pResDesc,
                                      const CUDA_TEXTURE_DESC* pTexDesc, const CUDA_RESOURCE_VIEW_DESC* pResViewDesc) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pTexObject == nullptr || pResDesc == nullptr || pTexDesc == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (pResViewDesc != nullptr) return CUDA_ERROR_NOT_SUPPORTED;
  cudaResourceDesc res{};
  bool integer = false;
  switch (pResDesc->resType) {
    case CU_RESOURCE_TYPE_ARRAY: {
      res.resType = cudaResourceTypeArray;
      res.res.array.array = reinterpret_cast<cudaArray_t>(pResDesc->res.array.hArray);
      cudaChannelFormatDesc desc{};
      cudaExtent extent{};
      unsigned flags = 0;
      if (CUresult r = drv::Forward([&] { return cudaArrayGetInfo(&desc, &extent, &flags, res.res.array.array); });
          r != CUDA_SUCCESS) {
        return r;
      }
      integer = desc.f != cudaChannelFormatKindFloat;
      break;
    }
    case CU_RESOURCE_TYPE_LINEAR:
      res.resType = cudaResourceTypeLinear;
      res.res.linear.devPtr = drv::Pointer(pResDesc->res.linear.devPtr);
      res.res.linear.sizeInBytes = pResDesc->res.linear.sizeInBytes;
      if (!drv::Channels(pResDesc->res.linear.format, pResDesc->res.linear.numChannels, &res.res.linear.desc)) {
        return CUDA_ERROR_INVALID_VALUE;
      }
      integer = drv::ReadsAsInteger(pResDesc->res.linear.format);
      break;
    case CU_RESOURCE_TYPE_PITCH2D:
      res.resType = cudaResourceTypePitch2D;
      res.res.pitch2D.devPtr = drv::Pointer(pResDesc->res.pitch2D.devPtr);
      res.res.pitch2D.width = pResDesc->res.pitch2D.width;
      res.res.pitch2D.height = pResDesc->res.pitch2D.height;
      res.res.pitch2D.pitchInBytes = pResDesc->res.pitch2D.pitchInBytes;
      if (!drv::Channels(pResDesc->res.pitch2D.format, pResDesc->res.pitch2D.numChannels, &res.res.pitch2D.desc)) {
        return CUDA_ERROR_INVALID_VALUE;
      }
      integer = drv::ReadsAsInteger(pResDesc->res.pitch2D.format);
      break;
    case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
      return CUDA_ERROR_NOT_SUPPORTED;
  }
  cudaTextureDesc tex{};
  for (int i = 0; i < 3; ++i) tex.addressMode[i] = static_cast<cudaTextureAddressMode>(pTexDesc->addressMode[i]);
  tex.filterMode = static_cast<cudaTextureFilterMode>(pTexDesc->filterMode);
  tex.readMode = integer && (pTexDesc->flags & CU_TRSF_READ_AS_INTEGER) == 0 ? cudaReadModeNormalizedFloat
                                                                             : cudaReadModeElementType;
  tex.normalizedCoords = (pTexDesc->flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
  tex.sRGB = (pTexDesc->flags & CU_TRSF_SRGB) != 0;
  tex.disableTrilinearOptimization = (pTexDesc->flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION) != 0;
  tex.seamlessCubemap = (pTexDesc->flags & CU_TRSF_SEAMLESS_CUBEMAP) != 0;
  for (int i = 0; i < 4; ++i) tex.borderColor[i] = pTexDesc->borderColor[i];
  tex.maxAnisotropy = pTexDesc->maxAnisotropy;
  tex.mipmapFilterMode = static_cast<cudaTextureFilterMode>(pTexDesc->mipmapFilterMode);
  tex.mipmapLevelBias = pTexDesc->mipmapLevelBias;
  tex.minMipmapLevelClamp = pTexDesc->minMipmapLevelClamp;
  tex.maxMipmapLevelClamp = pTexDesc->maxMipmapLevelClamp;
  cudaTextureObject_t object = 0;
  const CUresult r = drv::Forward([&] { return cudaCreateTextureObject(&object, &res, &tex, nullptr); });
  if (r == CUDA_SUCCESS) *pTexObject = object;
  return r;
}

extern "C" CUresult cuTexObjectDestroy(CUtexObject texObject) {
  return drv::ForwardInContext([&] { return cudaDestroyTextureObject(texObject); });
}
