#!/usr/bin/env python3
"""Counts SASS instructions of the kernels of bench/gpu/scan_sass.cu.

Input: `cuobjdump --dump-sass` or `nvdisasm -c` output (a file, or stdin). A kernel's paths are
followed from its first instruction to an EXIT, NOPs left out: an unconditional BRA is taken, a
conditional one both ways (each instruction at most once per path), and a `BRA.DIV` never (the
warp is converged; its target is the slow path that a run-time member mask brings, which
WARPSYNC.COLLECTIVE runs lane group by lane group). Of these paths:
  - the *whole-warp path* is the one with the fewest convergence checks (`BRA.DIV`), then the
    fewest instructions: what a block of complete warps runs. Under the default contract the
    collectives test blockDim once per call and run the constant-mask code there
    (detail::WithMemberMask), so this path should have no check at all;
  - the *general path* is the one with the most convergence checks, then the most instructions:
    what a block with a partial last warp runs.
For each form and path: the instructions of `<form>_1` (one scan) and `<form>_2` (two), the
marginal cost of a scan (`_2 - _1`), its one-time setup (`_1 - baseline - marginal`), the marginal
scan's shuffles, shared loads/stores and warp barriers, and the convergence checks on the path.
Then the whole-warp path of each `_1` kernel, with the instructions counted as its scan body
marked `*`.
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
            kernels[name].append((int(m.group(1), 16), m.group(2).strip()))
    return kernels


def opcode(ins):
    parts = ins.split()
    op = parts[1] if parts[0].startswith('@') else parts[0]
    return op.split('.')[0]


def branch_target(ins):
    m = re.search(r'BRA(?:\.[A-Z.]+)?\s+(?:\S+,\s*)?(0x[0-9a-f]+)', ins)
    return int(m.group(1), 16) if m else None


def paths(instrs, limit=256):
    """Every path from the first instruction to an EXIT (see the module's docstring)."""
    index = {addr: k for k, (addr, _) in enumerate(instrs)}
    found = []

    def walk(k, seen, path):
        while len(found) < limit and k < len(instrs):
            if k in seen:
                return  # a loop: a path goes round it once
            seen = seen | {k}
            ins = instrs[k][1]
            op = opcode(ins)
            if op == 'NOP':
                k += 1
                continue
            path = path + [ins]
            if op == 'EXIT' and not ins.startswith('@'):
                found.append(path)
                return
            if op == 'BRA' and '.DIV' not in ins:
                target = index.get(branch_target(ins))
                if target is None:
                    return
                if not ins.startswith('@'):
                    k = target
                    continue
                walk(target, seen, path)
            k += 1

    walk(0, frozenset(), [])
    return found


def checks(path):
    return sum(1 for i in path if opcode(i) == 'BRA' and '.DIV' in i)


def whole_warp_path(instrs):
    return min(paths(instrs), key=lambda p: (checks(p), len(p)))


def general_path(instrs):
    return max(paths(instrs), key=lambda p: (checks(p), len(p)))


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
    raw = parse(text)
    base = len(whole_warp_path(raw['baseline'])) if 'baseline' in raw else 0
    print('| warp scan (int, inclusive sum, width 32) | path | scan body | one scan | two scans '
          '| per scan (marginal) | one-time setup | SHFL | LDS | STS | WARPSYNC/BAR | convergence checks (one scan / two) |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for form, title in FORMS:
        if form + '_1' not in raw or form + '_2' not in raw:
            continue
        rows = [('whole warps', whole_warp_path)]
        if checks(general_path(raw[form + '_1'])) != checks(whole_warp_path(raw[form + '_1'])):
            rows.append(('partial warp', general_path))
        for label, pick in rows:
            one, two = pick(raw[form + '_1']), pick(raw[form + '_2'])
            ops1 = [opcode(i) for i in one]
            ops2 = [opcode(i) for i in two]
            marginal = len(two) - len(one)
            diff = lambda names: count(ops2, names) - count(ops1, names)
            print('| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d / %d |' % (
                title, label, len(scan_body(one)), len(one), len(two), marginal, len(one) - base - marginal,
                diff({'SHFL'}), diff({'LDS'}), diff({'STS'}), diff({'WARPSYNC', 'BAR', 'BSYNC'}), checks(one),
                checks(two)))
    print('\n(baseline kernel, load and store only: %d instructions)' % base)
    for form, _ in [('baseline', '')] + FORMS:
        name = form if form == 'baseline' else form + '_1'
        if name in raw:
            path = whole_warp_path(raw[name])
            print('\n%s (whole-warp path):' % name)
            body = set(id(i) for i in scan_body(path)) if name != 'baseline' else set()
            for ins in path:
                print('  %s %s' % ('*' if id(ins) in body else ' ', ins))


if __name__ == '__main__':
    main()
