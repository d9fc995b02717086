#!/usr/bin/env python3
"""Mines the test tables of Terraform, go-cty and HCL for golden cases of `terraform console`.

Reads the Go test files straight from the local git mirrors (no network), parses the tables it
understands, translates each row into a Terraform expression (`expr`) and the expected result
into another expression (`want`) that builds exactly the same cty value, types included, and
writes tests/golden/mined/<name>.jsonl, one case per line:

    {"expr": ..., "setup": main.tf text or null, "want": expr or null, "want_err": bool,
     "want_err_text": "..." (only when the table has one), "source": "repo@tag path:line"}

Typed nulls and typed empty collections that no literal builds exactly (a null list of strings,
an empty set of numbers, ...) come from variables declared in `setup` with that type and a
`null`, `[]` or `{}` default.

Rows that cannot be translated faithfully are skipped and counted by reason; the summary goes
to stdout. Usage: scripts/mine-tables.py [--mirrors DIR] [--out DIR]
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import unicodedata
from decimal import Decimal

TF = ("hashicorp/terraform", "hashicorp+terraform", "v1.14.0")
CTY = ("zclconf/go-cty", "zclconf+go-cty", "v1.16.3")
HCL = ("hashicorp/hcl", "hashicorp+hcl", "v2.24.0")


class Skip(Exception):
    """A row (or a whole test) that cannot be translated faithfully; the message is the reason."""


# ---------------------------------------------------------------------------------------------
# Go source: a tokenizer and a small expression parser
# ---------------------------------------------------------------------------------------------

TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<raw>`[^`]*`)
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<chr>'(?:[^'\\\n]|\\.)*')
  | (?P<num>0[xX][0-9a-fA-F_]+|(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>\.\.\.|:=|==|!=|<=|>=|&&|\|\||[{}()\[\],:.;+\-*/&!<>=%|^])
    """,
    re.S | re.X,
)


def tokenize(src, base_line=1):
    toks = []
    pos = 0
    line = base_line
    while pos < len(src):
        m = TOKEN_RE.match(src, pos)
        if not m:
            raise Skip("untokenizable Go source")
        kind = m.lastgroup
        text = m.group(kind)
        if kind != "ws":
            toks.append((kind, text, line))
        line += text.count("\n")
        pos = m.end()
    return toks


def go_string(tok):
    kind, text, _ = tok
    if kind == "raw":
        return text[1:-1].replace("\r", "")
    body = text[1:-1]
    out = bytearray()
    i = 0
    simple = {"n": b"\n", "t": b"\t", "r": b"\r", "\\": b"\\", '"': b'"', "'": b"'",
              "a": b"\a", "b": b"\b", "f": b"\f", "v": b"\v"}
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        e = body[i + 1]
        if e in simple:
            out += simple[e]
            i += 2
        elif e == "x":
            out.append(int(body[i + 2:i + 4], 16))
            i += 4
        elif e == "u":
            out += chr(int(body[i + 2:i + 6], 16)).encode("utf-8", "surrogatepass")
            i += 6
        elif e == "U":
            out += chr(int(body[i + 2:i + 10], 16)).encode("utf-8", "surrogatepass")
            i += 10
        elif e in "01234567":
            out.append(int(body[i + 1:i + 4], 8))
            i += 4
        else:
            raise Skip("unknown Go string escape")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise Skip("string that is not valid UTF-8")


# Parsed Go expressions: ("id", "cty.StringVal"), ("call", fn, [args]), ("lit", kind, text),
# ("comp", typetext, [elements]) where an element is (key or None, value), ("sel", x, name),
# ("bin", op, a, b), ("unary", op, x).
class Parser:
    def __init__(self, toks):
        self.t = toks
        self.i = 0

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("eof", "", 0)

    def next(self):
        tok = self.peek()
        self.i += 1
        return tok

    def expect(self, text):
        tok = self.next()
        if tok[1] != text:
            raise Skip(f"Go parse: expected {text!r}, found {tok[1]!r}")
        return tok

    def at(self, text):
        return self.peek()[1] == text and self.peek()[0] in ("op", "id")

    def expr(self):
        left = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-", "*", "/", "|"):
            op = self.next()[1]
            left = ("bin", op, left, self.unary())
        return left

    def unary(self):
        if self.peek()[0] == "op" and self.peek()[1] in ("-", "&", "!", "+"):
            op = self.next()[1]
            return ("unary", op, self.unary())
        return self.postfix(self.primary())

    def typetext(self):
        # a Go type written before a composite literal: []T, map[K]V, struct{...}, pkg.Name
        parts = []
        depth = 0
        while True:
            tok = self.peek()
            if tok[1] == "{" and depth == 0 and parts and parts[-1] != "struct" and parts[-1] != "interface":
                break
            if tok[0] == "eof":
                raise Skip("Go parse: unterminated type")
            if tok[1] in ("[", "("):
                depth += 1
            elif tok[1] in ("]", ")"):
                depth -= 1
            elif tok[1] == "{" and parts and parts[-1] in ("struct", "interface"):
                # struct{...} / interface{}
                parts.append(self.balanced("{", "}"))
                continue
            parts.append(self.next()[1])
        return "".join(parts)

    def balanced(self, open_, close):
        self.expect(open_)
        depth = 1
        out = [open_]
        while depth:
            tok = self.next()
            if tok[0] == "eof":
                raise Skip("Go parse: unbalanced")
            if tok[1] == open_:
                depth += 1
            elif tok[1] == close:
                depth -= 1
            out.append(tok[1])
        return " ".join(out)

    def primary(self):
        tok = self.peek()
        if tok[0] in ("str", "raw", "num", "chr"):
            self.next()
            return ("lit", tok[0], tok)
        if tok[1] == "(":
            self.next()
            e = self.expr()
            self.expect(")")
            return e
        if tok[1] in ("[", "map", "struct"):
            ty = self.typetext()
            return ("comp", ty, self.elements())
        if tok[0] == "id" and tok[1] == "func":
            # a function literal: opaque to the miner
            self.next()
            self.balanced("(", ")")
            while not self.at("{"):
                if self.peek()[0] == "eof":
                    raise Skip("Go parse: function literal")
                self.next()
            self.balanced("{", "}")
            return ("opaque", "function literal", tok[2])
        if tok[0] == "id":
            self.next()
            name = tok[1]
            while self.peek()[1] == "." and self.peek(1)[0] == "id" and self.peek(2)[1] != "(":
                self.next()
                name += "." + self.next()[1]
            if self.peek()[1] == "." and self.peek(1)[0] == "id":
                self.next()
                name += "." + self.next()[1]
            return ("id", name, tok[2])
        raise Skip(f"Go parse: unexpected {tok[1]!r}")

    def elements(self):
        self.expect("{")
        els = []
        while not self.at("}"):
            if self.peek()[1] == "{":
                v = ("comp", "", self.elements())
            else:
                v = self.expr()
            key = None
            if self.at(":"):
                self.next()
                key = v
                v = ("comp", "", self.elements()) if self.peek()[1] == "{" else self.expr()
            els.append((key, v))
            if self.at(","):
                self.next()
            elif not self.at("}"):
                raise Skip(f"Go parse: expected , or }} found {self.peek()[1]!r}")
        self.expect("}")
        return els

    def postfix(self, e):
        while True:
            if self.at("("):
                self.next()
                args = []
                while not self.at(")"):
                    args.append(self.expr())
                    if self.at("..."):
                        self.next()
                        args[-1] = ("spread", args[-1])
                    if self.at(","):
                        self.next()
                self.expect(")")
                e = ("call", e, args)
            elif self.at(".") and self.peek(1)[0] == "id":
                self.next()
                e = ("sel", e, self.next()[1])
            elif self.at("[") and e[0] != "comp":
                self.balanced("[", "]")
                e = ("index", e)
            elif self.at("{") and e[0] == "id" and e[1] not in ("true", "false", "nil"):
                e = ("comp", e[1], self.elements())
            else:
                return e


# ---------------------------------------------------------------------------------------------
# cty values and types
# ---------------------------------------------------------------------------------------------
# types: ("string",) ("number",) ("bool",) ("dyn",) ("list", T) ("set", T) ("map", T)
#        ("tuple", (T...)) ("object", ((k, T)...))
# values: ("v", type, payload) payload: str / Decimal text / bool / list / dict / None (null)

S, N, B, DYN = ("string",), ("number",), ("bool",), ("dyn",)


def has_dyn(t):
    if t == DYN:
        return True
    if t[0] in ("list", "set", "map"):
        return has_dyn(t[1])
    if t[0] == "tuple":
        return any(has_dyn(x) for x in t[1])
    if t[0] == "object":
        return any(has_dyn(x) for _, x in t[1])
    return False


def type_tf(t):
    k = t[0]
    if k in ("string", "number", "bool"):
        return k
    if k == "dyn":
        return "any"
    if k in ("list", "set", "map"):
        return f"{k}({type_tf(t[1])})"
    if k == "tuple":
        return "tuple([" + ", ".join(type_tf(x) for x in t[1]) + "])"
    for name, _ in t[1]:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", name):
            raise Skip("object type with an attribute name a type constraint cannot spell")
    return "object({" + ", ".join(f"{name} = {type_tf(x)}" for name, x in t[1]) + "})"


class Env:
    """Go locals of a test function (name -> parsed expression)."""

    def __init__(self, names=None):
        self.names = dict(names or {})


def eval_type(e, env):
    if e[0] == "id":
        simple = {"cty.String": S, "cty.Number": N, "cty.Bool": B, "cty.DynamicPseudoType": DYN,
                  "cty.EmptyObject": ("object", ()), "cty.EmptyTuple": ("tuple", ())}
        if e[1] in simple:
            return simple[e[1]]
        if e[1] in env.names:
            return eval_type(env.names[e[1]], env)
        raise Skip(f"type {e[1]}")
    if e[0] == "call" and e[1][0] == "id":
        fn = e[1][1]
        if fn in ("cty.List", "cty.Set", "cty.Map") and len(e[2]) == 1:
            return (fn[4:].lower(), eval_type(e[2][0], env))
        if fn == "cty.Tuple" and len(e[2]) == 1 and e[2][0][0] == "comp":
            return ("tuple", tuple(eval_type(v, env) for _, v in e[2][0][2]))
        if fn == "cty.Object" and len(e[2]) == 1 and e[2][0][0] == "comp":
            attrs = {}
            for k, v in e[2][0][2]:
                attrs[lit_string(k)] = eval_type(v, env)
            return ("object", tuple(sorted(attrs.items())))
        if fn in ("cty.ObjectWithOptionalAttrs",):
            raise Skip("optional attributes in a Go type")
        raise Skip(f"type constructor {fn}")
    raise Skip("unsupported type expression")


def lit_string(e):
    if e is None or e[0] != "lit" or e[1] not in ("str", "raw"):
        if e is not None and e[0] == "bin" and e[1] == "+":
            return lit_string(e[2]) + lit_string(e[3])
        raise Skip("non-literal string")
    return go_string(e[2])


def go_number(e):
    """A Go numeric constant expression -> Decimal (exact; Go constants have no negative zero)."""
    d = go_number_raw(e)
    return Decimal(0) if d == 0 else d


def go_number_raw(e):
    if e[0] == "lit" and e[1] == "num":
        txt = e[2][1].replace("_", "")
        if txt.lower().startswith("0x"):
            return Decimal(int(txt, 16))
        return Decimal(txt)
    if e[0] == "unary" and e[1] in "-+":
        v = go_number_raw(e[2])
        return -v if e[1] == "-" else v
    if e[0] == "bin" and e[1] in "+-*":
        a, b = go_number_raw(e[2]), go_number_raw(e[3])
        return a + b if e[1] == "+" else a - b if e[1] == "-" else a * b
    if e[0] == "bin" and e[1] == "/":
        raise Skip("Go constant division")
    raise Skip("non-literal number")


def float64_text(d):
    """The float64 a Go float literal denotes, as the shortest decimal (no exponent)."""
    f = float(d)
    if f != f or f in (float("inf"), float("-inf")):
        raise Skip("infinite or NaN number")
    return dec_text(Decimal(repr(f)))


def dec_text(d):
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0",):
        return "-0"
    return s or "0"


def val_type(v):
    return v[1]


def mkcoll(kind, items, ety=None):
    if items:
        t0 = val_type(items[0] if kind != "map" else next(iter(items.values())))
        for it in (items if kind != "map" else items.values()):
            if val_type(it) != t0:
                raise Skip("collection elements of different types")
        ety = t0
    return ("v", (kind, ety), items)


def eval_val(e, env):
    if e[0] == "id":
        name = e[1]
        consts = {"cty.True": ("v", B, True), "cty.False": ("v", B, False),
                  "cty.Zero": ("v", N, "0"), "cty.EmptyObjectVal": ("v", ("object", ()), {}),
                  "cty.EmptyTupleVal": ("v", ("tuple", ()), []),
                  "cty.NilVal": None}
        if name in consts:
            if consts[name] is None:
                raise Skip("cty.NilVal")
            return consts[name]
        if name == "cty.DynamicVal":
            raise Skip("unknown value")
        if name in ("cty.PositiveInfinity", "cty.NegativeInfinity"):
            raise Skip("infinity (no literal builds it)")
        if name in env.names:
            return eval_val(env.names[name], env)
        raise Skip(f"Go identifier {name}")
    if e[0] == "call" and e[1][0] == "sel":
        meth = e[1][2]
        if meth in ("Mark", "WithMarks", "MarkWithPaths", "WithSameMarks", "MarkWithPaths"):
            raise Skip("marked value (sensitive/ephemeral)")
        if meth in ("Refine", "RefineNotNull", "RefineWith", "NewValue"):
            raise Skip("unknown value")
        raise Skip(f"method call .{meth}")
    if e[0] == "sel":
        if e[2] in ("NewValue",):
            raise Skip("unknown value")
        raise Skip("selector expression")
    if e[0] != "call" or e[1][0] != "id":
        raise Skip("unsupported value expression")
    fn, args = e[1][1], e[2]
    if fn.rsplit(".", 1)[-1] in ("Mark", "WithMarks", "MarkWithPaths", "WithSameMarks"):
        raise Skip("marked value (sensitive/ephemeral)")
    if fn.rsplit(".", 1)[-1] in ("Refine", "RefineNotNull", "RefineWith", "NewValue"):
        raise Skip("unknown value")
    if fn == "cty.StringVal":
        return ("v", S, unicodedata.normalize("NFC", lit_string(args[0])))
    if fn in ("cty.NumberIntVal", "cty.NumberUIntVal"):
        return ("v", N, dec_text(go_number(args[0])))
    if fn == "cty.NumberFloatVal":
        return ("v", N, float64_text(go_number(args[0])))
    if fn == "cty.MustParseNumberVal":
        try:
            return ("v", N, dec_text(Decimal(lit_string(args[0]))))
        except ArithmeticError:
            raise Skip("number text")
    if fn == "cty.BoolVal":
        if args[0] == ("id", "true", args[0][2]) or (args[0][0] == "id" and args[0][1] == "true"):
            return ("v", B, True)
        if args[0][0] == "id" and args[0][1] == "false":
            return ("v", B, False)
        raise Skip("non-literal bool")
    if fn in ("cty.ListVal", "cty.SetVal", "cty.TupleVal"):
        if len(args) != 1 or args[0][0] != "comp":
            raise Skip(f"{fn} of a non-literal slice")
        items = [eval_val(v, env) for _, v in args[0][2]]
        if fn == "cty.TupleVal":
            return ("v", ("tuple", tuple(val_type(i) for i in items)), items)
        kind = "list" if fn == "cty.ListVal" else "set"
        if not items:
            raise Skip(f"{fn} of nothing")
        return mkcoll(kind, items)
    if fn in ("cty.MapVal", "cty.ObjectVal"):
        if len(args) != 1 or args[0][0] != "comp":
            raise Skip(f"{fn} of a non-literal map")
        items = {}
        for k, v in args[0][2]:
            items[unicodedata.normalize("NFC", lit_string(k))] = eval_val(v, env)
        if fn == "cty.ObjectVal":
            return ("v", ("object", tuple(sorted((k, val_type(v)) for k, v in items.items()))), items)
        if not items:
            raise Skip("cty.MapVal of nothing")
        return mkcoll("map", items)
    if fn in ("cty.ListValEmpty", "cty.SetValEmpty", "cty.MapValEmpty"):
        kind = fn[4:-8].lower()
        return ("v", (kind, eval_type(args[0], env)), [] if kind != "map" else {})
    if fn == "cty.NullVal":
        return ("v", eval_type(args[0], env), None)
    if fn in ("cty.UnknownVal", "cty.DynamicVal", "cty.UnknownAsNull"):
        raise Skip("unknown value")
    if fn.startswith("cty.CapsuleVal"):
        raise Skip("capsule type")
    raise Skip(f"value constructor {fn}")


class Ctx:
    """Collects the variables a case needs for typed nulls and empties."""

    def __init__(self):
        self.decls = {}

    def var(self, ty, default):
        key = (type_tf(ty), default)
        if key not in self.decls:
            self.decls[key] = f"v{len(self.decls)}"
        return "var." + self.decls[key]

    def setup(self):
        if not self.decls:
            return None
        out = []
        for (ty, default), name in sorted(self.decls.items(), key=lambda kv: kv[1]):
            out.append(f'variable "{name}" {{\n  type    = {ty}\n  default = {default}\n}}\n')
        return "\n".join(out)


def hcl_string(s):
    out = ['"']
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append("\\u%04x" % ord(c))
        elif c in "$%" and s[i + 1:i + 2] == "{":
            out.append(c + c)
        else:
            out.append(c)
        i += 1
    out.append('"')
    return "".join(out)


def to_expr(v, ctx):
    _, t, p = v
    k = t[0]
    if p is None:
        simple = {"string": "tostring(null)", "number": "tonumber(null)", "bool": "tobool(null)",
                  "dyn": "null"}
        if k in simple:
            return simple[k]
        if k in ("list", "set", "map") and t[1] == DYN:
            return f"to{k}(null)"
        if has_dyn(t):
            raise Skip("typed null of a type with a dynamic part")
        return ctx.var(t, "null")
    if k == "string":
        return hcl_string(p)
    if k == "number":
        return p
    if k == "bool":
        return "true" if p else "false"
    if k == "tuple":
        return "[" + ", ".join(to_expr(x, ctx) for x in p) + "]"
    if k == "object":
        return "{" + ", ".join(f"{hcl_string(key)} = {to_expr(p[key], ctx)}" for key in sorted(p)) + "}"
    if k in ("list", "set"):
        if not p:
            if t[1] == DYN:
                return f"to{k}([])"
            if has_dyn(t):
                raise Skip("typed empty collection with a dynamic part")
            return ctx.var(t, "[]")
        return f"to{k}([" + ", ".join(to_expr(x, ctx) for x in p) + "])"
    if k == "map":
        if not p:
            if t[1] == DYN:
                return "tomap({})"
            if has_dyn(t):
                raise Skip("typed empty collection with a dynamic part")
            return ctx.var(t, "{}")
        return "tomap({" + ", ".join(f"{hcl_string(key)} = {to_expr(p[key], ctx)}" for key in sorted(p)) + "})"
    raise Skip("type")


def is_literal(v):
    """True when a plain HCL literal (no function call, no reference) builds v exactly."""
    _, t, p = v
    if p is None:
        return t == DYN
    if t[0] in ("string", "number", "bool"):
        return True
    if t[0] == "tuple":
        return all(is_literal(x) for x in p)
    if t[0] == "object":
        return all(is_literal(x) for x in p.values())
    return False


def check_buildable(v):
    """Refuses values whose Terraform expression would not have the same type."""
    _, t, p = v
    if p is None:
        return
    if t[0] in ("list", "set", "map", "tuple"):
        items = p.values() if isinstance(p, dict) else p
        for x in items:
            check_buildable(x)
        # a collection of elements with dynamic types (e.g. list of untyped nulls) would be
        # unified to another type by tolist/toset/tomap
        if t[0] in ("list", "set", "map") and items and has_dyn(t[1]):
            raise Skip("collection whose element type has a dynamic part")
        if t[0] == "set" and any(x[2] is None for x in items):
            raise Skip("set containing null")
    elif t[0] == "object":
        for x in p.values():
            check_buildable(x)


# ---------------------------------------------------------------------------------------------
# Go test functions and their tables
# ---------------------------------------------------------------------------------------------

def git_show(mirrors, repo, tag, path):
    d = os.path.join(mirrors, repo, "repo")
    return subprocess.run(["git", "-C", d, "show", f"{tag}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def git_ls(mirrors, repo, tag, path):
    d = os.path.join(mirrors, repo, "repo")
    out = subprocess.run(["git", "-C", d, "ls-tree", "--name-only", tag, path + "/"], check=True,
                         capture_output=True, text=True).stdout
    return sorted(out.split())


def split_funcs(src):
    """Yields (name, first line, body text) of each top-level Go func."""
    lines = src.split("\n")
    starts = [i for i, l in enumerate(lines) if l.startswith("func ")]
    for n, s in enumerate(starts):
        e = starts[n + 1] if n + 1 < len(starts) else len(lines)
        m = re.match(r"func (\w+)", lines[s])
        yield (m.group(1) if m else "?"), s + 1, "\n".join(lines[s:e])


TABLE_RE = re.compile(r"\b(\w+)\s*:?=\s*(\[\]|map\[string\])struct\s*\{")


def parse_struct_fields(text):
    fields = []
    for line in text.split("\n"):
        line = line.split("//")[0].strip()
        if not line:
            continue
        m = re.match(r"(\w+(?:\s*,\s*\w+)*)\s+(\S.*)$", line)
        if not m:
            continue
        for name in m.group(1).split(","):
            fields.append((name.strip(), m.group(2).strip()))
    return fields


def find_tables(body, first_line):
    """Finds `tests := []struct{...}{rows}`; returns (fields, rows with line, prefix text)."""
    m = TABLE_RE.search(body)
    if not m:
        return None
    # struct field list
    i = m.end()
    depth = 1
    j = i
    while depth:
        if body[j] == "{":
            depth += 1
        elif body[j] == "}":
            depth -= 1
        j += 1
    fields = parse_struct_fields(body[i:j - 1])
    # rows: tokenize from the `{` after the struct
    rest_line = first_line + body[:j].count("\n")
    toks = tokenize(body[j:], rest_line)
    p = Parser(toks)
    els = p.elements()
    return m.group(2), fields, els, body[:m.start()], body[j:], m.group(1)


def parse_locals(prefix, first_line):
    """`name := <expr>` statements before the table (simple cases only)."""
    env = {}
    for m in re.finditer(r"^\t(\w+) := ", prefix, re.M):
        start = m.end()
        try:
            toks = tokenize(prefix[start:], 1)
            p = Parser(toks)
            env[m.group(1)] = p.expr()
        except Skip:
            pass
        except (IndexError, ValueError):
            pass
    return env


CALL_RE = re.compile(r"(?:got|_|res|result|gotVal|actual),\s*(?:err|gotErr)\s*:?=\s*([\w.]+)\((.*)\)\s*$", re.M)

OPERATORS = {
    "Add": "+", "Subtract": "-", "Multiply": "*", "Divide": "/", "Modulo": "%",
    "LessThan": "<", "LessThanOrEqualTo": "<=", "GreaterThan": ">", "GreaterThanOrEqualTo": ">=",
    "Equal": "==", "NotEqual": "!=", "And": "&&", "Or": "||",
}
UNARY = {"Negate": "-", "Not": "!"}


def registered(functions_go):
    """Go function value (e.g. stdlib.AbsoluteFunc) -> Terraform function name."""
    out = {}
    for m in re.finditer(r'^\s+"(\w+)":\s+([\w.]+)(\(|,)', functions_go, re.M):
        if m.group(3) == ",":
            out.setdefault(m.group(2), m.group(1))
    return out


TO_FUNCS = {S: "tostring", N: "tonumber", B: "tobool", ("list", DYN): "tolist",
            ("set", DYN): "toset", ("map", DYN): "tomap"}


def call_target(body, pkg, regs):
    """How a test function calls what it tests: ('fn', tfname, [arg fields]) / ('op', ...)."""
    m = CALL_RE.search(body)
    m2 = re.search(r"(?:got|_),\s*(?:err|gotErr)\s*:?=\s*(\w+)\.Call\(\[\]cty\.Value\{(.*)\}\)", body)
    if m2 and (not m or m2.start() <= m.start()):
        name, argtext = m2.group(1), m2.group(2)
        if name == "f" and "MakeToFunc(test.TargetTy)" in body:
            return ("to", None, ["test.Value"])
        goname = name if name.endswith("Func") else None
        if goname is None:
            raise Skip(f"calls {name}.Call (a Go-built function)")
        fq = f"{pkg}.{goname}"
        if fq not in regs:
            raise Skip(f"{fq} is not a Terraform function")
        return ("fn", regs[fq], [a.strip() for a in argtext.split(",")])
    if not m:
        raise Skip("no recognised call of the tested function")
    name, argtext = m.group(1), m.group(2)
    args = [a.strip() for a in argtext.split(",")]
    if pkg == "stdlib" and name in OPERATORS:
        return ("op", OPERATORS[name], args)
    if pkg == "stdlib" and name in UNARY:
        return ("unary", UNARY[name], args)
    fq = f"{pkg}.{name}Func"
    if fq not in regs:
        raise Skip(f"{pkg}.{name} is not a Terraform function as registered in 1.14")
    return ("fn", regs[fq], args)


# Rows whose Go call differs from what Terraform's console does, for a reason named here.
HCL_CONVERTS = ("the test calls the Go function with an argument of the wrong type; HCL converts "
                "the argument to the parameter type first, so Terraform succeeds")
KNOWN_SKIPS = {
    "zclconf/go-cty@v1.16.3 cty/function/stdlib/csv_test.go:74": HCL_CONVERTS,
    "hashicorp/terraform@v1.14.0 internal/lang/funcs/string_test.go:117": HCL_CONVERTS,
    "zclconf/go-cty@v1.16.3 cty/function/stdlib/number_test.go:942": (
        "RawEquals compares numbers with big.Float.Cmp, so the table's 0 also accepts the -0 "
        "that Terraform prints for log(10, 0)"),
}

# Go locals a test passes besides its table fields, by file: the string value each holds.
GO_LOCAL_ARGS = {
    # ts := time.Date(2006, time.January, 2, 15, 04, 05, 0, time.UTC); ts.Format(time.RFC3339)
    "cty/function/stdlib/datetime_test.go": {"timeVal": "2006-01-02T15:04:05Z"},
}

WANT_FIELDS = ("Want", "Expected", "want", "expected", "Result", "Output")
ERR_FIELDS = ("Err", "WantErr", "wantErr", "WantError", "ExpectErr", "Error", "err")


def row_fields(fields, row):
    """Maps a row's elements to field names -> parsed expression."""
    _, els = row
    vals = {}
    if els and all(k is not None for k, _ in els):
        for k, v in els:
            if k[0] != "id":
                raise Skip("row key")
            vals[k[1]] = v
    else:
        if len(els) != len(fields):
            raise Skip("row does not match the struct")
        for (name, _), (_, v) in zip(fields, els):
            vals[name] = v
    return vals


def mine_go_table_file(mirrors, src_repo, path, pkg, regs, emit, skip):
    owner, mdir, tag = src_repo
    text = git_show(mirrors, mdir, tag, path)
    for fname, fline, body in split_funcs(text):
        if not fname.startswith("Test"):
            continue
        try:
            tab = find_tables(body, fline)
        except Skip as e:
            skip(f"{path}:{fline}", f"table not parsed: {e}", 1)
            continue
        if tab is None:
            continue
        kind, fields, rows, prefix, after, _ = tab
        try:
            target = call_target(after, pkg, regs)
        except Skip as e:
            skip(f"{path}:{fline}", str(e), len(rows))
            continue
        env = Env(parse_locals(prefix, fline))
        ftypes = dict(fields)
        for key, row in rows:
            line = row[0][1][2][2] if False else None
            line = first_token_line(key if key is not None else row)
            source = f"{owner}@{tag} {path}:{line}"
            try:
                if row[0] != "comp":
                    raise Skip("row is not a composite literal")
                vals = row_fields(fields, (None, row[2]))
                emit_row(target, vals, ftypes, env, source, emit)
            except Skip as e:
                skip(source, str(e), 1)
            except (IndexError, KeyError, ValueError, TypeError) as e:
                skip(source, f"miner could not read the row ({type(e).__name__})", 1)


def first_token_line(e):
    if isinstance(e, tuple):
        if len(e) == 3 and e[0] in ("lit",):
            return e[2][2]
        if e[0] == "id" and len(e) == 3 and isinstance(e[2], int):
            return e[2]
        for x in e[1:]:
            r = first_token_line(x)
            if r:
                return r
    if isinstance(e, list):
        for x in e:
            r = first_token_line(x)
            if r:
                return r
    return 0


def emit_row(target, vals, ftypes, env, source, emit):
    if source in KNOWN_SKIPS:
        raise Skip(KNOWN_SKIPS[source])
    want_e = next((vals[f] for f in WANT_FIELDS if f in vals), None)
    err_name = next((f for f in ERR_FIELDS if f in vals), None)
    want_err, err_text = False, None
    if err_name:
        ev = vals[err_name]
        if ev[0] == "id" and ev[1] in ("true", "false"):
            want_err = ev[1] == "true"
        elif ev[0] == "id" and ev[1] == "nil":
            want_err = False
        elif ev[0] == "lit":
            err_text = lit_string(ev)
            want_err = err_text != ""
            if not want_err:
                err_text = None
        else:
            raise Skip("error expectation not literal")
    ctx = Ctx()
    kind, name, argrefs = target
    args = []
    for a in argrefs:
        spread = a.endswith("...")
        a = a[:-3] if spread else a
        if a in GO_LOCAL_ARGS.get(source.split(" ")[1].split(":")[0], {}):
            args.append(("v", S, GO_LOCAL_ARGS[source.split(" ")[1].split(":")[0]][a]))
            continue
        if not a.startswith("test."):
            raise Skip(f"the call passes {a!r}, not a table field")
        field = a[5:]
        if field not in vals:
            raise Skip(f"row lacks field {field}")
        if spread:
            ve = vals[field]
            if ve[0] == "id" and ve[1] == "nil":
                continue
            if ve[0] != "comp":
                raise Skip("spread argument not a literal slice")
            args += [eval_val(v, env) for _, v in ve[2]]
        else:
            args.append(eval_val(vals[field], env))
    for a in args:
        check_buildable(a)
    arg_exprs = [to_expr(a, ctx) for a in args]
    if kind == "fn":
        expr = f"{name}({', '.join(arg_exprs)})"
    elif kind == "op":
        if len(arg_exprs) != 2:
            raise Skip("operator arity")
        expr = f"({arg_exprs[0]}) {name} ({arg_exprs[1]})"
    elif kind == "unary":
        expr = f"{name}({arg_exprs[0]})"
    else:  # to*
        ty = eval_type(vals["TargetTy"], env)
        if ty not in TO_FUNCS:
            raise Skip("conversion to a type no to* function names")
        expr = f"{TO_FUNCS[ty]}({arg_exprs[0]})"
    want = None
    if not want_err:
        if want_e is None:
            raise Skip("row has no expected value")
        if want_e[0] == "id" and want_e[1] == "nil":
            raise Skip("row has no expected value")
        wv = eval_val(want_e, env)
        check_buildable(wv)
        want = to_expr(wv, ctx)
    emit(expr, ctx.setup(), want, want_err, err_text, source)


# ---------------------------------------------------------------------------------------------
# internal/lang/functions_test.go: {`hcl source`, cty value}
# ---------------------------------------------------------------------------------------------

IMPURE_OR_FS = ("abspath", "file", "templatefile", "timestamp", "plantimestamp", "uuid(", "bcrypt",
                "pathexpand", "local.", "provider::", "ephemeralasnull")


def mine_functions_test(mirrors, emit, skip):
    owner, mdir, tag = TF
    path = "internal/lang/functions_test.go"
    text = git_show(mirrors, mdir, tag, path)
    start = text.index("tests := map[string][]struct")
    body_start = text.index("}{", start) + 1
    toks = tokenize(text[body_start:], text[:body_start].count("\n") + 1)
    groups = Parser(toks).elements()
    for gkey, group in groups:
        for _, row in group[2]:
            line = first_token_line(row)
            source = f"{owner}@{tag} {path}:{line}"
            try:
                src = lit_string(row[2][0][1])
                if any(w in src for w in IMPURE_OR_FS):
                    raise Skip("impure, filesystem or test-scope function (needs the test's own scope)")
                wv = eval_val(row[2][1][1], Env())
                check_buildable(wv)
                ctx = Ctx()
                want = to_expr(wv, ctx)
                emit(src, ctx.setup(), want, False, None, source)
            except Skip as e:
                skip(source, str(e), 1)


# ---------------------------------------------------------------------------------------------
# go-cty cty/convert/public_test.go: {Value, Type, Want, WantError} as a typed variable
# ---------------------------------------------------------------------------------------------

def mine_convert(mirrors, emit, skip):
    owner, mdir, tag = CTY
    path = "cty/convert/public_test.go"
    text = git_show(mirrors, mdir, tag, path)
    for fname, fline, body in split_funcs(text):
        if fname != "TestConvert":
            continue
        _, fields, rows, prefix, _, _ = find_tables(body, fline)
        env = Env(parse_locals(prefix, fline))
        for _, row in rows:
            source = f"{owner}@{tag} {path}:{first_token_line(row)}"
            try:
                vals = row_fields(fields, (None, row[2]))
                ty = eval_type(vals["Type"], env)
                v = eval_val(vals["Value"], env)
                check_buildable(v)
                ctx = Ctx()
                if ty in TO_FUNCS:
                    expr = f"{TO_FUNCS[ty]}({to_expr(v, ctx)})"
                elif not is_literal(v):
                    raise Skip("conversion to a type no to* names, of a value no literal builds "
                               "(a variable default cannot call functions)")
                else:
                    # a root variable's default is converted to its type constraint
                    # (convert.Convert) when the configuration loads
                    expr = ctx.var(ty, to_expr(v, ctx))
                err_text = lit_string(vals["WantError"]) if "WantError" in vals else ""
                if err_text:
                    emit(expr, ctx.setup(), None, True, err_text, source)
                    continue
                wv = eval_val(vals["Want"], env)
                check_buildable(wv)
                want = to_expr(wv, ctx)
                emit(expr, ctx.setup(), want, False, None, source)
            except Skip as e:
                skip(source, str(e), 1)


# ---------------------------------------------------------------------------------------------
# HCL hclsyntax/expression_test.go and expression_template_test.go: {input, ctx, want, diagCount}
# ---------------------------------------------------------------------------------------------

def mine_hcl(mirrors, path, func, template, emit, skip):
    owner, mdir, tag = HCL
    text = git_show(mirrors, mdir, tag, path)
    for fname, fline, body in split_funcs(text):
        if fname != func:
            continue
        _, fields, rows, _, _, _ = find_tables(body, fline)
        for _, row in rows:
            source = f"{owner}@{tag} {path}:{first_token_line(row)}"
            try:
                vals = row_fields(fields, (None, row[2]))
                src = lit_string(vals["input"])
                ctx_e = vals["ctx"]
                if not (ctx_e[0] == "id" and ctx_e[1] == "nil"):
                    raise Skip("needs a custom EvalContext")
                if template:
                    if any(c in src for c in '\\"\n\r'):
                        raise Skip("bare template that a quoted string cannot spell as is")
                    src = '"' + src + '"'
                diags = int(go_number(vals["diagCount"]))
                if diags:
                    if re.search(r"[A-Za-z_]\s*\(", src):
                        raise Skip("fails only because HCL has no functions without an EvalContext")
                    emit(src, None, None, True, None, source)
                    continue
                wv = eval_val(vals["want"], Env())
                check_buildable(wv)
                c = Ctx()
                want = to_expr(wv, c)
                emit(src, c.setup(), want, False, None, source)
            except Skip as e:
                skip(source, str(e), 1)


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--out", default=os.path.join(here, "..", "tests", "golden", "mined"))
    opts = ap.parse_args()
    m = opts.mirrors
    regs = registered(git_show(m, TF[1], TF[2], "internal/lang/functions.go"))
    outputs = collections.OrderedDict()
    skipped = collections.defaultdict(collections.Counter)
    seen = collections.Counter()
    used_sources = set()

    def sink(name):
        outputs.setdefault(name, [])
        keys = set()

        def emit(expr, setup, want, want_err, err_text, source):
            seen[name] += 1
            case = {"expr": expr, "setup": setup, "want": want, "want_err": want_err}
            if err_text:
                case["want_err_text"] = err_text
            case["source"] = source
            k = (expr, setup, want, want_err)
            if k in keys:
                skipped[name]["duplicate of an earlier case"] += 1
                return
            keys.add(k)
            n = 2
            while case["source"] in used_sources:
                case["source"] = f"{source} #{n}"
                n += 1
            used_sources.add(case["source"])
            outputs[name].append(case)

        def skip(source, reason, n):
            seen[name] += n
            skipped[name][reason] += n

        return emit, skip

    mine_functions_test(m, *sink("terraform-functions"))
    for path in git_ls(m, TF[1], TF[2], "internal/lang/funcs"):
        if path.endswith("_test.go") and not path.endswith("funcs_test.go"):
            name = "terraform-funcs-" + os.path.basename(path)[:-8]
            mine_go_table_file(m, TF, path, "funcs", regs, *sink(name))
    for path in git_ls(m, CTY[1], CTY[2], "cty/function/stdlib"):
        if path.endswith("_test.go"):
            name = "cty-stdlib-" + os.path.basename(path)[:-8]
            mine_go_table_file(m, CTY, path, "stdlib", regs, *sink(name))
    mine_convert(m, *sink("cty-convert-public"))
    mine_hcl(m, "hclsyntax/expression_test.go", "TestExpressionParseAndValue", False,
             *sink("hcl-expression"))
    mine_hcl(m, "hclsyntax/expression_template_test.go", "TestTemplateExprParseAndValue", True,
             *sink("hcl-template"))

    os.makedirs(opts.out, exist_ok=True)
    total_w = total_s = total_seen = 0
    for name, cases in outputs.items():
        p = os.path.join(opts.out, name + ".jsonl")
        if cases:
            with open(p, "w", encoding="utf-8") as f:
                for c in cases:
                    f.write(json.dumps(c, ensure_ascii=False) + "\n")
        elif os.path.exists(p):
            os.remove(p)
        ns = sum(skipped[name].values())
        total_w += len(cases)
        total_s += ns
        total_seen += seen[name]
        print(f"{name}: {seen[name]} rows, {len(cases)} cases written, {ns} skipped")
        for reason, n in skipped[name].most_common():
            print(f"    {n:4d}  {reason}")
    print(f"TOTAL: {total_seen} rows, {total_w} cases written, {total_s} skipped")


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(f"git failed: {e.stderr}")
