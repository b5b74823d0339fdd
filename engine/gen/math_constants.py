#!/usr/bin/env python3
"""Generates engine/include/math_constants.h, CUDA's CUDART_* constants.

The macro names are CUDA's interface; every value is computed here from its definition with the
standard library's exact arithmetic (`decimal` at 120 significant digits, `fractions` for exact
rounding) and written as a hex-float literal, so each literal is exactly the binary32 or binary64
number nearest the real constant (ties to even). A *_HI/*_LO pair splits a constant into the
nearest double (HI) and the nearest double to the remainder (LO), so HI + LO carries about 107 bits.

Usage:
  math_constants.py            print the header to stdout
  math_constants.py --write    rewrite engine/include/math_constants.h
  math_constants.py --check    exit 1 if the committed header differs from what this script emits
"""

import decimal
import pathlib
import sys
from fractions import Fraction

D = decimal.Decimal
decimal.getcontext().prec = 120


def compute_pi():
    """pi by Machin's formula, 16*atan(1/5) - 4*atan(1/239), in integers scaled by 10^130."""
    scale = 10 ** 130

    def arctan_inverse(x):
        total, term, n, sign = 0, scale // x, 1, 1
        x2 = x * x
        while term:
            total += sign * (term // n)
            term //= x2
            n += 2
            sign = -sign
        return total

    return D(16 * arctan_inverse(5) - 4 * arctan_inverse(239)) / D(scale)


PI = compute_pi()
LN2 = D(2).ln()
LN10 = D(10).ln()


class Format:
    """An IEEE 754 binary format: `digits` significand bits, smallest normal exponent `emin`."""

    def __init__(self, digits, emin, emax, suffix):
        self.digits, self.emin, self.emax, self.suffix = digits, emin, emax, suffix

    def round(self, x):
        """The number of this format nearest the exact rational x, ties to even."""
        x = Fraction(x)
        if x == 0:
            return Fraction(0)
        sign = -1 if x < 0 else 1
        x = abs(x)
        exponent = x.numerator.bit_length() - x.denominator.bit_length()
        if Fraction(2) ** exponent > x:
            exponent -= 1
        # Spacing of the format's numbers at x (fixed below the normal range: subnormals).
        quantum = Fraction(2) ** (max(exponent, self.emin) - (self.digits - 1))
        units = x / quantum
        whole = units.numerator // units.denominator
        rest = units - whole
        if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
            whole += 1
        result = whole * quantum
        if result >= Fraction(2) ** (self.emax + 1):
            raise ValueError("constant overflows the format")
        return sign * result

    def literal(self, value):
        """A C++ hex-float literal for a number of this format (exact: binary32 fits in a double)."""
        text = float(value).hex()  # exact: every number of both formats is a Python float
        mantissa, exponent = text.split("p")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}p{exponent}{self.suffix}"


BINARY32 = Format(24, -126, 127, "F")
BINARY64 = Format(53, -1022, 1023, "")


def fp(fmt, value):
    return fmt.literal(fmt.round(Fraction(value)))


def hi_lo(fmt, value):
    exact = Fraction(value)
    hi = fmt.round(exact)
    lo = fmt.round(exact - hi)
    return fmt.literal(hi), fmt.literal(lo)


def parenthesised(text):
    return f"({text})" if text.startswith("-") else text


def float_bits(sign, exponent_field, fraction_field):
    return (sign << 31) | (exponent_field << 23) | fraction_field


def double_bits(sign, exponent_field, fraction_field):
    return (sign << 63) | (exponent_field << 52) | fraction_field


def groups():
    """(title, [(name, C++ expression)]) in the order the header lists them."""
    sqrt2 = D(2).sqrt()
    sqrt_half = D("0.5").sqrt()
    f32, f64 = BINARY32, BINARY64

    special = [
        # CUDA's special values are fixed bit patterns; its float NaN has every fraction bit set.
        ("CUDART_INF_F", f"__int_as_float({float_bits(0, 0xFF, 0):#010x})"),
        ("CUDART_NAN_F", f"__int_as_float({float_bits(0, 0xFF, (1 << 23) - 1):#010x})"),
        ("CUDART_NEG_ZERO_F", f"__int_as_float(static_cast<int>({float_bits(1, 0, 0):#010x}U))"),
        ("CUDART_MIN_DENORM_F", f"__int_as_float({float_bits(0, 0, 1):#010x})"),
        ("CUDART_MAX_NORMAL_F", f"__int_as_float({float_bits(0, 0xFE, (1 << 23) - 1):#010x})"),
        ("CUDART_INF", f"__longlong_as_double({double_bits(0, 0x7FF, 0):#018x}LL)"),
        # The double NaN is the negative quiet NaN with an empty payload.
        ("CUDART_NAN", f"__longlong_as_double(static_cast<long long>({double_bits(1, 0x7FF, 1 << 51):#018x}ULL))"),
        ("CUDART_NEG_ZERO", f"__longlong_as_double(static_cast<long long>({double_bits(1, 0, 0):#018x}ULL))"),
        ("CUDART_MIN_DENORM", f"__longlong_as_double({double_bits(0, 0, 1):#018x}LL)"),
    ]

    small = [
        ("CUDART_ZERO_F", "0.0F"),
        ("CUDART_ONE_F", "1.0F"),
        ("CUDART_ZERO", "0.0"),
        ("CUDART_ONE", "1.0"),
        ("CUDART_THIRD_F", fp(f32, Fraction(1, 3))),
        ("CUDART_THIRD", fp(f64, Fraction(1, 3))),
        ("CUDART_TWOTHIRD", fp(f64, Fraction(2, 3))),
    ]

    pi = [
        ("CUDART_PI_F", fp(f32, PI)),
        ("CUDART_PIO2_F", fp(f32, PI / 2)),
        ("CUDART_PIO4_F", fp(f32, PI / 4)),
        ("CUDART_3PIO4_F", fp(f32, 3 * PI / 4)),
        ("CUDART_2_OVER_PI_F", fp(f32, 2 / PI)),
        ("CUDART_LNPI_F", fp(f32, PI.ln())),
        ("CUDART_PI", fp(f64, PI)),
        ("CUDART_PIO2", fp(f64, PI / 2)),
        ("CUDART_PIO4", fp(f64, PI / 4)),
        ("CUDART_3PIO4", fp(f64, 3 * PI / 4)),
        ("CUDART_2_OVER_PI", fp(f64, 2 / PI)),
        ("CUDART_LNPI", fp(f64, PI.ln())),
    ]
    for name, value in (("CUDART_PI", PI), ("CUDART_PIO2", PI / 2), ("CUDART_PIO4", PI / 4)):
        hi, lo = hi_lo(f64, value)
        pi += [(name + "_HI", hi), (name + "_LO", parenthesised(lo))]

    roots = [
        ("CUDART_SQRT_TWO_F", fp(f32, sqrt2)),
        ("CUDART_SQRT_HALF_F", fp(f32, sqrt_half)),
        ("CUDART_SQRT_2_OVER_PI_F", fp(f32, (2 / PI).sqrt())),
        ("CUDART_SQRT_TWO", fp(f64, sqrt2)),
        ("CUDART_SQRT_HALF", fp(f64, sqrt_half)),
        ("CUDART_SQRT_2OPI", fp(f64, (2 / PI).sqrt())),
        ("CUDART_SQRT_2PI", fp(f64, (2 * PI).sqrt())),
        ("CUDART_SQRT_PIO2", fp(f64, (PI / 2).sqrt())),
    ]
    hi, lo = hi_lo(f32, sqrt_half)
    roots += [("CUDART_SQRT_HALF_HI_F", hi), ("CUDART_SQRT_HALF_LO_F", parenthesised(lo))]
    for name, value in (("CUDART_SQRT_HALF", sqrt_half), ("CUDART_SQRT_2PI", (2 * PI).sqrt()),
                        ("CUDART_SQRT_PIO2", (PI / 2).sqrt())):
        hi, lo = hi_lo(f64, value)
        roots += [(name + "_HI", hi), (name + "_LO", parenthesised(lo))]

    # Logarithms. Naming: L2 = log2, LG = log10, LN = natural; E = e, T = ten.
    logs_values = {
        "LN2": LN2,           # ln 2
        "LNT": LN10,          # ln 10
        "L2E": 1 / LN2,       # log2 e
        "L2T": LN10 / LN2,    # log2 10
        "LG2": LN2 / LN10,    # log10 2
        "LGE": 1 / LN10,      # log10 e
    }
    logs = []
    for key in ("LN2", "LNT", "L2E", "L2T", "LG2", "LGE"):
        logs.append((f"CUDART_{key}_F", fp(f32, logs_values[key])))
    for key in ("LN2", "LNT", "L2E", "L2T", "LG2", "LGE"):
        logs.append((f"CUDART_{key}", fp(f64, logs_values[key])))
    for key in ("LN2", "LNT", "L2E", "LG2", "LGE"):
        hi, lo = hi_lo(f64, logs_values[key])
        logs += [(f"CUDART_{key}_HI", hi), (f"CUDART_{key}_LO", parenthesised(lo))]
    # Thresholds of exp/log: ln 2 and log10 2 times the exponent range ends.
    for n in (1024, 1025, 1075):
        logs.append((f"CUDART_LN2_X_{n}", fp(f64, LN2 * n)))
    for n in (1024, 1075):
        logs.append((f"CUDART_LG2_X_{n}", fp(f64, LN2 / LN10 * n)))

    powers = [
        ("CUDART_TWO_TO_23_F", fp(f32, 2 ** 23)),
        ("CUDART_TWO_TO_24_F", fp(f32, 2 ** 24)),
        ("CUDART_TWO_TO_31_F", fp(f32, 2 ** 31)),
        ("CUDART_TWO_TO_32_F", fp(f32, 2 ** 32)),
        ("CUDART_TWO_TO_126_F", fp(f32, 2 ** 126)),
        ("CUDART_TWO_TO_M126_F", fp(f32, Fraction(1, 2 ** 126))),
        # The largest finite float, (2 - 2^-23) * 2^127.
        ("CUDART_NORM_HUGE_F", fp(f32, (2 - Fraction(1, 2 ** 23)) * 2 ** 127)),
        ("CUDART_TWO_TO_23", fp(f64, 2 ** 23)),
        ("CUDART_TWO_TO_52", fp(f64, 2 ** 52)),
        ("CUDART_TWO_TO_53", fp(f64, 2 ** 53)),
        ("CUDART_TWO_TO_54", fp(f64, 2 ** 54)),
        ("CUDART_TWO_TO_M54", fp(f64, Fraction(1, 2 ** 54))),
        ("CUDART_TWO_TO_M1022", fp(f64, Fraction(1, 2 ** 1022))),
    ]

    implementation = [
        # Arguments of single-precision trig functions above this use the slow, exact reduction.
        ("CUDART_TRIG_PLOSS_F", fp(f32, 105615)),
        # The same bound for double precision: 2^31.
        ("CUDART_TRIG_PLOSS", fp(f64, 2 ** 31)),
        # 1.5 * 2^52: adding it to a double of magnitude below 2^51 leaves the rounded integer in
        # the low bits of the sum.
        ("CUDART_DBL2INT_CVT", fp(f64, 3 * 2 ** 51)),
        # remquof returns this many low bits of the quotient.
        ("CUDART_REMQUO_BITS_F", "3U"),
        ("CUDART_REMQUO_MASK_F", "(~((~0U) << CUDART_REMQUO_BITS_F))"),
    ]

    return [
        ("Special values, as CUDA's bit patterns", special),
        ("Zero, one and thirds", small),
        ("pi and its multiples", pi),
        ("Square roots", roots),
        ("Logarithms and the exponent-range thresholds built on them", logs),
        ("Powers of two", powers),
        ("Constants of the math library's implementation", implementation),
    ]


HEADER_START = """\
// GENERATED by engine/gen/math_constants.py; edit the script, not this file.
// CUDA's math_constants.h: the CUDART_* names are CUDA's interface. Every value is the binary32
// (suffix F) or binary64 number nearest its mathematical definition, written as an exact hex-float
// literal; *_HI/*_LO pairs hold a constant and the rounded remainder. The special values are CUDA's
// bit patterns, usable in constant expressions.
#pragma once
#define __MATH_CONSTANTS_H__

#include "warpsafe/engine/device_functions.h"
"""


def render():
    lines = [HEADER_START]
    for title, entries in groups():
        lines.append(f"\n// {title}\n")
        width = max(len(name) for name, _ in entries)
        for name, value in entries:
            lines.append(f"#define {name.ljust(width)} {value}\n")
    return "".join(lines)


def main(argv):
    header = pathlib.Path(__file__).resolve().parents[1] / "include" / "math_constants.h"
    text = render()
    if argv[1:] == ["--write"]:
        header.write_text(text)
    elif argv[1:] == ["--check"]:
        if header.read_text() != text:
            print(f"{header} is not what {argv[0]} generates; run it with --write", file=sys.stderr)
            return 1
    elif argv[1:]:
        print(__doc__, file=sys.stderr)
        return 64
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
