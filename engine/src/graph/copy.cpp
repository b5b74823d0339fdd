// A copy of pitched rows in slices: what a memcpy node runs and what cudaMemcpy3D(Async) does now.
// Both read the same cudaMemcpy3DParms into a Copy (CopyFrom3D) and run it as one 2D copy per slice
// (RunCopy), so each slice is checked as cudaMemcpy2D checks its rows (bounds, direction).
#include <algorithm>

#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "race/race.h"
#include "runtime/runtime_call.h"
#include "texture/arrays.h"

namespace warpsafe::engine::graph {

cudaError_t CopyFrom3D(const cudaMemcpy3DParms& in, Copy* out) {
  // A CUDA array takes part as the pitched pointer over its texels; the extent and the array's
  // position then count texels (elements of the array), not bytes.
  cudaMemcpy3DParms p = in;
  if (p.srcArray != nullptr || p.dstArray != nullptr) {
    const cudaArray* src = p.srcArray ? texture::FindArray(p.srcArray) : nullptr;
    const cudaArray* dst = p.dstArray ? texture::FindArray(p.dstArray) : nullptr;
    if ((p.srcArray && src == nullptr) || (p.dstArray && dst == nullptr)) return cudaErrorInvalidResourceHandle;
    const std::size_t texel = (src ? src : dst)->format.TexelBytes();
    p.extent.width *= texel;
    for (int side = 0; side < 2; ++side) {  // the source, then the destination (maybe the same array)
      const cudaArray* a = side == 0 ? src : dst;
      if (a == nullptr) continue;
      cudaPos& pos = side == 0 ? p.srcPos : p.dstPos;
      pos.x *= texel;
      if (pos.x + p.extent.width > a->row_bytes || pos.y + p.extent.height > a->rows ||
          pos.z + p.extent.depth > a->slices) {
        return cudaErrorInvalidValue;
      }
      (side == 0 ? p.srcPtr : p.dstPtr) = cudaPitchedPtr{a->data, a->row_bytes, a->row_bytes, a->rows};
    }
  }
  if (p.extent.width == 0 || p.extent.height == 0 || p.extent.depth == 0) return cudaErrorInvalidValue;
  const std::size_t sp = p.srcPtr.pitch, dp = p.dstPtr.pitch;
  // Rows per slice: the pointer's ysize (its allocation's height), at least the extent's.
  const std::size_t src_rows = std::max(p.srcPtr.ysize, p.extent.height);
  const std::size_t dst_rows = std::max(p.dstPtr.ysize, p.extent.height);
  out->src = static_cast<const char*>(p.srcPtr.ptr) + (p.srcPos.z * src_rows + p.srcPos.y) * sp + p.srcPos.x;
  out->dst = static_cast<char*>(p.dstPtr.ptr) + (p.dstPos.z * dst_rows + p.dstPos.y) * dp + p.dstPos.x;
  out->src_pitch = sp;
  out->dst_pitch = dp;
  out->src_slice = sp * src_rows;
  out->dst_slice = dp * dst_rows;
  out->width = p.extent.width;
  out->height = p.extent.height;
  out->depth = p.extent.depth;
  out->kind = p.kind;
  return cudaSuccess;
}

cudaError_t RunCopy(const Copy& c, cudaStream_t stream) {
  for (std::size_t z = 0; z < c.depth; ++z) {
    const cudaError_t e = cudaMemcpy2DAsync(static_cast<char*>(c.dst) + z * c.dst_slice, c.dst_pitch,
                                            static_cast<const char*>(c.src) + z * c.src_slice, c.src_pitch, c.width,
                                            c.height, c.kind, stream);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;

extern "C" cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms* p, cudaStream_t stream) {
  return warpsafe::engine::runtime::Call([&] {
    if (p == nullptr) return cudaErrorInvalidValue;
    gr::Copy copy{};
    if (cudaError_t e = gr::CopyFrom3D(*p, &copy); e != cudaSuccess) return e;
    return gr::RunCopy(copy, stream);
  });
}

// Synchronous with the host as cudaMemcpy is (MEM-4): each slice's cudaMemcpy2DAsync runs in stream
// order, and the null stream's work is done when it returns.
extern "C" cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms* p) {
  namespace race = warpsafe::engine::race;
  if (race::Enabled()) {
    race::HostSynchronized();
    race::HostWaited(race::HostWait::kBlockingCall);  // STREAM-3
  }
  const cudaError_t e = cudaMemcpy3DAsync(p, nullptr);
  // It returns complete: later work is ordered after its slices (STREAM-6 keeps no record of them).
  if (race::Enabled()) race::HostSynchronized();
  return e;
}
