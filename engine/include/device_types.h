// nvcc's device_types.h: the rounding-mode enumeration of the CUDA runtime.
#pragma once
#define __DEVICE_TYPES_H__

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
