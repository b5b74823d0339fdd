#!/bin/sh
# The progress line of `warpsafe run` (engine/src/sched/progress.cpp), seen as a user sees it:
#   progress_line.sh terminal WARPSAFE SLOW_GRID_CU   in a tmux pane the line appears while the
#                                                     launch runs and is gone when it ends; with -q
#                                                     it never appears
#   progress_line.sh pipe WARPSAFE SLOW_GRID_CU       through a pipe nothing of it is written
set -eu
mode=$1
ws=$2
prog=$3
blocks=400
rounds=200000
# Compile once first, so that the runs below take the program from the cache.
"$ws" run "$prog" -- 1 1 >/dev/null

if [ "$mode" = pipe ]; then
  out=$(WARPSAFE_PROGRESS_SECONDS=1 "$ws" run "$prog" -- $blocks $rounds 2>&1 | cat)
  case $out in *"blocks done"*|*"$(printf '\033')"*) echo "progress output in a pipe: $out"; exit 1;; esac
  case $out in *"slow grid done"*) ;; *) echo "the program did not finish: $out"; exit 1;; esac
  echo "no progress line through a pipe"
  exit 0
fi

command -v tmux >/dev/null || { echo "tmux is not installed (tools/install-deps.sh installs it)"; exit 1; }
# One tmux server per pane: starting a server on the socket of one just killed can race with its
# exit ("server exited unexpectedly").
runs=0
socket=""
trap 'for s in warpsafe_progress_$$_1 warpsafe_progress_$$_2; do tmux -L "$s" kill-server 2>/dev/null || true; done' EXIT
# Runs `warpsafe run [flag]` in a fresh pane; sets $seen to a capture showing the line, if any,
# and $final to the pane once the program ended.
run_in_pane() {
  [ -z "$socket" ] || tmux -L "$socket" kill-server 2>/dev/null || true
  runs=$((runs + 1))
  socket="warpsafe_progress_$$_$runs"
  tmux -L "$socket" new-session -d -x 150 -y 8 \
    "env WARPSAFE_CACHE_DIR='${WARPSAFE_CACHE_DIR:-}' WARPSAFE_PROGRESS_SECONDS=1 '$ws' run $1 '$prog' -- $blocks $rounds; echo finished-\$?; sleep 600"
  seen=""
  final=""
  i=0
  while [ $i -lt 1500 ]; do  # up to 5 minutes on a loaded machine
    pane=$(tmux -L "$socket" capture-pane -p)
    case $pane in *"blocks done"*) seen=$pane;; esac
    case $pane in *finished-*) final=$pane; break;; esac
    sleep 0.2
    i=$((i + 1))
  done
}

run_in_pane ""
case $final in *"slow grid done"*finished-0*) ;; *) echo "the program did not finish cleanly: $final"; exit 1;; esac
case $seen in
  *"warpsafe: kernel "*"Mix"*" of $blocks blocks done, "*" s"*) ;;
  *) echo "no progress line seen on the terminal; last capture: $seen"; exit 1;;
esac
case $final in *"blocks done"*) echo "the progress line was not erased: $final"; exit 1;; esac
echo "seen: $(printf '%s\n' "$seen" | grep 'blocks done')"

run_in_pane "-q"
case $final in *"slow grid done"*finished-0*) ;; *) echo "the program did not finish cleanly under -q: $final"; exit 1;; esac
if [ -n "$seen" ]; then echo "a progress line under -q: $seen"; exit 1; fi
echo "no progress line with -q"
