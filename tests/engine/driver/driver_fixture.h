// The fixture of the driver API tests: a fresh runtime and a driver before cuInit, with no context
// current on the test's thread.
#pragma once

#include <gtest/gtest.h>

#include "cuda.h"
#include "driver/driver_call.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::driver {

class DriverTest : public runtime::RuntimeTest {
 protected:
  void SetUp() override {
    runtime::RuntimeTest::SetUp();
    ResetDriverForTesting();
  }
  void TearDown() override {
    ResetDriverForTesting();
    runtime::RuntimeTest::TearDown();
  }
  // cuInit and a created context, as a driver program begins.
  void Begin() {
    ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxCreate(&context_, nullptr, 0, 0), CUDA_SUCCESS);
  }
  CUcontext context_ = nullptr;
};

}  // namespace warpsafe::engine::driver
