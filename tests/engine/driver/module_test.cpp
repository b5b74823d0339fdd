// Modules, launches, memory and copies through the driver API (engine/src/driver/module.cpp,
// launch.cpp, memory.cpp, copies.cpp), with kernels registered as the front end registers them.
#include <cstdint>
#include <cstring>
#include <vector>

#include "driver_fixture.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/runtime_templates.h"

extern "C" __global__ void driver_test_fill(int* out, int value) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = value + static_cast<int>(threadIdx.x);
}
__global__ void DriverTestCpp(int* out) { out[0] = 7; }
int driver_test_table[4] = {1, 2, 3, 4};

[[maybe_unused]] static const void* const kFillRegistration =
    ::warpsafe::engine::runtime::RegisterKernel(&driver_test_fill, "driver_test_fill");
[[maybe_unused]] static const void* const kCppRegistration =
    ::warpsafe::engine::runtime::RegisterKernel(&DriverTestCpp, "DriverTestCpp");

namespace warpsafe::engine::driver {
namespace {

using ModuleTest = DriverTest;

TEST_F(ModuleTest, LoadFindLaunch) {
  Begin();
  CUmodule module = nullptr;
  // The file is not read: kernels come from the program itself.
  ASSERT_EQ(cuModuleLoad(&module, "/nonexistent/kernels.fatbin"), CUDA_SUCCESS);
  CUfunction fill = nullptr;
  ASSERT_EQ(cuModuleGetFunction(&fill, module, "driver_test_fill"), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<const void*>(fill), reinterpret_cast<const void*>(&driver_test_fill));
  const char* name = nullptr;
  ASSERT_EQ(cuFuncGetName(&name, fill), CUDA_SUCCESS);
  EXPECT_STREQ(name, "driver_test_fill");

  CUdeviceptr out = 0;
  ASSERT_EQ(cuMemAlloc(&out, 64 * sizeof(int)), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(out, 0xdeadbeef, 64), CUDA_SUCCESS);
  int value = 100;
  void* args[] = {&out, &value};
  ASSERT_EQ(cuLaunchKernel(fill, 2, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  std::vector<int> host(64, -1);
  ASSERT_EQ(cuMemcpyDtoH(host.data(), out, 64 * sizeof(int)), CUDA_SUCCESS);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(host[i], 100 + i % 32) << i;

  // The same arguments packed in one buffer, each at its aligned offset: a pointer at 0, an int at 8.
  struct {
    CUdeviceptr p;
    int v;
  } packed{out, 7};
  size_t size = 12;
  void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
  ASSERT_EQ(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoH(host.data(), out, 32 * sizeof(int)), CUDA_SUCCESS);
  EXPECT_EQ(host[0], 7);
  EXPECT_EQ(host[31], 38);
  // A size that is not the parameters' extent (an H200 refused 16 bytes for this kernel).
  size = 16;
  EXPECT_EQ(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra), CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  size = 8;
  EXPECT_EQ(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra), CUDA_ERROR_INVALID_VALUE);
  // A block larger than the device allows is an invalid value for the driver.
  EXPECT_EQ(cuLaunchKernel(fill, 1, 1, 1, 2048, 1, 1, 0, nullptr, args, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cuMemFree(out), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleGetFunction(&fill, module, "driver_test_fill"), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(ModuleTest, NamesAreSymbols) {
  Begin();
  CUmodule module = nullptr;
  ASSERT_EQ(cuModuleLoadData(&module, "any image"), CUDA_SUCCESS);
  CUfunction f = nullptr;
  EXPECT_EQ(cuModuleGetFunction(&f, module, "nope"), CUDA_ERROR_NOT_FOUND);
  // A kernel of C++ linkage is found by its mangled name only, as on a GPU.
  EXPECT_EQ(cuModuleGetFunction(&f, module, "DriverTestCpp"), CUDA_ERROR_NOT_FOUND);
  ASSERT_EQ(cuModuleGetFunction(&f, module, "_Z13DriverTestCppPi"), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<const void*>(f), reinterpret_cast<const void*>(&DriverTestCpp));
  // A function that is not a kernel is not found.
  EXPECT_EQ(cuModuleGetFunction(&f, module, "main"), CUDA_ERROR_NOT_FOUND);

  CUdeviceptr table = 0;
  size_t bytes = 0;
  ASSERT_EQ(cuModuleGetGlobal(&table, &bytes, module, "driver_test_table"), CUDA_SUCCESS);
  EXPECT_EQ(table, DevicePointer(driver_test_table));
  EXPECT_EQ(bytes, sizeof driver_test_table);
  EXPECT_EQ(cuModuleGetGlobal(&table, nullptr, module, "driver_test_table"), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleGetGlobal(&table, &bytes, module, "no_such_variable"), CUDA_ERROR_NOT_FOUND);
  const int values[4] = {9, 8, 7, 6};
  ASSERT_EQ(cuMemcpyHtoD(table, values, sizeof values), CUDA_SUCCESS);
  EXPECT_EQ(driver_test_table[3], 6);
}

TEST_F(ModuleTest, CopiesAndFills) {
  Begin();
  CUdeviceptr a = 0, b = 0;
  ASSERT_EQ(cuMemAlloc(&a, 256), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&b, 256), CUDA_SUCCESS);
  CUdeviceptr zero = 1;
  EXPECT_EQ(cuMemAlloc(&zero, 0), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuMemsetD16(a, 0xabcd, 128), CUDA_SUCCESS);
  unsigned short shorts[128];
  ASSERT_EQ(cuMemcpyDtoH(shorts, a, sizeof shorts), CUDA_SUCCESS);
  for (unsigned short s : shorts) EXPECT_EQ(s, 0xabcd);
  // A fill past the allocation writes nothing and fails.
  ASSERT_EQ(cuMemsetD32(b, 5, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD32(b + 128, 9, 64), CUDA_ERROR_INVALID_VALUE);
  unsigned words[64];
  ASSERT_EQ(cuMemcpyDtoH(words, b, sizeof words), CUDA_SUCCESS);
  for (unsigned w : words) EXPECT_EQ(w, 5u);
  ASSERT_EQ(cuMemcpyDtoD(b, a, 128), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoH(words, b, sizeof words), CUDA_SUCCESS);
  EXPECT_EQ(words[0], 0xabcdabcdu);
  EXPECT_EQ(words[32], 5u);

  // A 2D copy of a 4x3 window from the host into the device rows of pitch 16.
  unsigned char host[6 * 8];
  for (int i = 0; i < 48; ++i) host[i] = static_cast<unsigned char>(i);
  ASSERT_EQ(cuMemsetD8(a, 0, 256), CUDA_SUCCESS);
  CUDA_MEMCPY2D c{};
  c.srcMemoryType = CU_MEMORYTYPE_HOST;
  c.srcHost = host;
  c.srcPitch = 8;
  c.srcXInBytes = 2;
  c.srcY = 1;
  c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c.dstDevice = a;
  c.dstPitch = 16;
  c.WidthInBytes = 4;
  c.Height = 3;
  ASSERT_EQ(cuMemcpy2D(&c), CUDA_SUCCESS);
  unsigned char back[48];
  ASSERT_EQ(cuMemcpyDtoH(back, a, sizeof back), CUDA_SUCCESS);
  EXPECT_EQ(back[0], 10);
  EXPECT_EQ(back[3], 13);
  EXPECT_EQ(back[4], 0);
  EXPECT_EQ(back[16], 18);
  EXPECT_EQ(back[35], 29);

  CUdeviceptr base = 0;
  size_t size = 0;
  ASSERT_EQ(cuMemGetAddressRange(&base, &size, a + 100), CUDA_SUCCESS);
  EXPECT_EQ(base, a);
  EXPECT_EQ(size, 256u);
  unsigned type = 0;
  ASSERT_EQ(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, a), CUDA_SUCCESS);
  EXPECT_EQ(type, static_cast<unsigned>(CU_MEMORYTYPE_DEVICE));

  EXPECT_EQ(cuMemFree(a), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(a), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(0), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(b), CUDA_SUCCESS);
}

TEST_F(ModuleTest, StreamsEventsAndAsyncCopies) {
  Begin();
  CUstream stream = nullptr;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUevent start = nullptr, stop = nullptr;
  ASSERT_EQ(cuEventCreate(&start, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&stop, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  CUdeviceptr d = 0;
  ASSERT_EQ(cuMemAlloc(&d, 32 * sizeof(int)), CUDA_SUCCESS);
  int host[32];
  for (int i = 0; i < 32; ++i) host[i] = i;
  ASSERT_EQ(cuEventRecord(start, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoDAsync(d, host, sizeof host, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(d, 3, 4, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(stop, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuEventQuery(stop), CUDA_SUCCESS);
  float ms = -1;
  EXPECT_EQ(cuEventElapsedTime(&ms, start, stop), CUDA_SUCCESS);
  EXPECT_GE(ms, 0.0f);
  int back[32];
  ASSERT_EQ(cuMemcpyDtoHAsync(back, d, sizeof back, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(back[3], 3);
  EXPECT_EQ(back[4], 4);
  EXPECT_EQ(cuEventDestroy(start), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(stop), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(d), CUDA_SUCCESS);
}

TEST_F(ModuleTest, UnsupportedCallsSaySo) {
  Begin();
  CUlinkState link = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(cuLinkCreate(0, nullptr, nullptr, &link), CUDA_ERROR_NOT_SUPPORTED);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("warpsafe: cuLinkCreate (linking device code at run time) at "), std::string::npos) << err;
  EXPECT_NE(err.find("module_test.cpp:"), std::string::npos) << err;
  void* fn = reinterpret_cast<void*>(1);
  testing::internal::CaptureStderr();
  for (int i = 0; i < 2; ++i) {  // said once per call site
    EXPECT_EQ(cuGetProcAddress("cuInit", &fn, 13000, 0, nullptr), CUDA_ERROR_NOT_SUPPORTED);
  }
  const std::string twice = testing::internal::GetCapturedStderr();
  EXPECT_EQ(fn, nullptr);
  EXPECT_NE(twice.find("warpsafe: cuGetProcAddress (looking up driver functions by name) at "), std::string::npos);
  EXPECT_EQ(twice.find("cuGetProcAddress", twice.find("cuGetProcAddress") + 1), std::string::npos) << twice;
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace warpsafe::engine::driver {
namespace {

TEST_F(ModuleTest, ArraysAndTextureObjects) {
  Begin();
  CUDA_ARRAY_DESCRIPTOR desc{};
  desc.Format = CU_AD_FORMAT_FLOAT;
  desc.NumChannels = 3;  // the runtime's arrays hold 1, 2 or 4 channels
  desc.Width = 4;
  desc.Height = 2;
  CUarray array = nullptr;
  EXPECT_EQ(cuArrayCreate(&array, &desc), CUDA_ERROR_INVALID_VALUE);
  desc.NumChannels = 1;
  ASSERT_EQ(cuArrayCreate(&array, &desc), CUDA_SUCCESS);
  CUDA_ARRAY_DESCRIPTOR back{};
  ASSERT_EQ(cuArrayGetDescriptor(&back, array), CUDA_SUCCESS);
  EXPECT_EQ(back.Format, CU_AD_FORMAT_FLOAT);
  EXPECT_EQ(back.NumChannels, 1u);
  EXPECT_EQ(back.Width, 4u);
  EXPECT_EQ(back.Height, 2u);

  const float texels[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  CUDA_MEMCPY2D in{};
  in.srcMemoryType = CU_MEMORYTYPE_HOST;
  in.srcHost = texels;
  in.srcPitch = 4 * sizeof(float);
  in.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  in.dstArray = array;
  in.WidthInBytes = 4 * sizeof(float);
  in.Height = 2;
  ASSERT_EQ(cuMemcpy2D(&in), CUDA_SUCCESS);
  // The second row's last two texels, out of the array.
  float out[2] = {-1, -1};
  CUDA_MEMCPY2D read{};
  read.srcMemoryType = CU_MEMORYTYPE_ARRAY;
  read.srcArray = array;
  read.srcXInBytes = 2 * sizeof(float);
  read.srcY = 1;
  read.dstMemoryType = CU_MEMORYTYPE_HOST;
  read.dstHost = out;
  read.dstPitch = sizeof out;
  read.WidthInBytes = sizeof out;
  read.Height = 1;
  ASSERT_EQ(cuMemcpy2D(&read), CUDA_SUCCESS);
  EXPECT_EQ(out[0], 6.0f);
  EXPECT_EQ(out[1], 7.0f);

  CUDA_RESOURCE_DESC res{};
  res.resType = CU_RESOURCE_TYPE_ARRAY;
  res.res.array.hArray = array;
  CUDA_TEXTURE_DESC tex{};
  tex.addressMode[0] = tex.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  tex.filterMode = CU_TR_FILTER_MODE_LINEAR;
  tex.flags = CU_TRSF_NORMALIZED_COORDINATES;
  CUtexObject object = 0;
  ASSERT_EQ(cuTexObjectCreate(&object, &res, &tex, nullptr), CUDA_SUCCESS);
  cudaTextureDesc seen{};
  ASSERT_EQ(cudaGetTextureObjectTextureDesc(&seen, object), cudaSuccess);
  EXPECT_EQ(seen.filterMode, cudaFilterModeLinear);
  EXPECT_EQ(seen.readMode, cudaReadModeElementType);
  EXPECT_EQ(seen.normalizedCoords, 1);
  EXPECT_EQ(seen.addressMode[1], cudaAddressModeClamp);
  EXPECT_EQ(cuTexObjectDestroy(object), CUDA_SUCCESS);
  EXPECT_EQ(cuArrayDestroy(array), CUDA_SUCCESS);
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace warpsafe::engine::driver {
namespace {

TEST_F(ModuleTest, JitOptionsGetEmptyLogs) {
  Begin();
  char info[64];
  char error[64];
  std::memset(info, 'x', sizeof info);
  std::memset(error, 'x', sizeof error);
  CUjit_option options[] = {CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* values[] = {reinterpret_cast<void*>(std::uintptr_t{sizeof info}), info, error,
                    reinterpret_cast<void*>(std::uintptr_t{sizeof error})};
  CUmodule module = nullptr;
  EXPECT_EQ(cuModuleLoadDataEx(&module, "image", 4, nullptr, values), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuModuleLoadDataEx(&module, "image", 4, options, values), CUDA_SUCCESS);
  EXPECT_EQ(info[0], '\0');
  EXPECT_EQ(error[0], '\0');
  EXPECT_EQ(values[0], nullptr);  // nothing was written
  EXPECT_EQ(values[3], nullptr);
  CUfunction f = nullptr;
  EXPECT_EQ(cuModuleGetFunction(&f, module, "driver_test_fill"), CUDA_SUCCESS);
}

}  // namespace
}  // namespace warpsafe::engine::driver
