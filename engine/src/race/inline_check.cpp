// The engine's side of the checker's inline access path (warpsafe/engine/check_inline.h): what it
// publishes of the running lane, and when it withdraws it.
#include "internal_error.h"
#include "race/detector.h"
#include "race/local_memory.h"
#include "sched/block.h"
#include "sched/lane.h"
#include "warpsafe/engine/check_lane.h"

namespace warpsafe::engine {

__thread InlineCheckLane tls_check_lane = {};
std::uint64_t g_check_generation = 1;
WindowEpoch g_window_epoch{1};

namespace race {

void Detector::WithdrawInline() {
  AdvanceWindowEpoch();
  tls_check_lane.view = nullptr;
  tls_check_lane.generation = 0;
}

void Detector::PublishInline(const LaneView* view) {
  InlineCheckLane& l = tls_check_lane;
  // The fast path serves this lane (RefreshFastLane: its block is the detector's, no tracing), and
  // nothing is waiting that the next access must see in the engine: a race to report once the
  // store has happened, the lane's own atomic's load.
  if (view == nullptr || view != fast_view_ || pending_race_.lane != nullptr || fast_clock_->atomic_address != 0) {
    WithdrawInline();
    return;
  }
  if (l.view == view && l.generation == g_check_generation) return;
  Lane& lane = *LaneOf(view);
  AdvanceWindowEpoch();  // a window was filled for the lane published before
  l.view = view;
  l.generation = g_check_generation;
  l.stack_low = fast_stack_low_;
  l.stack_size = g_local_shadow ? fast_stack_size_ : 0;  // else the engine checks the stack
  l.memo = fast_clock_->memo.entries();
  l.pending_store = fast_clock_->progress.pending_address();
  WARPSAFE_ASSERT(fast_clock_->progress.pending_size() == l.pending_store + 1,
                  "the inline path finds a pending store's size in the word after its address");
  l.countdown = lane.block->countdown_address();
  l.progress = lane.block->inline_progress_address();
}

}  // namespace race
}  // namespace warpsafe::engine
