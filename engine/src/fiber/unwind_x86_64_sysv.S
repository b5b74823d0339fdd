// The frame through which a suspended fiber is unwound on x86-64 System V (fiber/unwind.cpp,
// switch_x86_64_sysv.h). Assembly because its call-frame information is what matters, and only
// hand-written directives can say it:
//
//   void warpsafe_fiber_call_below_resume_point(void* sp, void* pc, void* bp,
//                                               void (*fn)(void*), void* arg);
//
// calls fn(arg) on the caller's own stack. While fn runs, this frame tells an unwinder that its
// caller is the suspended fiber: the caller's stack pointer (this frame's CFA) is `sp`, its
// program counter (the return address column) is `pc`, and its frame pointer is `bp`, exactly
// the three values the engine's switch keeps for a suspended fiber. The fiber's other
// callee-saved registers need not be known: the switch declares them clobbered, so the function
// that switched saved its caller's in its own frame, where its call-frame information finds them.
// The frame is marked a signal frame (`S`): the unwinder then looks `pc` up as it is, not one byte
// back as for a return address, because `pc` may be the first instruction of a fiber's entry
// function (a fiber made and never resumed).
//
// Nothing returns through the fiber's frames: when fn returns, this function restores its own
// registers and returns to its real caller.
#if defined(__x86_64__) && defined(__ELF__)

        .text
        .p2align 4
        .globl  warpsafe_fiber_call_below_resume_point
        .hidden warpsafe_fiber_call_below_resume_point
        .type   warpsafe_fiber_call_below_resume_point, @function
warpsafe_fiber_call_below_resume_point:
        .cfi_startproc
        .cfi_signal_frame
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        pushq   %r12
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r12, 0
        pushq   %r13
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r13, 0
        pushq   %rbx
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbx, 0
        movq    %rsp, %rbx             // this frame, to return through
        .cfi_def_cfa_register %rbx
        movq    %rdi, %r12             // the fiber's stack pointer
        movq    %rsi, %r13             // its resume point
        movq    %rdx, %rbp             // its frame pointer
        .cfi_remember_state
        // From here to the return from fn, the caller is the fiber: CFA = r12, return address in
        // r13, rbp unchanged; rbx, r12 and r13 of the fiber are not known (see above).
        .cfi_def_cfa %r12, 0
        .cfi_register 16, %r13
        .cfi_same_value %rbp
        .cfi_undefined %rbx
        .cfi_undefined %r12
        .cfi_undefined %r13
        andq    $-16, %rsp
        movq    %r8, %rdi
        call    *%rcx
        .cfi_restore_state
        movq    %rbx, %rsp
        .cfi_def_cfa %rsp, 40          // explicit offsets: assemblers differ in what they track
        popq    %rbx                   // across remember/restore_state
        .cfi_def_cfa_offset 32
        .cfi_restore %rbx
        popq    %r13
        .cfi_def_cfa_offset 24
        .cfi_restore %r13
        popq    %r12
        .cfi_def_cfa_offset 16
        .cfi_restore %r12
        popq    %rbp
        .cfi_def_cfa_offset 8
        .cfi_restore %rbp
        ret
        .cfi_endproc
        .size   warpsafe_fiber_call_below_resume_point, .-warpsafe_fiber_call_below_resume_point

#endif

        .section .note.GNU-stack, "", @progbits
