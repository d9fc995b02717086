#!/usr/bin/env python3
"""Records what real Terraform prints for the workflow renderer's cases.

    scripts/record-workflow-render.py [CASE...]        (default: every case below)

Each case is a sequence of steps run in a fresh folder with tf-oracle (TF_ORACLE overrides
the path) at each release in RELEASES: write main.tf, run a command, and record a command's
stdout. Every case folder gets `scenario.json` (the steps, so a reader sees what was run) and
one file per recorded command and release: `<release>.txt` for the label "plan",
`<release>.<label>.txt` for the others. UUIDs are replaced by placeholders numbered in order
of first appearance within each file (00000000-0000-0000-0000-000000000001, ...002), after
the opening refresh and read lines (printed in any order) are put in one order, so the files
do not change between runs. `cargo test` never runs this script: the tests in
tests/it/workflow_render.rs compare the renderer against the files it wrote.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.environ.get("TF_ORACLE", os.path.join(HERE, "..", "shared", "tools", "tf-oracle"))
OUT = os.path.join(HERE, "tests", "workflow", "render")
RELEASES = os.environ.get("WFR_RELEASES", "1.6.6 1.12.2 1.14.9").split()
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def tf(s):
    """A main.tf step."""
    return {"main.tf": s}


def file(path, text):
    """Another file of the scenario (a module's main.tf, say)."""
    return {"file": path, "text": text}


def run(cmd):
    """A command whose output is not kept (init, apply, taint...)."""
    return {"run": cmd}


def rec(cmd, label="plan", automation=True):
    """A command whose stdout is recorded under `label`."""
    return {"run": cmd, "record": label, "automation": automation}


APPLY = run("apply -auto-approve -no-color")
PLAN = rec("plan -no-color")


def two(before, after, desc, extra=None):
    """The usual case: apply `before`, change to `after`, record the plan."""
    steps = [tf(before), APPLY, tf(after), PLAN]
    return {"description": desc, "steps": steps + (extra or [])}


CASES = {
    "create_count": {
        "description": "two instances from count, created; an output of one of them",
        "steps": [tf('resource "terraform_data" "a" {\n  count = 2\n  input = "x${count.index}"\n}\n\noutput "first" {\n  value = terraform_data.a[0].output\n}\n'), PLAN],
    },
    "create_for_each": {
        "description": "instances from for_each over a set and over a map; nested input",
        "steps": [tf('resource "terraform_data" "s" {\n  for_each = toset(["a", "b"])\n  input    = each.key\n}\n\nresource "terraform_data" "m" {\n  for_each = { x = 1, y = true }\n  input    = { k = each.key, v = each.value, l = [1.5, "s"], e = [], m = {} }\n}\n'), PLAN],
    },
    "update_string": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\n',
        'resource "terraform_data" "a" {\n  input = "y"\n}\n',
        "a string input changed in place"),
    "update_object": two(
        'resource "terraform_data" "a" {\n  input = {\n    same = "s"\n    name = "old"\n    list = ["a", "b", "c", "d", "e"]\n    map  = { k1 = "v1", k2 = "v2", k3 = "v3" }\n    gone = "g"\n    keep = { x = 1, y = 2 }\n  }\n}\n',
        'resource "terraform_data" "a" {\n  input = {\n    same = "s"\n    name = "new"\n    list = ["a", "x", "c", "e", "f"]\n    map  = { k1 = "v1", k2 = "changed", k4 = "v4" }\n    added = true\n    keep = { x = 1, y = 2 }\n  }\n}\n',
        "an object input: attributes added, removed, changed; list and map elements changed; unchanged parts hidden"),
    "update_list": two(
        'resource "terraform_data" "a" {\n  input = ["a", "b", "c", "d", "e", "f", "g"]\n}\n',
        'resource "terraform_data" "a" {\n  input = ["a", "b", "x", "d", "e", "g", "h"]\n}\n',
        "a list input (a tuple in cty): elements changed, removed, added; unchanged ones hidden"),
    "update_map": two(
        'resource "terraform_data" "a" {\n  input = tomap({ a = "1", b = "2", c = "3", d = "4" })\n}\n',
        'resource "terraform_data" "a" {\n  input = tomap({ a = "1", b = "20", d = "4", e = "5" })\n}\n',
        "a map input: a key changed, one removed, one added"),
    "update_type": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\nresource "terraform_data" "b" {\n  input = ["x", "y"]\n}\nresource "terraform_data" "c" {\n  input = { a = 1 }\n}\n',
        'resource "terraform_data" "a" {\n  input = ["x"]\n}\nresource "terraform_data" "b" {\n  input = tolist(["x", "y"])\n}\nresource "terraform_data" "c" {\n  input = 5\n}\n',
        "the input's type changed: string to tuple, tuple to list, object to number"),
    "replace_triggers": two(
        'resource "terraform_data" "a" {\n  input            = "x"\n  triggers_replace = ["one", 1]\n}\n',
        'resource "terraform_data" "a" {\n  input            = "x"\n  triggers_replace = ["two", 1]\n}\n',
        "triggers_replace changed: destroy then create"),
    "replace_cbd": two(
        'resource "terraform_data" "a" {\n  input            = "x"\n  triggers_replace = "one"\n  lifecycle {\n    create_before_destroy = true\n  }\n}\n',
        'resource "terraform_data" "a" {\n  input            = "y"\n  triggers_replace = "two"\n  lifecycle {\n    create_before_destroy = true\n  }\n}\n',
        "triggers_replace and input changed with create_before_destroy: create then destroy"),
    "delete_count": two(
        'resource "terraform_data" "a" {\n  count = 3\n  input = count.index\n}\n',
        'resource "terraform_data" "a" {\n  count = 1\n  input = count.index\n}\n',
        "count shrank from 3 to 1"),
    "delete_key": two(
        'resource "terraform_data" "a" {\n  for_each = toset(["x", "y"])\n  input    = each.key\n}\n',
        'resource "terraform_data" "a" {\n  for_each = toset(["x"])\n  input    = each.key\n}\n',
        "a for_each key removed"),
    "delete_config": two(
        'resource "terraform_data" "a" {\n  input = { k = "v", n = null }\n}\nresource "terraform_data" "b" {\n}\n',
        'resource "terraform_data" "b" {\n}\n',
        "a resource removed from the configuration"),
    "moved_only": two(
        'resource "terraform_data" "b" {\n  input = "x"\n}\n',
        'resource "terraform_data" "c" {\n  input = "x"\n}\nmoved {\n  from = terraform_data.b\n  to   = terraform_data.c\n}\n',
        "moved without other change"),
    "moved_changed": two(
        'resource "terraform_data" "old" {\n  input = "x"\n}\n',
        'resource "terraform_data" "new" {\n  input = "y"\n}\nmoved {\n  from = terraform_data.old\n  to   = terraform_data.new\n}\n',
        "moved and changed in place"),
    "sensitive": two(
        'resource "terraform_data" "a" {\n  input = sensitive("secret")\n}\nresource "terraform_data" "b" {\n  input = { user = "u", pass = sensitive("p") }\n}\n',
        'resource "terraform_data" "a" {\n  input = sensitive("secret2")\n}\nresource "terraform_data" "b" {\n  input = { user = "u2", pass = sensitive("p2") }\n}\nresource "terraform_data" "c" {\n  input = sensitive(["x"])\n}\noutput "s" {\n  value     = terraform_data.a.output\n  sensitive = true\n}\noutput "plain" {\n  value = "p"\n}\n',
        "sensitive input values updated and created; a sensitive output"),
    "unknown": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\nresource "terraform_data" "b" {\n  input = "x"\n}\n',
        'resource "terraform_data" "a" {\n  input = "y"\n}\nresource "terraform_data" "b" {\n  input = { id = terraform_data.a.output, list = [terraform_data.a.output, "k"] }\n}\nresource "terraform_data" "c" {\n  input = terraform_data.a.output\n}\noutput "o" {\n  value = terraform_data.b.output\n}\noutput "p" {\n  value = [terraform_data.a.output, "k"]\n}\n',
        "values known only after apply, in place and inside collections"),
    "outputs_only": two(
        'output "same" {\n  value = "s"\n}\noutput "changed" {\n  value = "a"\n}\noutput "removed" {\n  value = [1, 2]\n}\noutput "obj" {\n  value = { a = 1, b = "x" }\n}\n',
        'output "same" {\n  value = "s"\n}\noutput "changed" {\n  value = "b"\n}\noutput "added" {\n  value = { k = ["v"] }\n}\noutput "obj" {\n  value = { a = 2, b = "x" }\n}\noutput "num" {\n  value = 1.5\n}\noutput "nul" {\n  value = null\n}\n',
        "only outputs change: added, changed, removed, unchanged; show of a state with outputs only",
        [rec("show -no-color", "show")]),
    "multiline": two(
        'resource "terraform_data" "a" {\n  input = "one\\ntwo\\nthree\\n"\n}\nresource "terraform_data" "b" {\n  input = "single"\n}\n',
        'resource "terraform_data" "a" {\n  input = "one\\n2\\nthree\\nfour\\n"\n}\nresource "terraform_data" "b" {\n  input = "now\\nmulti"\n}\nresource "terraform_data" "c" {\n  input = { text = "a\\nb" }\n}\n',
        "multi-line strings: heredoc diffs, a single line becoming multi-line, a new heredoc"),
    "numbers": two(
        'resource "terraform_data" "a" {\n  input = [1.5, 12345678901234567890, -3, 1e20, 0.1]\n}\n',
        'resource "terraform_data" "a" {\n  input = [2.5, 12345678901234567890, -3, 1e21, 0.1]\n}\nresource "terraform_data" "b" {\n  input = 3.14159\n}\n',
        "numbers: fractions, big integers, negative, exponents"),
    "empty": two(
        'resource "terraform_data" "a" {\n  input = []\n}\nresource "terraform_data" "b" {\n  input = {}\n}\nresource "terraform_data" "c" {\n  input = ["x"]\n}\n',
        'resource "terraform_data" "a" {\n  input = ["a"]\n}\nresource "terraform_data" "b" {\n  input = { k = "v" }\n}\nresource "terraform_data" "c" {\n  input = []\n}\nresource "terraform_data" "d" {\n  input = tomap({})\n}\n',
        "empty collections: created, filled, emptied"),
    "null_input": two(
        'resource "terraform_data" "a" {\n}\nresource "terraform_data" "b" {\n  input = "x"\n}\n',
        'resource "terraform_data" "a" {\n  input = "now"\n}\nresource "terraform_data" "b" {\n}\nresource "terraform_data" "c" {\n  input = null\n}\n',
        "null input: set, unset, created null"),
    "no_changes": {
        "description": "nothing changed after apply",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\noutput "o" {\n  value = terraform_data.a.output\n}\n'), APPLY, PLAN],
    },
    "empty_config": {
        "description": "no resources, no outputs, no state",
        "steps": [tf('\n'), PLAN],
    },
    "tainted": {
        "description": "a tainted instance is replaced",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), APPLY, run("taint terraform_data.a"), PLAN,
                  rec("show -no-color", "show"), rec("state show -no-color terraform_data.a", "state_show")],
    },
    "replace_request": {
        "description": "plan -replace asks for a replacement",
        "steps": [tf('resource "terraform_data" "a" {\n  count = 2\n  input = "x"\n}\n'), APPLY, rec("plan -no-color -replace=terraform_data.a[1]")],
    },
    "replace_triggered_by": two(
        'resource "terraform_data" "t" {\n  input = "1"\n}\nresource "terraform_data" "a" {\n  input = "x"\n  lifecycle {\n    replace_triggered_by = [terraform_data.t]\n  }\n}\n',
        'resource "terraform_data" "t" {\n  input = "2"\n}\nresource "terraform_data" "a" {\n  input = "x"\n  lifecycle {\n    replace_triggered_by = [terraform_data.t]\n  }\n}\n',
        "replace_triggered_by fired by a change to another resource"),
    "destroy_plan": {
        "description": "plan -destroy",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\noutput "o" {\n  value = "v"\n}\n'), APPLY, rec("plan -destroy -no-color")],
    },
    "no_automation": {
        "description": "plan without TF_IN_AUTOMATION: the note about -out at the end",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), rec("plan -no-color", automation=False)],
    },
    "no_changes_no_automation": {
        "description": "a no-changes plan without TF_IN_AUTOMATION",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), APPLY, rec("plan -no-color", automation=False)],
    },
    "state_forms": {
        "description": "show, state show, output in every form, and apply's Outputs block, for one state",
        "steps": [
            tf('resource "terraform_data" "a" {\n  count = 2\n  input = { n = count.index, s = "x", l = [1.5, true, null], m = { k = "v" }, t = "a\\nb\\n", e = [] }\n}\n'
               'resource "terraform_data" "k" {\n  for_each         = toset(["p"])\n  input            = sensitive("hidden")\n  triggers_replace = [each.key]\n}\n'
               'resource "terraform_data" "n" {\n}\n'
               'output "str" {\n  value = "hello"\n}\noutput "num" {\n  value = 12345678901234567890\n}\noutput "list" {\n  value = ["a", 2, false]\n}\n'
               'output "obj" {\n  value = { name = "x", nested = { l = tolist(["p", "q"]) }, multi = "l1\\nl2" }\n}\noutput "secret" {\n  value     = "s"\n  sensitive = true\n}\noutput "nul" {\n  value = null\n}\noutput "emptymap" {\n  value = tomap({})\n}\n'),
            rec("apply -auto-approve -no-color", "apply"),
            rec("show -no-color", "show"),
            rec("state show -no-color terraform_data.a[0]", "state_show_a0"),
            rec("state show -no-color terraform_data.k[\"p\"]", "state_show_k"),
            rec("state show -no-color terraform_data.n", "state_show_n"),
            rec("output -no-color", "output"),
            rec("output -json", "output_json"),
            rec("output -raw str", "output_raw_str"),
            rec("output -raw num", "output_raw_num"),
            rec("output -no-color obj", "output_obj"),
            rec("output -no-color secret", "output_secret"),
            rec("output -json obj", "output_json_obj"),
            rec("output -no-color list", "output_list"),
        ],
    },
    "show_empty": {
        "description": "show and output with an empty state",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), rec("show -no-color", "show"), rec("output -no-color", "output"), rec("output -json", "output_json")],
    },
    "sensitivity_change": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\nresource "terraform_data" "b" {\n  input = sensitive("y")\n}\nresource "terraform_data" "c" {\n  input = "z"\n}\n',
        'resource "terraform_data" "a" {\n  input = sensitive("x")\n}\nresource "terraform_data" "b" {\n  input = "y"\n}\nresource "terraform_data" "c" {\n  input = sensitive("z2")\n}\n',
        "a value becoming sensitive (unchanged, and changed) and one no longer sensitive: the warnings"),
    "json_strings": two(
        'resource "terraform_data" "a" {\n  input = jsonencode({ a = 1, b = [1, 2], c = "x" })\n}\nresource "terraform_data" "b" {\n  input = "{\\"k\\": 1}"\n}\nresource "terraform_data" "c" {\n  input = "[1, 2]"\n}\n',
        'resource "terraform_data" "a" {\n  input = jsonencode({ a = 2, b = [1, 2, 3], c = "x" })\n}\nresource "terraform_data" "b" {\n  input = "{\\"k\\":  1}"\n}\nresource "terraform_data" "c" {\n  input = "not json"\n}\nresource "terraform_data" "d" {\n  input = jsonencode({ z = null, y = [] })\n}\n',
        "strings holding JSON: drawn as jsonencode(...), a whitespace-only change, JSON to text"),
    "import_block": {
        "description": "an import block bringing in an object by id",
        "steps": [tf('import {\n  to = terraform_data.a\n  id = "imported-id"\n}\nresource "terraform_data" "a" {\n}\n'), PLAN],
    },
    "forget": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\nresource "terraform_data" "b" {\n  input = "y"\n}\n',
        'removed {\n  from = terraform_data.a\n  lifecycle {\n    destroy = false\n  }\n}\nresource "terraform_data" "b" {\n  input = "y"\n}\n',
        "a removed block with destroy = false (1.7 and later; 1.6 refuses it)",
        [rec("plan -no-color", "no_automation", automation=False)]),
    "wrong_repetition": two(
        'resource "terraform_data" "a" {\n  for_each = toset(["x"])\n  input    = each.key\n}\nresource "terraform_data" "b" {\n  count = 1\n}\nresource "terraform_data" "c" {\n}\n',
        'resource "terraform_data" "a" {\n  count = 1\n  input = "x"\n}\nresource "terraform_data" "b" {\n  for_each = toset(["k"])\n}\nresource "terraform_data" "c" {\n  for_each = toset(["k"])\n}\n',
        "count and for_each swapped or added: the old instances are destroyed because of the repetition"),
    "module_gone": {
        "description": "a module call removed: its resources are destroyed",
        "steps": [file("m/main.tf", 'resource "terraform_data" "a" {\n  input = "m"\n}\n'),
                  tf('module "m" {\n  source = "./m"\n}\n'), run("init -no-color"), APPLY,
                  tf('\n'), PLAN],
    },
    "quoting": {
        "description": "keys and strings that need quoting or escaping; shown at create and in show",
        "steps": [tf('resource "terraform_data" "a" {\n  input = { "a b" = 1, "x-y" = "t\\tq\\"b\\\\s", "1k" = "%{ if true }p%{ endif }", "é" = "ü", "${"$"}{x}" = "$${y}" }\n}\n'
                     'output "m" {\n  value = tomap({ "a b" = 1, "c" = 2 })\n}\noutput "o" {\n  value = { "a b" = "\\u00e9\\u0007" }\n}\n'),
                  PLAN, APPLY, rec("show -no-color", "show"), rec("output -no-color", "output"), rec("output -json", "output_json")],
    },
    "important_keys": two(
        'resource "terraform_data" "a" {\n  input = { name = "n", id = "i", tags = { a = "b" }, other = "o", more = "m" }\n}\n',
        'resource "terraform_data" "a" {\n  input = { name = "n", id = "i", tags = { a = "b" }, other = "changed", more = "m" }\n}\n',
        "name, id and tags inside a value are always shown"),
    "list_of_objects": two(
        'resource "terraform_data" "a" {\n  input = [{ a = 1, b = "x" }, { a = 2, b = "y" }]\n}\nresource "terraform_data" "b" {\n  input = [{ a = 1 }, { a = 2 }, { a = 3 }]\n}\n',
        'resource "terraform_data" "a" {\n  input = [{ a = 1, b = "x" }, { a = 3, b = "y" }, { a = 4, b = "z" }]\n}\nresource "terraform_data" "b" {\n  input = [{ a = 1 }, { a = 5 }, { a = 3 }]\n}\n',
        "lists of objects: an object changed in place, one added"),
    "sets": two(
        'resource "terraform_data" "a" {\n  input = toset(["a", "b", "c"])\n}\nresource "terraform_data" "b" {\n  input = ["a", "b", "c", "d"]\n}\n',
        'resource "terraform_data" "a" {\n  input = toset(["b", "c", "d"])\n}\nresource "terraform_data" "b" {\n  input = ["d", "c", "b", "a"]\n}\n',
        "a set changed; a list reordered"),
    "outputs_unknown": two(
        'resource "terraform_data" "a" {\n  input = "x"\n}\noutput "o" {\n  value = terraform_data.a.output\n}\noutput "s" {\n  value     = "v"\n  sensitive = true\n}\noutput "t" {\n  value = "u"\n}\n',
        'resource "terraform_data" "a" {\n  input = "y"\n}\noutput "o" {\n  value = terraform_data.a.output\n}\noutput "s" {\n  value     = "w"\n  sensitive = true\n}\noutput "t" {\n  value     = "u"\n  sensitive = true\n}\n',
        "outputs: known becoming unknown, a sensitive one changed, one becoming sensitive"),
    "tainted_cbd": {
        "description": "a tainted instance with create_before_destroy, in a module-free count",
        "steps": [tf('resource "terraform_data" "a" {\n  count = 2\n  input = "x"\n  lifecycle {\n    create_before_destroy = true\n  }\n}\n'), APPLY, run("taint terraform_data.a[1]"), PLAN],
    },
    "data_read": {
        "description": "a terraform_remote_state data source read while planning, and one read during apply",
        "steps": [file("other.tfstate", '{\n  "version": 4,\n  "terraform_version": "1.6.6",\n  "serial": 1,\n  "lineage": "00000000-0000-0000-0000-0000000000aa",\n  "outputs": {\n    "x": {\n      "value": "v",\n      "type": "string"\n    }\n  },\n  "resources": [],\n  "check_results": null\n}\n'),
                  tf('resource "terraform_data" "a" {\n  input = "other.tfstate"\n}\n'), APPLY,
                  tf('resource "terraform_data" "a" {\n  input = "other.tfstate"\n  triggers_replace = 1\n}\n'
                     'data "terraform_remote_state" "known" {\n  backend = "local"\n  config = {\n    path = "other.tfstate"\n  }\n}\n'
                     'data "terraform_remote_state" "later" {\n  backend = "local"\n  config = {\n    path = terraform_data.a.output\n  }\n}\n'
                     'output "x" {\n  value = data.terraform_remote_state.known.outputs.x\n}\n'),
                  PLAN],
    },
    "refresh_only": {
        "description": "plan -refresh-only with nothing changed outside Terraform",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), APPLY, rec("plan -refresh-only -no-color")],
    },
    "destroy_nothing": {
        "description": "plan -destroy with an empty state",
        "steps": [tf('resource "terraform_data" "a" {\n  input = "x"\n}\n'), rec("plan -destroy -no-color")],
    },
    "key_quoting": two(
        'resource "terraform_data" "a" {\n  for_each = toset(["<x>&\\"q\\"", "plain", "$${t}"])\n  input    = each.key\n}\n',
        'resource "terraform_data" "a" {\n  for_each = toset(["plain"])\n  input    = each.key\n}\n',
        "for_each keys that need escaping, in addresses and in the reason"),
    "show_map_objects": {
        "description": "outputs of maps of objects and lists of maps, in show, output and the plan",
        "steps": [tf('output "mo" {\n  value = tomap({ a = { x = 1 }, "b c" = { x = 2 } })\n}\noutput "lm" {\n  value = [tomap({ k = "v" }), tomap({})]\n}\noutput "st" {\n  value = toset(["b", "a"])\n}\n'
                     'resource "terraform_data" "a" {\n  input = tomap({ a = { x = 1 } })\n}\n'),
                  PLAN, APPLY, rec("show -no-color", "show"), rec("output -no-color", "output"), rec("state show -no-color terraform_data.a", "state_show")],
    },
    "multiline_edges": two(
        'resource "terraform_data" "a" {\n  input = "\\n  lead\\ntrail  \\n\\n"\n}\nresource "terraform_data" "b" {\n  input = "one\\r\\ntwo"\n}\nresource "terraform_data" "c" {\n  input = ["x\\ny", "z"]\n}\n',
        'resource "terraform_data" "a" {\n  input = "\\n  lead\\ntrail2  \\n\\n"\n}\nresource "terraform_data" "b" {\n  input = "one\\r\\nthree"\n}\nresource "terraform_data" "c" {\n  input = ["x\\nw", "z"]\n}\n',
        "heredocs: surrounding blank lines and spaces trimmed, carriage returns, inside a list"),
    "list_nulls": two(
        'resource "terraform_data" "a" {\n  input = [null, "a", null]\n}\nresource "terraform_data" "b" {\n  input = { k = null, j = "x" }\n}\n',
        'resource "terraform_data" "a" {\n  input = ["n", "a", null, null]\n}\nresource "terraform_data" "b" {\n  input = { k = "now", j = null }\n}\n',
        "nulls inside collections, set and unset"),
    "sensitive_nested": two(
        'resource "terraform_data" "a" {\n  input = [sensitive("s1"), "p", { k = sensitive(1), j = "x" }]\n}\n',
        'resource "terraform_data" "a" {\n  input = [sensitive("s2"), "p", { k = sensitive(1), j = "y" }, sensitive(true)]\n}\n',
        "sensitive values inside a list and an object, updated",
        [rec("state show -no-color terraform_data.a", "state_show")]),
}


def normalize(text):
    # Terraform refreshes instances and reads data sources concurrently, so the lines that
    # open a plan ("X: Refreshing state...", "X: Reading...", "X: Read complete after 0s")
    # come in any order: they are put in one order (refreshes by address, then each read by
    # address) so that the file, and the numbering of the UUIDs that follows, is the same at
    # every run.
    lines = text.split("\n")
    n = 0
    while n < len(lines) and re.match(r"^\S+: (Refreshing state\.\.\. \[id=|Reading\.\.\.$|Read complete after )", lines[n]):
        n += 1

    def key(line):
        addr, _, what = line.partition(": ")
        return (0 if what.startswith("Refreshing") else 1, addr, 0 if what.startswith("Reading") else 1)

    text = "\n".join(sorted(lines[:n], key=key) + lines[n:])
    seen = {}

    def sub(m):
        u = m.group(0)
        if u not in seen:
            seen[u] = "00000000-0000-0000-0000-%012d" % (len(seen) + 1)
        return seen[u]

    return UUID.sub(sub, text)


def binary(release):
    p = subprocess.run([ORACLE, "--version", release, "--path"], capture_output=True, text=True, check=True)
    return p.stdout.strip()


def play(name, case, release):
    d = tempfile.mkdtemp(prefix="wfr-")
    try:
        subprocess.run([ORACLE, "--version", release, "--exec", "--", "init", "-no-color"], cwd=d, capture_output=True, check=True)
        for step in case["steps"]:
            if "main.tf" in step or "file" in step:
                path = os.path.join(d, step.get("file", "main.tf"))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(step.get("text", step.get("main.tf")))
                continue
            args = step["run"].split(" ")
            if step.get("automation", True):
                cmd = [ORACLE, "--version", release, "--exec", "--"] + args
                env = None
            else:
                cmd = [binary(release)] + args
                env = {k: v for k, v in os.environ.items() if k != "TF_IN_AUTOMATION"}
                env["CHECKPOINT_DISABLE"] = "1"
            p = subprocess.run(cmd, cwd=d, capture_output=True, env=env)
            if "record" not in step:
                if p.returncode != 0:
                    sys.exit(f"{name} {release}: {step['run']} failed:\n{p.stdout.decode()}{p.stderr.decode()}")
                continue
            out = normalize(p.stdout.decode("utf-8"))
            if p.returncode != 0:
                out += "[exit %d]\n%s" % (p.returncode, normalize(p.stderr.decode("utf-8")))
            label = step["record"]
            fname = f"{release}.txt" if label == "plan" else f"{release}.{label}.txt"
            with open(os.path.join(OUT, name, fname), "w") as f:
                f.write(out)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    names = sys.argv[1:] or list(CASES)
    for name in names:
        case = CASES[name]
        os.makedirs(os.path.join(OUT, name), exist_ok=True)
        with open(os.path.join(OUT, name, "scenario.json"), "w") as f:
            json.dump(case, f, indent=2)
            f.write("\n")
        for release in RELEASES:
            play(name, case, release)
        print(f"{name}: recorded at {', '.join(RELEASES)}")


if __name__ == "__main__":
    main()
