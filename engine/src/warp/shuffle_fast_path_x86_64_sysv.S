// Shfl (warpsafe/engine/api.h) on x86-64 System V: the arrival of a lane that waits at a shuffle,
// written out by hand, with the engine's C++ (shuffle.cpp's warpsafe_shfl_general) for every
// other case. Assembled where fiber/context.h picks the engine's own switch: a build with
// -DWARPSAFE_FIBER_BOOST must give the macro to the assembler too (add_compile_definitions does),
// or Shfl is defined twice and the link fails.
//
//   std::uint64_t Shfl(std::uint64_t key, std::uint64_t value, std::uint64_t op, Site site);
//
// Why assembly. This is the engine's hottest path: every lane that waits at a full-warp shuffle
// runs it once. Compiled from the C++ (the inline ArriveCollective, Block::Suspend and
// Block::SwitchToLane), the waiting lane took about 105 instructions from the call to the resumed
// lane's return, a dozen of them register moves around the switch's fixed registers and the cold
// paths' calls; here about 90, and about 15 more for the guess of the next lane's pick (below),
// which shortens the chain the switch waits for by more than they cost. It also opens a warp's
// group itself (the first arrival of each shuffle): every lane of a full-warp shuffle then waits
// at the one resume point below, and the switch's indirect jump always goes to the address it
// went to last. With the first arrival waiting in the C++ instead, that jump missed about twice
// per shuffle, which cost more than the instructions saved (BENCHMARKS.md, Engine).
//
// What it does is exactly what the C++ does on that path, in the same order of effects on the
// engine's state: the lane's site and value (not its op, which equals the uniform group's); the
// group's `arrived` and the warp's `blocked`;
// the countdown, the generator's draw and the run queue's fused removal and pick
// (RunQueue::RemoveAndPick), and the prefetch of Block::PrefetchLikelyPick; the next lane's likely
// pick (Block::likely_pick_, which only this path writes and reads); tls_lane, threadIdx,
// the lane's wait kind; then the switch of fiber/switch_x86_64_sysv.h (the Context's stack
// pointer and resume point; the frame pointer is on the stack). The run queue's record of the last
// drawn position (RunQueue::picked_) is written too, which the C++ writes in RemoveAndPick. It
// takes the path only when the C++ would take its inline fast path: a lane is running
// (tls_lane), the mask names it, the warp's only open group is this key's (Warp::fast_key) with
// the same op or no group is open, the lane is not the last to arrive, the block may suspend fast
// (Block::fast_suspend_), the countdown does not reach zero, another lane is runnable, and the lane
// picked has run before. The last lane to arrive calls warpsafe_shfl_complete, which completes the
// group as ArriveCollective does for the last lane. Otherwise it jumps to warpsafe_shfl_general with
// the caller's arguments, having written only what the C++ writes again with the same values (site,
// value, `arrived`, `blocked`, a group it opened).
//
// The frame: the six callee-saved registers are pushed on entry (the switch lets the next lane use
// all of them) and popped when the lane returns, and the call-frame information says so, so that
// the unwinder walks a waiting lane's stack from its resume point (fiber/unwind.h) as it does
// from a C++ switch. Offsets come from shuffle_fast_path_layout.h, checked in shuffle.cpp.
#include "warp/shuffle_fast_path_layout.h"

#if defined(__x86_64__) && defined(__ELF__) && !defined(WARPSAFE_FIBER_BOOST)
// The six callee-saved registers the entry pushed, popped with their call-frame information (the
// lane's return, and the way out to the C++).
.macro POP_SAVED
        popq    %r15
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r15
        popq    %r14
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r14
        popq    %r13
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r13
        popq    %r12
        .cfi_adjust_cfa_offset -8
        .cfi_restore %r12
        popq    %rbx
        .cfi_adjust_cfa_offset -8
        .cfi_restore %rbx
        popq    %rbp
        .cfi_adjust_cfa_offset -8
        .cfi_restore %rbp
.endm

        .text
        .p2align 5
        .globl  _ZN8warpsafe6engine4ShflEmmmNS0_4SiteE
        .type   _ZN8warpsafe6engine4ShflEmmmNS0_4SiteE, @function
// Registers: rdi key (its low half the mask), rsi value, rdx op, rcx and r8 the site (file; line
// and column). Then rbx the lane's view, r10 its warp, r9 its lane, r12 the block, r14 the new
// countdown, r15 the run queue's size after the removal; r10 then the generator's state, and rbp
// the next lane (the caller's rbp is on the stack with the other callee-saved registers).
_ZN8warpsafe6engine4ShflEmmmNS0_4SiteE:
        .cfi_startproc
        // Before the frame: whether this path can apply at all (lockstep, an open __activemask
        // point, Pascal mode, the timeline: never).
        movq    %fs:_ZN8warpsafe6engine8tls_laneE@tpoff, %rax
        testq   %rax, %rax
        jz      warpsafe_shfl_general            // host code: the C++ reports it
        movq    %fs:_ZN8warpsafe6engine9tls_blockE@tpoff, %r11
        cmpb    $0, WARPSAFE_BLOCK_FAST_SUSPEND(%r11)
        je      warpsafe_shfl_general
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        pushq   %rbx
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbx, 0
        pushq   %r12
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r12, 0
        pushq   %r13
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r13, 0
        pushq   %r14
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r14, 0
        pushq   %r15
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %r15, 0
        movq    %rax, %rbx
        movq    %r11, %r12
        movzwl  WARPSAFE_VIEW_LANE(%rbx), %r9d
        movq    WARPSAFE_VIEW_WARP_STATE(%rbx), %r10
        btl     %r9d, %edi
        jnc     .Lgeneral                        // the mask does not name the caller
        // What the C++ writes first, and again with the same values if it takes over below. Not
        // the lane's op: in a uniform group it is the group's, which is read instead (the C++
        // writes the arrived lanes' ops when the group stops being uniform: MakeMixed).
        movq    %rcx, WARPSAFE_VIEW_SITE(%rbx)
        movq    %r8, WARPSAFE_VIEW_SITE+8(%rbx)
        movq    %rsi, WARPSAFE_WARP_IN(%r10,%r9,8)
        cmpq    %rdi, WARPSAFE_WARP_FAST_KEY(%r10)
        jne     .Lopen                           // no group open, or others
        cmpq    %rdx, WARPSAFE_WARP_GROUP0_OP(%r10)
        jne     .Lgeneral                        // another op than the group's
        cmpb    $0, WARPSAFE_WARP_GROUP0_UNIFORM(%r10)
        je      .Lgeneral                        // the group is not uniform: every lane's op is read
        movl    WARPSAFE_WARP_GROUP0_ARRIVED(%r10), %r11d
        btsl    %r9d, %r11d
.Larrive:                                        // r11d: the group's arrivals with the caller
        movl    %r11d, %r13d
        notl    %r13d
        andl    %edi, %r13d                      // the lanes of the mask not arrived
        testl   %r13d, WARPSAFE_WARP_PRESENT(%r10)
        jz      .Llast                           // none is present: the caller completes the group
        movl    %r11d, WARPSAFE_WARP_GROUP0_ARRIVED(%r10)
        movl    WARPSAFE_WARP_BLOCKED(%r10), %eax
        btsl    %r9d, %eax
        movl    %eax, WARPSAFE_WARP_BLOCKED(%r10)
        movl    WARPSAFE_BLOCK_COUNTDOWN(%r12), %r14d
        subl    $1, %r14d
        jz      .Lgeneral                        // the periodic check is due
        movq    WARPSAFE_BLOCK_QUEUE_SIZE(%r12), %r15
        subq    $1, %r15
        jz      .Lgeneral                        // no other lane is runnable
        // The pick (Rng::Below, RunQueue::RemoveAndPick), nothing written yet: the entry at the
        // drawn index, or the last entry where the drawn index is the caller's own position (the
        // removal moves the last entry there). The caller's position is the index its picker drew
        // (RunQueue::picked_), checked against pos_ by a branch: the pick then waits neither for
        // the caller's thread index nor for pos_, whose chain of loads starts at tls_lane, which
        // the switch to this lane stored a moment ago.
        movq    WARPSAFE_BLOCK_RNG_STATE(%r12), %rax
        movq    %rax, %r10                       // the warp is not needed again
        mulq    %r15                             // rdx: the index, below the size left
        movq    WARPSAFE_BLOCK_QUEUE_POS(%r12), %r11
        movq    WARPSAFE_BLOCK_QUEUE_PICKED(%r12), %r9
        movzwl  WARPSAFE_VIEW_TID(%rbx), %r13d   // the caller's thread index
        cmpw    %r9w, (%r11,%r13,2)
        jne     .Lreposition                     // the hint is stale: the caller's position from pos_
.Lpositioned:                                    // r9: the caller's position
        movq    WARPSAFE_BLOCK_QUEUE_LIST(%r12), %rax
        movzwl  (%rax,%r15,2), %r11d             // the last entry
        movq    %rdx, %r13                       // the next lane's position after the removal
        cmpq    %r9, %rdx
        cmoveq  %r15, %rdx
        movzwl  (%rax,%rdx,2), %edx              // the next lane's thread index
        shlq    $WARPSAFE_LANE_SHIFT, %rdx
        addq    WARPSAFE_BLOCK_LANES(%r12), %rdx // the next lane
        // From here on the next lane is the one the lane before predicted (Block::likely_pick_),
        // once a branch has checked it against the pick: what follows reads it from a load that
        // the lane before stored long ago, not from the end of the chain of loads and a multiply
        // above. The branch is predicted, so the processor goes on with the likely lane while the
        // pick is still being computed, and only a wrong guess waits for it (.Lunlikely).
        movq    WARPSAFE_BLOCK_LIKELY_PICK(%r12), %rbp
        cmpq    %rdx, %rbp
        jne     .Lunlikely
.Lpicked:                                        // rbp: the next lane, the pick
        cmpq    $0, WARPSAFE_LANE_CTX_PC(%rbp)
        je      .Lgeneral_op                     // it has never run: the C++ starts its fiber
        // Committed from here on.
        movl    %r14d, WARPSAFE_BLOCK_COUNTDOWN(%r12)
        movabsq $0xd1342543de82ef95, %rcx        // Rng::kMultiplier
        imulq   %rcx, %r10
        addq    $1, %r10                         // Rng::kIncrement
        movq    %r10, WARPSAFE_BLOCK_RNG_STATE(%r12)
        movq    WARPSAFE_BLOCK_QUEUE_POS(%r12), %rcx
        movq    %r15, WARPSAFE_BLOCK_QUEUE_SIZE(%r12)
        movq    %r13, WARPSAFE_BLOCK_QUEUE_PICKED(%r12)
        movw    %r11w, (%rax,%r9,2)              // the last entry moves to the caller's position
        movw    %r9w, (%rcx,%r11,2)
        // The pick the next lane will make when it waits in turn, if nothing changes the run
        // queue before: the generator's next state over one lane fewer, and the last entry where
        // that index is the next lane's own position (r13), as its removal will move the last
        // entry there. Stored as Block::likely_pick_ for that lane's pick above; and, from
        // Block::kPrefetchPicksFrom lanes, its record and the top of its stack brought into the
        // cache (Block::PrefetchLikelyPick).
        leaq    -1(%r15), %rsi                   // the size the next lane's removal will leave
        movq    %rax, %r8                        // the queue's list
        movq    %r10, %rax
        mulq    %rsi
        cmpq    %r13, %rdx
        cmoveq  %rsi, %rdx
        movzwl  (%r8,%rdx,2), %edx
        shlq    $WARPSAFE_LANE_SHIFT, %rdx
        addq    WARPSAFE_BLOCK_LANES(%r12), %rdx
        movq    %rdx, WARPSAFE_BLOCK_LIKELY_PICK(%r12)
        cmpq    $WARPSAFE_PREFETCH_PICKS_FROM, %r15
        jb      1f
        movq    WARPSAFE_LANE_CTX_SP(%rdx), %rax
        prefetcht0 (%rax)
        prefetcht0 WARPSAFE_RESUME_FRAME_BYTES(%rax)
1:
        leaq    WARPSAFE_LANE_VIEW(%rbp), %rax
        movq    %rax, %fs:_ZN8warpsafe6engine8tls_laneE@tpoff
        movdqu  WARPSAFE_LANE_VIEW(%rbp), %xmm0  // EnterLane: threadIdx and the 4 bytes after it
        movaps  %xmm0, %fs:threadIdx@tpoff
        movb    $WARPSAFE_WAIT_COLLECTIVE, WARPSAFE_VIEW_WAIT(%rbx)
        // The Context's stack pointer and resume point; not its frame pointer, which the entry
        // pushed and .Lresume pops (a C++ switch to this lane loads a stale one, unread before the
        // pop; the unwinder finds it on the stack through the call-frame information).
        leaq    .Lresume(%rip), %rax
        movq    %rsp, WARPSAFE_VIEW_CTX_SP(%rbx)
        movq    %rax, WARPSAFE_VIEW_CTX_PC(%rbx)
        movq    %rbp, %rsi                       // the next lane's record, as fiber::Switch leaves it
        movq    WARPSAFE_LANE_CTX_SP(%rsi), %rsp
        movq    WARPSAFE_LANE_CTX_BP(%rsi), %rbp
        jmpq    *WARPSAFE_LANE_CTX_PC(%rsi)
.Lresume:
        // Woken with the group's results written: the lane's own, as the C++ reads it. rsi is the
        // lane's record (its Context is its first member): whichever switch resumed it left the
        // Context it jumped through there, this path above and fiber::Switch alike. Not tls_lane,
        // which the switch stored a moment ago: reading it back waits for that store.
        movq    WARPSAFE_LANE_WARP_STATE(%rsi), %rdx
        movzwl  WARPSAFE_LANE_LANE(%rsi), %eax
        movq    WARPSAFE_WARP_OUT(%rdx,%rax,8), %rax
        .cfi_remember_state
        POP_SAVED
        ret
        .cfi_restore_state
.Lopen:
        // The first arrival while no group is open opens group 0 as FindOrOpenGroup does (and
        // RefreshFastKey: Pascal mode never gets here). Every waiting lane then waits here, so
        // the switch's indirect jump has one target.
        cmpl    $0, WARPSAFE_WARP_GROUP_COUNT(%r10)
        jne     .Lgeneral                        // another group is open
        movq    %rdi, WARPSAFE_WARP_GROUP0_KEY(%r10)
        movq    %rdi, %rax
        shrq    $32, %rax
        movw    %ax, WARPSAFE_WARP_GROUP0_KIND(%r10)
        movb    $1, WARPSAFE_WARP_GROUP0_UNIFORM(%r10)
        movl    %edi, WARPSAFE_WARP_GROUP0_MASK(%r10)
        movl    $0, WARPSAFE_WARP_GROUP0_ARRIVED(%r10)
        movq    %rdx, WARPSAFE_WARP_GROUP0_OP(%r10)
        movq    %rcx, WARPSAFE_WARP_GROUP0_SITE(%r10)
        movq    %r8, WARPSAFE_WARP_GROUP0_SITE+8(%r10)
        movl    $1, WARPSAFE_WARP_GROUP_COUNT(%r10)
        movq    %rdi, WARPSAFE_WARP_FAST_KEY(%r10)
        xorl    %r11d, %r11d
        btsl    %r9d, %r11d
        jmp     .Larrive
.Llast:
        // The last lane to arrive records its arrival, as ArriveCollective does, and completes the
        // group through the C++ (warpsafe_shfl_complete), which returns the lane's result: the
        // arrival is not made a second time by warpsafe_shfl_general.
        movl    %r11d, WARPSAFE_WARP_GROUP0_ARRIVED(%r10)
        movq    %r12, %rdi
        movq    %r10, %rsi
        movl    %r9d, %edx
        subq    $8, %rsp                         // the call's stack aligned to 16 bytes
        .cfi_adjust_cfa_offset 8
        call    warpsafe_shfl_complete
        addq    $8, %rsp
        .cfi_adjust_cfa_offset -8
        .cfi_remember_state
        POP_SAVED
        ret
        .cfi_restore_state
.Lunlikely:
        // The lane before guessed another lane (the first pick after a group completed, a C++
        // switch in between, a wake): the pick itself.
        movq    %rdx, %rbp
        jmp     .Lpicked
.Lreposition:
        movzwl  (%r11,%r13,2), %r9d
        jmp     .Lpositioned
.Lgeneral_op:
        // The caller's op, which mulq overwrote: the group's, which it equals.
        movq    WARPSAFE_VIEW_WARP_STATE(%rbx), %r10
        movq    WARPSAFE_WARP_GROUP0_OP(%r10), %rdx
.Lgeneral:
        POP_SAVED
        jmp     warpsafe_shfl_general
        .cfi_endproc
        .size   _ZN8warpsafe6engine4ShflEmmmNS0_4SiteE, .-_ZN8warpsafe6engine4ShflEmmmNS0_4SiteE
#endif

        .section .note.GNU-stack,"",@progbits
