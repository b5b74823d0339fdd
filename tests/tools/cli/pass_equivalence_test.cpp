// The commands that decide whether a device pass is needed, and the decision on real files.
#include "cli/pass_equivalence.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

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

TEST(PassEquivalence, HostPassMarkerBecomesTheDevicePasses) {
  const std::vector<std::string> host = {"ccache", "clang++", "-D__WARPSAFE_HOST_PASS__=1", "-O1", "-c", "x.cpp"};
  EXPECT_EQ(DeviceCommandOf(host, 80),
            (std::vector<std::string>{"ccache", "clang++", "-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=800",
                                      "-O1", "-c", "x.cpp"}));
  EXPECT_TRUE(DeviceCommandOf({"clang++", "-c", "x.cpp"}, 80).empty());  // no host pass: nothing to decide
}

// The host pass is compiled as the program's only compile exactly when its file needs no device
// pass (the compile here is a preprocessing, whose output shows the macro).
TEST(PassEquivalence, TheHostPassAloneDefinesOnePass) {
  const std::string dir = test::ScratchDir("host_pass");
  std::ofstream(dir + "/which.h") << "#ifdef __WARPSAFE_ONE_PASS__\nint one_compile;\n#else\nint two_passes;\n#endif\n";
  std::ofstream(dir + "/plain.cpp") << "#include \"which.h\"\n";
  std::ofstream(dir + "/arch.cpp") << "#include \"which.h\"\n#ifdef __CUDA_ARCH__\nint g();\n#endif\n";
  auto compiled = [&](const std::string& file) {
    const std::string out = dir + "/" + file + ".ii";
    const int rc = HostPassLauncher({"c++", "-D__WARPSAFE_HOST_PASS__=1", "-E", dir + "/" + file, "-o", out}, 80, false);
    std::ifstream in(out);
    return std::to_string(rc) + " " + std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string plain = compiled("plain.cpp");
  EXPECT_EQ(plain.rfind("0 ", 0), 0u) << plain;
  EXPECT_NE(plain.find("int one_compile;"), std::string::npos) << plain;
  const std::string arch = compiled("arch.cpp");
  EXPECT_EQ(arch.rfind("0 ", 0), 0u) << arch;
  EXPECT_NE(arch.find("int two_passes;"), std::string::npos) << arch;
}

}  // namespace
}  // namespace warpsafe::cli
