// CUDA's cublas.h declares cuBLAS's legacy API (cublasInit, routines without a handle), which
// warpsafe does not provide: a program that includes it stops here, at build time.
#pragma once

#error "warpsafe: the legacy cuBLAS API (cublas.h) is not provided; include <cublas_v2.h> and use its handle API (docs/semantics/libraries.md)"
