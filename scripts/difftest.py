#!/usr/bin/env python3
"""difftest: find where the engine and real Terraform disagree, on expressions nobody wrote.

    scripts/difftest.py [--seed N] [--count N] [--out FILE] [--golden TOPIC] [--cases FILE]

It generates `--count` random expressions (seeded, so a run can be repeated) from a grammar
of Terraform 1.0's built-in functions, operators, conditionals, `for` expressions, splats,
indexes and templates, with arguments drawn from pools of edge values (empty and Unicode
strings, -0, big and fractional numbers, nulls, sets, nested collections) and, on purpose,
arguments of the wrong type. Each expression goes to the oracle (`tf-oracle --jsonl`, real
Terraform 1.0.3) and to the engine emulating the same release
(`iacquiz eval --jsonl --terraform-version 1.0.3`). It prints how many agree and the
disagreements grouped by the outermost function, and writes them to `--out` (JSON lines with
both outcomes). `--golden TOPIC` appends the disagreeing expressions to
tests/golden/cases/TOPIC.jsonl, so that scripts/record-golden.sh records the oracle's answer
and `cargo test` keeps them fixed. `--cases FILE` replays a JSON-lines file of {"expr": ..., "setup": ...}
instead of generating.

`--mode` picks the grammar: `expr` (the default) as above; `syntax` takes those expressions
and breaks them a little (a token dropped, doubled or replaced by noise, a character put inside
a string, the text cut short), so what is compared is the parser's diagnosis; `config` writes a
small main.tf of locals (referring to each other, now and then in a cycle; heredocs; comments;
multi-line collections) and typed variables whose defaults may not convert, sometimes with a
syntax slip, and asks for a local, a variable or an expression over them.

Outcomes are compared as tests/it/golden.rs compares them: a value byte for byte; an error by
its summary, and its detail as a prefix (the oracle keeps only the first wrapped line).
The oracle is ../shared/tools/tf-oracle (or $TF_ORACLE); the engine is target/release/iacquiz
(or $IACQUIZ). Nothing here runs in `cargo test`.
"""
import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def hcl_str(s):
    """An HCL quoted string whose value is s (JSON escapes, with template openers escaped)."""
    return json.dumps(s, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


STRINGS = ["", "a", "abc", "Hello World", "  spaced  ", "a,b,,c", "ünïcödé", "ÀÉÎ", "tab\there",
           "line1\nline2", "trail\n", "EOT\nx", "\u0378", "\u00ad", "\u200b", "\x7f", "\U0001F600", "10", "-3.5", "true", "null", "0x1F", "ß", "ǅ", "İ", "x y z",
           "%", "%s", "a-b_c", "🙂", "e\u0301", "日本語", "a\\b", "\"q\"", "A1b2", "   ", "\r\n", "${x}"]
NUMBERS = ["0", "1", "-1", "2", "3", "7", "10", "16", "100", "2.5", "-0.5", "0.1", "1e3", "-0",
           "1.5e-3", "9007199254740993", "123456789012345678901", "255", "-7.2", "3.999", "64", "1e309",
           "0.1", "1e-400", "-1e308", "4.5", "0.30000000000000004", "00012", "1.0", "5e0"]
BOOLS = ["true", "false"]
FORMATS = ["%s", "%d", "%05d", "%.2f", "%8.3f", "%-6s|", "%q", "%v", "%#v", "%x", "%X", "%o",
           "%b", "%e", "%g", "%t", "%%", "%!", "%*d", "%.0f", "%[1]d %[1]q", "%[3]s", "%5t", "%-5v|", "%10s", "%[2]s-%[1]s", "%s %s", "%5.1f%%", "%+d", "% d",
           "%T", "%c", "%U", "%08.3f", "%-8d|"]
REGEXES = ["[a-z]+", "(\\d+)", "^a", "b$", "(?i)HELLO", "(a)(b)?", "(?P<k>\\w+)=(?P<v>\\w+)",
           "\\s+", ".", "", "[", "(x|y)+", "\\b\\w", "a{2,}", "^$", "[[:upper:]]"]
CIDRS = ["10.0.0.0/8", "10.1.2.0/24", "192.168.0.0/16", "172.16.0.0/12", "0.0.0.0/0",
         "fd00::/8", "2001:db8::/32", "10.0.0.0/33", "10.0.0.1/24", "::/0", "1.2.3.4/32", "10.0.0.0"]
TIMES = ["2024-01-02T03:04:05Z", "2024-02-29T23:59:59+05:30", "2023-12-31T00:00:00.123456Z",
         "1970-01-01T00:00:00Z", "2024-01-02T03:04:05-08:00", "2024-01-02", "2024-13-01T00:00:00Z",
         "2024-01-02T03:04:05.5+00:00"]
DATEFMTS = ["YYYY-MM-DD", "DD MMM YYYY hh:mm ZZZ", "EEEE, MMMM D", "h:mm:ss AA", "YY/M/D H:m:s",
            "'quoted' YYYY", "ZZZZ ZZZZZ Z", "EEE hh:mm:ss.SSS", "'", "''", "HH aa", "MMMM"]
DURATIONS = ["1h", "-30m", "1.5h", "10s", "1h30m", "90m", "0s", "1d", "500ms", "-1h-1m", "2h45m30s"]
JSONS = ['{"a":1,"b":[true,null]}', "[1,2,3]", '"s"', "1e2", "null", "{", '{"a":{"b":[]}}', "[]",
         '{"x": 1.50}', "true"]
YAMLS = ["a: 1\nb: [x, y]\n", "- 1\n- two\n- true\n", "x", "a: yes\nb: off", "~", "", "a: |\n  x\n",
         "k: 0o17\nn: 0x1F\nf: 1.5e3", "- {a: 1}\n- [2]\n", "a: &x 1\nb: *x", "'quoted'", "a: 1\na: 2"]
B64S = ["aGVsbG8=", "", "////", "aGk", "ZsO8cg==", "not base64", "AAEC"]
PATHS = ["a/b/c.txt", "/", "", "a/", "/x/y/", "file", "./a/../b", "a//b", "C:\\x\\y", ".hidden"]
CSVS = ["a,b\n1,2\n", "a,b\n1,2\n3,4", "x\n", "a,b\n1\n", 'a,b\n"q,1",2\n', ""]

SCALAR_KINDS = ["str", "num", "bool"]


class Gen:
    """Random expressions; depth bounds nesting so lines stay short enough to read."""

    def __init__(self, rng):
        self.r = rng

    def pick(self, xs):
        return self.r.choice(xs)

    def value(self, kind, depth=0):
        r = self.r
        if depth < 2 and r.random() < 0.18:
            call = self.call_of(kind, depth + 1)
            if call:
                return call
        if r.random() < 0.04:
            return "null"
        if kind == "str":
            return hcl_str(self.pick(STRINGS))
        if kind == "num":
            return self.pick(NUMBERS)
        if kind == "bool":
            return self.pick(BOOLS)
        if kind == "any":
            return self.value(self.pick(["str", "num", "bool", "list", "map", "tuple", "obj", "set"]), depth)
        if kind == "list":  # a tuple literal of one element kind, or a tolist
            k = self.pick(SCALAR_KINDS)
            items = ", ".join(self.value(k, depth + 1) for _ in range(r.randint(0, 4)))
            return f"[{items}]" if r.random() < 0.7 else f"tolist([{items}])"
        if kind == "tuple":
            items = ", ".join(self.value(self.pick(SCALAR_KINDS + ["list"]), depth + 1) for _ in range(r.randint(0, 4)))
            return f"[{items}]"
        if kind == "set":
            k = self.pick(SCALAR_KINDS)
            items = ", ".join(self.value(k, depth + 1) for _ in range(r.randint(0, 4)))
            return f"toset([{items}])"
        if kind in ("map", "obj"):
            keys = r.sample(["a", "b", "c", "k1", "Z", "x_y", "\"with space\"", "\"1\""], r.randint(0, 4))
            vk = self.pick(SCALAR_KINDS) if kind == "map" else None
            pairs = ", ".join(f"{k} = {self.value(vk or self.pick(SCALAR_KINDS + ['list']), depth + 1)}" for k in keys)
            return "{" + pairs + "}" if kind == "obj" or r.random() < 0.6 else "tomap({" + pairs + "})"
        if kind == "strlist":
            items = ", ".join(hcl_str(self.pick(STRINGS)) for _ in range(r.randint(0, 4)))
            return f"[{items}]"
        if kind == "numlist":
            items = ", ".join(self.pick(NUMBERS) for _ in range(r.randint(0, 4)))
            return f"[{items}]"
        if kind == "listlist":
            return "[" + ", ".join(self.value("list", depth + 1) for _ in range(r.randint(0, 3))) + "]"
        table = {"fmt": FORMATS, "re": REGEXES, "cidr": CIDRS, "time": TIMES, "datefmt": DATEFMTS,
                 "dur": DURATIONS, "json": JSONS, "yaml": YAMLS, "csv": CSVS,
                 "b64": B64S, "path": PATHS}
        if kind in table:
            return hcl_str(self.pick(table[kind]))
        if kind == "smallnum":
            return self.pick(["0", "1", "2", "3", "-1", "4", "8", "1.5", "255", "256"])
        raise ValueError(kind)

    def call_of(self, kind, depth):
        cands = [f for f, (ret, _) in FUNCS.items() if ret == kind]
        if not cands:
            return None
        return self.call(self.pick(cands), depth)

    def call(self, name, depth=0):
        _, params = FUNCS[name]
        args = []
        for p in params:
            if p.endswith("?"):
                if self.r.random() < 0.5:
                    break
                p = p[:-1]
            if p.endswith("*"):
                for _ in range(self.r.randint(0, 3)):
                    args.append(self.arg(p[:-1], depth))
                continue
            args.append(self.arg(p, depth))
        return f"{name}({', '.join(args)})"

    def arg(self, kind, depth):
        if self.r.random() < 0.08:  # the wrong type, on purpose: errors are answers too
            kind = self.pick(["str", "num", "bool", "list", "map", "set", "tuple"])
        return self.value(kind, depth)

    def objlist(self):
        """A tuple (or list) of objects sharing some attributes: what splats and fors walk."""
        r = self.r
        attrs = r.sample(["a", "b", "name", "id"], r.randint(1, 3))
        kind = r.choice(SCALAR_KINDS)
        objs = []
        for _ in range(r.randint(0, 3)):
            keep = attrs if r.random() < 0.8 else attrs[:-1]
            objs.append("{" + ", ".join(f"{k} = {self.value(kind if r.random() < 0.85 else r.choice(SCALAR_KINDS), 2)}" for k in keep) + "}")
        body = "[" + ", ".join(objs) + "]"
        return body if r.random() < 0.7 else f"tolist({body})"

    def structural(self):
        """Expressions over nested data: splats, nested fors with filters and grouping,
        equality and conditionals between collections of different kinds, arithmetic on
        strings, unary operators, chained indexes."""
        r = self.r
        pick = r.randrange(9)
        if pick == 0:
            return self.objlist() + r.choice(["[*].a", ".*.a", "[*].name", "[*]", "[0].a", "[*].id[0]", ".*", "[1].b"])
        if pick == 1:
            ol = self.objlist()
            cond = r.choice(["o.a != null", "length(tostring(o.a)) > 1", "o.a == o.a", "true", "o.b"])
            return r.choice([f"[for i, o in {ol} : o.a if {cond}]", f"{{for o in {ol} : tostring(o.a) => o...}}",
                             f"{{for i, o in {ol} : i => o if {cond}}}", f"[for o in {ol} : [for k, v in o : \"${{k}}:${{v}}\"]]",
                             f"flatten([for o in {ol} : values(o)])", f"{{for o in {ol} : tostring(o.a) => o.b}}"])
        if pick == 2:
            a, b = self.value(r.choice(["list", "tuple", "set", "map", "obj"]), 1), self.value(r.choice(["list", "tuple", "set", "map", "obj"]), 1)
            return f"{a} {r.choice(['==', '!='])} {b}"
        if pick == 3:
            a = self.value(r.choice(["list", "tuple", "set", "map", "obj"]), 1)
            b = self.value(r.choice(["list", "tuple", "set", "map", "obj", "str", "num"]), 1)
            c = self.value(r.choice(["list", "tuple", "obj"]), 1)
            return f"{self.value('bool', 2)} ? {a} : {self.value('bool', 2)} ? {b} : {c}"
        if pick == 4:
            ops = ["+", "-", "*", "/", "%"]
            terms = [r.choice([self.value("num", 2), hcl_str(r.choice(["1", "2.5", "-3", "0", "1e2", " 4", "x", "0x10", "1_0"])),
                               self.value("bool", 2)]) for _ in range(r.randint(2, 4))]
            e = terms[0]
            for t in terms[1:]:
                e += f" {r.choice(ops)} {t}"
            return e
        if pick == 5:
            return r.choice(["-", "!", "- -", "!!"]) + r.choice([self.value(r.choice(SCALAR_KINDS), 2), "(" + self.value("num", 2) + ")"])
        if pick == 6:
            coll = self.value(r.choice(["listlist", "map", "obj"]), 1)
            return coll + "".join(r.choice(["[0]", "[1]", "[\"a\"]", ".a", "[*]", "[0][0]", ".k1"]) for _ in range(r.randint(1, 3)))
        if pick == 7:
            return f"{self.value(r.choice(['str', 'num']), 2)} {r.choice(['<', '<=', '>', '>='])} {self.value(r.choice(['str', 'num']), 2)}"
        v = self.value(r.choice(["list", "obj", "map"]), 1)
        return '"' + r.choice(["%{ for x in V }%{ if x != null }[${x}]%{ else }-%{ endif }%{ endfor }",
                               "%{ for k, x in V ~}\n  ${k}%{ endfor ~}!", "${length(V)} items",
                               "%{ if length(V) > 0 }${jsonencode(V)}%{ endif }"]).replace("V", v) + '"'

    def expr(self):
        r = self.r.random()
        if r < 0.25:
            return self.structural()
        r = self.r.random()
        if r < 0.62:
            return self.call(self.pick(list(FUNCS)))
        if r < 0.72:
            a, b = self.value(self.pick(["num", "str", "bool"]), 1), self.value(self.pick(["num", "str", "bool"]), 1)
            op = self.pick(["+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||"])
            return f"{a} {op} {b}"
        if r < 0.8:
            c = self.value("bool", 1)
            return f"{c} ? {self.value(self.pick(['list', 'set', 'map', 'obj', 'tuple', 'str', 'num']), 1)} : {self.value(self.pick(['list', 'set', 'map', 'obj', 'tuple', 'str', 'num']), 1)}"
        if r < 0.88:
            coll = self.value(self.pick(["list", "map", "set", "obj", "tuple"]), 1)
            body = self.pick(["v", "k", "upper(tostring(v))", "\"${k}=${v}\"", "length(tostring(v))"])
            if self.r.random() < 0.5:
                return f"[for k, v in {coll} : {body}]"
            return f"{{for k, v in {coll} : tostring(k) => {body}...}}" if self.r.random() < 0.3 else f"{{for k, v in {coll} : tostring(k) => {body}}}"
        if r < 0.94:
            coll = self.value(self.pick(["list", "tuple", "map", "obj", "set"]), 1)
            idx = self.pick(["[0]", "[1]", "[-1]", "[\"a\"]", "[*]", ".*", "[*].a", ".a", "[0.0]", "[\"0\"]"])
            return f"{coll}{idx}"
        v = self.value(self.pick(["str", "num", "bool", "list", "obj"]), 1)
        tmpl = self.pick(["x${V}y", "%{ if V }T%{ else }F%{ endif }", "%{ for i in V }<${i}>%{ endfor }",
                          "${V}", " ${V} ", "%{ for k, v in V }${k}=${v};%{ endfor }", "a\\n${V}\\tb",
                          "${ V ~}  x", "x  %{~ if V ~}  y  %{~ endif ~}  z"])
        return '"' + tmpl.replace("V", v) + '"'


S, N, B = "str", "num", "bool"
FUNCS = {
    # numeric
    "abs": (N, [N]), "ceil": (N, [N]), "floor": (N, [N]), "log": (N, [N, N]), "max": (N, [N, "num*"]),
    "min": (N, [N, "num*"]), "parseint": (N, [S, "smallnum"]), "pow": (N, [N, N]), "signum": (N, [N]),
    # string
    "chomp": (S, [S]), "format": (S, ["fmt", "any*"]), "formatlist": ("list", ["fmt", "any*"]),
    "indent": (S, ["smallnum", S]), "join": (S, [S, "strlist"]), "lower": (S, [S]),
    "regex": ("any", ["re", S]), "regexall": ("list", ["re", S]), "replace": (S, [S, S, S]),
    "split": ("list", [S, S]), "strrev": (S, [S]), "substr": (S, [S, "smallnum", "smallnum"]),
    "title": (S, [S]), "trim": (S, [S, S]), "trimprefix": (S, [S, S]), "trimsuffix": (S, [S, S]),
    "trimspace": (S, [S]), "upper": (S, [S]),
    # collection
    "alltrue": (B, ["list"]), "anytrue": (B, ["list"]), "chunklist": ("listlist", ["list", "smallnum"]),
    "coalesce": ("any", ["any", "any*"]), "coalescelist": ("list", ["list", "list*"]), "compact": ("list", ["strlist"]),
    "concat": ("list", ["list", "list*"]), "contains": (B, ["list", "any"]), "distinct": ("list", ["list"]),
    "element": ("any", ["list", "smallnum"]), "flatten": ("list", ["listlist"]), "index": (N, ["list", "any"]),
    "keys": ("list", ["map"]), "length": (N, ["any"]), "lookup": ("any", ["map", S, "any?"]),
    "matchkeys": ("list", ["list", "list", "list"]), "merge": ("map", ["map", "map*"]), "one": ("any", ["list"]),
    "range": ("numlist", ["smallnum", "smallnum?", "smallnum?"]), "reverse": ("list", ["list"]),
    "setintersection": ("set", ["set", "set*"]), "setproduct": ("list", ["list", "list"]),
    "setsubtract": ("set", ["set", "set"]), "setunion": ("set", ["set", "set*"]),
    "slice": ("list", ["list", "smallnum", "smallnum"]), "sort": ("list", ["strlist"]), "sum": (N, ["numlist"]),
    "transpose": ("map", ["map"]), "values": ("list", ["map"]), "zipmap": ("map", ["strlist", "list"]),
    # encoding
    "base64decode": (S, [S]), "base64encode": (S, [S]), "csvdecode": ("list", ["csv"]),
    "jsondecode": ("any", ["json"]), "jsonencode": (S, ["any"]), "textencodebase64": (S, [S, S]),
    "urlencode": (S, [S]), "yamldecode": ("any", ["yaml"]), "yamlencode": (S, ["any"]),
    # time, hash, ip
    "formatdate": (S, ["datefmt", "time"]), "timeadd": (S, ["time", "dur"]),
    "md5": (S, [S]), "sha1": (S, [S]), "sha512": (S, [S]), "base64sha512": (S, [S]),
    "base64gzip": (S, [S]), "textdecodebase64": (S, ["b64", S]), "basename": (S, ["path"]),
    "dirname": (S, ["path"]), "sensitive": ("any", ["any"]), "nonsensitive": ("any", ["any"]),
 "sha256": (S, [S]), "base64sha256": (S, [S]), "uuidv5": (S, [S, S]),
    "cidrhost": (S, ["cidr", "smallnum"]), "cidrnetmask": (S, ["cidr"]), "cidrsubnet": (S, ["cidr", "smallnum", "smallnum"]),
    "cidrsubnets": ("list", ["cidr", "smallnum*"]),
    # conversion
    "tobool": (B, ["any"]), "tolist": ("list", ["any"]), "tomap": ("map", ["any"]), "tonumber": (N, ["any"]),
    "toset": ("set", ["any"]), "tostring": (S, ["any"]), "try": ("any", ["any", "any*"]), "can": (B, ["any"]),
}


import re

TOKEN = re.compile(r'\$\{|%\{|=>|\.\.\.|==|!=|<=|>=|&&|\|\||"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_-]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\S')
NOISE = ["(", ")", "[", "]", "{", "}", ",", ":", "?", "=>", "...", ".", "*", "=", "!", "-", "\"", "${",
         "%{", "if", "for", "in", "endif", "endfor", "else", "~", "<<", "1", "x", "null", "\\", "#", "/*",
         "//", "'", ";", "@", "&", "|", "1.", ".5", "0x1", "1e", "[*]", ".*", "\n"]


def mutate(r, text):
    """A near miss of a valid expression: a token or character deleted, doubled, swapped for
    noise, or the text cut short. What the parser says about it is what is compared."""
    toks = TOKEN.findall(text)
    how = r.random()
    if how < 0.15 or len(toks) < 2:
        return text[: r.randint(0, max(0, len(text) - 1))]
    if how < 0.35:  # inside a string literal, where template syntax lives
        i = r.randrange(len(text))
        return text[:i] + r.choice(["${", "%{", "}", "\\", "\"", "~}", "$", "%", "\\u00", "\\q", "${ }"]) + text[i:]
    i = r.randrange(len(toks))
    if how < 0.55:
        del toks[i]
    elif how < 0.7:
        toks.insert(i, toks[i])
    elif how < 0.9:
        toks.insert(i, r.choice(NOISE))
    else:
        toks[i] = r.choice(NOISE)
    return " ".join(toks)


TYPES = ["string", "number", "bool", "list(string)", "list(number)", "set(string)", "map(string)",
         "map(number)", "any", "list(any)", "map(any)", "object({ a = string, b = number })",
         "tuple([string, number])", "list(object({ n = string }))", "map(list(string))", "set(number)"]


class ConfigGen:
    """Small configurations: locals that lean on each other (sometimes in a cycle), variables
    with type constraints and defaults that may not convert, validation rules, outputs (which
    the console's start-up walk evaluates), heredocs, comments, and now and then a syntax slip
    or a misspelt argument. The expression asked is a local, a variable or something over them."""

    def __init__(self, rng):
        self.r = rng
        self.g = Gen(rng)

    def heredoc(self, names):
        r = self.r
        strip = r.random() < 0.5
        marker = r.choice(["EOT", "EOF", "END_X"])
        ind = "    " if strip else r.choice(["", "  "])
        lines = []
        for _ in range(r.randint(0, 4)):
            piece = r.choice(["plain text", "  indented", "${local.%s}" % r.choice(names) if names else "x",
                              "%{ if true }yes%{ endif }", "$${literal}", "tab\there", "", "a \\n b", marker + "X",
                              "  " + marker, "%{ for i in [1, 2] }${i},%{ endfor }", "${ \"q\" }"])
            lines.append(ind + piece)
        close = ("  " if strip and r.random() < 0.7 else "") + marker
        return ("<<-" if strip else "<<") + marker + "\n" + "".join(l + "\n" for l in lines) + close

    def local_value(self, names):
        r = self.r
        x = r.random()
        if names and x < 0.3:
            a = r.choice(names)
            return r.choice([f"local.{a}", f"[local.{a}]", f"{{ k = local.{a} }}", f"\"${{local.{a}}}!\"",
                             f"local.{a}[0]", f"length(local.{a})", f"local.{a}.k", f"try(local.{a}.k, \"d\")",
                             f"[for v in local.{a} : v]", f"local.{a} == null ? 1 : 2"])
        if x < 0.42:
            return self.heredoc(names)
        if x < 0.5:  # multi-line collections, with comments and trailing commas
            items = [self.g.value(r.choice(SCALAR_KINDS), 1) for _ in range(r.randint(0, 3))]
            if r.random() < 0.5:
                body = "".join(f"    {v},{' # c' if r.random() < 0.3 else ''}\n" for v in items)
                return "[\n" + body + "  ]"
            body = "".join(f"    k{i} = {v}{' // c' if r.random() < 0.3 else ''}\n" for i, v in enumerate(items))
            return "{\n" + body + "  }"
        if x < 0.55 and names:
            return f"var.{r.choice(['v0', 'v1', 'nope'])}"
        if x < 0.58:
            return r.choice(["path.module", "path.root", "terraform.workspace", "sensitive(1)", "nonsensitive(sensitive(\"x\"))"])
        return self.g.expr() if r.random() < 0.5 else self.g.value(r.choice(["any", "str", "num", "list", "obj", "map"]), 1)

    def variable(self, name):
        r = self.r
        lines = []
        if r.random() < 0.8:
            lines.append(f"  type = {r.choice(TYPES + ['object({ a = optional(string) })', 'list(map(any))', 'map(list(any))'])}")
        if r.random() < 0.85:
            lines.append(f"  default = {self.g.value(r.choice(['any', 'str', 'num', 'list', 'obj', 'map', 'set', 'tuple']), 1)}")
        if r.random() < 0.1:
            lines.append("  sensitive = true")
        if r.random() < 0.05:
            lines.append("  default = local.l0")
        if r.random() < 0.08:
            lines.append(r.choice(["  nullable = false", "  description = \"d\"", "  defualt = 1", "  sensitiv = true",
                                   "  ephemeral = false", "  validation = 1"]))
        for _ in range(r.randint(0, 2) if r.random() < 0.3 else 0):
            lines.append(self.validation(name))
        return f'variable "{name}" {{\n' + "".join(l + "\n" for l in lines) + "}\n"

    def validation(self, name):
        """A validation block whose condition and message take the forms each release treats
        differently: the variable itself, another object, nothing; a sentence, a lowercase
        phrase, a template, a function call."""
        r = self.r
        cond = r.choice([f"var.{name} != null", f"length(tostring(var.{name})) > 2", "true", f"var.{name} == local.l0",
                         f"can(var.{name}.a)", f"try(var.{name} > 1, false)", "path.module != \"\"", f"contains([1, 2], var.{name})"])
        msg = r.choice(['"Must be valid."', '"must be valid"', '""', f'"Got ${{var.{name}}}."', 'upper("x.")',
                        '"Bad value?"', f'"${{var.{name}}} is bad."', "local.l0", "5", '"Ärger!"'])
        return f"  validation {{\n    condition     = {cond}\n    error_message = {msg}\n  }}"

    def output(self, name, names):
        r = self.r
        lines = []
        if r.random() < 0.92:
            value = r.choice([f"local.{r.choice(names)}", "var.v0", "sensitive(\"s\")", "[for x in [1] : x.a]",
                              "1 + \"a\"", "path.module", "terraform.workspace", self.g.expr()])
            lines.append(f"  value = {value}")
        if r.random() < 0.2:
            lines.append("  sensitive = true")
        if r.random() < 0.1:
            lines.append(r.choice(["  description = \"d\"", "  valeu = 1", "  depends_on = []", "  ephemeral = false"]))
        if r.random() < 0.1:
            lines.append(f"  precondition {{\n    condition     = {r.choice(['true', 'local.' + r.choice(names) + ' != null'])}\n    error_message = \"Bad.\"\n  }}")
        return f'output "{name}" {{\n' + "".join(l + "\n" for l in lines) + "}\n"

    def case(self):
        r = self.r
        names = [f"l{i}" for i in range(r.randint(1, 4))]
        blocks = []
        body = []
        for i, n in enumerate(names):
            earlier = names[:i] if r.random() < 0.9 else names  # now and then a cycle or self-reference
            body.append(f"  {n} = {self.local_value(earlier)}\n")
            if r.random() < 0.1:
                body.append(r.choice(["  # a comment\n", "  /* block\n  comment */\n", "\n", "  // slashes\n"]))
        blocks.append("locals {\n" + "".join(body) + "}\n")
        for v in ["v0", "v1"][: r.randint(0, 2)]:
            blocks.append(self.variable(v))
        for o in ["o0", "o1"][: r.randint(0, 2) if r.random() < 0.35 else 0]:
            blocks.append(self.output(o, names))
        r.shuffle(blocks)
        setup = "\n".join(blocks)
        if r.random() < 0.12:
            setup = mutate(r, setup) if r.random() < 0.5 else setup.replace("\n", "\n" + r.choice(NOISE), 1)
        target = r.choice(names + ["v0", "v1"][: sum(1 for b in blocks if b.startswith("variable"))])
        expr = f"local.{target}" if target.startswith("l") else f"var.{target}"
        if r.random() < 0.2:
            expr = r.choice([f"[{expr}]", f"tostring({expr})", f"{expr}[0]",
                             f"jsonencode({expr})", f"keys({expr})", "local", "var", "local[\"l0\"]"])
        return expr, setup


def run_lines(cmd, cases):
    inp = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases).encode("utf-8")
    p = subprocess.run(cmd, input=inp, capture_output=True)
    if p.returncode != 0:
        sys.exit(f"difftest: {cmd[0]} failed: {p.stderr.decode('utf-8', 'replace')[:400]}")
    rows = [json.loads(l) for l in p.stdout.decode("utf-8").split("\n") if l.strip()]
    if len(rows) != len(cases):
        sys.exit(f"difftest: {cmd[0]} answered {len(rows)} lines for {len(cases)} cases")
    return rows


def differs(want, got):
    """None when the outcomes agree, else what differs: "value", "summary" or "detail"."""
    if want["ok"] != got.get("ok"):
        return "value" if want["ok"] else "summary"
    if want["ok"]:
        return None if want["out"] == got.get("out") else "value"
    if want["err"] != got.get("err"):
        return "summary"
    squash = lambda s: " ".join((s or "").split())
    return None if squash(got.get("detail")).startswith(squash(want.get("detail"))) else "detail"


def head(expr):
    name = expr.split("(", 1)[0]
    return name if name.isidentifier() and name in FUNCS else "(" + expr.split(" ", 1)[0][:1] + "…)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--out", default="difftest-out.jsonl")
    ap.add_argument("--golden", metavar="TOPIC")
    ap.add_argument("--cases", metavar="FILE")
    ap.add_argument("--version", default="1.0.3", help="the release the oracle runs (default 1.0.3)")
    ap.add_argument("--mode", choices=["expr", "syntax", "config"], default="expr",
                    help="expr: expressions (default); syntax: near misses of them, for parse errors; "
                         "config: small configurations of locals and variables")
    a = ap.parse_args()
    oracle = os.environ.get("TF_ORACLE", os.path.join(ROOT, "..", "shared", "tools", "tf-oracle"))
    engine = os.environ.get("IACQUIZ", os.path.join(ROOT, "target", "release", "iacquiz"))
    for tool in (oracle, engine):
        if not os.access(tool, os.X_OK):
            sys.exit(f"difftest: {tool} is not there (build with cargo build --release, or set TF_ORACLE/IACQUIZ)")
    if a.cases:
        rows = [json.loads(l) for l in open(a.cases, encoding="utf-8") if l.strip()]
        cases = [(row["expr"], row.get("setup")) for row in rows]
    else:
        rng = random.Random(a.seed)
        g, cg = Gen(rng), ConfigGen(rng)
        seen, cases = set(), []
        while len(cases) < a.count:
            if a.mode == "config":
                c = cg.case()
            elif a.mode == "syntax":
                c = (mutate(rng, g.expr()), None)
            else:
                c = (g.expr(), None)
            if c not in seen and "\n" not in c[0]:
                seen.add(c)
                cases.append(c)
    exprs = [e for e, _ in cases]
    work = tempfile.mkdtemp(prefix="difftest-")
    dirs = []
    for i, (_, setup) in enumerate(cases):
        if setup is None:
            dirs.append(None)
            continue
        d = os.path.join(work, str(i))
        os.makedirs(d)
        with open(os.path.join(d, "main.tf"), "w", encoding="utf-8") as f:
            f.write(setup)
        dirs.append(d)
    want = run_lines([oracle, "--jsonl"], [{"expr": e, "setup": st} for e, st in cases])
    got = run_lines([engine, "eval", "--jsonl", "--terraform-version", a.version], [{"expr": e, "config": d} for e, d in zip(exprs, dirs)])
    shutil.rmtree(work, ignore_errors=True)
    bad = [(e, w, g) for e, w, g in zip(exprs, want, got) if differs(w, g)]
    oks = sum(1 for w in want if w["ok"])
    bad_ok = sum(1 for _, w, _ in bad if w["ok"])
    print(f"{len(exprs)} expressions: {len(exprs) - len(bad)} agree; values {oks - bad_ok}/{oks}, "
          f"errors {len(exprs) - oks - (len(bad) - bad_ok)}/{len(exprs) - oks}")
    kinds = collections.Counter(differs(w, g) for _, w, g in bad)
    print("  differences: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    by = collections.Counter((differs(w, g), head(e)) for e, w, g in bad)
    for (kind, name), n in by.most_common():
        print(f"  {n:4} {kind:8} {name}")
    with open(a.out, "w", encoding="utf-8") as f:
        for e, w, g in bad:
            f.write(json.dumps({"expr": e, "setup": w.get("setup"), "terraform": {k: w.get(k) for k in ("ok", "out", "err", "detail")},
                                "engine": g, "differs": differs(w, g)}, ensure_ascii=False) + "\n")
    if bad:
        print(f"disagreements written to {a.out}")
    if a.golden and bad:
        path = os.path.join(ROOT, "tests", "golden", "cases", a.golden + ".jsonl")
        with open(path, "a", encoding="utf-8") as f:
            for e, w, _ in bad:
                f.write(json.dumps({"expr": e, "setup": w.get("setup")}, ensure_ascii=False) + "\n")
        print(f"{len(bad)} cases appended to {path}; record them with scripts/record-golden.sh {a.golden}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
