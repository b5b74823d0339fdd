// The surface references' C API (cuda_surface_types.h): a binding is a surface object made over
// the array bound, kept in the reference for its accesses. Binding again destroys the previous
// object, so an access can never reach an array the reference no longer names.
#include "cuda_runtime.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::surface {

cudaSurfaceObject_t BoundObject(const surfaceReference* ref) { return ref->__warpsafe_object; }

}  // namespace warpsafe::engine::surface

namespace sf = warpsafe::engine::surface;
namespace rt = warpsafe::engine::runtime;

// The reference is the program's variable: the C API takes it const, as CUDA's does, and a binding
// is state the runtime keeps in it. `desc` is not needed: an array's elements have the array's own
// format. On failure the reference is left unbound.
extern "C" cudaError_t cudaBindSurfaceToArray(const surfaceReference* surfref, cudaArray_const_t array,
                                              const cudaChannelFormatDesc* desc) {
  return rt::Call([&] {
    if (surfref == nullptr) return cudaErrorInvalidSurface;
    auto* r = const_cast<surfaceReference*>(surfref);
    if (r->__warpsafe_object != sf::kUnboundSurface) cudaDestroySurfaceObject(r->__warpsafe_object);
    r->__warpsafe_object = sf::kUnboundSurface;
    cudaResourceDesc resource{};
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = const_cast<cudaArray_t>(array);
    cudaSurfaceObject_t object = 0;
    if (cudaError_t e = cudaCreateSurfaceObject(&object, &resource); e != cudaSuccess) return e;
    r->__warpsafe_object = object;
    r->channelDesc = desc != nullptr ? *desc : r->channelDesc;
    return cudaSuccess;
  });
}

// A reference is its own symbol: the variable the program names is the reference.
extern "C" cudaError_t cudaGetSurfaceReference(const surfaceReference** surfref, const void* symbol) {
  return rt::Call([&] {
    if (surfref == nullptr || symbol == nullptr) return cudaErrorInvalidSymbol;
    *surfref = static_cast<const surfaceReference*>(symbol);
    return cudaSuccess;
  });
}
