/* What the C file and the .cu file share: the kernel's launcher, and the sizes the C file sees, so
 * that the .cu file can compare them with C++'s. */
#ifndef C_RUNTIME_API_LAYOUTS_H
#define C_RUNTIME_API_LAYOUTS_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
struct CLayouts {
  size_t device_prop, pitched_ptr, dim3_size, float4_size, int2_align, double2_align, float3_size, error_size;
};
struct CLayouts CLayoutsOfC(void);
int RunFromC(int n);
cudaError_t LaunchScale(float* values, int n, float factor, dim3 grid, dim3 block, cudaStream_t stream);
#ifdef __cplusplus
}
#endif
#endif
