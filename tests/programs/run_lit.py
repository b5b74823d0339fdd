#!/usr/bin/env python3
"""Runs lit on one test without lit's shared record of test times.

CTest runs every program as its own lit process, many at once. lit 14 reads and rewrites
`.lit_test_times.txt` in the shared exec root without a lock, so one process can read the file
half-written by another and die on a line it cannot split, after its test passed. The times only
order tests within one lit run, and each run here holds one test: nothing is lost by not keeping
them.

Usage: run_lit.py LIT_SCRIPT [lit arguments...]
"""
import os
import runpy
import sys


def main():
    lit_script = os.path.abspath(sys.argv[1])
    sys.path.insert(0, os.path.dirname(lit_script))
    try:
        import lit.Test
        import lit.TestTimes
        import lit.main
    except ImportError:
        pass  # a lit whose script finds its own modules: it still runs, with its times file
    else:
        def no_times(*_args, **_kwargs):
            return {}

        def record_nothing(*_args, **_kwargs):
            return None

        for module in (lit.Test, lit.TestTimes):
            if hasattr(module, "read_test_times"):
                module.read_test_times = no_times
        for module in (lit.main, lit.TestTimes):
            if hasattr(module, "record_test_times"):
                module.record_test_times = record_nothing
    sys.argv = [lit_script] + sys.argv[2:]
    runpy.run_path(lit_script, run_name="__main__")


if __name__ == "__main__":
    main()
