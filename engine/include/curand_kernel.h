// cuRAND's device API on the engine: the XORWOW (default), Philox4_32_10 and MRG32k3a generators
// and their distributions, producing the GPU's sequences (docs/semantics/curand.md). One header
// per generator under warpsafe/engine/curand/. The quasi-random and MTGP32 generators are not
// provided: their state types are declared but never defined, so a program that makes one stops
// at its own line with "incomplete type" naming the state.
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

struct curandStateMtgp32;
typedef struct curandStateMtgp32 curandStateMtgp32_t;
struct curandStateSobol32;
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32;
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64;
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64;
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
