// cudaMallocArray, cudaMalloc3DArray and the copies into and out of arrays. An array is a dense
// block of device memory, so every copy is a cudaMemcpy2D on it, with the array's bounds checked
// first (a copy past the array's edge is cudaErrorInvalidValue, as CUDA returns).
#include "texture/arrays.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "runtime/runtime_call.h"

namespace warpsafe::engine::texture {
namespace {

std::mutex g_arrays_mutex;
std::unordered_map<const void*, std::unique_ptr<cudaArray>>& Arrays() {
  static auto* arrays = new std::unordered_map<const void*, std::unique_ptr<cudaArray>>;
  return *arrays;
}

// A layered array (cudaMalloc3DArray only) is laid out as a 3D array whose slices are its layers:
// `extent.depth` counts them, and a 1D layered array (height 0) has one row per layer. A cubemap
// array is laid out the same way, its six faces (layered: six per cube) being the slices.
cudaError_t Allocate(cudaArray_t* out, const cudaChannelFormatDesc* desc, cudaExtent extent, unsigned flags,
                     bool may_be_layered) {
  if (out == nullptr || desc == nullptr) return cudaErrorInvalidValue;
  Format format;
  if (!ReadFormat(*desc, &format)) return cudaErrorInvalidChannelDescriptor;
  const bool layered = (flags & cudaArrayLayered) != 0;
  const bool cubemap = (flags & cudaArrayCubemap) != 0;
  if ((layered || cubemap) && !may_be_layered) return cudaErrorInvalidValue;
  if (extent.width == 0) return cudaErrorInvalidValue;
  if (layered ? extent.depth == 0 : (extent.height == 0 && extent.depth != 0)) return cudaErrorInvalidValue;
  // A cubemap's faces are square, six a cube (a layered cubemap: a multiple of six).
  if (cubemap && (extent.width != extent.height || extent.depth == 0 || extent.depth % 6 != 0 ||
                  (!layered && extent.depth != 6))) {
    return cudaErrorInvalidValue;
  }
  auto a = std::make_unique<cudaArray>();
  a->desc = *desc;
  a->format = format;
  a->extent = extent;
  a->flags = flags;
  a->row_bytes = extent.width * format.TexelBytes();
  a->rows = std::max<std::size_t>(extent.height, 1);
  a->slices = std::max<std::size_t>(extent.depth, 1);
  void* data = nullptr;
  if (cudaError_t e = cudaMalloc(&data, a->row_bytes * a->rows * a->slices); e != cudaSuccess) return e;
  a->data = static_cast<char*>(data);
  std::lock_guard<std::mutex> lock(g_arrays_mutex);
  *out = a.get();
  Arrays().emplace(a.get(), std::move(a));
  return cudaSuccess;
}

// The device address of byte `w_offset` of row `h_offset` of `a`, after checking that `width`
// bytes of `height` rows from there lie inside its first slice.
cudaError_t Region(const cudaArray* a, std::size_t w_offset, std::size_t h_offset, std::size_t width,
                   std::size_t height, char** at) {
  if (a == nullptr) return cudaErrorInvalidResourceHandle;
  if (w_offset > a->row_bytes || width > a->row_bytes - w_offset || h_offset > a->rows ||
      height > a->rows - h_offset) {
    return cudaErrorInvalidValue;
  }
  *at = a->data + h_offset * a->row_bytes + w_offset;
  return cudaSuccess;
}

}  // namespace

const cudaArray* FindArray(const void* a) {
  std::lock_guard<std::mutex> lock(g_arrays_mutex);
  auto it = Arrays().find(a);
  return it == Arrays().end() ? nullptr : it->second.get();
}

}  // namespace warpsafe::engine::texture

namespace tx = warpsafe::engine::texture;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width,
                                       size_t height, unsigned int flags) {
  return rt::Call([&] { return tx::Allocate(array, desc, cudaExtent{width, height, 0}, flags, false); });
}

extern "C" cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                                         unsigned int flags) {
  return rt::Call([&] { return tx::Allocate(array, desc, extent, flags, true); });
}

extern "C" cudaError_t cudaFreeArray(cudaArray_t array) {
  return rt::Call([&] {
    if (array == nullptr) return cudaSuccess;
    std::unique_ptr<cudaArray> owned;
    {
      std::lock_guard<std::mutex> lock(tx::g_arrays_mutex);
      auto it = tx::Arrays().find(array);
      if (it == tx::Arrays().end()) return cudaErrorInvalidValue;
      owned = std::move(it->second);
      tx::Arrays().erase(it);
    }
    return cudaFree(owned->data);
  });
}

extern "C" cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags,
                                        cudaArray_t array) {
  return rt::Call([&] {
    const cudaArray* a = tx::FindArray(array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    if (desc != nullptr) *desc = a->desc;
    if (extent != nullptr) *extent = a->extent;
    if (flags != nullptr) *flags = a->flags;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
  return rt::Call([&] {
    const cudaArray* a = tx::FindArray(array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    if (desc == nullptr) return cudaErrorInvalidValue;
    *desc = a->desc;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                                size_t spitch, size_t width, size_t height, cudaMemcpyKind kind,
                                                cudaStream_t stream) {
  return rt::Call([&] {
    char* at = nullptr;
    if (cudaError_t e = tx::Region(tx::FindArray(dst), wOffset, hOffset, width, height, &at); e != cudaSuccess) return e;
    return cudaMemcpy2DAsync(at, dst->row_bytes, src, spitch, width, height, kind, stream);
  });
}

extern "C" cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                           size_t spitch, size_t width, size_t height, cudaMemcpyKind kind) {
  const cudaError_t e = cudaMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind, nullptr);
  return e == cudaSuccess ? cudaStreamSynchronize(nullptr) : e;
}

extern "C" cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                  size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind,
                                                  cudaStream_t stream) {
  return rt::Call([&] {
    char* at = nullptr;
    if (cudaError_t e = tx::Region(tx::FindArray(src), wOffset, hOffset, width, height, &at); e != cudaSuccess) return e;
    return cudaMemcpy2DAsync(dst, dpitch, at, src->row_bytes, width, height, kind, stream);
  });
}

extern "C" cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                             size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind) {
  const cudaError_t e = cudaMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind, nullptr);
  return e == cudaSuccess ? cudaStreamSynchronize(nullptr) : e;
}

// The 1D forms copy `count` bytes from (wOffset, hOffset) on, running on from row to row: the
// engine's rows have no padding, so that is one contiguous range of the array.
extern "C" cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                         size_t count, cudaMemcpyKind kind) {
  return rt::Call([&] {
    const cudaArray* a = tx::FindArray(dst);
    char* at = nullptr;
    if (cudaError_t e = tx::Region(a, wOffset, hOffset, 0, 0, &at); e != cudaSuccess) return e;
    if (count > a->row_bytes * a->rows * a->slices - static_cast<std::size_t>(at - a->data)) return cudaErrorInvalidValue;
    return cudaMemcpy(at, src, count, kind);
  });
}

extern "C" cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                           size_t count, cudaMemcpyKind kind) {
  return rt::Call([&] {
    const cudaArray* a = tx::FindArray(src);
    char* at = nullptr;
    if (cudaError_t e = tx::Region(a, wOffset, hOffset, 0, 0, &at); e != cudaSuccess) return e;
    if (count > a->row_bytes * a->rows * a->slices - static_cast<std::size_t>(at - a->data)) return cudaErrorInvalidValue;
    return cudaMemcpy(dst, at, count, kind);
  });
}
