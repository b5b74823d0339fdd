// The fixture of the runtime tests: a fresh runtime (no allocations, streams, events, kernel
// attributes, last or sticky error) and the options of the test restored afterwards.
#pragma once

#include <gtest/gtest.h>

#include "options.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::runtime {

class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = GetOptions();
    ResetRuntimeForTesting();
  }
  void TearDown() override {
    ResetRuntimeForTesting();
    SetOptions(saved_);
  }
  static void SetArch(int arch) {
    Options o = GetOptions();
    o.arch = arch;
    SetOptions(o);
  }

 private:
  Options saved_;
};

// Every architecture the engine emulates.
inline constexpr int kArches[] = {70, 75, 80, 86, 89, 90};

}  // namespace warpsafe::engine::runtime
