// What cannot be built says why, naming the user's paths: an -o in a directory that cannot be
// written (exit 73, not an internal error naming a temporary file), a file with no main.
#include <gtest/gtest.h>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

TEST(Outputs, BuildIntoADirectoryThatCannotBeWritten) {
  // /proc/self refuses new files even to root (a chmod'ed directory would not stop root).
  CliResult r = RunCli("build " + DataFile("hello.cu") + " -o /proc/self/hello");
  EXPECT_EQ(r.status, 73) << r.err;
  EXPECT_EQ(r.err, "warpsafe: cannot write /proc/self/hello: the directory /proc/self is not writable\n");
  const std::string missing = ScratchDir("outputs") + "/no/such/dir/hello";
  r = RunCli("build " + DataFile("hello.cu") + " -o " + missing);
  EXPECT_EQ(r.status, 73) << r.err;
  EXPECT_NE(r.err.find("warpsafe: cannot write " + missing + ": the directory "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  r = RunCli("translate " + DataFile("hello.cu") + " -o /proc/self/hello.cpp");
  EXPECT_EQ(r.status, 73) << r.err;
  EXPECT_NE(r.err.find("warpsafe: cannot write /proc/self/hello.cpp"), std::string::npos) << r.err;
}

TEST(Outputs, AFileWithoutMainSaysSo) {
  for (const char* command : {"run", "check"}) {
    const CliResult r = RunCli(std::string(command) + " " + DataFile("empty.cu"));
    EXPECT_EQ(r.status, 65) << r.err;
    EXPECT_EQ(r.err, "warpsafe: no `main` in " + DataFile("empty.cu") + " (a program needs one to be run)\n");
  }
}

}  // namespace
}  // namespace warpsafe::test
