// One kernel of the device collectives, instantiated for tests/device/codegen/row_shuffles.sh:
// the scan (SCAN) or the compaction (SELECT), ROWS rows of 16 bytes a thread.
#include <warpsafe/detail/device_probe.cuh>
#include <warpsafe/device.cuh>

namespace wd = warpsafe::detail;
#if defined(SELECT)
template __global__ void wd::DeviceSelectKernel<double, wd::ByFlag<unsigned char>, int, long long, 256, ROWS, true>(
    const double*, wd::ByFlag<unsigned char>, double*, long long*, std::int64_t, wd::TileState<int>, unsigned*);
#else
template __global__ void wd::DeviceScanKernel<int, warpsafe::Sum, 256, ROWS, false, false, true, wd::TileState<int>,
                                              wd::NoProbe>(const int*, int*, std::int64_t, warpsafe::Sum, int,
                                                           wd::TileState<int>, unsigned*, wd::NoProbe);
#endif
