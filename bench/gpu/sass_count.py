#!/usr/bin/env python3
"""Counts SASS instructions of the kernels of bench/gpu/scan_sass.cu.

Input: `cuobjdump --dump-sass` or `nvdisasm -c` output (a file, or stdin). A kernel's main path is
its instructions up to and including the first EXIT, NOPs left out; code after it is the slow path
that the compiler adds for a run-time member mask (taken only when the warp is found diverged).
For each form: the main path of `<form>_1` (one scan) and `<form>_2` (two), the marginal cost of a
scan (`_2 - _1`), its one-time setup (`_1 - baseline - marginal`), and the marginal scan's
shuffles, shared loads/stores and warp barriers. Then the main-path listing of each `_1` kernel,
with the instructions counted as its scan body marked `*`.
"""
import re
import sys

FORMS = [('shuffle', 'warpsafe shuffle (shfl.sync.up + predicate)'),
         ('shuffle_whole', 'warpsafe shuffle, kWholeWarps'),
         ('smem_zero_padded', 'warpsafe shared memory, zero-padded'),
         ('smem_guarded', 'warpsafe shared memory, guarded'),
         ('smem_zero_padded_whole', 'warpsafe shared memory, zero-padded, kWholeWarps'),
         ('smem_guarded_whole', 'warpsafe shared memory, guarded, kWholeWarps'),
         ('cub', 'cub::WarpScan (reference)')]


def parse(text):
    kernels, name = {}, None
    for line in text.splitlines():
        m = re.match(r'\s*Function : (\S+)', line) or re.match(r'^\.text\.(\S+):', line)
        if m:
            name = m.group(1)
            kernels[name] = []
            continue
        m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;', line)
        if m and name is not None:
            kernels[name].append(m.group(2).strip())
    return kernels


def opcode(ins):
    parts = ins.split()
    op = parts[1] if parts[0].startswith('@') else parts[0]
    return op.split('.')[0]


def main_path(instrs):
    out = []
    for ins in instrs:
        if opcode(ins) == 'NOP':
            continue
        out.append(ins)
        if opcode(ins) == 'EXIT':
            break
    return out


ADDRESS_OPS = {'ULDC', 'LEA', 'R2UR', 'LDC', 'S2R', 'S2UR', 'UMOV', 'ULEA'}


def scan_body(instrs):
    """The scan's own instructions in a one-scan kernel: after the convergence check (the last
    BRA.DIV) or else from the first SHFL/LDS/STS, up to the global store, address arithmetic left
    out. Comparable with the Handbook's listings 13-19 to 13-21 (which include their loop's
    shared-memory and shuffle steps and adds)."""
    ops = [opcode(i) for i in instrs]
    starts = [k for k, o in enumerate(ops) if o == 'BRA' and '.DIV' in instrs[k]]
    if starts:
        start = starts[-1] + 1
    else:
        start = next((k for k, o in enumerate(ops) if o in ('SHFL', 'LDS', 'STS')), 0)
    end = next((k for k, o in enumerate(ops) if o == 'STG' and k >= start), len(ops))
    body = [instrs[k] for k in range(start, end)
            if ops[k] not in ADDRESS_OPS and not instrs[k].split()[0].startswith('IMAD.WIDE')
            and not (ops[k] == 'IMAD' and 'WIDE' in instrs[k])]
    return body


def count(ops, names):
    return sum(1 for o in ops if o in names)


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    kernels = {k: main_path(v) for k, v in parse(text).items()}
    base = len(kernels.get('baseline', []))
    print('| warp scan (int, inclusive sum, width 32) | scan body | one scan: main path | two scans '
          '| per scan (marginal) | one-time setup | SHFL | LDS | STS | WARPSYNC/BAR |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for form, title in FORMS:
        one, two = kernels.get(form + '_1'), kernels.get(form + '_2')
        if one is None or two is None:
            continue
        ops1 = [opcode(i) for i in one]
        ops2 = [opcode(i) for i in two]
        marginal = len(two) - len(one)
        diff = lambda names: count(ops2, names) - count(ops1, names)
        print('| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |' % (
            title, len(scan_body(one)), len(one), len(two), marginal, len(one) - base - marginal, diff({'SHFL'}), diff({'LDS'}),
            diff({'STS'}), diff({'WARPSYNC', 'BAR', 'BSYNC'})))
    print('\n(baseline kernel, load and store only: %d instructions)' % base)
    for form, _ in [('baseline', '')] + FORMS:
        name = form if form == 'baseline' else form + '_1'
        if name in kernels:
            print('\n%s:' % name)
            body = set(id(i) for i in scan_body(kernels[name])) if name != 'baseline' else set()
            for ins in kernels[name]:
                print('  %s %s' % ('*' if id(ins) in body else ' ', ins))


if __name__ == '__main__':
    main()
