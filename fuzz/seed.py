#!/usr/bin/env python3
"""Fills fuzz/corpus/<target>/ with small seeds taken from the project's own files (golden
cases, the question bank, tests/cfn, assets/rivet), so nothing large is committed.

Run from anywhere: python3 fuzz/seed.py
"""
import glob
import hashlib
import json
import os
import re

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_SEED = 16 * 1024


def files(pattern):
    return sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))


def write(target, texts):
    out = os.path.join(HERE, "corpus", target)
    os.makedirs(out, exist_ok=True)
    n = 0
    for t in texts:
        data = t.encode() if isinstance(t, str) else t
        if not data or len(data) > MAX_SEED:
            continue
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        n += 1
    print(f"{target}: {n} seeds in {out}")


def questions():
    """Every question of every bank in the repository."""
    for path in files("questions/**/*.yaml") + files("tests/**/*.yaml"):
        try:
            doc = yaml.safe_load(open(path, encoding="utf-8"))
        except Exception:
            continue
        if isinstance(doc, dict) and isinstance(doc.get("questions"), list):
            for q in doc["questions"]:
                if isinstance(q, dict):
                    yield q


def expr_seeds():
    for path in files("tests/golden/cases/*.jsonl"):
        for line in open(path, encoding="utf-8"):
            try:
                case = json.loads(line)
            except ValueError:
                continue
            if isinstance(case.get("expr"), str):
                yield case["expr"]
    for q in questions():
        if isinstance(q.get("expr"), str):
            yield q["expr"]


def config_seeds():
    for q in questions():
        if isinstance(q.get("config"), str):
            yield q["config"]
    for path in files("tests/**/*.tf"):
        yield open(path, encoding="utf-8").read()


def bank_seeds():
    banks = files("questions/**/*.yaml") + files("tests/quiz/**/*.yaml") + files("tests/fixtures/**/*.yaml")
    for path in banks:
        if os.path.basename(path) != "lessons.yaml":
            yield open(path, "rb").read()


def cfn_seeds():
    for path in files("tests/cfn/**/*.yaml") + files("tests/cfn/**/*.json"):
        if not os.path.basename(path).startswith("expect"):
            yield open(path, "rb").read()


def rivet_seeds():
    for path in files("assets/rivet/**/*.rvt") + files("tests/**/*.rvt"):
        yield open(path, "rb").read()
    # The rivet tests write their configurations inline as Rust string literals.
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "0": "\0"}
    for path in files("tests/rivet_*.rs"):
        text = open(path, encoding="utf-8").read()
        for m in re.finditer(r'r#"(.*?)"#', text, re.S):
            if "{" in m.group(1):
                yield m.group(1)
        for m in re.finditer(r'(?<![r#])"((?:[^"\\]|\\.)*)"', text):
            lit = re.sub(r"\\(.)", lambda e: escapes.get(e.group(1), e.group(1)), m.group(1))
            if "{\n" in lit:
                yield lit


def confine_seeds():
    """Folders of files and links for the gate (see fuzz_targets/confine.rs)."""
    yield "f a.txt\nl b a.txt\n? b\n? a.txt\n"
    yield "d sub\nf sub/x\nl sub/up ../sub/x\nl dir sub\n? dir/up\n? dir/../sub/x\n? sub/up\n"
    yield "l out @out/secret.txt\nl gone @out/missing.txt\nl rel ../out/secret.txt\n? out\n? gone\n? rel\n"
    yield "l top @base\n? top/in\n? top/out/secret.txt\n? top/out/in-alias/x\nf x\n"
    yield "l alias @out/in-alias\nf ok\n? alias/ok\n? alias\nl back ../in/ok\n? back\n"
    yield "l l1 l2\nl l2 l1\n? l1\nl self .\n? self/self/self\nd a/b/c\nl a/b/c/u ../../..\n? a/b/c/u/a\n"
    yield "f f\n? f/\n? f/.\n? ./f\n? @in/f\n? @in/../in/f\n? /f\n? ../in/f\n"
    yield "f f\nl a f/\nl b ./f/.\nd s\nl c s/\nl e s//x\nf s/x\n? a\n? b\n? c\n? e\n? s//x\n"
    yield "f x\nl a @out/in-alias/../in/x\nl b @out/in-alias/..\n? a\n? b/in/x\n? @out/in-alias/x\n"


write("expr", expr_seeds())
write("config", config_seeds())
write("bank", bank_seeds())
write("cfn", cfn_seeds())
write("rivet", rivet_seeds())
# Responses files as quiz take writes them (the target grades them against the prepared quiz).
write("responses", [open(p, encoding="utf-8").read() for p in files("tests/quiz/**/*responses*.json")])
write("confine", confine_seeds())
