// cuRAND's device API on the engine: the XORWOW (default), Philox4_32_10 and MRG32k3a generators,
// the Sobol32 and Sobol64 quasi-random states (plain and scrambled) and their distributions,
// producing the GPU's sequences (docs/semantics/curand.md). One header per generator under
// warpsafe/engine/curand/. MTGP32 is not provided: its state type is declared but never defined,
// so a program that makes one stops at its own line with "incomplete type" naming the state.
#pragma once

#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_
#endif

#include "cuda_runtime.h"
#include "curand.h"
#include "warpsafe/engine/curand/distributions.h"
#include "warpsafe/engine/curand/mrg32k3a.h"
#include "warpsafe/engine/curand/philox.h"
#include "warpsafe/engine/curand/sobol.h"
#include "warpsafe/engine/curand/xorwow.h"

struct curandStateMtgp32;
typedef struct curandStateMtgp32 curandStateMtgp32_t;
