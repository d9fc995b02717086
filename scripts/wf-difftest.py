#!/usr/bin/env python3
"""wf-difftest: find where `iacquiz terraform` and real Terraform disagree on whole workflows.

    scripts/wf-difftest.py [--seed N] [--count N] [--terraform-version R] [--iacquiz CMD]
                           [--self-test R2] [--reduce] [--out DIR] [--record DIR --releases R,R,..]
                           [--replay DIR] [--only I] [--error-rate F] [--jobs N]

A scenario is a folder's initial files (main.tf, variables.tf, terraform.tfvars, *.auto.tfvars,
modules/NAME/main.tf, a remote state file) and a sequence of steps: a Terraform command with its
arguments and environment (init, validate, plan, apply, destroy, show, output, state
list|show|mv|rm|pull, workspace, import, taint, untaint, console, -target, -replace, -var,
-var-file, TF_VAR_x), or an edit (files replaced or deleted). A seeded grammar writes scenarios over
terraform_data (input, triggers_replace, count, for_each, depends_on, lifecycle), variables
(types, defaults, validation, sensitive, nullable, every precedence source), locals, outputs
(sensitive, preconditions), check blocks, local modules (count, for_each, inputs, outputs), moved,
removed (1.7+) and import blocks, terraform.workspace and terraform_remote_state; edits are the
changes people make (a count 3 -> 2, a rename with or without `moved`, an input changed,
triggers_replace added, create_before_destroy flipped, a resource moved into a module ...). About
`--error-rate` of them carry a deliberate error (an undeclared reference, count and for_each
together, prevent_destroy meeting a destroy, a cycle, a failing validation or precondition, a
required variable without a value, a duplicate resource).

Each scenario runs in twin temporary folders: real Terraform (`tf-oracle --version R --exec --
ARGS`) in one, the engine (`target/release/iacquiz terraform --terraform-version R ARGS`, or
`--iacquiz CMD`) in the other; with `--self-test R2` the other side is real Terraform R2, which
tests this tool and lists what changed between releases. Both sides get TF_IN_AUTOMATION=1 and
CHECKPOINT_DISABLE=1. Per step it compares stdout, stderr, the exit code and the state files
(the resource instance addresses and attributes, and the root outputs' values, of every
workspace), after normalizing: each terraform_data id is named after the state address that
holds it (`<id:terraform_data.a[0]>`, `#2` for the next object at that address), other UUIDs by
order of first appearance (`<uuid-1>`), the lineage, deposed keys, `"terraform_version"`, the
state's `"serial"` (unless `--keep-serial`), timings (`after 0s`), the temporary folder. The
progress lines Terraform writes from parallel walks (`Creating...`, `Destruction complete after
0s`, `Refreshing state...`, ...) are compared as a sorted multiset and the rest of the output
in order; so are, sorted, the bulleted addresses a `removed` block forgets or a workspace still
tracks, the nodes of `Error: Cycle:` and the `check_results` of `state pull` (all in Go's map
order), and stderr's diagnostics as a multiset of whole diagnostics (one per instance, in walk
order). Feature `json` (JSON_SHARE of the scenarios, from a random stream of its own) adds the
machine-readable outputs: validate -json, plan -json, plan -out then show -json, apply/destroy
-json, show -json; their `@timestamp`/`timestamp` are normalized, the JSON UI's hooks, planned
changes and diagnostics compared unordered, a plan's relevant_attributes sorted. `--feature F`
keeps only the scenarios with feature F.
`--with color,backend,lock` adds grammar that is off by default (drawn from a random stream of
its own): `color` runs some plan/apply/destroy/show/refresh steps without -no-color (colour's
reset before the first progress line stays in place when those lines are sorted); `backend`
gives some folders a `backend "local"` block and changes its path once (init -reconfigure,
init -migrate-state -force-copy, a plain init or a plan refused first, -backend-config=path=...);
`lock` adds -lock=false or -lock-timeout=2s to some locking steps and a refresh after some
applies; `saved` saves a plan before some edits and shows and applies it after them; `modmoves`
adds edits of module calls (renamed with `moved`, given `count` with `moved`, removed) and a
`moved` block whose target is not declared; `ephemeral` adds an ephemeral variable (1.10+; rarely
before, where it is refused) in `ephemeral.tf` with uses Terraform allows (ephemeralasnull in an
output, a local in a check, a precondition, an ephemeral module input and output, console) and,
less often, one it refuses (a resource argument, a plain or root ephemeral output, count,
for_each, a non-ephemeral module input), set by -var, TF_VAR_ or a file, and saved plans applied
with and without it; `fmt` gives one or two generated files an unformatted layout after the first
apply (indentation lost or doubled, tabs, `=` crowded or spread, trailing blanks), then runs
`fmt -check`, `fmt -diff`, `fmt`, `fmt -recursive`, ... (after a rewriting one, sometimes
`fmt -list=false -write=false`, which prints every file as written), then a plan. The state files
are read where the folder's saved local backend puts them.

Differences are printed with a unified diff and each differing scenario is written to
`--out DIR/NAME/` (scenario.json, the initial files, diff.txt) so `--replay DIR/NAME` runs it
again; `--reduce` first shrinks it (delta debugging over steps, then over top-level blocks)
while the same command still differs. `--record DIR` runs real Terraform only, at every
release of `--releases` (the first one twice), and keeps the scenarios whose runs agree and whose steps all
exit 0 or 2: DIR/NAME/scenario.json, DIR/NAME/files/..., DIR/NAME/RELEASE/step-N.{out,err,rc,state}
(normalized as above; N is the step's index in scenario.json, edits have none).
Nothing here runs in `cargo test`.
"""
import argparse
import collections
import concurrent.futures
import difflib
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.environ.get("TF_ORACLE", "/work/shared/tools/tf-oracle")
if not os.access(ORACLE, os.X_OK):
    ORACLE = os.path.join(ROOT, "..", "shared", "tools", "tf-oracle")
KEEP_SERIAL = False     # --keep-serial: 1.14.9 itself writes a varying number of serials over some runs
RELEASES = {"1.6": "1.6.6", "1.8": "1.8.4", "1.9": "1.9.8", "1.10": "1.10.5", "1.11": "1.11.4",
            "1.12": "1.12.2", "1.13": "1.13.5", "1.14": "1.14.9", "1.15": "1.15.5"}


def full_release(r):
    return RELEASES.get(r, r)


def rel_tuple(r):
    return tuple(int(x) for x in full_release(r).split("."))


# --------------------------------------------------------------------------------------------
# The grammar
# --------------------------------------------------------------------------------------------

MODULE_SOURCES = {
    "wrap": {
        "main.tf": [
            ["variable.input", 'variable "input" {\n  type    = any\n  default = null\n}\n'],
            ["resource.this", 'resource "terraform_data" "this" {\n  input = var.input\n}\n'],
            ["output.id", 'output "id" {\n  value = terraform_data.this.id\n}\n'],
            ["output.output", 'output "output" {\n  value = terraform_data.this.output\n}\n'],
        ]},
    "box": {
        "main.tf": [
            ["variable.in", 'variable "in" {\n  type    = string\n  default = "boxed"\n}\n'],
            ["variable.n", 'variable "n" {\n  type    = number\n  default = 1\n\n  validation {\n'
                           '    condition     = var.n >= 0\n    error_message = "n must not be negative."\n  }\n}\n'],
            ["resource.item", 'resource "terraform_data" "item" {\n  count = var.n\n  input = "${var.in}-${count.index}"\n}\n'],
            ["resource.tag", 'resource "terraform_data" "tag" {\n  input           = var.in\n'
                             '  triggers_replace = [var.n]\n}\n'],
            ["output.ids", 'output "ids" {\n  value = terraform_data.item[*].id\n}\n'],
            ["output.output", 'output "output" {\n  value = terraform_data.tag.output\n}\n'],
        ]},
    "nest": {
        "main.tf": [
            ["variable.input", 'variable "input" {\n  type    = string\n  default = "nested"\n}\n'],
            ["module.inner", 'module "inner" {\n  source = "../wrap"\n  input  = upper(var.input)\n}\n'],
            ["output.output", 'output "output" {\n  value = module.inner.output\n}\n'],
            ["output.id", 'output "id" {\n  value = module.inner.id\n}\n'],
        ]},
}

VAR_KINDS = {
    # kind: (type, default, alternative values (HCL), validation condition, -var text for a value)
    "string": ("string", '"alpha"', ['"beta"', '"gamma-long"', '"zz"'], "length(var.{n}) > 1"),
    "number": ("number", "2", ["1", "3", "0"], "var.{n} >= 0 && var.{n} <= 4"),
    "bool": ("bool", "true", ["false"], None),
    "list": ("list(string)", '["a", "b"]', ['["x"]', '["a", "b", "c"]', "[]"], "length(var.{n}) < 5"),
    "map": ("map(string)", '{ a = "1", b = "2" }', ['{ a = "9" }', '{ c = "3", d = "4", e = "5" }'], None),
    "object": ('object({\n    x = string\n    y = optional(number, 7)\n  })', '{ x = "o" }',
               ['{ x = "p", y = 1 }', '{ x = "q" }'], 'var.{n}.x != ""'),
}
BAD_VALUES = {"string": '"a"', "number": "9", "list": '["1", "2", "3", "4", "5", "6"]', "object": '{ x = "" }'}


def cli_value(hcl):
    """A value as -var=name=VALUE takes it: strings bare, the rest as HCL."""
    if hcl.startswith('"') and hcl.endswith('"'):
        return json.loads(hcl)
    return hcl.replace("\n", " ")


class Var:
    def __init__(self, name, kind):
        self.name, self.kind = name, kind
        self.has_default = True
        self.validation = False
        self.sensitive = False
        self.nullable = None
        self.desc = None


class Res:
    def __init__(self, rid, name):
        self.rid, self.name = rid, name
        self.mode = "single"      # single | count | for_each
        self.count = "2"
        self.for_each = 'toset(["a", "b"])'
        self.input = '"hello"'
        self.triggers = None
        self.depends = []         # rids
        self.cbd = False
        self.prevent_destroy = False
        self.ignore = None        # None | "[input]" | "all"
        self.rtb = []             # rids
        self.in_module = False    # moved into modules/wrap as module "wrap_NAME"
        self.both = False         # deliberate error: count and for_each


class Gen:
    """One scenario: a model of the configuration, rendered to files at every edit."""

    def __init__(self, rng, release, error_rate, strict_gate=False, modmoves=False):
        self.r = rng
        self.modmoves = modmoves
        self.release = rel_tuple(release)
        self.error_rate = error_rate
        self.strict = strict_gate
        self.vars, self.locals, self.res, self.mods, self.outputs, self.checks = [], [], [], [], [], []
        self.moved, self.removed, self.imports, self.raw = [], [], [], []
        self.remote = False
        self.names = set()
        self.rid = 0
        self.tfvars, self.auto_a, self.auto_b, self.varfile = {}, {}, {}, {}
        self.env, self.cli = {}, {}
        self.features = set()
        self.errors = []
        self.workspace = "default"
        self.applied = False
        self.backend = None         # --with backend: the text of backend.tf
        self.eph = None             # --with ephemeral: (variable name, [(key, block)], module used)

    # ---- names and references
    def fresh(self, stem):
        i = 0
        while True:
            n = stem if i == 0 else f"{stem}{i}"
            if n not in self.names:
                self.names.add(n)
                return n
            i += 1

    def res_by(self, rid):
        for x in self.res:
            if x.rid == rid:
                return x
        return None

    def ref(self, rid, what):
        x = self.res_by(rid)
        if x is None:
            return f"terraform_data.gone{rid}.output"
        if x.in_module:
            return {"out": f"module.wrap_{x.name}.output", "id": f"module.wrap_{x.name}.id",
                    "len": "1", "dep": f"module.wrap_{x.name}"}[what]
        a = f"terraform_data.{x.name}"
        if what == "dep":
            return a
        if x.mode == "single":
            return {"out": f"{a}.output", "id": f"{a}.id", "len": f"length([{a}.id])"}[what]
        if x.mode == "count":
            return {"out": f"{a}[*].output", "id": f"{a}[*].id", "len": f"length({a})"}[what]
        return {"out": f"{{ for k, v in {a} : k => v.output }}", "id": f"[for v in {a} : v.id]",
                "len": f"length({a})"}[what]

    def expand(self, text):
        return re.sub(r"@(\d+)\.(out|id|len|dep)", lambda m: self.ref(int(m.group(1)), m.group(2)), text)

    def var_of(self, *kinds):
        c = [v for v in self.vars if v.kind in kinds]
        return self.r.choice(c) if c else None

    def value_expr(self, x, earlier):
        """An input for resource x: literals, variables, locals, workspace, other resources."""
        r = self.r
        opts = ['"hello"', "42", "true", '["a", "b"]', '{ a = 1, b = "x" }', '"v-${terraform.workspace}"']
        v = self.var_of("string", "number", "bool", "list", "map", "object")
        if v:
            opts += [f"var.{v.name}"] * 3
            if v.kind == "string":
                opts.append(f'upper(var.{v.name})')
        if self.locals:
            opts += [f"local.{r.choice(self.locals)[0]}"] * 2
        if earlier:
            e = r.choice(earlier)
            opts += [f"@{e.rid}.out", f"@{e.rid}.id", f"@{e.rid}.len"] * 2
        if self.mods:
            m = r.choice(self.mods)
            opts.append(self.mod_ref(m))
        if self.remote:
            opts.append("data.terraform_remote_state.shared.outputs.greeting")
        if x.mode == "count":
            opts += ['"item-${count.index}"'] * 3
        if x.mode == "for_each":
            opts += ["each.key", '"${each.key}=${each.value}"'] * 2
        return r.choice(opts)

    def mod_ref(self, m):
        out = "ids" if m["source"] == "box" else "output"
        if m["mode"] == "single":
            return f"module.{m['name']}.{out}"
        if m["mode"] == "count":
            return f"module.{m['name']}[*].{out}"
        return f"{{ for k, m in module.{m['name']} : k => m.{out} }}"

    # ---- building the model
    def add_var(self):
        r = self.r
        kind = r.choice(list(VAR_KINDS))
        if kind == "number" and any(v.kind == "number" for v in self.vars):
            kind = "string"
        v = Var(self.fresh({"string": "name", "number": "size", "bool": "enabled", "list": "zones",
                            "map": "tags", "object": "cfg"}[kind]), kind)
        v.validation = VAR_KINDS[kind][3] is not None and r.random() < 0.4
        v.sensitive = kind == "string" and r.random() < 0.2
        v.nullable = False if r.random() < 0.15 else None
        v.desc = "A variable." if r.random() < 0.3 else None
        v.has_default = r.random() < 0.75
        self.vars.append(v)
        self.features.add("variables")
        # precedence sources
        alts = VAR_KINDS[kind][2]
        srcs = [s for s in ("env", "tfvars", "auto_a", "auto_b", "cli", "varfile") if r.random() < 0.3]
        if not v.has_default and not srcs:
            srcs = [r.choice(["tfvars", "env", "cli", "auto_a"])]
        for s in srcs:
            val = r.choice(alts)
            if s == "env":
                self.env[f"TF_VAR_{v.name}"] = cli_value(val)
            else:
                getattr(self, s)[v.name] = val
        if len(srcs) > 1:
            self.features.add("var-precedence")
        return v

    def add_res(self, mode=None):
        r = self.r
        x = Res(self.rid, self.fresh(r.choice(["a", "b", "web", "db", "app", "cache", "queue", "item"])))
        self.rid += 1
        earlier = [e for e in self.res if not e.in_module]
        x.mode = mode or r.choices(["single", "count", "for_each"], [5, 3, 2])[0]
        if x.mode == "count":
            n = self.var_of("number")
            lv = self.var_of("list")
            x.count = r.choice(["2", "3", "1"] + ([f"var.{n.name}"] * 2 if n else []) +
                               ([f"length(var.{lv.name})"] if lv else []))
            self.features.add("count")
        if x.mode == "for_each":
            m = self.var_of("map")
            lv = self.var_of("list")
            x.for_each = r.choice(['toset(["a", "b"])', '{ x = "1", y = "2" }', 'toset(["k1", "k2", "k3"])'] +
                                  ([f"var.{m.name}"] if m else []) + ([f"toset(var.{lv.name})"] if lv else []))
            self.features.add("for_each")
        x.input = self.value_expr(x, earlier) if r.random() < 0.9 else None
        if r.random() < 0.25:
            x.triggers = r.choice(['"v1"', "[1, 2]"] + ([f"@{r.choice(earlier).rid}.id"] if earlier else []))
            self.features.add("triggers_replace")
        if earlier and r.random() < 0.25:
            x.depends = [r.choice(earlier).rid]
            self.features.add("depends_on")
        if r.random() < 0.15:
            x.cbd = True
            self.features.add("create_before_destroy")
        if r.random() < 0.1:
            x.ignore = r.choice(["[input]", "all"])
            self.features.add("ignore_changes")
        if earlier and r.random() < 0.12:
            x.rtb = [r.choice(earlier).rid]
            self.features.add("replace_triggered_by")
        self.res.append(x)
        return x

    def add_local(self):
        r = self.r
        name = self.fresh(r.choice(["prefix", "label", "merged", "count_of", "combo"]))
        opts = ['"pre-${terraform.workspace}"', '{ env = terraform.workspace, team = "core" }', "[1, 2, 3]"]
        v = self.var_of("string", "number", "list", "map")
        if v:
            opts += {"string": [f'"${{var.{v.name}}}-x"', f"lower(var.{v.name})"],
                     "number": [f"var.{v.name} * 2", f"var.{v.name} + 1"],
                     "list": [f"join(\",\", var.{v.name})", f"length(var.{v.name})"],
                     "map": [f"merge(var.{v.name}, {{ z = \"26\" }})", f"keys(var.{v.name})"]}[v.kind]
        if self.locals:
            opts.append(f"[local.{r.choice(self.locals)[0]}]")
        self.locals.append((name, r.choice(opts)))
        self.features.add("locals")

    def add_module(self):
        r = self.r
        src = r.choice(["wrap", "box", "nest"])
        mode = r.choices(["single", "count", "for_each"], [5, 2, 2])[0]
        m = {"name": self.fresh({"wrap": "wrapper", "box": "boxes", "nest": "nested"}[src]), "source": src, "mode": mode,
             "args": {}}
        v = self.var_of("string")
        if src == "box":
            m["args"]["in"] = r.choice(['"m"', "each.key" if mode == "for_each" else '"k"'] + ([f"var.{v.name}"] if v and not v.sensitive else []))
            m["args"]["n"] = r.choice(["1", "2", "0"])
        elif src == "wrap":
            m["args"]["input"] = r.choice(['"w"', "{ a = 1 }", "count.index" if mode == "count" else '"z"'] +
                                          ([f"var.{v.name}"] if v else []))
        else:
            m["args"]["input"] = r.choice(['"deep"', "each.value" if mode == "for_each" else '"d"'])
        m["count"] = r.choice(["2", "1"])
        m["for_each"] = r.choice(['{ one = "1", two = "2" }', 'toset(["p", "q"])'])
        self.mods.append(m)
        self.features.add("modules")
        return m

    def add_output(self):
        r = self.r
        opts = [f"@{x.rid}.out" for x in self.res] + [f"@{x.rid}.id" for x in self.res]
        opts += [f"var.{v.name}" for v in self.vars] + [f"local.{n}" for n, _ in self.locals]
        opts += [self.mod_ref(m) for m in self.mods] + ["terraform.workspace"]
        if self.remote:
            opts.append("data.terraform_remote_state.shared.outputs")
        val = r.choice(opts)
        sens = any(f"var.{v.name}" in val for v in self.vars if v.sensitive) or r.random() < 0.1
        o = {"name": self.fresh(r.choice(["result", "ids", "summary", "out", "value"])), "value": val,
             "sensitive": sens, "pre": None}
        if r.random() < 0.15:
            o["pre"] = "length(jsonencode(@VALUE)) > 0"
            self.features.add("precondition")
        if sens:
            self.features.add("sensitive")
        self.outputs.append(o)

    def add_check(self):
        r = self.r
        v = self.var_of("number", "string", "list")
        if v:
            cond = r.choice({"number": [f"var.{v.name} < 3", f"var.{v.name} != 1"],
                             "string": [f'var.{v.name} != "beta"', f"length(var.{v.name}) < 5"],
                             "list": [f"length(var.{v.name}) > 1"]}[v.kind])
        else:
            cond = r.choice(['terraform.workspace == "default"', 'terraform.workspace != "dev"'])
        self.checks.append((self.fresh("health"), cond))
        self.features.add("check")

    def build(self):
        r = self.r
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            self.add_var()
        for _ in range(r.choice([0, 0, 1, 2])):
            self.add_local()
        if r.random() < 0.15:
            self.remote = True
            self.features.add("terraform_remote_state")
        for _ in range(r.choice([1, 2, 2, 3, 3, 4])):
            self.add_res()
        for _ in range(r.choice([0, 0, 1, 1, 2]) if self.res else 0):
            self.add_module()
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            self.add_output()
        if r.random() < 0.25:
            self.add_check()
        if r.random() < 0.05:
            x = self.res[-1]
            x.prevent_destroy = True
            self.features.add("prevent_destroy")
        if r.random() < 0.12 and self.release >= (1, 5, 0):
            self.add_import()

    def add_import(self):
        x = Res(self.rid, self.fresh("imported"))
        self.rid += 1
        x.input = None
        self.res.append(x)
        self.imports.append((x.rid, f"import-{x.rid}-id"))
        self.features.add("import-block")

    # ---- rendering
    def render(self):
        files = collections.OrderedDict()
        main = []
        varblocks = []
        for v in self.vars:
            typ, dflt, _, cond = VAR_KINDS[v.kind]
            b = f'variable "{v.name}" {{\n  type = {typ}\n'
            if v.desc:
                b += f'  description = "{v.desc}"\n'
            if v.has_default:
                b += f"  default = {dflt}\n"
            if v.sensitive:
                b += "  sensitive = true\n"
            if v.nullable is not None:
                b += f"  nullable = {str(v.nullable).lower()}\n"
            if v.validation:
                b += (f"\n  validation {{\n    condition     = {cond.format(n=v.name)}\n"
                      f'    error_message = "The {v.name} value is out of range."\n  }}\n')
            b += "}\n"
            varblocks.append([f"variable.{v.name}", b])
        for n, e in self.locals:
            main.append([f"locals.{n}", f"locals {{\n  {n} = {e}\n}}\n"])
        if self.remote:
            main.append(["data.shared", 'data "terraform_remote_state" "shared" {\n  backend = "local"\n\n'
                                        '  config = {\n    path = "shared/terraform.tfstate"\n  }\n}\n'])
        for x in self.res:
            if x.in_module:
                main.append([f"module.wrap_{x.name}", f'module "wrap_{x.name}" {{\n  source = "./modules/wrap"\n'
                                                      f"  input  = {self.expand(x.input or 'null')}\n}}\n"])
                continue
            b = f'resource "terraform_data" "{x.name}" {{\n'
            if x.mode == "count" or x.both:
                b += f"  count = {x.count}\n"
            if x.mode == "for_each" or x.both:
                b += f"  for_each = {x.for_each}\n"
            if x.input is not None:
                b += f"  input = {self.expand(x.input)}\n"
            if x.triggers is not None:
                b += f"  triggers_replace = {self.expand(x.triggers)}\n"
            if x.depends:
                b += "  depends_on = [" + ", ".join(self.ref(d, "dep") for d in x.depends) + "]\n"
            lc = []
            if x.cbd:
                lc.append("    create_before_destroy = true")
            if x.prevent_destroy:
                lc.append("    prevent_destroy = true")
            if x.ignore:
                lc.append(f"    ignore_changes = {x.ignore}")
            rtb = [self.ref(d, "dep") for d in x.rtb if self.res_by(d) and not self.res_by(d).in_module]
            if rtb:
                lc.append("    replace_triggered_by = [" + ", ".join(rtb) + "]")
            if lc:
                b += "\n  lifecycle {\n" + "\n".join(lc) + "\n  }\n"
            b += "}\n"
            main.append([f"resource.{x.name}", b])
        for m in self.mods:
            b = f'module "{m["name"]}" {{\n  source = "./modules/{m["source"]}"\n'
            if m["mode"] == "count":
                b += f"  count  = {m['count']}\n"
            if m["mode"] == "for_each":
                b += f"  for_each = {m['for_each']}\n"
            for k, val in m["args"].items():
                if (val.startswith("each.") and m["mode"] != "for_each") or (val.startswith("count.") and m["mode"] != "count"):
                    val = '"fixed"'
                b += f"  {k} = {val}\n"
            b += "}\n"
            main.append([f"module.{m['name']}", b])
        for o in self.outputs:
            b = f'output "{o["name"]}" {{\n  value = {self.expand(o["value"])}\n'
            if o["sensitive"]:
                b += "  sensitive = true\n"
            if o["pre"]:
                b += f'\n  precondition {{\n    condition     = {self.expand(o["pre"].replace("@VALUE", o["value"]))}\n    error_message = "The precondition failed."\n  }}\n'
            b += "}\n"
            main.append([f"output.{o['name']}", b])
        for n, cond in self.checks:
            main.append([f"check.{n}", f'check "{n}" {{\n  assert {{\n    condition     = {cond}\n'
                                       f'    error_message = "Check {n} failed."\n  }}\n}}\n'])
        for i, (frm, to) in enumerate(self.moved):
            main.append([f"moved.{i}", f"moved {{\n  from = {frm}\n  to   = {to}\n}}\n"])
        for i, frm in enumerate(self.removed):
            main.append([f"removed.{i}", f"removed {{\n  from = {frm}\n\n  lifecycle {{\n    destroy = false\n  }}\n}}\n"])
        for rid, iid in self.imports:
            x = self.res_by(rid)
            if x and not x.in_module:
                main.append([f"import.{x.name}", f'import {{\n  to = terraform_data.{x.name}\n  id = "{iid}"\n}}\n'])
        for k, b in self.raw:
            main.append([k, b])
        files["main.tf"] = main
        if self.eph is not None:
            files["ephemeral.tf"] = [list(b) for b in self.eph[1]]
            if self.eph[2]:
                files["modules/ephem/main.tf"] = [list(b) for b in EPHEM_MODULE]
        if self.backend is not None:
            files["backend.tf"] = [["terraform.backend", self.backend]]
        if varblocks:
            files["variables.tf"] = varblocks
        for attr, fn in (("tfvars", "terraform.tfvars"), ("auto_a", "a.auto.tfvars"), ("auto_b", "b.auto.tfvars"),
                         ("varfile", "extra.tfvars")):
            d = getattr(self, attr)
            if d:
                files[fn] = [[f"tfvars.{k}", f"{k} = {v}\n"] for k, v in d.items()]
        used = {m["source"] for m in self.mods} | ({"wrap"} if any(x.in_module for x in self.res) else set())
        if "nest" in used:
            used.add("wrap")
        for src in sorted(used):
            for fn, blocks in MODULE_SOURCES[src].items():
                files[f"modules/{src}/{fn}"] = [list(b) for b in blocks]
        if self.remote:
            files["shared/terraform.tfstate"] = [["raw", json.dumps({
                "version": 4, "terraform_version": "1.6.6", "serial": 3, "lineage": "shared-lineage",
                "outputs": {"greeting": {"value": "hi from shared", "type": "string"},
                            "ports": {"value": [80, 443], "type": ["list", "number"]}},
                "resources": [], "check_results": None}, indent=2) + "\n"]]
        return files

    def var_args(self):
        a = [f"-var={k}={cli_value(v)}" for k, v in self.cli.items()]
        if self.varfile:
            a.append("-var-file=extra.tfvars")
        return a

    # ---- edits: meaningful changes to the model
    def instances(self):
        out = []
        for x in self.res:
            if x.in_module:
                out.append(f"module.wrap_{x.name}.terraform_data.this")
                continue
            a = f"terraform_data.{x.name}"
            if x.mode == "single":
                out.append(a)
            elif x.mode == "count":
                n = 2
                if x.count.isdigit():
                    n = int(x.count)
                else:
                    v = next((v for v in self.vars if v.name in x.count), None)
                    val = self.effective(v) if v else "2"
                    n = int(val) if val.isdigit() else len(json.loads(val)) if val.startswith("[") else 2
                out += [f"{a}[{i}]" for i in range(n)]
            else:
                out += [f"{a}[{json.dumps(k)}]" for k in self.keys_of(x.for_each)]
        return out

    def effective(self, v):
        """The HCL value variable v ends with (precedence: -var/-var-file, *.auto.tfvars, terraform.tfvars, env, default)."""
        for d in (self.cli, self.varfile, self.auto_b, self.auto_a, self.tfvars):
            if v.name in d:
                return d[v.name]
        e = self.env.get(f"TF_VAR_{v.name}")
        if e is not None:
            return json.dumps(e) if v.kind == "string" else e
        return VAR_KINDS[v.kind][1]

    def keys_of(self, fe):
        m = re.fullmatch(r'toset\((\[.*\])\)', fe)
        if m:
            return sorted(set(json.loads(m.group(1))))
        if fe.startswith("{"):
            return sorted(re.findall(r"(\w+) =", fe))
        v = next((v for v in self.vars if fe in (f"var.{v.name}", f"toset(var.{v.name})")), None)
        if v:
            val = self.effective(v)
            if val.startswith("["):
                return sorted(set(json.loads(val)))
            return sorted(re.findall(r"(\w+) =", val))
        return ["a"]

    def edit(self):
        """Change the model; returns a label, and whether `init` is needed afterwards."""
        r = self.r
        singles = [x for x in self.res if x.mode == "single" and not x.in_module]
        counted = [x for x in self.res if x.mode == "count" and x.count.isdigit()]
        plain = [x for x in self.res if not x.in_module]
        kinds = ["input", "input", "triggers", "cbd", "add_res", "rename", "rename_moved", "var_value",
                 "add_output", "remove_res", "ignore"]
        if counted:
            kinds += ["count", "count"]
        if singles:
            kinds += ["to_module", "to_count_moved"]
        if len(plain) > 1:
            kinds.append("depends")
        if len(self.mods) < 2:
            kinds.append("add_module")
        if self.release >= (1, 7, 0) or (not self.strict and r.random() < 0.2):
            kinds.append("removed")
        if not self.vars:
            kinds.remove("var_value")
        if self.modmoves:
            # --with modmoves: module calls renamed, counted, removed; a move to nothing.
            if self.mods:
                kinds += ["module_rename_moved", "module_rename_moved", "module_remove", "module_remove"]
            if any(m["mode"] == "single" for m in self.mods):
                kinds += ["module_count_moved", "module_count_moved", "module_count_moved"]
            if singles:
                kinds.append("moved_undeclared")
        k = r.choice(kinds)
        if k.startswith("module_") or k == "moved_undeclared":
            return self.module_edit(k, singles), False
        if k in ("input", "triggers", "cbd", "rename", "rename_moved", "remove_res", "ignore", "depends", "removed") and not plain:
            k = "add_res"
        if k == "input":
            x = r.choice(plain)
            x.input = r.choice(['"changed"', '"hello2"', "43", '["c"]', self.value_expr(x, [e for e in plain if e.rid < x.rid])])
        elif k == "triggers":
            x = r.choice(plain)
            x.triggers = '"v2"' if x.triggers else '"v1"'
        elif k == "cbd":
            x = r.choice(plain)
            x.cbd = not x.cbd
        elif k == "ignore":
            x = r.choice(plain)
            x.ignore = None if x.ignore else "[input]"
            x.input = '"ignored-change"'
        elif k == "add_res":
            self.add_res()
        elif k == "count":
            x = r.choice(counted)
            n = int(x.count)
            x.count = str(max(0, n - 1) if n > 1 and r.random() < 0.6 else n + 1)
        elif k in ("rename", "rename_moved"):
            x = r.choice(plain)
            old = f"terraform_data.{x.name}"
            x.name = self.fresh(x.name + "_new" if len(x.name) < 8 else "renamed")
            if k == "rename_moved":
                self.moved.append((old, f"terraform_data.{x.name}"))
                self.features.add("moved")
        elif k == "to_module":
            x = r.choice(singles)
            self.moved.append((f"terraform_data.{x.name}", f"module.wrap_{x.name}.terraform_data.this"))
            x.in_module = True
            x.input = x.input if x.input and "@" not in x.input and "each." not in x.input and "count." not in x.input else '"moved-in"'
            for y in self.res:
                y.rtb = [d for d in y.rtb if d != x.rid]
            self.features.update(["moved", "modules"])
            return k, True
        elif k == "to_count_moved":
            x = r.choice(singles)
            self.moved.append((f"terraform_data.{x.name}", f"terraform_data.{x.name}[0]"))
            x.mode = "count"
            x.count = "2"
            self.features.add("moved")
        elif k == "var_value":
            v = r.choice(self.vars)
            val = r.choice(VAR_KINDS[v.kind][2])
            if r.random() < 0.5:
                self.tfvars[v.name] = val
            else:
                self.cli[v.name] = val
        elif k == "add_output":
            self.add_output()
        elif k == "add_module":
            self.add_module()
            return k, True
        elif k in ("remove_res", "removed"):
            x = r.choice(plain)
            if x.prevent_destroy and k == "remove_res":
                x.prevent_destroy = False
            self.scrub(x.rid)
            self.res.remove(x)
            if k == "removed":
                a = f"terraform_data.{x.name}"
                self.removed.append(a)
                self.features.add("removed")
        elif k == "depends":
            x = r.choice(plain[1:])
            x.depends = [r.choice([e for e in plain if e.rid < x.rid]).rid]
        return k, False

    def reref(self, old, new):
        """Replace reference text `old` by `new` (None: the reference goes) everywhere it is written."""
        for o in list(self.outputs):
            if old in o["value"]:
                if new is None:
                    self.outputs.remove(o)
                else:
                    o["value"] = o["value"].replace(old, new)
        for i, (n, e) in enumerate(self.locals):
            if old in e:
                self.locals[i] = (n, e.replace(old, new) if new is not None else '"was-module"')
        for y in self.res:
            for attr in ("input", "triggers"):
                val = getattr(y, attr)
                if val and old in val:
                    setattr(y, attr, val.replace(old, new) if new is not None else '"was-module"')

    def module_edit(self, k, singles):
        """--with modmoves: the edits of module calls and moves whose target is not declared."""
        r = self.r
        self.features.add("modmoves")
        if k == "module_rename_moved":
            m = r.choice(self.mods)
            old_ref = self.mod_ref(m)
            old = m["name"]
            m["name"] = self.fresh(old + "_v2" if len(old) < 10 else "renamed_mod")
            self.reref(old_ref, self.mod_ref(m))
            self.moved.append((f"module.{old}", f"module.{m['name']}"))
            self.features.add("moved")
        elif k == "module_count_moved":
            m = r.choice([m for m in self.mods if m["mode"] == "single"])
            old_ref = self.mod_ref(m)
            m["mode"] = "count"
            m["count"] = r.choice(["1", "2"])
            for a, v in list(m["args"].items()):
                if "each." in v:
                    m["args"][a] = '"k"'
            self.reref(old_ref, self.mod_ref(m))
            self.moved.append((f"module.{m['name']}", f"module.{m['name']}[0]"))
            self.features.add("moved")
        elif k == "module_remove":
            m = r.choice(self.mods)
            self.reref(self.mod_ref(m), None)
            self.mods.remove(m)
        else:
            x = r.choice(singles)
            self.scrub(x.rid)
            self.res.remove(x)
            self.moved.append((f"terraform_data.{x.name}", f"terraform_data.{self.fresh(x.name + '_gone')}"))
            self.features.add("moved")
        return k

    def scrub(self, rid):
        """Take every reference to resource rid out of the model."""
        for y in self.res:
            for attr in ("input", "triggers"):
                val = getattr(y, attr)
                if val and re.search(rf"@{rid}\.", val):
                    setattr(y, attr, '"was-ref"')
            y.depends = [d for d in y.depends if d != rid]
            y.rtb = [d for d in y.rtb if d != rid]
        for o in list(self.outputs):
            if re.search(rf"@{rid}\.", o["value"]):
                self.outputs.remove(o)
        self.imports = [(a, b) for a, b in self.imports if a != rid]

    # ---- deliberate errors
    def inject_error(self):
        r = self.r
        kinds = ["undeclared", "count_for_each", "cycle", "validation", "precondition", "required", "duplicate"]
        if self.res:
            kinds.append("prevent_destroy")
        k = r.choice(kinds)
        plain = [x for x in self.res if not x.in_module]
        if k == "undeclared" or (k in ("count_for_each", "cycle", "duplicate") and len(plain) < 2 and k != "count_for_each") or (k == "count_for_each" and not plain):
            x = r.choice(plain) if plain else self.add_res("single")
            x.input = r.choice(["var.undeclared", "terraform_data.missing.output", "local.nope", "module.absent.out"])
            k = "undeclared"
        elif k == "count_for_each":
            x = r.choice(plain)
            x.both = True
        elif k == "cycle":
            a, b = plain[0], plain[1]
            a.depends = [b.rid]
            b.depends = [a.rid]
        elif k == "validation":
            c = [v for v in self.vars if v.kind in BAD_VALUES]
            v = r.choice(c) if c else self.add_var()
            if v.kind not in BAD_VALUES:
                v.kind = "number"
            v.validation = True
            self.cli[v.name] = BAD_VALUES[v.kind]
        elif k == "precondition":
            if not self.outputs:
                self.add_output()
            self.outputs[0]["pre"] = "length(jsonencode(@VALUE)) < 0"
        elif k == "required":
            v = Var(self.fresh("required_value"), "string")
            v.has_default = False
            self.vars.append(v)
        elif k == "duplicate":
            self.raw.append(["resource.dup", f'resource "terraform_data" "{plain[0].name}" {{\n  input = "dup"\n}}\n'])
        elif k == "prevent_destroy":
            x = r.choice(self.res)
            x.prevent_destroy = True
            x.in_module = False
        self.errors.append(k)
        self.features.add("error-" + k)
        return k


def render_files(blocks):
    """files as {path: [[key, text], ...]} -> {path: text}"""
    out = {}
    for path, bl in blocks.items():
        if bl is None:
            out[path] = None
        elif path.endswith(".tfstate"):
            out[path] = "".join(t for _, t in bl)
        else:
            out[path] = "\n".join(t for _, t in bl)
    return out


EPHEM_MODULE = [
    ["variable.token", 'variable "token" {\n  type      = string\n  ephemeral = true\n}\n'],
    ["variable.plain", 'variable "plain" {\n  type    = string\n  default = "p"\n}\n'],
    ["output.token", 'output "token" {\n  value     = "m-${var.token}"\n  ephemeral = true\n}\n'],
    ["output.plain", 'output "plain" {\n  value = var.plain\n}\n'],
]


def add_ephemeral(g, rx):
    """--with ephemeral: an ephemeral string variable and some of its uses, in ephemeral.tf."""
    t = g.fresh("token")
    var = f'variable "{t}" {{\n  type      = string\n'
    if rx.random() < 0.7:
        var += f'  default   = "{rx.choice(["s3cret", "tok", "abc123"])}"\n'
    var += "  ephemeral = true\n"
    if rx.random() < 0.15:
        var += "  sensitive = true\n"
    if rx.random() < 0.2:
        var += (f"\n  validation {{\n    condition     = length(var.{t}) > 3\n"
                f'    error_message = "{rx.choice(["The token is too short.", "Too short: ${var." + t + "}"])}"\n  }}\n')
    var += "}\n"
    blocks = [[f"variable.{t}", var]]
    fine = {
        "asnull": [f"output.{t}_null", f'output "{t}_null" {{\n  value = ephemeralasnull(var.{t})\n}}\n'],
        "asnull_obj": [f"output.{t}_obj", f'output "{t}_obj" {{\n  value = ephemeralasnull({{ token = var.{t}, fixed = "x" }})\n}}\n'],
        "check": [f"check.{t}", f'locals {{\n  {t}_upper = upper(var.{t})\n}}\n\ncheck "{t}_len" {{\n  assert {{\n'
                                 f'    condition     = length(local.{t}_upper) > {rx.choice(["3", "8"])}\n'
                                 f'    error_message = "{rx.choice(["The token is short.", "Short: ${local." + t + "_upper}"])}"\n  }}\n}}\n'],
        "guard": [f"resource.{t}_guard", f'resource "terraform_data" "{t}_guard" {{\n  input = "guard"\n\n  lifecycle {{\n'
                                         f'    precondition {{\n      condition     = var.{t} != "{rx.choice(["tok", "nope"])}"\n'
                                         f'      error_message = "The token is not allowed."\n    }}\n  }}\n}}\n'],
        "module": [f"module.{t}_mod", f'module "{t}_mod" {{\n  source = "./modules/ephem"\n  token  = var.{t}\n}}\n\n'
                                      f'output "{t}_mod_plain" {{\n  value = module.{t}_mod.plain\n}}\n'],
        "applying": [f"output.{t}_applying", f'locals {{\n  {t}_applying = terraform.applying\n}}\n\noutput "{t}_applying" {{\n'
                                              f'  value = ephemeralasnull(local.{t}_applying)\n}}\n'],
    }
    bad = {
        "resource": [f"resource.{t}_use", f'resource "terraform_data" "{t}_use" {{\n  input = {rx.choice(["var." + t, "{ t = var." + t + " }", "[var." + t + "]"])}\n}}\n'],
        "triggers": [f"resource.{t}_trig", f'resource "terraform_data" "{t}_trig" {{\n  triggers_replace = var.{t}\n}}\n'],
        "output": [f"output.{t}", f'output "{t}" {{\n  value = {rx.choice(["var." + t, "upper(var." + t + ")"])}\n}}\n'],
        "root_eph_output": [f"output.{t}_eph", f'output "{t}_eph" {{\n  value     = var.{t}\n  ephemeral = true\n}}\n'],
        "count": [f"resource.{t}_count", f'resource "terraform_data" "{t}_count" {{\n  count = length(var.{t})\n}}\n'],
        "for_each": [f"resource.{t}_each", f'resource "terraform_data" "{t}_each" {{\n  for_each = toset([var.{t}])\n}}\n'],
        "module_plain": [f"module.{t}_plain", f'module "{t}_plain" {{\n  source = "./modules/ephem"\n  token  = "x"\n  plain  = var.{t}\n}}\n'],
    }
    kinds = rx.sample(sorted(fine), rx.choice([1, 2, 2, 3]))
    if rx.random() < 0.35:
        kinds.append(rx.choice(sorted(bad)))
    for k in kinds:
        blocks.append((fine.get(k) or bad[k]))
        g.features.add("ephemeral-" + k)
    g.features.add("ephemeral")
    uses_module = any(k in ("module", "module_plain") for k in kinds)
    g.eph = (t, blocks, uses_module)
    # How it is set: its default, -var, TF_VAR_ or a file.
    how = rx.choice(["default", "cli", "env", "tfvars"]) if "default" in var else rx.choice(["cli", "env", "tfvars"])
    value = rx.choice(["s3cret", "abcdefghij", "xy"])
    if how == "cli":
        g.cli[t] = json.dumps(value)
    elif how == "env":
        g.env[f"TF_VAR_{t}"] = value
    elif how == "tfvars":
        g.tfvars[t] = json.dumps(value)
    return t


def backend_block(path=None, workspace_dir=None):
    body = "".join(f'    {k} = "{v}"\n' for k, v in (("path", path), ("workspace_dir", workspace_dir)) if v)
    return 'terraform {\n  backend "local" {\n' + body + '  }\n}\n'


def generate(seed, index, release, error_rate, strict_gate=False, extra=frozenset()):
    r = random.Random(f"wf-{seed}-{index}")
    # The --with features draw from their own generator: without them a seed gives the
    # scenarios it always gave, with them the same scenarios plus theirs.
    rx = random.Random(f"wf-{seed}-{index}-with")
    g = Gen(r, release, error_rate, strict_gate, modmoves="modmoves" in extra)
    g.build()
    eph = None
    if "ephemeral" in extra and rx.random() < (0.6 if g.release >= (1, 10, 0) else 0.1):
        eph = add_ephemeral(g, rx)
    if "backend" in extra and rx.random() < 0.6:
        g.backend = backend_block(path=rx.choice(["one.tfstate", "states/one.tfstate"]),
                                  workspace_dir=rx.choice([None, None, "envs"]))
        g.features.add("backend")
    erroneous = r.random() < error_rate
    err_at = r.choice(["initial", "edit"]) if erroneous else None
    if err_at == "initial":
        g.inject_error()
    steps = []
    files = g.render()
    initial = prev = files
    ws_made = False
    backend_moved = False

    def cmd(*args, env=None, stdin=None):
        s = {"args": list(args)}
        if env:
            s["env"] = env
        if stdin is not None:
            s["stdin"] = stdin
        steps.append(s)

    def plan_args():
        return g.var_args()

    cmd(*r.choice([["init"], ["init", "-no-color"], ["init", "-no-color", "-input=false"]]))
    if r.random() < 0.2:
        cmd("validate", "-no-color")
    if r.random() < 0.5:
        cmd("plan", "-no-color", *plan_args())
    if g.imports and r.random() < 0.3:
        pass
    elif r.random() < 0.1 and g.res and not g.res[0].in_module:
        x = g.res[0]
        addr = g.instances()[0]
        cmd("import", "-no-color", *plan_args(), addr, "cli-import-id")
        g.features.add("import-cli")
    cmd("apply", "-auto-approve", "-no-color", *plan_args())
    g.applied = True
    n_actions = r.randint(3, 8)
    edit_done = False
    for i in range(n_actions):
        act = r.choices(["edit", "plan", "apply", "inspect", "state", "workspace", "taint", "replace", "target",
                         "detailed", "console", "output"],
                        [6, 2, 2, 2, 1.5, 0.7, 1, 1, 1, 1.5, 0.7, 1.5])[0]
        insts = g.instances()
        if "backend" in extra and not backend_moved and not ws_made and rx.random() < 0.25:
            backend_moved = True
            g.features.add("backend-change")
            # A new path (or the same one given by -backend-config), then init as people do.
            how = rx.choice(["reconfigure", "migrate", "plain-then-migrate", "plan-then-reconfigure",
                             "backend-config"])
            if how == "backend-config":
                g.backend = backend_block()
            else:
                g.backend = backend_block(path=rx.choice(["two.tfstate", "states/two.tfstate"]))
            files = g.render()
            change = {p: t for p, t in render_files(files).items() if render_files(prev).get(p) != t}
            steps.append({"edit": {p: files.get(p) for p in change}, "label": "backend"})
            prev = files
            if how == "reconfigure":
                cmd("init", "-no-color", "-reconfigure")
            elif how == "migrate":
                cmd("init", "-no-color", "-migrate-state", "-force-copy")
            elif how == "plain-then-migrate":
                cmd("init", "-no-color")
                cmd("init", "-no-color", "-migrate-state", "-force-copy")
            elif how == "plan-then-reconfigure":
                cmd("plan", "-no-color", *plan_args())
                cmd("init", "-no-color", "-reconfigure")
            else:
                cmd("init", "-no-color", "-backend-config=path=three.tfstate", "-migrate-state", "-force-copy")
            cmd("plan", "-no-color", *plan_args())
            cmd("apply", "-auto-approve", "-no-color", *plan_args())
            continue
        if act == "edit" or (i == n_actions - 1 and not edit_done):
            edit_done = True
            # --with saved: a plan saved before the edit is shown and applied after it (the
            # plan file holds the configuration it was made from).
            saved_plan = "saved" in extra and rx.random() < 0.4
            if saved_plan:
                cmd("plan", "-no-color", "-out=tfplan", *plan_args())
                g.features.add("saved-plan")
            if err_at == "edit" and not g.errors and r.random() < 0.5:
                g.inject_error()
                label, need_init = "error", False
            else:
                label, need_init = g.edit()
            files = g.render()
            change = {p: t for p, t in render_files(files).items() if render_files(prev).get(p) != t}
            for p in prev:
                if p not in files:
                    change[p] = None
            blocks_change = {p: files.get(p) for p in change}
            steps.append({"edit": blocks_change, "label": label})
            prev = files
            if saved_plan:
                if rx.random() < 0.5:
                    cmd("show", "-no-color", "tfplan")
                cmd("apply", "-no-color", "tfplan")
            if need_init or r.random() < 0.1:
                cmd("init", "-no-color")
            if r.random() < 0.7:
                cmd("plan", "-no-color", *plan_args())
            cmd("apply", "-auto-approve", "-no-color", *plan_args())
        elif act == "plan":
            cmd("plan", "-no-color", *plan_args())
        elif act == "detailed":
            cmd("plan", "-detailed-exitcode", "-no-color", *plan_args())
        elif act == "apply":
            cmd("apply", "-auto-approve", "-no-color", *plan_args())
        elif act == "inspect":
            c = r.choice([["show", "-no-color"], ["state", "list"], ["state", "pull"]] +
                         ([["state", "show", r.choice(insts)]] if insts else []))
            cmd(*c)
        elif act == "output":
            names = [o["name"] for o in g.outputs]
            c = r.choice([["output", "-json"], ["output", "-no-color"]] +
                         ([["output", "-raw", r.choice(names)], ["output", "-json", r.choice(names)]] if names else []))
            cmd(*c)
        elif act == "state" and insts:
            a = r.choice(insts)
            if r.random() < 0.5 and "[" not in a and "module." not in a:
                cmd("state", "mv", a, a + "_mv")
                g.features.add("state-mv")
            else:
                cmd("state", "rm", a)
                g.features.add("state-rm")
            cmd("state", "list")
        elif act == "workspace":
            if not ws_made:
                cmd("workspace", "new", "dev")
                cmd("workspace", "show")
                cmd("apply", "-auto-approve", "-no-color", *plan_args())
                cmd("workspace", "list")
                if r.random() < 0.5:
                    cmd("workspace", "select", "default")
                    if r.random() < 0.5:
                        cmd("workspace", "delete", "dev")
                ws_made = True
                g.features.add("workspace")
            else:
                cmd("workspace", "list")
        elif act == "taint" and insts:
            a = r.choice(insts)
            cmd("taint", a)
            if r.random() < 0.3:
                cmd("untaint", a)
            cmd("plan", "-no-color", *plan_args())
            g.features.add("taint")
        elif act == "replace" and insts:
            cmd("apply", "-auto-approve", "-no-color", f"-replace={r.choice(insts)}", *plan_args())
            g.features.add("replace")
        elif act == "target" and insts:
            verb = r.choice([["plan", "-no-color"], ["apply", "-auto-approve", "-no-color"]])
            cmd(*verb, f"-target={r.choice(insts)}", *plan_args())
            g.features.add("target")
        elif act == "console":
            exprs = ["terraform.workspace", "1 + 2"] + [f"var.{v.name}" for v in g.vars] + \
                    [f"local.{n}" for n, _ in g.locals] + [f"terraform_data.{x.name}" for x in g.res if not x.in_module]
            cmd("console", *plan_args(), stdin=r.choice(exprs) + "\n")
            g.features.add("console")
    if eph is not None:
        # The ephemeral variable in the console, and a saved plan applied with and without it.
        if rx.random() < 0.6:
            exprs = [f"var.{eph}", f'"x-${{var.{eph}}}"', f"[var.{eph}, 1]", f"ephemeralasnull(var.{eph})",
                     f"length(var.{eph})", f"{{ t = var.{eph} }}", "terraform.applying"]
            cmd("console", *plan_args(), stdin=rx.choice(exprs) + "\n")
        if rx.random() < 0.5:
            cmd("plan", "-no-color", "-out=eph.tfplan", *plan_args())
            again = rx.choice([[], [f"-var={eph}=again"], [f"-var={eph}="]])
            cmd("apply", "-no-color", *again, "eph.tfplan")
            g.features.add("ephemeral-saved")
    if r.random() < 0.5:
        if r.random() < 0.3:
            cmd("plan", "-destroy", "-no-color", *plan_args())
        cmd("destroy", "-auto-approve", "-no-color", *plan_args())
        if r.random() < 0.5:
            cmd("state", "list")
    elif "error-prevent_destroy" in g.features:
        cmd("destroy", "-auto-approve", "-no-color", *plan_args())
    steps = add_json_steps(random.Random(f"wf-json-{seed}-{index}"), steps, g.features)
    if "lock" in extra:
        add_lock_options(steps, rx, g)
    if "color" in extra:
        add_colour(steps, rx, g)
    if "fmt" in extra:
        add_fmt(steps, rx, g, render_files(initial))
    env = dict(g.env)
    return {"name": f"wf{seed}-{index:03d}", "seed": seed, "index": index, "release": release,
            "features": sorted(g.features), "errors": g.errors, "env": env,
            "blocks": initial, "steps": steps}


LOCKING = {"plan", "apply", "destroy", "import", "taint", "untaint", "refresh"}


def add_lock_options(steps, rx, g):
    """--with lock: some locking commands get -lock=false or a -lock-timeout (nothing holds the lock, so
    both must behave as without), and some applies are followed by a `refresh`."""
    out = []
    for s in steps:
        a = s.get("args")
        if a and (a[0] in LOCKING or (a[0] == "state" and a[1:2] in (["mv"], ["rm"]))) and rx.random() < 0.3:
            at = 2 if a[0] == "state" else 1
            s = dict(s, args=a[:at] + [rx.choice(["-lock=false", "-lock=false", "-lock-timeout=2s"])] + a[at:])
            g.features.add("lock-options")
        out.append(s)
        if a and a[0] == "apply" and rx.random() < 0.15:
            out.append({"args": ["refresh", "-no-color"] + [x for x in a if x.startswith("-var")]})
            g.features.add("refresh")
    steps[:] = out


def add_colour(steps, rx, g):
    """--with color: some plan, apply, destroy, show and refresh steps run without -no-color."""
    for i, s in enumerate(steps):
        a = s.get("args")
        if a and a[0] in ("plan", "apply", "destroy", "show", "refresh") and "-no-color" in a and rx.random() < 0.4:
            steps[i] = dict(s, args=[x for x in a if x != "-no-color"])
            g.features.add("color")


def unformatted(text, rx):
    """`text` with its layout spoiled the ways people spoil it (indentation lost or doubled, tabs,
    `=` unaligned or crowded, blanks after commas dropped, trailing blanks), its meaning kept:
    heredocs and quoted strings are left alone."""
    out = []
    heredoc = None
    for line in text.split("\n"):
        if heredoc:
            out.append(line)
            if line.strip() == heredoc:
                heredoc = None
            continue
        m = re.search(r"<<-?([A-Za-z_][A-Za-z0-9_]*)\s*$", line)
        if m:
            heredoc = m.group(1)
        code, quoted = line, '"' in line
        x = rx.random()
        if x < 0.3:
            code = code.lstrip()
        elif x < 0.4:
            code = "\t" + code.lstrip()
        elif x < 0.5:
            code = "    " + code
        if not quoted and rx.random() < 0.4:
            code = re.sub(r"\s+=\s+", rx.choice(["=", " = ", "   =  "]), code, count=1)
        if not quoted and rx.random() < 0.3:
            code = code.replace(", ", ",")
        if rx.random() < 0.15:
            code += rx.choice(["  ", "\t", "   "])
        out.append(code)
    return "\n".join(out)


FMT_STEPS = [
    (["fmt", "-check", "-no-color"], False),
    (["fmt", "-diff", "-no-color"], True),
    (["fmt", "-no-color"], True),
    (["fmt", "-check", "-diff", "-no-color"], False),
    (["fmt", "-recursive", "-no-color"], True),
    (["fmt", "-write=false", "-diff", "-no-color"], False),
    (["fmt", "-check", "-recursive", "-list=false", "-no-color"], False),
]


def add_fmt(steps, rx, g, files):
    """--with fmt: after the first apply, an unformatted copy of one or two of the generated files
    (an edit), then `fmt -check`, `fmt -diff`, `fmt`, `fmt -recursive`, ...; after a rewriting
    fmt, sometimes every file's formatted text (`fmt -list=false -write=false`, which prints what
    was written); then a plan, which the layout must not change."""
    if rx.random() >= 0.6:
        return
    at = next((i for i, s in enumerate(steps) if s.get("args", [None])[0] == "apply"), None)
    names = sorted(p for p, t in files.items() if t and p.endswith((".tf", ".tfvars")))
    if at is None or not names:
        return
    chosen = rx.sample(names, min(len(names), rx.choice([1, 1, 2])))
    edit = {p: [["file", unformatted(files[p], rx)]] for p in chosen}
    args, writes = rx.choice(FMT_STEPS)
    added = [{"edit": edit, "label": "unformatted"}, {"args": list(args)}]
    if writes and rx.random() < 0.5:
        added.append({"args": ["fmt", "-list=false", "-write=false", "-no-color"]})
    # The variables as the apply before it gave them (the generator's own are the last step's).
    added.append({"args": ["plan", "-no-color"] + [a for a in steps[at]["args"] if a.startswith("-var")]})
    steps[at + 1:at + 1] = added
    g.features.add("fmt")


JSON_SHARE = 0.4     # the scenarios that also ask for Terraform's machine-readable outputs


def add_json_steps(rj, steps, features):
    """Turns some of a scenario's steps into their -json forms, or adds one beside them
    (`validate -json`, `plan -json`, `plan -out=tfplan` then `show -json tfplan`, `apply -json`,
    `destroy -json`, `show -json` of the state), for a JSON_SHARE of the scenarios. It draws from
    its own random stream, so the rest of a seed's scenario stays what it was."""
    if rj.random() >= JSON_SHARE:
        return steps
    features.add("json")
    out = []

    def plain(args):
        return [a for a in args if a != "-no-color"]

    for s in steps:
        args = s.get("args")
        if not args:
            out.append(s)
            continue
        rest = {k: v for k, v in s.items() if k != "args"}
        verb = args[0]
        if verb == "plan" and "-detailed-exitcode" not in args and "-destroy" not in args:
            x = rj.random()
            if x < 0.35:
                out.append(dict(rest, args=["plan", "-json"] + plain(args[1:])))
                continue
            out.append(s)
            if x < 0.7:
                out.append(dict(rest, args=["plan", "-no-color", "-out=tfplan"] + plain(args[1:])))
                out.append(dict(rest, args=["show", "-json", "tfplan"]))
            continue
        if verb in ("apply", "destroy") and "-auto-approve" in args:
            if rj.random() < 0.35:
                out.append(dict(rest, args=[verb, "-json"] + plain(args[1:])))
            else:
                out.append(s)
            if verb == "apply" and rj.random() < 0.3:
                out.append({"args": ["show", "-json"]})
            continue
        if args == ["show", "-no-color"] and rj.random() < 0.5:
            out.append(dict(rest, args=["show", "-json"]))
            continue
        out.append(s)
        if verb == "init" and len(out) == 1 and rj.random() < 0.4:
            out.append({"args": ["validate", "-json"]})
    return out


def scenario_text(sc):
    """The rendered form written to scenario.json (what a replay reads)."""
    out = dict(sc)
    out["files"] = render_files(sc["blocks"])
    steps = []
    for s in sc["steps"]:
        if "edit" in s:
            steps.append({"edit": render_files(s["edit"]), "label": s.get("label"),
                          "edit_blocks": s["edit"]})
        else:
            steps.append(s)
    out["steps"] = steps
    return out


def scenario_from_json(d):
    sc = dict(d)
    if not sc.get("blocks"):
        sc["blocks"] = {p: [["file", t]] for p, t in d["files"].items()}
    steps = []
    for s in d["steps"]:
        if "edit" in s:
            eb = s.get("edit_blocks") or {p: (None if t is None else [["file", t]]) for p, t in s["edit"].items()}
            steps.append({"edit": eb, "label": s.get("label")})
        else:
            steps.append(s)
    sc["steps"] = steps
    return sc


# --------------------------------------------------------------------------------------------
# Running and normalizing
# --------------------------------------------------------------------------------------------

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
PROGRESS = re.compile(r"^(?:\S.*?): (?:Creating\.\.\.|Creation complete after|Destroying\.\.\.|Destruction complete after|"
                      r"Modifying\.\.\.|Modifications complete after|Still |Refreshing state\.\.\.|Reading\.\.\.|"
                      r"Read complete after|Importing|Import complete|Preparing import\.\.\.)")


def write_files(d, files):
    for p, t in files.items():
        fp = os.path.join(d, p)
        if t is None:
            if os.path.exists(fp):
                os.remove(fp)
            continue
        os.makedirs(os.path.dirname(fp), exist_ok=True)
        with open(fp, "w", encoding="utf-8") as f:
            f.write(t)


def backend_paths(d):
    """The default workspace's state file and the workspaces' folder, as the folder's saved local
    backend (.terraform/terraform.tfstate) names them."""
    path, wsdir = "terraform.tfstate", "terraform.tfstate.d"
    try:
        with open(os.path.join(d, ".terraform", "terraform.tfstate"), encoding="utf-8") as f:
            cfg = (json.load(f).get("backend") or {}).get("config") or {}
        path = cfg.get("path") or path
        wsdir = cfg.get("workspace_dir") or wsdir
    except (OSError, ValueError, AttributeError):
        pass
    return path, wsdir


def read_states(d):
    """{workspace: state json} of every workspace's state file in folder d."""
    out = {}
    path, wsdir = backend_paths(d)
    p = os.path.join(d, path)
    if os.path.exists(p):
        out["default"] = p
    wsd = os.path.join(d, wsdir)
    if os.path.isdir(wsd):
        for w in sorted(os.listdir(wsd)):
            q = os.path.join(wsd, w, "terraform.tfstate")
            if os.path.exists(q):
                out[w] = q
    res = {}
    for w, p in out.items():
        try:
            with open(p, encoding="utf-8") as f:
                txt = f.read()
            res[w] = json.loads(txt) if txt.strip() else {}
        except (OSError, ValueError):
            res[w] = {"unreadable": True}
    return res


def instance_addr(rs, inst):
    a = ("data." if rs.get("mode") == "data" else "") + f"{rs['type']}.{rs['name']}"
    if rs.get("module"):
        a = rs["module"] + "." + a
    if "index_key" in inst:
        k = inst["index_key"]
        a += f"[{k}]" if isinstance(k, int) else "[" + json.dumps(k) + "]"
    if inst.get("deposed"):
        a += " (deposed)"
    return a


class Side:
    """One side of a run: its folder, its command, and the names it gave the UUIDs it met."""

    def __init__(self, label, base_cmd, folder, release):
        self.label, self.base, self.dir, self.release = label, base_cmd, folder, release
        self.names = {}            # uuid -> placeholder
        self.by_addr = collections.Counter()
        self.anon = 0

    def learn_state(self, states):
        for w, st in states.items():
            lin = st.get("lineage") if isinstance(st, dict) else None
            if lin and lin not in self.names:
                self.names[lin] = f"<lineage:{w}>"
            for rs in (st.get("resources") or []) if isinstance(st, dict) else []:
                for inst in rs.get("instances") or []:
                    i = (inst.get("attributes") or {}).get("id")
                    if isinstance(i, str) and UUID.fullmatch(i) and i not in self.names:
                        a = instance_addr(rs, inst).replace(" (deposed)", "").replace('"', "")
                        self.by_addr[a] += 1
                        n = self.by_addr[a]
                        self.names[i] = f"<id:{a}>" if n == 1 else f"<id:{a}#{n}>"

    def norm(self, text):
        def sub(m):
            u = m.group(0)
            if u not in self.names:
                self.anon += 1
                self.names[u] = f"<uuid-{self.anon}>"
            return self.names[u]
        text = text.replace(self.dir, "<DIR>")
        text = UUID.sub(sub, text)
        text = re.sub(r"after \d+(?:\.\d+)?m?s\b", "after Ns", text)
        text = re.sub(r"\[\d+(?:m\d+)?s elapsed\]", "[Ns elapsed]", text)
        # A slow second on the machine shows in the JSON hooks too.
        text = re.sub(r'"elapsed_seconds":\d+', '"elapsed_seconds":0', text)
        text = re.sub(r"(deposed object |deposed: |\"deposed\": \")[0-9a-f]{8}", r"\1<deposed>", text)
        text = re.sub(r'("terraform_version":\s*")[^"]*"', r'\1<version>"', text)
        text = re.sub(r'("@?timestamp":\s*")[^"]*"', r'\1<timestamp>"', text)
        text = re.sub(r"\.tfstate\.\d{9,}\.backup", ".tfstate.<ts>.backup", text)
        if not KEEP_SERIAL:
            text = re.sub(r'("serial":\s*)\d+', r'\1"<serial>"', text)
        return text

    def norm_states(self, states):
        out = {}
        for w, st in states.items():
            rows = []
            for rs in (st.get("resources") or []) if isinstance(st, dict) else []:
                for inst in rs.get("instances") or []:
                    attrs = inst.get("attributes") or {}
                    keep = {k: attrs.get(k) for k in ("id", "input", "output", "triggers_replace") if k in attrs}
                    if rs.get("mode") == "data":
                        keep = {}
                    rows.append(instance_addr(rs, inst) + (" " + json.dumps(keep, sort_keys=True) if keep else "")
                                + (" (tainted)" if inst.get("status") == "tainted" else ""))
            outs = (st.get("outputs") or {}) if isinstance(st, dict) else {}
            out[w] = sorted(rows) + [f"output {k} = " + json.dumps(outs[k].get("value"), sort_keys=True)
                                     for k in sorted(outs)]
        return self.norm("".join(f"[{w}]\n" + "".join(r + "\n" for r in rows) for w, rows in sorted(out.items())))

    def run(self, step, env, timeout):
        args = step["args"]
        e = dict(os.environ)
        for k in list(e):
            if k.startswith("TF_VAR_") or k in ("TF_WORKSPACE", "TF_CLI_ARGS", "TF_DATA_DIR", "TF_LOG"):
                del e[k]
        e.update({"TF_IN_AUTOMATION": "1", "CHECKPOINT_DISABLE": "1"})
        e.update(env)
        e.update(step.get("env") or {})
        t0 = time.time()
        try:
            p = subprocess.run(["nice", "-n", "5"] + self.base + args, cwd=self.dir, env=e,
                               input=(step.get("stdin") or "").encode(), capture_output=True, timeout=timeout)
            out, err, rc = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), p.returncode
        except subprocess.TimeoutExpired:
            out, err, rc = "", "<timeout>", -1
        except OSError as ex:
            out, err, rc = "", f"<could not run: {ex}>", -2
        states = read_states(self.dir)
        self.learn_state(states)
        return {"out": self.norm(out), "err": self.norm(err), "rc": rc, "state": self.norm_states(states),
                "secs": time.time() - t0}


def side_cmd(kind, release, iacquiz):
    if kind == "oracle":
        return [ORACLE, "--version", release, "--exec", "--"]
    cmd = shlex.split(iacquiz.replace("{release}", release))
    if os.sep in cmd[0] and not os.path.isabs(cmd[0]):
        cmd[0] = os.path.abspath(cmd[0])     # the steps run in the twin folder
    return cmd


def run_side(sc, side, timeout=120):
    """Run every step of sc on a Side; returns the list of results (None for edits)."""
    write_files(side.dir, render_files(sc["blocks"]))
    results = []
    for s in sc["steps"]:
        if "edit" in s:
            write_files(side.dir, render_files(s["edit"]))
            results.append(None)
        else:
            results.append(side.run(s, sc.get("env") or {}, timeout))
    return results


BULLET = re.compile(r"^(?:\x1b\[[0-9;]*m|│| )* +- (?:module\.|terraform_data\.|data\.)\S*$")
CYCLE = re.compile(r"^(.*Error: (?:\x1b\[[0-9;]*m)*Cycle: )(.*?)((?:\x1b\[[0-9;]*m)*)$")


def sort_bullets(lines):
    """Runs of bulleted addresses (the objects a `removed` block forgets, those a workspace still tracks)
    and the nodes of a cycle come in Go's map order."""
    out, run = [], []
    lines = [l if l.startswith("{") else CYCLE.sub(lambda m: m.group(1) + ", ".join(sorted(m.group(2).split(", "))) + m.group(3), l)
             for l in lines]
    for line in lines + [None]:
        if line is not None and BULLET.match(line):
            run.append(line)
            continue
        out += sorted(run)
        run = []
        if line is not None:
            out.append(line)
    return out


def sort_json_bullets(line):
    """A JSON UI diagnostic whose detail lists addresses (` - terraform_data.a["k1"]`, one per line):
    the list comes in Go's map order, as in the text form, so its lines are sorted."""
    if '\\n - ' not in line and '"Cycle: ' not in line and 'Error: Cycle: ' not in line:
        return line
    try:
        d = json.loads(line)
    except ValueError:
        return line
    diag = d.get("diagnostic") if isinstance(d, dict) else None
    if not isinstance(diag, dict) or not isinstance(diag.get("detail"), str):
        return line
    diag["detail"] = "\n".join(sort_bullets(diag["detail"].split("\n")))
    # A cycle's nodes, in the summary and the message, come in Go's map order too.
    sort_nodes = lambda t, pre: pre + ", ".join(sorted(t[len(pre):].split(", "))) if t.startswith(pre) else t
    if isinstance(diag.get("summary"), str):
        diag["summary"] = sort_nodes(diag["summary"], "Cycle: ")
    if isinstance(d.get("@message"), str):
        d["@message"] = sort_nodes(d["@message"], "Error: Cycle: ")
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def sort_relevant(text):
    """`show -json PLAN`: Terraform's relevant_attributes come in an order that varies from run to
    run (gathered from a map, then sorted by comparing the unsorted list): their elements are
    sorted as text, the rest of the line kept as it is."""
    key = '"relevant_attributes":['
    at = text.find(key)
    if at < 0:
        return text
    start = at + len(key)
    depth, in_str, esc, items, begin = 0, False, False, [], start
    for k in range(start, len(text)):
        c = text[k]
        if in_str:
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "[{":
            depth += 1
        elif c in "]}":
            if depth == 0:
                items.append(text[begin:k])
                return text[:start] + ",".join(sorted(items)) + text[k:]
            depth -= 1
        elif c == "," and depth == 0:
            items.append(text[begin:k])
            begin = k + 1
    return text


def sort_checks(text):
    """`state pull`: check_results objects come in Go's map order; sort them by address."""
    text = sort_relevant(text)
    if '"check_results"' not in text:
        return text
    try:
        st = json.loads(text)
    except ValueError:
        return text
    cr = st.get("check_results") if isinstance(st, dict) else None
    if not cr:
        return text
    for c in cr:
        if isinstance(c.get("objects"), list):
            c["objects"].sort(key=lambda o: json.dumps(o, sort_keys=True))
    cr.sort(key=lambda c: json.dumps(c, sort_keys=True))
    return json.dumps(st, indent=2) + "\n"


STRAY_RESET = re.compile(r"^(?:\x1b\[0m)+(?=\x1b\[0m\x1b\[1m)")
JSON_PROGRESS = re.compile(r'^\{"@level":.*"type":"(?:apply_|refresh_|planned_change|resource_drift|diagnostic)')


def split_progress(text):
    prog, rest = [], []
    for line in sort_bullets(sort_checks(text).split("\n")):
        if PROGRESS.match(line):
            # In colour, the reset ending the text before the progress lines starts the first of
            # them, whichever it is: it stays in place, the line joins the others.
            m = STRAY_RESET.match(line)
            if m:
                rest.append(m.group(0))
                line = line[m.end():]
            prog.append(line)
        elif JSON_PROGRESS.match(line):
            prog.append(sort_json_bullets(line))
        else:
            rest.append(line)
    return sorted(prog), rest


DIAG = re.compile(r"^(?:\x1b\[[0-9;]*m)*(?:╷|Error: |Warning: )")


def sort_diagnostics(text):
    """stderr's diagnostics, one chunk each, sorted: those of parallel graph nodes (one per instance) come
    in walk order."""
    chunks, cur = [], []
    for line in text.split("\n"):
        if DIAG.match(line) and cur and (cur[-1].strip() == "" or "╵" in cur[-1] or not DIAG.match(cur[0])):
            chunks.append(cur)
            cur = []
        cur.append(line)
    chunks.append(cur)
    head = chunks[0] if chunks and not DIAG.match(chunks[0][0] if chunks[0] else "") else None
    body = chunks[1:] if head is not None else chunks
    blanks = 0
    for c in body:                  # trailing blank lines belong to no diagnostic in particular
        while c and c[-1].strip() == "":
            c.pop()
            blanks += 1
    return "\n".join((head or []) + [l for c in sorted(body) for l in c + [""]] + [""] * blanks)


def compare(a, b):
    """The aspects that differ between two step results."""
    diffs = []
    for k in ("out", "err"):
        ta, tb = (a[k], b[k]) if k == "out" else (sort_diagnostics(a[k]), sort_diagnostics(b[k]))
        pa, ra = split_progress(ta)
        pb, rb = split_progress(tb)
        if ra != rb or pa != pb:
            diffs.append(k)
    if a["rc"] != b["rc"]:
        diffs.append("rc")
    if a["state"] != b["state"]:
        diffs.append("state")
    return diffs


def udiff(a, b, la, lb, name):
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), f"{la}/{name}", f"{lb}/{name}", n=2))


def step_label(s):
    return " ".join(s["args"])


def cmd_key(s):
    a = s["args"]
    if a[0] in ("state", "workspace") and len(a) > 1:
        return f"{a[0]} {a[1]}"
    return a[0]


def run_pair(sc, sides_spec, keep=False):
    """Run scenario sc on two sides; returns (results_a, results_b, labels)."""
    work = tempfile.mkdtemp(prefix="wfd-")
    sides = []
    for i, (label, base, release) in enumerate(sides_spec):
        d = os.path.join(work, "ab"[i])
        os.makedirs(d)
        sides.append(Side(label, base, d, release))
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        futs = [ex.submit(run_side, sc, s) for s in sides]
        res = [f.result() for f in futs]
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return res[0], res[1]


def differences(sc, ra, rb):
    out = []
    for i, (s, a, b) in enumerate(zip(sc["steps"], ra, rb)):
        if a is None:
            continue
        d = compare(a, b)
        if d:
            out.append((i, d))
    return out


def signature(sc, diffs):
    return {cmd_key(sc["steps"][i]) for i, _ in diffs}


def describe(sc, ra, rb, diffs, la, lb):
    lines = []
    for i, d in diffs:
        s, a, b = sc["steps"][i], ra[i], rb[i]
        lines.append(f"--- step {i}: {step_label(s)}  [{', '.join(d)}]")
        for k in ("out", "err"):
            if k in d:
                pa, xa = split_progress(a[k])
                pb, xb = split_progress(b[k])
                lines.append(udiff("\n".join(xa + ["# progress (sorted):"] + pa) + "\n",
                                   "\n".join(xb + ["# progress (sorted):"] + pb) + "\n", la, lb, f"step-{i}.{k}"))
        if "rc" in d:
            lines.append(f"exit code: {la} {a['rc']}, {lb} {b['rc']}\n")
        if "state" in d:
            lines.append(udiff(a["state"], b["state"], la, lb, f"step-{i}.state"))
    return "".join(l if l.endswith("\n") else l + "\n" for l in lines)


def write_scenario(d, sc, extra=None):
    os.makedirs(d, exist_ok=True)
    t = scenario_text(sc)
    with open(os.path.join(d, "scenario.json"), "w", encoding="utf-8") as f:
        json.dump(t, f, indent=1, ensure_ascii=False)
        f.write("\n")
    fd = os.path.join(d, "files")
    if os.path.isdir(fd):
        shutil.rmtree(fd)
    write_files(fd, t["files"])
    if extra:
        for name, text in extra.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)


# --------------------------------------------------------------------------------------------
# Reduction (delta debugging)
# --------------------------------------------------------------------------------------------

def ddmin(items, test, budget):
    """Classic ddmin over a list; test(sublist) -> True when the failure persists."""
    n = 2
    while len(items) >= 2 and budget[0] > 0:
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        reduced = False
        for i in range(len(subsets)):
            if budget[0] <= 0:
                break
            comp = [x for j, s in enumerate(subsets) if j != i for x in s]
            budget[0] -= 1
            if comp and test(comp):
                items, n, reduced = comp, max(n - 1, 2), True
                break
        if not reduced:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    return items


def block_keys(sc):
    keys = []
    for bl in list(sc["blocks"].values()) + [b for s in sc["steps"] if "edit" in s for b in s["edit"].values()]:
        for k, _ in bl or []:
            if k not in keys and k not in ("raw", "file"):
                keys.append(k)
    return keys


def without_blocks(sc, drop):
    def f(bl):
        return None if bl is None else [b for b in bl if b[0] not in drop]
    s2 = dict(sc)
    s2["blocks"] = {p: f(b) for p, b in sc["blocks"].items()}
    s2["steps"] = [dict(s, edit={p: f(b) for p, b in s["edit"].items()}) if "edit" in s else s for s in sc["steps"]]
    return s2


def reduce(sc, sides_spec, sig, budget_n=40, log=print):
    budget = [budget_n]

    def still(s2):
        ra, rb = run_pair(s2, sides_spec)
        d = differences(s2, ra, rb)
        ok = bool(d) and bool(signature(s2, d) & sig)
        log(f"    reduce: {len(s2['steps'])} steps, {len(block_keys(s2))} blocks -> {'still differs' if ok else 'gone'}")
        return ok

    idx = list(range(len(sc["steps"])))
    keep = ddmin(idx, lambda sub: still(dict(sc, steps=[sc["steps"][i] for i in sub])), budget)
    sc = dict(sc, steps=[sc["steps"][i] for i in keep])
    keys = block_keys(sc)
    kept = ddmin(keys, lambda sub: still(without_blocks(sc, set(keys) - set(sub))), budget)
    return without_blocks(sc, set(keys) - set(kept))


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def record(a, scenarios):
    releases = [full_release(x) for x in a.releases.split(",")]
    os.makedirs(a.record, exist_ok=True)
    kept, skipped = [], []
    lock = threading.Lock()

    def one(sc):
        # the first release twice (the determinism check), then the others two at a time
        runs = {}
        pairs = [(releases[0], releases[0])] + [tuple(releases[i:i + 2]) for i in range(1, len(releases), 2)]
        for pair in pairs:
            rels = pair if len(pair) == 2 else (pair[0], pair[0])
            spec = [(r, side_cmd("oracle", r, None), r) for r in rels]
            ra, rb = run_pair(sc, spec)
            if rels[0] == rels[1]:
                d = differences(sc, ra, rb)
                if d:
                    return None, f"not deterministic at {rels[0]}: steps {[i for i, _ in d]}"
            for rel, res in zip(pair, (ra, rb)):
                bad = [i for i, x in enumerate(res) if x is not None and x["rc"] not in (0, 2)]
                if bad and not a.allow_errors:
                    return None, f"step {bad[0]} ({step_label(sc['steps'][bad[0]])}) exits {res[bad[0]]['rc']} at {rel}"
                runs[rel] = res
        return runs, None

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        futs = {ex.submit(one, sc): sc for sc in scenarios}
        for f in concurrent.futures.as_completed(futs):
            sc = futs[f]
            runs, why = f.result()
            with lock:
                if runs is not None and a.record_max and len(kept) >= a.record_max:
                    continue
                if runs is None:
                    skipped.append((sc["name"], why))
                    print(f"  skip {sc['name']}: {why}", flush=True)
                    continue
                d = os.path.join(a.record, sc["name"])
                if os.path.isdir(d):
                    shutil.rmtree(d)
                write_scenario(d, sc)
                for rel, res in runs.items():
                    rd = os.path.join(d, rel)
                    os.makedirs(rd)
                    for i, x in enumerate(res):
                        if x is None:
                            continue
                        for ext, val in (("out", x["out"]), ("err", x["err"]), ("rc", f"{x['rc']}\n"), ("state", x["state"])):
                            with open(os.path.join(rd, f"step-{i}.{ext}"), "w", encoding="utf-8") as fh:
                                fh.write(val)
                kept.append(sc)
                print(f"  recorded {sc['name']}: {len(sc['steps'])} steps; {', '.join(sc['features'])}", flush=True)
    ip = os.path.join(a.record, "index.json")
    index = {}
    if os.path.exists(ip):
        with open(ip, encoding="utf-8") as f:
            index = json.load(f)
    for sc in kept:
        index[sc["name"]] = {"releases": releases, "features": sc["features"],
                             "steps": [s.get("args") or ["<edit: " + str(s.get("label")) + ">"] for s in sc["steps"]]}
    with open(ip, "w", encoding="utf-8") as f:
        json.dump(dict(sorted(index.items())), f, indent=1)
        f.write("\n")
    print(f"recorded {len(kept)} scenarios into {a.record}; skipped {len(skipped)}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20, help="scenarios to generate (default 20)")
    ap.add_argument("--only", type=int, action="append", help="run only scenario index I of the seed (repeatable)")
    ap.add_argument("--terraform-version", default="1.12.2", help="the release compared (default 1.12.2)")
    ap.add_argument("--iacquiz", default=os.path.join(ROOT, "target", "release", "iacquiz") + " terraform --terraform-version {release}",
                    help="the engine's command; {release} is replaced (default target/release/iacquiz terraform --terraform-version {release})")
    ap.add_argument("--self-test", metavar="R2", help="compare real Terraform R with real Terraform R2 instead of the engine")
    ap.add_argument("--error-rate", type=float, default=0.12, help="fraction of scenarios with a deliberate error (default 0.12)")
    ap.add_argument("--out", default=os.path.join(HERE, "wf-difftest-out"), help="where differing scenarios go")
    ap.add_argument("--reduce", action="store_true", help="shrink each differing scenario before writing it")
    ap.add_argument("--reduce-budget", type=int, default=40, help="runs allowed per reduction (default 40)")
    ap.add_argument("--reduce-on", metavar="CMD", help="reduce while this command (apply, state list, ...) differs "
                    "(default: the command of the first differing step)")
    ap.add_argument("--reduce-max", type=int, default=5, help="scenarios reduced at most per run (default 5)")
    ap.add_argument("--replay", metavar="DIR", action="append", help="run the scenario.json in DIR instead of generating")
    ap.add_argument("--record", metavar="DIR", help="record real Terraform's normalized outputs (golden scenarios)")
    ap.add_argument("--releases", default="1.6.6,1.12.2,1.14.9", help="releases --record records (default 1.6.6,1.12.2,1.14.9)")
    ap.add_argument("--record-max", type=int, help="stop recording after this many scenarios")
    ap.add_argument("--allow-errors", action="store_true",
                    help="--record keeps scenarios whose steps fail (the differences found, replayed with --replay)")
    ap.add_argument("--feature", action="append", help="keep only the generated scenarios with this feature (repeatable: all of them)")
    ap.add_argument("--jobs", type=int, default=1, help="scenarios run at once (each runs its two sides at once)")
    ap.add_argument("--verbose", action="store_true", help="print every step's exit code and first error (first side)")
    ap.add_argument("--keep-serial", action="store_true", help="compare the state's serial too (normalized by default)")
    ap.add_argument("--list", action="store_true", help="print the scenarios generated and stop")
    ap.add_argument("--with", dest="extra", default="", metavar="F,F",
                    help="grammar features off by default: color (plan/apply/destroy/show/refresh without -no-color), "
                         "backend (a local backend block, its path changed then init -reconfigure, -migrate-state "
                         "-force-copy, plain init, -backend-config), lock (-lock=false, -lock-timeout, refresh), "
                         "saved (a plan saved before an edit, shown and applied after it), modmoves (module calls "
                         "renamed with moved, given count with moved, removed; a move to an undeclared address), "
                         "ephemeral (an ephemeral variable, its allowed and refused uses, console, saved plans), "
                         "fmt (an unformatted copy of a generated file, then fmt -check, -diff, -recursive or plain "
                         "fmt, what it wrote, then a plan)")
    a = ap.parse_args()
    global KEEP_SERIAL
    KEEP_SERIAL = a.keep_serial

    rel = full_release(a.terraform_version)
    gate = rel
    if a.self_test:
        gate = min(rel, full_release(a.self_test), key=rel_tuple)
    if a.record:
        gate = min((full_release(x) for x in a.releases.split(",")), key=rel_tuple)
    if a.replay:
        scenarios = []
        for d in a.replay:
            with open(os.path.join(d, "scenario.json"), encoding="utf-8") as f:
                scenarios.append(scenario_from_json(json.load(f)))
    else:
        idx = a.only if a.only else range(a.count)
        er = 0.0 if a.record else a.error_rate
        extra = frozenset(x for x in a.extra.split(",") if x)
        unknown = extra - {"color", "backend", "lock", "saved", "modmoves", "ephemeral", "fmt"}
        if unknown:
            sys.exit(f"wf-difftest: unknown --with feature(s): {', '.join(sorted(unknown))}")
        scenarios = [generate(a.seed, i, gate, er, strict_gate=bool(a.record), extra=extra) for i in idx]
        if a.feature:
            scenarios = [sc for sc in scenarios if all(f in sc["features"] for f in a.feature)]
    if a.list:
        for sc in scenarios:
            print(json.dumps(scenario_text(sc), indent=1))
        return 0
    if a.record:
        return record(a, scenarios)

    la = f"terraform-{rel}"
    spec_a = (la, side_cmd("oracle", rel, None), rel)
    if a.self_test:
        r2 = full_release(a.self_test)
        lb = f"terraform-{r2}"
        spec_b = (lb, side_cmd("oracle", r2, None), r2)
    else:
        lb = "iacquiz"
        spec_b = (lb, side_cmd("engine", rel, a.iacquiz), rel)
        exe = spec_b[1][0]
        if not (os.access(exe, os.X_OK) or shutil.which(exe)):
            sys.exit(f"wf-difftest: {exe} is not there (cargo build --release, or --iacquiz CMD, or --self-test R2)")
    sides = [spec_a, spec_b]
    print(f"wf-difftest: {len(scenarios)} scenarios, {la} against {lb}", flush=True)

    by_cmd = collections.defaultdict(lambda: [0, 0])
    n_steps = n_exact = 0
    differing = []
    t0 = time.time()

    def one(sc):
        ra, rb = run_pair(sc, sides)
        return sc, ra, rb

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        for sc, ra, rb in ex.map(one, scenarios):
            diffs = differences(sc, ra, rb)
            dmap = dict(diffs)
            for i, s in enumerate(sc["steps"]):
                if "edit" in s:
                    continue
                n_steps += 1
                k = cmd_key(s)
                by_cmd[k][0] += 1
                if i in dmap:
                    by_cmd[k][1] += 1
                else:
                    n_exact += 1
            status = "same" if not diffs else "DIFFERS at " + ", ".join(f"{i} ({step_label(sc['steps'][i])}: {'/'.join(d)})" for i, d in diffs)
            print(f"  {sc['name']}: {sum(1 for s in sc['steps'] if 'edit' not in s)} steps; {status}", flush=True)
            if a.verbose:
                for i, (s, x) in enumerate(zip(sc["steps"], ra)):
                    if x is None:
                        print(f"      {i:2} edit: {s.get('label')}")
                    else:
                        first = next((l for l in x["err"].split("\n") if l.startswith("Error") or l.startswith("│ Error")), "")
                        print(f"      {i:2} rc={x['rc']} {step_label(s)}  {first[:110]}")
            if diffs:
                differing.append((sc, ra, rb, diffs))
    print(f"\n{len(scenarios)} scenarios, {n_steps} steps: {n_exact} same, {n_steps - n_exact} differ; "
          f"{len(scenarios) - len(differing)} scenarios entirely the same ({time.time() - t0:.0f}s)")
    print(f"  {'command':18} {'steps':>6} {'differ':>6}")
    for k, (n, d) in sorted(by_cmd.items(), key=lambda kv: (-kv[1][1], kv[0])):
        print(f"  {k:18} {n:6} {d:6}")
    reduced = 0
    for sc, ra, rb, diffs in differing:
        text = describe(sc, ra, rb, diffs, la, lb)
        print(f"\n=== {sc['name']} ({', '.join(sc.get('features', []))})\n{text}", end="")
        d = os.path.join(a.out, sc["name"])
        write_scenario(d, sc, {"diff.txt": text})
        if a.reduce and reduced < a.reduce_max:
            reduced += 1
            print(f"  reducing {sc['name']} ...", flush=True)
            sig = {a.reduce_on} if a.reduce_on else {cmd_key(sc["steps"][diffs[0][0]])}
            if a.reduce_on and not (sig & signature(sc, diffs)):
                print(f"  ({a.reduce_on} does not differ in {sc['name']}: not reduced)")
                continue
            small = reduce(sc, sides, sig, a.reduce_budget)
            ra2, rb2 = run_pair(small, sides)
            d2 = differences(small, ra2, rb2)
            if d2:
                t2 = describe(small, ra2, rb2, d2, la, lb)
                small["name"] = sc["name"] + "-min"
                write_scenario(os.path.join(a.out, small["name"]), small, {"diff.txt": t2})
                print(f"  minimal: {len(small['steps'])} steps, {len(block_keys(small))} blocks -> {a.out}/{small['name']}\n{t2}", end="")
        print(f"  written to {d}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
