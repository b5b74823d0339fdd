#!/usr/bin/env python3
"""build_instrumented.py --site SITE FILE.cu -o EXE [-D NAME[=VALUE]]...

Builds FILE.cu the way `warpsafe check` builds a program (tools/warpsafe/README.md): the front
end (`warpsafe translate`), then clang++ 14 with the race detector's instrumentation
(WARPSAFE_CHECK_COMPILE_OPTIONS), linked with the engine. The executable then runs under the
schedule its environment names (WARPSAFE_SCHEDULE, WARPSAFE_SEED, WARPSAFE_WORKERS), so a test
can check the detector's report for one chosen schedule, which `warpsafe check`'s exploration
does not let it pick. -D defines a macro for the compilation, as `warpsafe run -D` does, so that
one program can hold a racy variant and its race-free twin. SITE is the build tree's
lit.site.cfg.py, which holds the flags.
"""
import argparse
import subprocess
import sys


class _Site:
    pass


def load_site(path):
    site = _Site()
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), {"config": site})
    return site


def split(joined):
    return [item for item in joined.split("|") if item]


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stderr.write("build_instrumented: %s failed (exit %d):\n%s" % (command[0], result.returncode, result.stdout))
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("-o", dest="output", required=True)
    parser.add_argument("-D", dest="defines", action="append", default=[])
    parser.add_argument("source")
    args = parser.parse_args()
    site = load_site(args.site)
    if not site.instrumented_cxx:
        sys.stderr.write("build_instrumented: no clang++-14: mark the test `REQUIRES: race-detector`\n")
        return 1
    cpp = args.output + ".cpp"
    run([site.warpsafe, "translate", args.source, "-o", cpp, "--arch", "sm_90"])
    includes = []
    for folder in split(site.instrumented_include_dirs):
        includes += ["-isystem", folder]
    defines = ["-D" + d for d in args.defines]
    compile = ([site.instrumented_cxx, "-std=gnu++17", "-O1", "-g", "-w", "-fsanitize=shift-exponent",
                "-fsanitize=float-cast-overflow", "-fsanitize=return"] +
               split(site.instrumented_compile_options) + defines + includes + ["-pthread", "-c"])
    # As the CLI's check build compiles (tools/warpsafe/cli/toolchain.h, InlineStages): the
    # instrumented code as bitcode with the inline access callbacks, then that bitcode optimised
    # again, which inlines them.
    bitcode, obj = args.output + ".bc", args.output + ".o"
    run(compile[:1] + ["-include", "warpsafe/engine/check_inline.h"] + compile[1:] + ["-emit-llvm", "-o", bitcode, cpp])
    second = subprocess.run([site.instrumented_cxx, "-O1", "-w", "-c", "-o", obj, "-x", "ir", bitcode],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # As the CLI: after a compiler fault, or debug information the compiler dropped as invalid
    # (toolchain.h, DroppedDebugInformation), the file is compiled in one step, which calls the
    # engine's callbacks.
    if second.returncode != 0 or "ignoring invalid debug info" in second.stderr:
        run(compile + ["-o", obj, cpp])
    run([site.instrumented_cxx, "-pthread", "-o", args.output, obj] + split(site.instrumented_libraries) + ["-ldl"] +
        split(site.instrumented_link_options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
