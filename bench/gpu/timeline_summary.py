#!/usr/bin/env python3
"""Summarises `device_bench --small-phases --timeline FILE` (FILE may be gzipped).

Per variant and size: when tiles started (the launch ramp), when their aggregates were published,
when the last prefix and the last store happened, and how long each tile's prefix came after the
later of its own aggregate and its predecessors' latest one: the part of the look-back that no
reading pattern can remove, against the part that waits for memory round trips and prefix chains.

    python3 bench/gpu/timeline_summary.py timeline.csv.gz
"""
import collections
import gzip
import statistics
import sys


def main(path):
    opener = gzip.open if path.endswith(".gz") else open
    rows = collections.defaultdict(list)
    with opener(path, "rt") as f:
        for line in f:
            fields = line.strip().split(",")
            if len(fields) < 10:
                continue
            # variant, n, tile, started, scanned, aggregate, prefix, stored, windows, polls
            rows[(fields[0], int(fields[1]))].append([int(x) for x in fields[2:]])
    for (name, n), tiles in rows.items():
        tiles.sort()
        start = sorted(t[1] for t in tiles)
        aggregate = [t[3] for t in tiles]
        prefix = [t[4] for t in tiles]
        stored = [t[5] for t in tiles]
        latest = 0
        after_ready, predecessors_later = [], []
        for i, t in enumerate(tiles):
            if i > 0:
                after_ready.append((prefix[i] - max(aggregate[i], latest)) / 1e3)
                predecessors_later.append((latest - aggregate[i]) / 1e3)
            latest = max(latest, aggregate[i])
        k = len(tiles)
        print(f"{name} n=2^{n.bit_length() - 1} tiles={k}: started 50/90/100% "
              f"{start[k // 2] / 1e3:.2f}/{start[9 * k // 10] / 1e3:.2f}/{start[-1] / 1e3:.2f} us; "
              f"aggregates 50/100% {sorted(aggregate)[k // 2] / 1e3:.2f}/{max(aggregate) / 1e3:.2f}; "
              f"last prefix {max(prefix) / 1e3:.2f}; last store {max(stored) / 1e3:.2f}; "
              f"prefix after own and predecessors' aggregates: median {statistics.median(after_ready):.2f}, "
              f"max {max(after_ready):.2f} us; predecessors' latest aggregate after own: median "
              f"{statistics.median(predecessors_later):.2f} us")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
