// The surface object types of the CUDA runtime (CUDA's surface_types.h): the handle a kernel reads
// and writes a CUDA array through, and what an access outside the array does. The functions that
// make surfaces are in cuda_runtime_api.h (host) and surface_indirect_functions.h (device); the
// rules the engine follows are in docs/semantics/surface.md.
#pragma once
#define __SURFACE_TYPES_H__

#include "driver_types.h"

// A surface object: an opaque handle made by cudaCreateSurfaceObject. The engine never reuses a
// handle, so an access through a destroyed object is found and reported.
typedef unsigned long long cudaSurfaceObject_t;

// What a surface access outside the array does (SURFOBJ-3): clamp it to the nearest element, read zero
// and drop a write, or fail the kernel.
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };

enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };

// The shapes of surface references (the API CUDA 12 removed), kept for code that names them.
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC
