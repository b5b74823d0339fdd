#!/usr/bin/env python3
"""SASS of the warp_bench.cu kernels, side by side with CUB's, per row of BENCHMARKS.md.

Input: `cuobjdump --dump-sass` and `cuobjdump --dump-resource-usage` of a cubin built by
bench/gpu/warp_sass.sh (the kernels of warp_bench.cu, 4 items x 32 rounds). For each kernel:
  regs   registers per thread (32 or fewer: 8 blocks of 256 per SM, full occupancy)
  round  instructions of one round of the `#pragma unroll 1` loop (4 collectives, one per item)
         on the path a block of complete warps takes: at each conditional branch both ways are
         followed and the path with the fewest convergence checks (`BRA.DIV`), then the fewest
         instructions, is kept. Under the default contract NVVM may unswitch the loop on the
         blockDim test (two loops); the kept path is then the constant-mask loop's.
  SHFL   shuffles in that round
  checks `BRA.DIV` in that round (a convergence check: a run-time member mask, or a constant one
         after a branch ptxas could not prove uniform)
"""
import re
import sys
from collections import Counter

IMPL = {0: 'default', 1: 'kWholeWarps', 2: 'CUB', 8: 'default', 9: 'kWholeWarps', 10: 'CUB', 12: 'kWholeWarpsCall',
        15: 'kWholeWarpsCall'}
OP = {0: 'scan', 1: 'scan', 2: 'scan', 8: 'reduce', 9: 'reduce', 10: 'reduce', 12: 'scan', 15: 'reduce'}
TYPE = {'i': 'int32', 'f': 'float', 'd': 'double', '3V16': 'struct16'}
NAME = re.compile(r'_Z11BenchKernelIL4Impl(\d+)E(3V16|i|f|d)Li(\d+)ELi32ELi4EEvPKT0_PS[12]_')


def parse_sass(text):
    kernels, name = {}, None
    for line in text.splitlines():
        m = re.match(r'\s*Function : (\S+)', line)
        if m:
            name = m.group(1)
            kernels[name] = []
            continue
        m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;', line)
        if m and name is not None and not m.group(2).startswith('NOP'):
            kernels[name].append((int(m.group(1), 16), m.group(2).strip()))
    return kernels


def parse_regs(text):
    regs, name = {}, None
    for line in text.splitlines():
        m = re.match(r'\s*Function (\S+):', line)
        if m:
            name = m.group(1)
        m = re.search(r'REG:(\d+)', line)
        if m and name:
            regs[name] = int(m.group(1))
    return regs


def target(ins):
    m = re.search(r'BRA\S*\s+(?:\S+,\s*)?(0x[0-9a-f]+)', ins)
    return int(m.group(1), 16) if m else None


def is_branch(ins):
    return re.match(r'(@!?U?P\w+ )?BRA 0x', ins) is not None


def round_path(instrs):
    """The cheapest path once round each loop before the first EXIT; the best over the loops."""
    addr = [a for a, _ in instrs]
    code = [i for _, i in instrs]
    index = {a: k for k, a in enumerate(addr)}
    end = next(k for k, i in enumerate(code) if i.startswith('EXIT'))
    back = [k for k in range(end) if is_branch(code[k]) and target(code[k]) < addr[k]]
    best = None
    for b in back:
        head = index[target(code[b])]
        found = []

        def walk(k, path):
            while len(found) < 4096:
                if k == b:
                    found.append(path + [code[k]])
                    return
                if k > b or k < head:
                    return  # leaves the loop
                ins = code[k]
                path = path + [ins]
                if is_branch(ins):
                    t = index[target(ins)]
                    if not ins.startswith('@'):
                        k = t
                        continue
                    walk(t, path)
                k += 1

        walk(head, [])
        for p in found:
            key = (sum('BRA.DIV' in i for i in p), len(p))
            if best is None or key < best[0]:
                best = (key, p)
    return best[1]


def main():
    sass = parse_sass(open(sys.argv[1]).read())
    regs = parse_regs(open(sys.argv[2]).read())
    rows = {}
    for name, instrs in sass.items():
        m = NAME.match(name)
        if not m:
            continue
        impl = int(m.group(1))
        path = round_path(instrs)
        ops = Counter(re.sub(r'^@!?U?P\w+ ', '', i).split()[0].split('.')[0] for i in path)
        rows[(OP[impl], TYPE[m.group(2)], int(m.group(3)), IMPL[impl])] = (
            regs.get(name), len(path), ops['SHFL'], sum('BRA.DIV' in i for i in path))
    print('| collective | type | width | kWholeWarps regs / round / SHFL / checks | default (whole-warp path) '
          '| kWholeWarpsCall | CUB | round vs CUB (kWholeWarps, default, kWholeWarpsCall) |')
    print('|---|---|---|---|---|---|---|---|')
    for op in ('scan', 'reduce'):
        for t in ('int32', 'float', 'double', 'struct16'):
            for w in (32, 16, 8):
                got = [rows.get((op, t, w, c)) for c in ('kWholeWarps', 'default', 'kWholeWarpsCall', 'CUB')]
                if None in got:
                    continue
                cell = lambda r: '%d / %d / %d / %d' % r
                print('| %s | %s | %d | %s | %s | %s | %s | %+d, %+d, %+d |' % (
                    op, t, w, cell(got[0]), cell(got[1]), cell(got[2]), cell(got[3]), got[0][1] - got[3][1],
                    got[1][1] - got[3][1], got[2][1] - got[3][1]))


if __name__ == '__main__':
    main()
