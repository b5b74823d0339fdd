/* The engine's context switch on x86-64 System V (ELF); see fiber/context.h for its contract.

   Boost.Context's jump_fcontext, with the same frame (so contexts made by make_fcontext start
   through it unchanged), with two differences:

   1. It resumes the other context with `ret` (popping the return address saved in its frame),
      where Boost pops it into a register and jumps there. A call to the switch is then matched by
      a ret, so the CPU's return-address predictor stays balanced: when the lanes of a warp are
      suspended at the same call path (the common case: they wait at the same collective), the
      return into the resumed lane and every return after it up its call chain are predicted.
      Boost's `jmp *%r8` leaves one unmatched entry per switch, and the returns that follow each
      resumption mispredict.

   2. It neither saves nor restores the MXCSR and x87 control words. All fibers of a worker
      thread share that thread's floating-point control state, which never differs between them
      at a switch: a switch happens only inside an engine call (a scheduling point), and nothing
      the engine or a CUDA program does leaves a changed control word across one. Skipping them
      saves ldmxcsr/fldcw, two slow, partly serialising instructions, on every switch.

   Frame at the saved context (rsp after the 0x38-byte reservation):
     0x00 (unused: Boost's MXCSR / x87 CW slot)  0x08 r12  0x10 r13  0x18 r14  0x20 r15
     0x28 rbx  0x30 rbp  0x38 return address
   Returns transfer_t {rax: the suspended context, rdx: data}; a fresh context's trampoline gets
   it in rdi/rsi as its first argument. */
#if defined(__x86_64__) && defined(__ELF__)
.text
.globl warpsafe_jump_fcontext
.type warpsafe_jump_fcontext,@function
.align 16
warpsafe_jump_fcontext:
    leaq  -0x38(%rsp), %rsp
    movq  %r12, 0x8(%rsp)
    movq  %r13, 0x10(%rsp)
    movq  %r14, 0x18(%rsp)
    movq  %r15, 0x20(%rsp)
    movq  %rbx, 0x28(%rsp)
    movq  %rbp, 0x30(%rsp)
    movq  %rsp, %rax
    movq  %rdi, %rsp
    movq  0x8(%rsp), %r12
    movq  0x10(%rsp), %r13
    movq  0x18(%rsp), %r14
    movq  0x20(%rsp), %r15
    movq  0x28(%rsp), %rbx
    movq  0x30(%rsp), %rbp
    leaq  0x38(%rsp), %rsp
    movq  %rsi, %rdx
    movq  %rax, %rdi
    ret
.size warpsafe_jump_fcontext,.-warpsafe_jump_fcontext
#endif
.section .note.GNU-stack,"",%progbits
