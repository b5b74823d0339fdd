// Results of mat_descr.cu computed by the GPU: recorded on an NVIDIA H200 (driver 580.159.04, CUDA 13.0.88)
// on 2026-11-26 with
// `nvcc -arch=sm_90 mat_descr.cu -lcusparse && ./a.out`, the same program built without WARPSAFE_EXPECTED.
// (The "** On entry to ..." lines cuSPARSE printed on standard error for the bad arguments are left out.)
// Data, not code: one entry per line the program printed.
#pragma once

#include <cmath>
#include <vector>

static const Expected kExpected[] = {
    {"legacy_defaults", {0, 0, 0, 0}},
    {"legacy_set", {3, 1, 1, 1}},
    {"legacy_bad_values", {3, 3, 3, 3}},
    {"legacy_after_bad", {3, 1, 1, 1}},
    {"legacy_null", {3, 0}},
    {"attribute_defaults", {0, 0}},
    {"attribute_set", {1, 1}},
    {"attribute_errors", {3, 0, 3, 3, 3}},
    {"attribute_after_errors", {3}},
};
