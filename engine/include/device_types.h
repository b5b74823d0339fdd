// nvcc's device_types.h: the rounding-mode enumeration of the CUDA runtime.
#pragma once

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
