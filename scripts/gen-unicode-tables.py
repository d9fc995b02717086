#!/usr/bin/env python3
"""Regenerates src/lang/value/unicode/tables.rs: the Unicode facts Terraform releases were built with.

Sources (facts only; no code is copied):
  * general categories and character ages at Unicode 16.0 from the regex-syntax crate's
    ucd-generate tables (REGEX_SYNTAX below, any 0.8.x with Unicode 16 tables), from which
    Go's IsPrint set (letters, marks, numbers, punctuation, symbols and U+0020) is derived at
    Unicode 15.0 (Go 1.21 .. 1.25) and at Unicode 13.0 (Go 1.16 .. 1.20);
  * grapheme-break properties and Extended_Pictographic from go-textseg's own Ragel tables at
    tags v13.0.0 and v15.0.0 (textseg/grapheme_clusters_table.rl and textseg/emoji_table.rl),
    read with `git show` from a clone of github.com/apparentlymart/go-textseg (TEXTSEG below).

Self-check: the Unicode 15.0 IsPrint set, cut into ranges and exceptions the way Go's
strconv/makeisprint.go does, must give the counts in the header of Go 1.21's
strconv/isprint.go: "(424+133+112)*2 + (508)*4 = 3370 bytes".

Usage: python3 scripts/gen-unicode-tables.py [REGEX_SYNTAX_DIR] [TEXTSEG_GIT_DIR] > src/lang/value/unicode/tables.rs
"""

import glob
import os
import re
import subprocess
import sys

REGEX_SYNTAX = sys.argv[1] if len(sys.argv) > 1 else (
    sorted(glob.glob(os.path.expanduser("~/.cargo/registry/src/*/regex-syntax-0.8.*")))[-1])
TEXTSEG = sys.argv[2] if len(sys.argv) > 2 else "/work/.mirror/apparentlymart+go-textseg/repo"

CHAR = re.compile(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'")
ESC = {"0": 0, "t": 9, "n": 10, "r": 13, "'": 39, "\\": 92, '"': 34}


def char_value(lit):
    if lit.startswith("\\u{"):
        return int(lit[3:-1], 16)
    if lit.startswith("\\"):
        return ESC[lit[1]]
    return ord(lit)


def rust_tables(path):
    """Every `pub const NAME: &[(char, char)]` in a ucd-generate file, as lists of ranges."""
    text = open(path, encoding="utf-8").read()
    out = {}
    for m in re.finditer(r"pub const (\w+): &'static \[\(char, char\)\] =\s*&\[(.*?)\];", text, re.S):
        chars = [char_value(c) for c in CHAR.findall(m.group(2))]
        out[m.group(1)] = list(zip(chars[0::2], chars[1::2]))
    return out


def to_set(ranges):
    s = set()
    for lo, hi in ranges:
        s.update(range(lo, hi + 1))
    return s


def to_ranges(cps):
    out = []
    for c in sorted(cps):
        if out and out[-1][1] + 1 == c:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def go_isprint_counts(printable):
    """Go's makeisprint: ranges plus isolated exceptions, for the BMP and the rest."""

    def scan(lo_cp, hi_cp):
        rang, exc, lo = [], [], -1
        i = lo_cp
        while True:
            if (i > hi_cp or i not in printable) and lo >= 0:
                if i + 1 <= hi_cp and (i + 1) in printable:
                    exc.append(i)
                    i += 1
                    continue
                rang += [lo, i - 1]
                lo = -1
            if i > hi_cp:
                break
            if lo < 0 and i in printable:
                lo = i
            i += 1
        return rang, exc

    r16, e16 = scan(0, 0xFFFF)
    r32, e32 = scan(0x10000, 0x10FFFF)
    # Go keeps the 32-bit ranges that fit in 16 bits apart; counts as its header prints them.
    return len(r16), len(e16), len(e32), len(r32)


def rl_sets(rl_text):
    """The code points of every machine in a unicode2ragel file, decoded from its UTF-8 byte
    patterns (continuation bytes clipped to 0x80..0xBF: only valid UTF-8 reaches the scanner)."""
    sets, name = {}, None
    for line in rl_text.splitlines():
        code = line.split("#")[0].strip()
        m = re.match(r"(\w+) =$", code)
        if m:
            name = m.group(1)
            sets[name] = set()
            continue
        if code == ";":
            name = None
            continue
        if name is None or not code:
            continue
        code = code.lstrip("|").strip()
        parts = []
        for k, tok in enumerate(code.split()):
            lo, _, hi = tok.partition("..")
            lo, hi = int(lo, 16), int(hi or lo, 16)
            if k > 0:
                lo, hi = max(lo, 0x80), min(hi, 0xBF)
            parts.append(range(lo, hi + 1))
        for cp in decode_product(parts):
            sets[name].add(cp)
    return sets


def decode_product(parts):
    seqs = [[]]
    for p in parts:
        seqs = [s + [b] for s in seqs for b in p]
    for s in seqs:
        try:
            ch = bytes(s).decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(ch) == 1:
            yield ord(ch)


GCB = ["Other", "CR", "LF", "Control", "Extend", "Regional_Indicator", "Prepend", "SpacingMark",
       "L", "V", "T", "LV", "LVT", "ZWJ"]
EXT_PICT = 0x10


def textseg_table(tag):
    show = lambda p: subprocess.run(["git", "-C", TEXTSEG, "show", f"{tag}:{p}"], check=True,
                                    capture_output=True, text=True).stdout
    gcb = rl_sets(show("textseg/grapheme_clusters_table.rl"))
    emoji = rl_sets(show("textseg/emoji_table.rl"))["Extended_Pictographic"]
    code = {}
    for i, n in enumerate(GCB[1:], start=1):
        for cp in gcb[n]:
            if cp in code:
                sys.exit(f"{tag}: U+{cp:04X} is both {GCB[code[cp]]} and {n}")
            code[cp] = i
    for cp in emoji:
        if code.get(cp, 0) != 0:
            sys.exit(f"{tag}: U+{cp:04X} is pictographic and {GCB[code[cp]]}: the scanner's classes overlap")
        code[cp] = EXT_PICT
    # Hangul syllables are left to arithmetic (every 28th from U+AC00 is LV, the rest LVT).
    for cp in range(0xAC00, 0xD7A4):
        want = GCB.index("LV") if (cp - 0xAC00) % 28 == 0 else GCB.index("LVT")
        if code.pop(cp, None) != want:
            sys.exit(f"{tag}: U+{cp:04X} is not the Hangul syllable the arithmetic gives")
    out = []
    for cp in sorted(code):
        if out and out[-1][1] + 1 == cp and out[-1][2] == code[cp]:
            out[-1][1] = cp
        else:
            out.append([cp, cp, code[cp]])
    return out


def main():
    base = os.path.join(REGEX_SYNTAX, "src/unicode_tables")
    gc = rust_tables(os.path.join(base, "general_category.rs"))
    age = rust_tables(os.path.join(base, "age.rs"))
    graphic = set()
    for cat in ("LETTER", "MARK", "NUMBER", "PUNCTUATION", "SYMBOL"):
        graphic |= to_set(gc[cat])
    graphic.add(0x20)

    def upto(major, minor):
        s = set()
        for name, ranges in age.items():
            a, b = (int(x) for x in name[1:].split("_"))
            if (a, b) <= (major, minor):
                s |= to_set(ranges)
        return s

    print15 = graphic & upto(15, 0)
    print13 = graphic & upto(13, 0)
    assert print13 <= print15
    counts = go_isprint_counts(print15)
    if counts != (424, 133, 112, 508):
        sys.exit(f"Unicode 15.0 IsPrint does not match Go 1.21's isprint.go: {counts}")

    w = sys.stdout.write
    w("//! Generated by scripts/gen-unicode-tables.py; do not edit. Sources and method: that script.\n\n")
    w("/// Go's `unicode.IsPrint` at Unicode 15.0 (Go 1.21 .. 1.25), as inclusive ranges.\n")
    w("pub const PRINT_15: &[(u32, u32)] = &[\n")
    for lo, hi in to_ranges(print15):
        w(f"    (0x{lo:X}, 0x{hi:X}),\n")
    w("];\n\n")
    w("/// The characters of [`PRINT_15`] that Unicode 14.0 and 15.0 assigned: not printable\n")
    w("/// (unassigned) for Go 1.16 .. 1.20, which have Unicode 13.0.\n")
    w("pub const NEW_IN_14_15: &[(u32, u32)] = &[\n")
    for lo, hi in to_ranges(print15 - print13):
        w(f"    (0x{lo:X}, 0x{hi:X}),\n")
    w("];\n")
    for tag, uni in (("v13.0.0", "13"), ("v15.0.0", "15")):
        rows = textseg_table(tag)
        w(f"\n/// go-textseg {tag} (Unicode {uni}.0): grapheme-break property per range, `| 0x10` when\n")
        w("/// also Extended_Pictographic; codes as in `grapheme::Prop`; absent ranges are Other, and\n")
        w("/// the Hangul syllables U+AC00..U+D7A3 are computed.\n")
        w(f"pub const GRAPHEME_{uni}: &[(u32, u32, u8)] = &[\n")
        for lo, hi, c in rows:
            w(f"    (0x{lo:X}, 0x{hi:X}, {c}),\n")
        w("];\n")


main()
