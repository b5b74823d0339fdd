// Graphics interop's API-neutral part, which CUDA declares in its runtime API (the OpenGL,
// Direct3D, EGL and VDPAU registration functions live in their own headers, refused as a whole by
// engine/refused). The engine has no graphics API to share buffers with, so these functions are
// refused where the program calls them: a compile error that names the function and says why,
// instead of an "undeclared" error that reads like a bug of the engine. The resource handle and
// map flags are declared, so a program's declarations of them compile and only the calls stop.
// Included by cuda_runtime_api.h.
#pragma once

struct cudaGraphicsResource;
typedef struct cudaGraphicsResource* cudaGraphicsResource_t;

enum cudaGraphicsMapFlags {
  cudaGraphicsMapFlagsNone = 0,
  cudaGraphicsMapFlagsReadOnly = 1,
  cudaGraphicsMapFlagsWriteDiscard = 2
};

enum cudaGraphicsRegisterFlags {
  cudaGraphicsRegisterFlagsNone = 0,
  cudaGraphicsRegisterFlagsReadOnly = 1,
  cudaGraphicsRegisterFlagsWriteDiscard = 2,
  cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
  cudaGraphicsRegisterFlagsTextureGather = 8
};

// A call of `name` with any arguments stops the compile at the call, naming it; the condition is
// false only once the template is instantiated, so merely declaring it costs nothing.
#define WARPSAFE_GRAPHICS_INTEROP_REFUSED_(name)                                                         \
  template <class... Args>                                                                               \
  cudaError_t name(Args...) {                                                                            \
    static_assert(sizeof...(Args) == 0 && sizeof...(Args) != 0,                                         \
                  "warpsafe: " #name " is graphics interop (OpenGL, Direct3D, Vulkan, EGL), which the "  \
                  "engine does not support");                                                            \
    return cudaErrorNotSupported;                                                                        \
  }
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsMapResources)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsUnmapResources)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsUnregisterResource)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsResourceGetMappedPointer)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsResourceGetMappedMipmappedArray)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsResourceSetMapFlags)
WARPSAFE_GRAPHICS_INTEROP_REFUSED_(cudaGraphicsSubResourceGetMappedArray)
#undef WARPSAFE_GRAPHICS_INTEROP_REFUSED_
