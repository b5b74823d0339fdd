# Options for building a CUDA program for `warpsafe check` (docs/architecture.md; engine/src/race).
#
# WARPSAFE_CHECK_COMPILE_OPTIONS are added, for clang++-14 only, to the options every translated
# program gets (WARPSAFE_PROGRAM_COMPILE_OPTIONS, cmake/Warpsafe.cmake):
#
#   -fsanitize-coverage=func,inline-8bit-counters,trace-loads,trace-stores
#       every load and store of the user's code calls __sanitizer_cov_load{1,2,4,8,16}(addr) /
#       __sanitizer_cov_store{1,2,4,8,16}(addr), defined in engine/src/race/callbacks.cpp and, for
#       C++, inline in each translation unit (engine/include/warpsafe/engine/check_inline.h, which
#       the CLI's check builds include and inline in a second compile: tools/warpsafe/cli/toolchain.h,
#       InlineStages). clang 14 ignores trace-loads/trace-stores unless a coverage kind is also named:
#       inline-8bit-counters is the cheapest (an inline counter increment, no call), and `func`
#       keeps it to one increment per function instead of one per edge of every loop; the engine
#       defines its __sanitizer_cov_8bit_counters_init, which also turns the detector on before main.
#   -fsanitize=address -fno-sanitize-link-runtime and -mllvm -asan-*=0 (reads, writes, atomics,
#   globals, dynamic allocas, by-value arguments), -fsanitize-address-use-after-return=never
#       AddressSanitizer's pass reduced to two jobs. First, it turns every memcpy, memmove and memset
#       intrinsic (calls to them, __builtin_memcpy, aggregate copies and assignments, loops the
#       optimizer recognises as a memset) into a call to __asan_memcpy / __asan_memmove /
#       __asan_memset, which engine/src/race/intrinsics.cpp defines: the copy is checked as byte
#       ranges. Without it these intrinsics are invisible to trace-loads/trace-stores (clang expands
#       small ones inline, calls libc for the rest). No AddressSanitizer runtime is linked; its module
#       constructor calls __asan_init, also defined there. Every other check the pass could emit
#       must stay off: the shadow memory below marks only the stack (by-value struct arguments, for
#       one, would call __asan_report_load_n).
#   -mllvm -asan-stack=1 -fno-sanitize-address-use-after-scope
#       Second, the pass's stack layout: guard zones around each local array, marked in a shadow byte per 8
#       bytes of stack that engine/src/race/local_memory.cpp maps (from __asan_init) and the detector
#       tests on every access to a thread's own stack (an overrun is an invalid __local__ access).
#       Marking a variable's scope is left off: a GPU does not fault on a use after it.
#   -fsanitize=alignment
#       before each load or store through a typed pointer, a test of the address against the type's
#       alignment (as C++ declares it: a packed member or a byte-wise struct copy is not checked
#       against more than its own alignment); a misaligned address calls
#       __ubsan_handle_type_mismatch_v1, defined in engine/src/race/memory_faults.cpp, which reports
#       it for GPU threads (a GPU faults on it). No UndefinedBehaviorSanitizer runtime is linked.
#   -g  reports symbolize the callbacks' return addresses (addr2line) into the user's file:line,
#       which the front end's #line markers make the .cu file's own, and name the declaration of a
#       __device__ or __constant__ variable (nm -l). DWARF 4: binutils' nm finds no declaration
#       lines in clang 14's DWARF 5 (the CLI's check builds use -gdwarf-4 too).
#
# No -fsanitize-coverage-ignorelist: in clang 14 it only matches whole functions (fun:) or the
# translation unit (src:), after inlining, so it cannot keep inlined engine-header code out, and a
# fun: pattern for warpsafe::engine would also drop the user's kernel wherever it is inlined into
# the engine's launch trampoline. The detector copes with header code instead: reads of the
# engine's own objects (threadIdx, tls_lane) are not shared or global memory and are ignored, and
# the one atomic the headers perform as a plain-looking load (__atomic_load in AtomicUpdate) is
# recognised as the atomic the lane has just announced through AtomicPoint.
#
# -Wno-c++11-narrowing: clang rejects a narrowing conversion in braces (`uchar4 v = {r, g, b, a}`
# from ints, common in CUDA code) as an error even under -w, where g++ (warpsafe run) and nvcc only
# warn, so a program that `warpsafe run` builds builds under `warpsafe check` too.
#
# The engine library itself is never built with these options.
set(WARPSAFE_CHECK_COMPILE_OPTIONS
    -Wno-c++11-narrowing
    -fsanitize-coverage=func,inline-8bit-counters,trace-loads,trace-stores
    -fsanitize=address -fno-sanitize-link-runtime -fsanitize-address-use-after-return=never
    -mllvm -asan-instrument-reads=0 -mllvm -asan-instrument-writes=0 -mllvm -asan-instrument-atomics=0
    -mllvm -asan-stack=1 -fno-sanitize-address-use-after-scope
    -mllvm -asan-globals=0 -mllvm -asan-instrument-dynamic-allocas=0 -mllvm -asan-instrument-byval=0
    -fsanitize=alignment -g -gdwarf-4
    CACHE INTERNAL "")
# The callbacks live in warpsafe_engine, and the first instrumented object pulls them in. The C
# allocator is wrapped so that blocks device code allocates (CUDA's device-side malloc, served from
# the host's heap) are known and not taken for host memory (engine/src/race/device_heap.cpp).
set(WARPSAFE_CHECK_LINK_OPTIONS -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc -Wl,--wrap=free
    CACHE INTERNAL "")
