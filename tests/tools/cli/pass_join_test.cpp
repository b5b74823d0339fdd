// Which device-pass symbols are kept, which renamed; and the ELF reader on a real object.
#include "cli/pass_join.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "cli/run_cli.h"

namespace warpsafe::cli {
namespace {

ElfSymbol Sym(const std::string& name, unsigned char type, unsigned char binding, unsigned char visibility,
              bool defined = true, bool signature = false) {
  ElfSymbol s;
  s.name = name;
  s.type = type;
  s.binding = binding;
  s.visibility = visibility;
  s.defined = defined;
  s.group_signature = signature;
  return s;
}

constexpr unsigned char kObject = 1, kFunc = 2, kNoType = 0;
constexpr unsigned char kLocal = 0, kGlobal = 1, kWeak = 2;
constexpr unsigned char kDefault = 0, kHidden = 2, kProtected = 3;

TEST(PassJoin, KernelsAndDeviceVariablesAreKeptTheRestRenamed) {
  const std::vector<ElfSymbol> a = {
      Sym("_Z6Kernelv", kFunc, kGlobal, kProtected),        // __global__
      Sym("_Z5ProbeIiEvPT_", kFunc, kWeak, kProtected),     // a template kernel's instantiation
      Sym("counter", kObject, kGlobal, kHidden),            // __device__ int counter
      Sym("_Z4Sidev", kFunc, kGlobal, kHidden),             // __host__ __device__ function
      Sym("main", kFunc, kGlobal, kDefault),                // host code compiled in the device pass
      Sym("_ZN1RC1Em", kFunc, kWeak, kHidden),              // a constructor...
      Sym("_ZN1RC5Em", kNoType, kLocal, kDefault, true, true),  // ...and its COMDAT group's name
      Sym("printf", kNoType, kGlobal, kDefault, false),     // undefined: the C library's
      Sym("_ZL6helperv", kFunc, kLocal, kDefault),          // internal linkage: left alone
  };
  const std::vector<ElfSymbol> b = {
      Sym("_Z5ProbeIiEvPT_", kFunc, kWeak, kProtected),
      Sym("_Z5Scalei", kFunc, kGlobal, kHidden),
      Sym("counter", kObject, kGlobal, kDefault, false),  // extern __device__ int counter
  };
  const PassJoinPlan plan = PlanPassJoin({a, b});
  EXPECT_EQ(plan.kept, (std::vector<std::string>{"_Z5ProbeIiEvPT_", "_Z6Kernelv", "counter"}));
  EXPECT_EQ(plan.renamed, (std::vector<std::string>{"_Z4Sidev", "_Z5Scalei", "_ZN1RC1Em", "_ZN1RC5Em", "main"}));
  EXPECT_EQ(DeviceSymbolName("main"), "main.device");
}

TEST(PassJoin, ReadsTheSymbolsOfACompiledObject) {
  const std::string dir = test::ScratchDir("pass_join");
  const std::string src = dir + "/probe.cpp", obj = dir + "/probe.o";
  {
    std::ofstream out(src);
    out << "__attribute__((visibility(\"protected\"))) void Kernel() {}\n"
           "__attribute__((visibility(\"hidden\"))) int value = 1;\n"
           "extern int elsewhere; int Use() { return elsewhere; }\n";
  }
  ASSERT_EQ(std::system(("c++ -c -o " + obj + " " + src).c_str()), 0);
  std::string error;
  const auto symbols = ReadElfSymbols(obj, &error);
  ASSERT_TRUE(symbols) << error;
  auto find = [&](const std::string& name) -> const ElfSymbol* {
    for (const ElfSymbol& s : *symbols) {
      if (s.name == name) return &s;
    }
    return nullptr;
  };
  ASSERT_NE(find("_Z6Kernelv"), nullptr);
  EXPECT_EQ(find("_Z6Kernelv")->visibility, kProtected);
  EXPECT_EQ(find("_Z6Kernelv")->type, kFunc);
  ASSERT_NE(find("value"), nullptr);
  EXPECT_EQ(find("value")->visibility, kHidden);
  EXPECT_EQ(find("value")->type, kObject);
  ASSERT_NE(find("elsewhere"), nullptr);
  EXPECT_FALSE(find("elsewhere")->defined);
  EXPECT_FALSE(ReadElfSymbols(src, &error));
  EXPECT_NE(error.find("not an ELF64"), std::string::npos) << error;
}

// A device object whose kernels have internal linkage (one instantiated with a lambda's closure,
// marked by its patchable entry as keywords.h marks kernels) must find the host object compiled
// from the same source: without it the host code would run its own copies, so the join fails.
TEST(PassJoin, InternalKernelsWithoutTheirHostObjectAreAnError) {
  const std::string dir = test::ScratchDir("pass_join_internal");
  const std::string program =
      "template <class F> __attribute__((used, patchable_function_entry(1, 0))) void Kernel(F f) { f(); }\n"
      "void Launch() { Kernel([] {}); }\n";
  for (const char* name : {"device", "host", "other"}) {
    std::ofstream(dir + "/" + name + ".cpp") << program;
    ASSERT_EQ(std::system(("c++ -ffunction-sections -c -o " + dir + "/" + name + ".o " + dir + "/" + name + ".cpp")
                              .c_str()),
              0);
  }
  const std::string problem = JoinPasses({dir + "/device.o"}, {dir + "/other.o"}, false);
  EXPECT_NE(problem.find("no host object compiled from device.cpp"), std::string::npos) << problem;
  // From the same source file name, the pair joins.
  ASSERT_EQ(std::system(("cd " + dir + " && c++ -ffunction-sections -c -o host.o device.cpp").c_str()), 0);
  ASSERT_EQ(std::system(("cd " + dir + " && c++ -ffunction-sections -c -o device.o device.cpp").c_str()), 0);
  EXPECT_EQ(JoinPasses({dir + "/device.o"}, {dir + "/host.o"}, false), "");
}

}  // namespace
}  // namespace warpsafe::cli
