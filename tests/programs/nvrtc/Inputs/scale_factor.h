// Included by scale_kernel.cu, found beside it.
#pragma once
constexpr float kScaleFactor = 4.0f;
