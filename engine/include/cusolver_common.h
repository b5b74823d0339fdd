// CUDA's cusolver_common.h: cuSOLVER's version, status codes and the enumerations its dense API
// shares, as warpsafe provides them (engine/src/cusolver, docs/semantics/libraries.md).
#pragma once

// The toolkit header's include guard: error-checking helpers test it to declare their overloads
// for this library's status codes.
#define CUSOLVER_COMMON_H_

#include "library_types.h"

#define CUSOLVER_VER_MAJOR 12
#define CUSOLVER_VER_MINOR 0
#define CUSOLVER_VER_PATCH 4
#define CUSOLVER_VER_BUILD 66
#define CUSOLVER_VERSION (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)
#define CUSOLVERAPI

// The integer type of cuSOLVER's 32-bit sizes, which programs and their helpers name.
typedef int cusolver_int_t;

// The refinement solvers and precisions of the iterative-refinement solvers (cusolverDnIRS*).
// The engine does not provide those solvers (a call stops the build); the enumerations are here
// because helper headers name them, values as in CUDA's binary interface.
// The algorithm of a generic-API function chosen with cusolverDnSetAdvOptions.
typedef enum { CUSOLVER_ALG_0 = 0, CUSOLVER_ALG_1 = 1, CUSOLVER_ALG_2 = 2 } cusolverAlgMode_t;

typedef enum {
  CUSOLVER_IRS_REFINE_NOT_SET = 1100,
  CUSOLVER_IRS_REFINE_NONE = 1101,
  CUSOLVER_IRS_REFINE_CLASSICAL = 1102,
  CUSOLVER_IRS_REFINE_CLASSICAL_GMRES = 1103,
  CUSOLVER_IRS_REFINE_GMRES = 1104,
  CUSOLVER_IRS_REFINE_GMRES_GMRES = 1105,
  CUSOLVER_IRS_REFINE_GMRES_NOPCOND = 1106,
  CUSOLVER_PREC_DD = 1150,
  CUSOLVER_PREC_SS = 1151,
  CUSOLVER_PREC_SHT = 1152,
} cusolverIRSRefinement_t;

typedef enum {
  CUSOLVER_R_8I = 1201,
  CUSOLVER_R_8U = 1202,
  CUSOLVER_R_64F = 1203,
  CUSOLVER_R_32F = 1204,
  CUSOLVER_R_16F = 1205,
  CUSOLVER_R_16BF = 1206,
  CUSOLVER_R_TF32 = 1207,
  CUSOLVER_R_AP = 1208,
  CUSOLVER_C_8I = 1211,
  CUSOLVER_C_8U = 1212,
  CUSOLVER_C_64F = 1213,
  CUSOLVER_C_32F = 1214,
  CUSOLVER_C_16F = 1215,
  CUSOLVER_C_16BF = 1216,
  CUSOLVER_C_TF32 = 1217,
  CUSOLVER_C_AP = 1218,
} cusolverPrecType_t;

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4,
  CUSOLVER_STATUS_MAPPING_ERROR = 5,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9,
  CUSOLVER_STATUS_ZERO_PIVOT = 10,
  CUSOLVER_STATUS_INVALID_LICENSE = 11,
  CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED = 12,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID = 13,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC = 14,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE = 15,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER = 16,
  CUSOLVER_STATUS_IRS_INTERNAL_ERROR = 20,
  CUSOLVER_STATUS_IRS_NOT_SUPPORTED = 21,
  CUSOLVER_STATUS_IRS_OUT_OF_RANGE = 22,
  CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES = 23,
  CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED = 25,
  CUSOLVER_STATUS_IRS_INFOS_NOT_DESTROYED = 26,
  CUSOLVER_STATUS_IRS_MATRIX_SINGULAR = 30,
  CUSOLVER_STATUS_INVALID_WORKSPACE = 31
} cusolverStatus_t;

typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;
typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;
