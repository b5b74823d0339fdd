// The device side of a surface access (warpsafe/engine/surface/access.h): from a surface object,
// a form and coordinates to the bytes of the array that the access reads or writes, under the
// boundary mode. An access CUDA does not define is reported at the program's line (SURFOBJ-2); one
// that faults the kernel on a GPU is reported as that fault (SURFOBJ-3, SURFOBJ-4).
#include <string>

#include "cuda_surface_types.h"
#include "report/report.h"
#include "sched/lane.h"
#include "surface/surface_object.h"
#include "texture/arrays.h"
#include "warpsafe/engine/surface/access.h"

namespace warpsafe::engine::surface {
namespace {

const char* FormName(AccessForm form, bool write) {
  switch (form) {
    case AccessForm::k1D: return write ? "surf1Dwrite" : "surf1Dread";
    case AccessForm::k2D: return write ? "surf2Dwrite" : "surf2Dread";
    case AccessForm::k3D: return write ? "surf3Dwrite" : "surf3Dread";
    case AccessForm::k1DLayered: return write ? "surf1DLayeredwrite" : "surf1DLayeredread";
    case AccessForm::k2DLayered: return write ? "surf2DLayeredwrite" : "surf2DLayeredread";
    case AccessForm::kCubemap: return write ? "surfCubemapwrite" : "surfCubemapread";
    case AccessForm::kCubemapLayered: return write ? "surfCubemapLayeredwrite" : "surfCubemapLayeredread";
  }
  return "a surface access";
}

// The form that matches the array's shape, and the shape in words.
AccessForm FormOf(const cudaArray& a) {
  const bool layered = (a.flags & cudaArrayLayered) != 0;
  if ((a.flags & cudaArrayCubemap) != 0) return layered ? AccessForm::kCubemapLayered : AccessForm::kCubemap;
  if (layered) return a.extent.height == 0 ? AccessForm::k1DLayered : AccessForm::k2DLayered;
  if (a.extent.height == 0) return AccessForm::k1D;
  return a.extent.depth == 0 ? AccessForm::k2D : AccessForm::k3D;
}
const char* ShapeName(AccessForm form) {
  switch (form) {
    case AccessForm::k1D: return "a 1D array";
    case AccessForm::k2D: return "a 2D array";
    case AccessForm::k3D: return "a 3D array";
    case AccessForm::k1DLayered: return "a 1D layered array";
    case AccessForm::k2DLayered: return "a 2D layered array";
    case AccessForm::kCubemap: return "a cubemap array";
    case AccessForm::kCubemapLayered: return "a layered cubemap array";
  }
  return "an array";
}
bool IsCubemap(AccessForm f) { return f == AccessForm::kCubemap || f == AccessForm::kCubemapLayered; }
bool HasY(AccessForm f) {
  return f == AccessForm::k2D || f == AccessForm::k3D || f == AccessForm::k2DLayered || IsCubemap(f);
}
bool HasLayer(AccessForm f) { return f == AccessForm::k1DLayered || f == AccessForm::k2DLayered || IsCubemap(f); }

std::string Plural(std::size_t n, const char* one, const char* several) {
  return std::to_string(n) + " " + (n == 1 ? one : several);
}

struct Access {
  AccessForm form;
  bool write;
  cudaSurfaceObject_t object;
  unsigned bytes;
  Site site;
  std::string What() const {
    const std::string through = object == kUnboundSurface ? std::string("a surface reference")
                                                          : "surface object " + std::to_string(object);
    return std::string(FormName(form, write)) + " of " + std::to_string(bytes) + " bytes through " + through;
  }
};

[[noreturn]] void Invalid(const Access& access, const std::string& why) {
  Report(DefectKind::kInvalidSurfaceAccess).AtRunning(access.site, access.What()).Line(why + " (undefined)").Emit();
}

const char* ModeName(cudaSurfaceBoundaryMode mode) {
  switch (mode) {
    case cudaBoundaryModeZero: return "cudaBoundaryModeZero";
    case cudaBoundaryModeClamp: return "cudaBoundaryModeClamp";
    case cudaBoundaryModeTrap: return "cudaBoundaryModeTrap";
  }
  return "an unknown boundary mode";
}

}  // namespace

void* PlanAccess(cudaSurfaceObject_t object, AccessForm form, bool write, int x, int y, int z, int layer,
                 unsigned bytes, cudaSurfaceBoundaryMode mode, Site site) {
  const Access access{form, write, object, bytes, site};
  if (CurrentLaneOrNull() == nullptr) NotInKernel(FormName(form, write), site);
  SurfaceObject o;
  if (!FindSurfaceObject(object, &o)) {
    Invalid(access, object == kUnboundSurface ? std::string("the reference is not bound to an array")
                    : object == 0               ? std::string("the object is 0, which no cudaCreateSurfaceObject returns")
                                                : std::string("no live surface object has this handle (destroyed, or never created)"));
  }
  const cudaArray* a = texture::FindArray(o.array);
  if (a == nullptr) Invalid(access, "the surface's CUDA array has been freed");
  if ((a->flags & cudaArraySurfaceLoadStore) == 0) {
    Invalid(access, "the surface's CUDA array was made without cudaArraySurfaceLoadStore, and only such arrays are "
                    "read and written through surfaces");
  }
  if (mode != cudaBoundaryModeZero && mode != cudaBoundaryModeClamp && mode != cudaBoundaryModeTrap) {
    Invalid(access, "boundary mode " + std::to_string(static_cast<int>(mode)) + " is none of zero, clamp and trap");
  }
  const AccessForm shape = FormOf(*a);
  if (form != shape) {
    Invalid(access, std::string("the surface is ") + ShapeName(shape) + ", which is accessed by " +
                        FormName(shape, write) + " only");
  }
  // x counts bytes and must be a multiple of the access's size: the GPU faults the kernel otherwise,
  // in every boundary mode (SURFOBJ-4).
  if (x % static_cast<int>(bytes) != 0) {
    Report(DefectKind::kMisalignedAccess)
        .AtRunning(site, access.What())
        .Line("x = " + std::to_string(x) + " is a byte offset into the row that is not a multiple of the " +
              std::to_string(bytes) + "-byte access (on a GPU: cudaErrorMisalignedAddress, whatever the boundary mode)")
        .Emit();
  }
  const auto row = static_cast<long long>(a->row_bytes);
  const auto rows = static_cast<long long>(a->rows), slices = static_cast<long long>(a->slices);
  if (bytes > a->row_bytes) {
    Invalid(access, "the access is wider than a row of the array (" + std::to_string(row) + " bytes)");
  }
  // Layers count as unsigned, y and z as signed (SURFOBJ-3: a negative layer clamps to the last).
  const long long lx = x, ly = HasY(form) ? y : 0;
  const long long lz = form == AccessForm::k3D ? z : HasLayer(form) ? static_cast<long long>(static_cast<unsigned>(layer)) : 0;
  std::string outside;
  if (lx < 0 || lx + bytes > row) {
    outside = "x = " + std::to_string(x) + " (bytes) is outside the array's rows of " + std::to_string(row) +
              " bytes (" + Plural(a->extent.width, "element", "elements") + " of " +
              std::to_string(a->format.TexelBytes()) + " bytes)";
  } else if (ly < 0 || ly >= rows) {
    outside = "y = " + std::to_string(y) + " is outside the array's " + Plural(a->rows, "row", "rows");
  } else if (lz < 0 || lz >= slices) {
    outside = form == AccessForm::k3D
                  ? "z = " + std::to_string(z) + " is outside the array's depth of " + std::to_string(slices)
                  : IsCubemap(form)
                      ? "face " + std::to_string(layer) + " is outside the array's " + Plural(a->slices, "face", "faces")
                      : "layer " + std::to_string(layer) + " is outside the array's " + Plural(a->slices, "layer", "layers");
  }
  if (!outside.empty()) {
    switch (mode) {
      case cudaBoundaryModeZero:
        return nullptr;
      case cudaBoundaryModeClamp: {
        const long long last_x = (row - bytes) / bytes * bytes;
        const long long cx = lx < 0 ? 0 : lx > last_x ? last_x : lx;
        const long long cy = ly < 0 ? 0 : ly >= rows ? rows - 1 : ly;
        const long long cz = lz < 0 ? 0 : lz >= slices ? slices - 1 : lz;
        return a->data + cz * row * rows + cy * row + cx;
      }
      case cudaBoundaryModeTrap:
        Report(DefectKind::kIllegalAddress)
            .AtRunning(site, access.What())
            .Line(outside + ", with cudaBoundaryModeTrap: the access fails the kernel (on a GPU: "
                            "cudaErrorIllegalAddress)")
            .Emit();
    }
    Invalid(access, std::string("an access outside the array with ") + ModeName(mode));
  }
  return a->data + lz * row * rows + ly * row + lx;
}

}  // namespace warpsafe::engine::surface
