# lit configuration of the end-to-end programs (tests/programs/README.md).
#
# CMake writes lit.site.cfg.py into the build tree with the paths of this build (the warpsafe
# executable, FileCheck, the instrumented-build flags); tests/programs/CMakeLists.txt passes its
# path as the parameter `site`, and every test's %t files go under that build tree.
import os
import sys

import lit.formats

config.name = "warpsafe-programs"
config.test_format = lit.formats.ShTest(execute_external=False)
# A .cu file is a program with its own RUN lines; a .test file holds only RUN and CHECK lines for a
# program that lives elsewhere (the examples users read, which carry no test lines).
config.suffixes = [".cu", ".test"]
# Headers, extra sources and data files a program includes or reads live in Inputs/ folders.
config.excludes = ["Inputs", "utils", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get("site")
if not site:
    lit_config.fatal("run lit through CTest, or pass --param site=<build>/tests/programs/lit.site.cfg.py")
site = os.path.abspath(site)
lit_config.load_config(config, site)

config.test_exec_root = config.warpsafe_obj_root

# FileCheck, not and count come from LLVM's tools folder, first on the PATH. lit passes no other
# variable of the caller's environment (no WARPSAFE_SCHEDULE, ...): each RUN line sets its own.
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment["PATH"]])
# Built programs are cached per build tree, never in the user's ~/.cache.
config.environment["WARPSAFE_CACHE_DIR"] = config.warpsafe_cache_dir

utils = os.path.join(config.test_source_root, "utils")
python = sys.executable
# Substitutions are applied in this order, before lit's own (%s, %t, ...).
config.substitutions.append(("%warpsafe", config.warpsafe))
config.substitutions.append(("%examples", config.warpsafe_examples))
config.substitutions.append(("%expect-exit", "%s %s" % (python, os.path.join(utils, "expect_exit.py"))))
config.substitutions.append(("%build-instrumented", "%s %s --site %s" % (
    python, os.path.join(utils, "build_instrumented.py"), site)))

if config.check_detects_races:
    config.available_features.add("race-detector")
if config.math_libraries:
    config.available_features.add("math-libraries")  # cuBLAS, cuFFT, cuSPARSE, ... (engine/CMakeLists.txt)
# CCCL's headers where `warpsafe run` finds them without options: an installed toolkit's, or
# Debian's libthrust-dev in the standard directories (tests/cccl runs its programs on each).
_cccl_roots = [os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "include", "cccl"),
               "/usr/local/cuda/include/cccl", "/usr/local/cuda/include", "/usr/include"]
if any(os.path.exists(os.path.join(r, "thrust", "version.h")) for r in _cccl_roots):
    config.available_features.add("cccl")
