// The offsets and constants that the assembly fast path of Shfl (shuffle_fast_path_x86_64_sysv.S)
// reads the engine's records with. Plain #defines, because the assembler includes this file too;
// shuffle.cpp checks every value against the C++ declarations (offsetof, static_assert), so a
// change of layout fails to compile instead of misreading memory.
#pragma once

// Lane (sched/lane.h), from its `view`: the address tls_lane holds.
#define WARPSAFE_VIEW_CTX_SP (-0x30)
#define WARPSAFE_VIEW_CTX_PC (-0x28)
#define WARPSAFE_VIEW_CTX_BP (-0x20)
#define WARPSAFE_VIEW_WARP_STATE (-0x10)
#define WARPSAFE_VIEW_LANE (-0x8)
#define WARPSAFE_VIEW_TID (-0x6)
#define WARPSAFE_VIEW_WAIT (-0x2)
#define WARPSAFE_VIEW_SITE 0x30
// Lane, from its start; lanes are 1 << WARPSAFE_LANE_SHIFT bytes apart in Block::lanes_.
#define WARPSAFE_LANE_CTX_SP 0x0
#define WARPSAFE_LANE_CTX_PC 0x8
#define WARPSAFE_LANE_CTX_BP 0x10
#define WARPSAFE_LANE_VIEW 0x30
#define WARPSAFE_LANE_WARP_STATE (WARPSAFE_LANE_VIEW + WARPSAFE_VIEW_WARP_STATE)
#define WARPSAFE_LANE_LANE (WARPSAFE_LANE_VIEW + WARPSAFE_VIEW_LANE)
#define WARPSAFE_LANE_SHIFT 7
// WaitKind::kCollective
#define WARPSAFE_WAIT_COLLECTIVE 1

// Warp (warp/warp.h); group 0 is the one Warp::fast_key names.
#define WARPSAFE_WARP_PRESENT 0xc
#define WARPSAFE_WARP_BLOCKED 0x10
#define WARPSAFE_WARP_GROUP_COUNT 0x14
#define WARPSAFE_WARP_FAST_KEY 0x18
#define WARPSAFE_WARP_GROUP0_KEY 0x20
#define WARPSAFE_WARP_GROUP0_KIND 0x28
#define WARPSAFE_WARP_GROUP0_UNIFORM 0x2a
#define WARPSAFE_WARP_GROUP0_MASK 0x2c
#define WARPSAFE_WARP_GROUP0_ARRIVED 0x30
#define WARPSAFE_WARP_GROUP0_OP 0x38
#define WARPSAFE_WARP_GROUP0_SITE 0x40
#define WARPSAFE_WARP_IN 0x620
#define WARPSAFE_WARP_OUT 0x820

// Block (sched/block.h): the countdown, the generator's state, the likely pick, the run queue's
// arrays, size and last drawn position (sched/run_queue.h: the owning pointers hold the bare array
// address), the lanes' array, and the fast-suspend flag.
#define WARPSAFE_BLOCK_COUNTDOWN 0x0
#define WARPSAFE_BLOCK_RNG_STATE 0x8
#define WARPSAFE_BLOCK_LIKELY_PICK 0x10
#define WARPSAFE_BLOCK_QUEUE_LIST 0x18
#define WARPSAFE_BLOCK_QUEUE_POS 0x20
#define WARPSAFE_BLOCK_QUEUE_SIZE 0x30
#define WARPSAFE_BLOCK_QUEUE_PICKED 0x38
#define WARPSAFE_BLOCK_LANES 0x100
#define WARPSAFE_BLOCK_FAST_SUSPEND 0x1c2
// Block::PrefetchLikelyPick: from how many runnable lanes, and how far above the saved stack
// pointer the second line read.
#define WARPSAFE_PREFETCH_PICKS_FROM 32
#define WARPSAFE_RESUME_FRAME_BYTES 48
