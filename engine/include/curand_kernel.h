// cuRAND's device API on the engine: the XORWOW (default), Philox4_32_10 and MRG32k3a generators
// and their distributions, producing the GPU's sequences (docs/semantics/curand.md). One header
// per generator under warpsafe/engine/curand/; the quasi-random and MTGP32 generators are not
// provided, so code naming their states does not compile.
#pragma once

#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_
#endif

#include "cuda_runtime.h"
#include "curand.h"
#include "warpsafe/engine/curand/distributions.h"
#include "warpsafe/engine/curand/mrg32k3a.h"
#include "warpsafe/engine/curand/philox.h"
#include "warpsafe/engine/curand/xorwow.h"
