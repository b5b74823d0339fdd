// A helper header of the kind samples share: it brings OpenGL interop with it.
#pragma once
#include <cuda_runtime.h>
#include <cuda_gl_interop.h>
