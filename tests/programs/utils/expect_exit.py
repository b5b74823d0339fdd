#!/usr/bin/env python3
"""expect_exit.py STATUS COMMAND [ARGS...]

Runs COMMAND with its standard streams passed through and exits 0 exactly when it exits with
STATUS, so a lit RUN line can pipe a command's output into FileCheck and still check its exit
status (`not` only tells zero from non-zero). Otherwise it says what happened and exits 1. A
command killed by a signal never matches: its status is reported as the signal's name.
"""
import signal
import subprocess
import sys


def main(argv):
    if len(argv) < 3 or not argv[1].lstrip("-").isdigit():
        sys.stderr.write("usage: expect_exit.py STATUS COMMAND [ARGS...]\n")
        return 2
    expected = int(argv[1])
    try:
        status = subprocess.call(argv[2:])
    except OSError as error:
        sys.stderr.write("expect_exit: cannot run %s: %s\n" % (argv[2], error))
        return 1
    if status == expected:
        return 0
    if status < 0:
        got = signal.Signals(-status).name
    else:
        got = "exit status %d" % status
    sys.stderr.write("expect_exit: expected exit status %d, got %s: %s\n" % (expected, got, " ".join(argv[2:])))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
