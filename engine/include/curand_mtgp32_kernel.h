// Not provided by the engine: a program that includes this header stops here, at its own
// #include line, instead of reaching an installed toolkit's copy.
#pragma once

#error "curand_mtgp32_kernel.h: the MTGP32 generator is not provided by warpsafe's engine (its cuRAND has the XORWOW, Philox4_32_10 and MRG32k3a generators: curand_kernel.h, curand.h)"
