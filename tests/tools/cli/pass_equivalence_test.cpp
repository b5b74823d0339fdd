// The commands that decide whether a device pass is needed, and the decision on real files.
#include "cli/pass_equivalence.h"

#include <gtest/gtest.h>

#include <fstream>

#include "cli/run_cli.h"

namespace warpsafe::cli {
namespace {

const std::vector<std::string> kDevice = {"g++", "-O1", "-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=800",
                                          "-MD", "-MT", "x.o", "-MF", "x.o.d", "-o", "x.o", "-c", "x.cpp"};

TEST(PassEquivalence, PreprocessCommands) {
  EXPECT_EQ(PreprocessCommand(kDevice, true, true, "a.ii"),
            (std::vector<std::string>{"g++", "-O1", "-D__CUDA_ARCH__=800", "-MD", "-MT", "x.o", "-MF", "x.o.d",
                                      "x.cpp", "-E", "-o", "a.ii"}));
  EXPECT_EQ(PreprocessCommand(kDevice, false, false, "b.ii"),
            (std::vector<std::string>{"g++", "-O1", "x.cpp", "-E", "-o", "b.ii"}));
  EXPECT_EQ(EmptyObjectCommand(kDevice),
            (std::vector<std::string>{"g++", "-O1", "-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=800", "-o",
                                      "x.o", "-c", "-x", "c++", "/dev/null"}));
}

TEST(PassEquivalence, OnlyAFileThatSeesCudaArchNeedsTheDevicePass) {
  const std::string dir = test::ScratchDir("pass_equivalence");
  std::ofstream(dir + "/plain.cpp") << "int f() { return 1; }\n";
  std::ofstream(dir + "/header.h") << "#ifdef __CUDA_ARCH__\nint g() { return 2; }\n#endif\n";
  std::ofstream(dir + "/arch.cpp") << "#include \"header.h\"\nint f() { return 1; }\n";
  auto command = [&](const std::string& file) {
    return std::vector<std::string>{"c++", "-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=700",
                                    "-c", dir + "/" + file, "-o", dir + "/out.o"};
  };
  EXPECT_FALSE(DevicePassNeeded(command("plain.cpp"), false));
  EXPECT_TRUE(DevicePassNeeded(command("arch.cpp"), false));
  EXPECT_TRUE(DevicePassNeeded(command("missing.cpp"), false));  // fails to preprocess: compile it
}

}  // namespace
}  // namespace warpsafe::cli
