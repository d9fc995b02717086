#!/usr/bin/env python3
"""Records what real Terraform writes and prints for state files, state commands and
workspaces, for tests/it/workflow_state.rs.

    scripts/record-workflow-state.py [CASE...]     (default: every case below)

Each case runs a list of steps in a fresh folder with each release (1.6.6, 1.12.2, 1.14.9)
and writes tests/workflow/state/<case>/<release>/NN-<step>/ with `cmd` (the arguments),
`stdout`, `stderr`, `rc` and `files/` (every file of the folder after the step, `.terraform/`
included, `main.tf` left out). Random UUIDs (ids, lineages, lock ids) are replaced by
00000000-0000-4000-8000-00000000000N in order of first appearance within one release's run, so
the same object keeps the same name across steps; timestamps in names and lock info become
fixed text. The oracle is ../shared/tools/tf-oracle (override with TF_ORACLE). `cargo test`
never runs this: it reads the files this script wrote.
"""
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.environ.get("TF_ORACLE", os.path.join(HERE, "..", "shared", "tools", "tf-oracle"))
OUT = os.path.join(HERE, "tests", "workflow", "state")
RELEASES = ["1.6.6", "1.12.2", "1.14.9"]

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")
BACKUP_STAMP = re.compile(r"terraform\.tfstate\.\d+\.backup")
CREATED = re.compile(r'"Created":"[^"]*"')
PID_WHO = re.compile(r'"Who":"[^"]*"')

BASIC = """resource "terraform_data" "a" {
  count = 2
  input = { x = [1, "a"] }
}

resource "terraform_data" "b" {
  for_each = toset(["k", "j"])
  input    = sensitive(each.key)
  triggers_replace = [terraform_data.a[0].id]
}

resource "terraform_data" "c" {}

module "m" {
  source = "./mod"
}

output "o" {
  value = terraform_data.a[0].output
}

output "s" {
  value     = "secret"
  sensitive = true
}
"""

MODULE = """resource "terraform_data" "inner" {
  input = "in"
}
"""

VALUES = r"""resource "terraform_data" "v" {
  input = {
    html   = "<&>\u2028\u2029 \"q\" \\ \t\n\u0001 é 😀"
    nums   = [0, -1, 1.5, 0.1, 1e30, 12345678901234567890, 3.14159265358979323846264338327950288]
    bools  = [true, false]
    empty  = {}
    elist  = []
    nested = { a = { b = [null] } }
    m      = tomap({ z = "1", a = "2" })
    l      = tolist(["x", "y"])
    s      = toset(["b", "a"])
    n      = null
  }
  triggers_replace = "plain"
}

resource "terraform_data" "cbd" {
  input = terraform_data.v.id
  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "sens" {
  input = {
    a = sensitive("x")
    b = "y"
    l = ["p", sensitive("q")]
    m = { k = sensitive(1) }
  }
  triggers_replace = sensitive(["whole"])
}

data "terraform_remote_state" "s" {
  backend = "local"
  config = {
    path = "other.tfstate"
  }
}

data "terraform_remote_state" "d" {
  backend = "local"
  config = {
    path = "other.tfstate"
  }
  defaults = {
    x = 1
  }
  workspace = "default"
}

output "remote" {
  value = data.terraform_remote_state.s.outputs
}

output "sens" {
  value     = { k = "v" }
  sensitive = true
}

output "num" {
  value = 1.25
}
"""

OTHER = """{
  "version": 4,
  "terraform_version": "1.6.6",
  "serial": 3,
  "lineage": "11111111-2222-3333-4444-555555555555",
  "outputs": {
    "z": {
      "value": "zz",
      "type": "string"
    },
    "hidden": {
      "value": [1, 2],
      "type": ["list", "number"],
      "sensitive": true
    }
  },
  "resources": [],
  "check_results": null
}
"""

CHECKS = """resource "terraform_data" "a" {
  input = 1
  lifecycle {
    postcondition {
      condition     = self.output == 1
      error_message = "must be one"
    }
  }
}

check "c" {
  assert {
    condition     = terraform_data.a.output == 2
    error_message = "not two"
  }
}

output "o" {
  value = terraform_data.a.output
  precondition {
    condition     = terraform_data.a.output != null
    error_message = "x"
  }
}
"""

CASES = {
    "basic": {
        "files": {"main.tf": BASIC, "mod/main.tf": MODULE},
        "steps": [
            ("init", ["init", "-no-color"]),
            ("apply", ["apply", "-auto-approve", "-no-color"]),
            ("apply-noop", ["apply", "-auto-approve", "-no-color"]),
            ("refresh", ["apply", "-refresh-only", "-auto-approve", "-no-color"]),
            ("list", ["state", "list"]),
            ("list-filter", ["state", "list", "terraform_data.a", "module.m"]),
            ("list-instance", ["state", "list", "terraform_data.b[\"k\"]"]),
            ("list-missing", ["state", "list", "terraform_data.zz"]),
            ("pull", ["state", "pull"]),
            ("mv-resource", ["state", "mv", "terraform_data.c", "terraform_data.d"]),
            ("mv-instance", ["state", "mv", "terraform_data.a[1]", "terraform_data.a[5]"]),
            ("mv-missing", ["state", "mv", "terraform_data.zz", "terraform_data.y"]),
            ("mv-exists", ["state", "mv", "terraform_data.d", "terraform_data.a"]),
            ("mv-instance-exists", ["state", "mv", "terraform_data.a[0]", "terraform_data.a[5]"]),
            ("mv-to-module", ["state", "mv", "terraform_data.b[\"k\"]", "module.n.terraform_data.x[\"k\"]"]),
            ("mv-mode", ["state", "mv", "terraform_data.a", "data.terraform_data.a"]),
            ("mv-type", ["state", "mv", "terraform_data.a", "terraform_other.a"]),
            ("mv-whole-to-instance", ["state", "mv", "terraform_data.a", "terraform_data.z[0]"]),
            ("mv-module-to-resource", ["state", "mv", "module.m", "terraform_data.q"]),
            ("mv-module-exists", ["state", "mv", "module.m", "module.n"]),
            ("mv-module", ["state", "mv", "module.m", "module.k"]),
            ("mv-dry-run", ["state", "mv", "-dry-run", "terraform_data.a", "terraform_data.e"]),
            ("taint", ["taint", "-no-color", "terraform_data.a[0]"]),
            ("taint-again", ["taint", "-no-color", "terraform_data.a[0]"]),
            ("taint-missing", ["taint", "-no-color", "terraform_data.zz"]),
            ("untaint", ["untaint", "-no-color", "terraform_data.a[0]"]),
            ("untaint-clean", ["untaint", "-no-color", "terraform_data.a[0]"]),
            ("rm-dry-run", ["state", "rm", "-dry-run", "terraform_data.b"]),
            ("rm-resource", ["state", "rm", "terraform_data.b"]),
            ("rm", ["state", "rm", "terraform_data.a[0]", "module.n.terraform_data.x"]),
            ("rm-missing", ["state", "rm", "terraform_data.zz"]),
            ("rm-module", ["state", "rm", "module.k"]),
            ("list-after", ["state", "list"]),
        ],
    },
    "values": {
        "files": {"main.tf": VALUES, "other.tfstate": OTHER},
        "steps": [
            ("init", ["init", "-no-color"]),
            ("apply", ["apply", "-auto-approve", "-no-color"]),
            ("pull", ["state", "pull"]),
            ("taint", ["taint", "-no-color", "terraform_data.v"]),
        ],
    },
    "checks": {
        "files": {"main.tf": CHECKS},
        "steps": [
            ("apply", ["apply", "-auto-approve", "-no-color"]),
        ],
    },
    "workspace": {
        "files": {"main.tf": 'resource "terraform_data" "a" {\n  input = terraform.workspace\n}\n'},
        "steps": [
            ("show-fresh", ["workspace", "show"]),
            ("list-fresh", ["workspace", "list"]),
            ("new-dev", ["workspace", "new", "-no-color", "dev"]),
            ("new-dev-again", ["workspace", "new", "-no-color", "dev"]),
            ("new-invalid", ["workspace", "new", "-no-color", "bad/name"]),
            ("new-prod", ["workspace", "new", "-no-color", "prod"]),
            ("list", ["workspace", "list"]),
            ("show", ["workspace", "show"]),
            ("apply-prod", ["apply", "-auto-approve", "-no-color"]),
            ("select-missing", ["workspace", "select", "-no-color", "qa"]),
            ("select-dev", ["workspace", "select", "-no-color", "dev"]),
            ("delete-current", ["workspace", "delete", "-no-color", "dev"]),
            ("delete-nonempty", ["workspace", "delete", "-no-color", "prod"]),
            ("delete-missing", ["workspace", "delete", "-no-color", "qa"]),
            ("delete-default", ["workspace", "delete", "-no-color", "default"]),
            ("delete-force", ["workspace", "delete", "-force", "-no-color", "prod"]),
            ("select-default", ["workspace", "select", "-no-color", "default"]),
            ("delete-dev", ["workspace", "delete", "-no-color", "dev"]),
            ("env-select", ["workspace", "show"], {"TF_WORKSPACE": "other"}),
            ("env-list", ["workspace", "list"], {"TF_WORKSPACE": "other"}),
            ("env-new", ["workspace", "new", "-no-color", "other"]),
            ("env-list-after", ["workspace", "list"], {"TF_WORKSPACE": "other"}),
            ("env-select-cmd", ["workspace", "select", "-no-color", "default"], {"TF_WORKSPACE": "other"}),
            ("select-or-create", ["workspace", "select", "-or-create", "-no-color", "fresh"]),
        ],
    },
    "lock": {
        "files": {"main.tf": 'resource "terraform_data" "a" {}\n'},
        "steps": [
            ("apply", ["apply", "-auto-approve", "-no-color"]),
            ("held", ["state", "rm", "terraform_data.a"], {"@hold": "1"}),
            ("held-apply", ["apply", "-auto-approve", "-no-color"], {"@hold": "1"}),
            ("info", ["apply", "-no-color", "-replace=terraform_data.a"], {"@peek": "1"}),
        ],
    },
}

# Instance keys of both kinds in one resource are left out on purpose: Terraform's instance
# sort then depends on map order (its comparator says both int < string and string < int).
BAD_STATES = {
    "truncated": '{\n  "version": 4,\n  "terraform_version": "1.6.6",\n  "serial": 1,\n  "lin',
    "empty": "",
    "not-json": "hello\n",
    "version3": '{"version": 3, "terraform_version": "0.11.14", "serial": 2, "lineage": "11111111-2222-3333-4444-555555555555", "modules": [{"path": ["root"], "outputs": {}, "resources": {}, "depends_on": []}]}\n',
    "version5": '{"version": 5, "terraform_version": "9.0.0", "serial": 1, "lineage": "x", "outputs": {}, "resources": []}\n',
    "version0": '{"version": 0}\n',
    "no-version": '{"serial": 1}\n',
    "version-string": '{"version": "4"}\n',
    "version-negative": '{"version": -1}\n',
    "newer-terraform": '{"version": 4, "terraform_version": "9.9.9", "serial": 1, "lineage": "11111111-2222-3333-4444-555555555555", "outputs": {}, "resources": [], "check_results": null}\n',
    "bad-tf-version": '{"version": 4, "terraform_version": "banana", "serial": 1, "lineage": "11111111-2222-3333-4444-555555555555", "outputs": {}, "resources": [], "check_results": null}\n',
    "bad-mode": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {}, "resources": [{"mode": "weird", "type": "terraform_data", "name": "a", "provider": "provider[\\"terraform.io/builtin/terraform\\"]", "instances": []}]}\n',
    "bad-status": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {}, "resources": [{"mode": "managed", "type": "terraform_data", "name": "a", "provider": "provider[\\"terraform.io/builtin/terraform\\"]", "instances": [{"status": "odd", "schema_version": 0, "attributes": {"id": "x"}}]}]}\n',
    "bad-deposed": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {}, "resources": [{"mode": "managed", "type": "terraform_data", "name": "a", "provider": "provider[\\"terraform.io/builtin/terraform\\"]", "instances": [{"deposed": "xyz", "schema_version": 0, "attributes": {"id": "x"}}]}]}\n',
    "duplicate-instance": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {}, "resources": [{"mode": "managed", "type": "terraform_data", "name": "a", "provider": "provider[\\"terraform.io/builtin/terraform\\"]", "instances": [{"schema_version": 0, "attributes": {"id": "x"}}, {"schema_version": 0, "attributes": {"id": "y"}}]}]}\n',
    "bad-output-type": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {"o": {"value": 1, "type": "nope"}}, "resources": []}\n',
    "bad-output-value": '{"version": 4, "terraform_version": "1.6.6", "serial": 1, "lineage": "l", "outputs": {"o": {"value": "x", "type": "number"}}, "resources": []}\n',
    "mixed-order": json.dumps({"version": 4, "terraform_version": "1.12.2", "serial": 3, "lineage": "11111111-2222-3333-4444-555555555555",
        "outputs": {"z": {"value": {"b": 1, "a": [True, None]}, "type": ["object", {"b": "number", "a": ["tuple", ["bool", "string"]]}]}, "a": {"value": "x", "type": "string", "sensitive": True}},
        "resources": [
            {"module": "module.m[\"k\"]", "mode": "managed", "type": "terraform_data", "name": "z", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [{"schema_version": 0, "attributes": {"id": "m", "input": None, "output": None, "triggers_replace": None}}]},
            {"mode": "managed", "type": "terraform_data", "name": "b", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [
                {"index_key": 7, "schema_version": 0, "attributes": {"id": "y", "input": None, "output": None, "triggers_replace": None}},
                {"index_key": 2, "deposed": "0badf00d", "schema_version": 0, "attributes": {"id": "d2", "input": None, "output": None, "triggers_replace": None}, "create_before_destroy": True},
                {"index_key": 2, "status": "tainted", "schema_version": 0, "attributes": {"id": "c2", "input": {"value": "o", "type": "string"}, "output": {"value": "o", "type": "string"}, "triggers_replace": None}, "private": "eyJhIjoxfQ==", "dependencies": ["terraform_data.a", "module.m.terraform_data.z"], "create_before_destroy": True},
                {"index_key": 10, "schema_version": 0, "attributes": {"id": "ten", "input": None, "output": None, "triggers_replace": None}},
                {"index_key": 2, "deposed": "00000001", "schema_version": 0, "attributes": {"id": "d1", "input": None, "output": None, "triggers_replace": None}}]},
            {"mode": "data", "type": "terraform_remote_state", "name": "r", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [{"schema_version": 0, "attributes": {"backend": "local", "config": {"value": {"path": "x"}, "type": ["object", {"path": "string"}]}, "defaults": None, "outputs": {"value": {}, "type": ["object", {}]}, "workspace": None}}]},
        ],
        "check_results": None}) + "\n",
    "raw-attributes": json.dumps({"version": 4, "terraform_version": "1.12.2", "serial": 3, "lineage": "11111111-2222-3333-4444-555555555555",
        "outputs": {"z": {"value": {"b": 1, "a": [True, None]}, "type": ["object", {"b": "number", "a": ["tuple", ["bool", "string"]]}]}, "a": {"value": "x", "type": "string", "sensitive": True}},
        "resources": [
            {"module": "module.m[\"k\"]", "mode": "managed", "type": "terraform_data", "name": "z", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [{"schema_version": 0, "attributes": {"id": "m", "input": None, "output": None, "triggers_replace": None}}]},
            {"mode": "managed", "type": "terraform_data", "name": "b", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [
                {"index_key": "y", "schema_version": 0, "attributes": {"id": "y"}},
                {"index_key": 2, "deposed": "0badf00d", "schema_version": 0, "attributes": {"id": "d2", "input": None, "output": None, "triggers_replace": None}, "create_before_destroy": True},
                {"index_key": 2, "status": "tainted", "schema_version": 0, "attributes": {"output": {"type": "string", "value": "o"}, "id": "c2", "input": {"type": "string", "value": "o"}, "triggers_replace": None}, "private": "eyJhIjoxfQ==", "dependencies": ["terraform_data.a", "module.m.terraform_data.z"], "create_before_destroy": True},
                {"index_key": 10, "schema_version": 0, "attributes": {"id": "ten"}},
                {"index_key": 2, "deposed": "00000001", "schema_version": 0, "attributes": {"id": "d1"}}]},
            {"mode": "data", "type": "terraform_remote_state", "name": "r", "provider": "provider[\"terraform.io/builtin/terraform\"]",
             "instances": [{"schema_version": 0, "attributes": {"backend": "local", "config": {"value": {"path": "x"}, "type": ["object", {"path": "string"}]}, "defaults": None, "outputs": {"value": {}, "type": ["object", {}]}, "workspace": None}}]},
        ],
        "check_results": None}) + "\n",
    "foreign-type": json.dumps({"version": 4, "terraform_version": "1.12.2", "serial": 3, "lineage": "11111111-2222-3333-4444-555555555555", "outputs": {},
        "resources": [{"mode": "managed", "type": "aws_thing", "name": "a", "provider": "provider[\"registry.terraform.io/hashicorp/aws\"]",
             "instances": [{"schema_version": 2, "attributes": {"zeta": 1.50, "arn": "x", "tags": {"b": "2", "a": "1"}, "list": [1, 2e3]}, "sensitive_attributes": []}]}],
        "check_results": None}) + "\n",
    "old-each-flat": '{"version": 4, "terraform_version": "0.12.31", "serial": 7, "lineage": "11111111-2222-3333-4444-555555555555", "outputs": {"o": {"value": "v", "type": "string"}}, "resources": [{"mode": "managed", "type": "terraform_data", "name": "a", "each": "list", "provider": "provider.terraform", "instances": [{"index_key": 0, "schema_version": 0, "attributes": {"id": "x", "input": null, "output": null, "triggers_replace": null}, "private": "bnVsbA=="}]}]}\n',
}


class Names:
    """Consistent replacement of random text within one release's run of a case."""

    def __init__(self):
        self.uuids = {}

    def uuid(self, m):
        u = m.group(0)
        if u == "11111111-2222-3333-4444-555555555555":
            return u
        if u not in self.uuids:
            self.uuids[u] = "00000000-0000-4000-8000-%012d" % (len(self.uuids) + 1)
        return self.uuids[u]

    def text(self, s, folder):
        s = s.replace(folder, "/WORK")
        s = UUID.sub(self.uuid, s)
        s = STAMP.sub("2000-01-01T00:00:00.000000000Z", s)
        s = BACKUP_STAMP.sub("terraform.tfstate.STAMP.backup", s)
        return s

    def lock_info(self, s, folder):
        # Only the lock info Terraform writes names a user, a host and a time.
        s = self.text(s, folder)
        s = CREATED.sub('"Created":"CREATED"', s)
        return PID_WHO.sub('"Who":"WHO"', s)


def snapshot(folder, dest, names):
    os.makedirs(dest, exist_ok=True)
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        rel_root = os.path.relpath(root, folder)
        if rel_root.startswith(os.path.join(".terraform", "providers")) or rel_root.startswith("mod"):
            continue
        for d in dirs:
            # Empty folders are part of what Terraform creates; keep them visible.
            p = os.path.join(root, d)
            if not os.listdir(p):
                r = names.text(os.path.relpath(p, folder), folder)
                os.makedirs(os.path.join(dest, r), exist_ok=True)
                open(os.path.join(dest, r, ".empty-dir"), "w").close()
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(root, f), folder)
            if rel in ("main.tf", "other.tfstate", ".terraform.lock.hcl"):
                continue
            with open(os.path.join(root, f), "rb") as fh:
                data = fh.read().decode("utf-8", "replace")
            r = names.text(rel, folder)
            os.makedirs(os.path.dirname(os.path.join(dest, r)) or dest, exist_ok=True)
            with open(os.path.join(dest, r), "w", newline="") as out:
                out.write(names.text(data, folder))


def run_step(release, folder, args, env_extra):
    env = dict(os.environ)
    env.pop("TF_WORKSPACE", None)
    hold = peek = False
    for k, v in (env_extra or {}).items():
        if k == "@hold":
            hold = True
        elif k == "@peek":
            peek = True
        else:
            env[k] = v
    cmd = [ORACLE, "--version", release, "--exec", "--"] + args
    if hold:
        # Hold the local backend's lock as another Terraform would: an fcntl write lock on
        # the state file, with a lock info file beside it.
        with open(os.path.join(folder, "terraform.tfstate"), "r+") as fh:
            fcntl.lockf(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            info = {"ID": "00000000-0000-4000-8000-999999999999", "Operation": "OperationTypeApply",
                    "Info": "", "Who": "someone@host", "Version": release,
                    "Created": "2000-01-01T00:00:00.000000000Z", "Path": "terraform.tfstate"}
            with open(os.path.join(folder, ".terraform.tfstate.lock.info"), "w") as li:
                li.write(json.dumps(info, separators=(",", ":")))
            p = subprocess.run(cmd, cwd=folder, env=env, capture_output=True)
            os.remove(os.path.join(folder, ".terraform.tfstate.lock.info"))
        return p.returncode, p.stdout, p.stderr, None
    if peek:
        p = subprocess.Popen(cmd, cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        lock_path = os.path.join(folder, ".terraform.tfstate.lock.info")
        seen = None
        for _ in range(200):
            if os.path.exists(lock_path):
                time.sleep(0.2)
                with open(lock_path) as fh:
                    seen = fh.read()
                break
            time.sleep(0.05)
        out, err = p.communicate(b"no\n")
        return p.returncode, out, err, seen
    p = subprocess.run(cmd, cwd=folder, env=env, capture_output=True)
    return p.returncode, p.stdout, p.stderr, None


def record(case, spec, release):
    names = Names()
    base = os.path.join(OUT, case, release)
    shutil.rmtree(base, ignore_errors=True)
    with tempfile.TemporaryDirectory() as folder:
        folder = os.path.realpath(folder)
        for name, text in spec["files"].items():
            os.makedirs(os.path.dirname(os.path.join(folder, name)) or folder, exist_ok=True)
            with open(os.path.join(folder, name), "w") as fh:
                fh.write(text)
        for i, step in enumerate(spec["steps"]):
            name, args = step[0], step[1]
            env_extra = step[2] if len(step) > 2 else None
            rc, out, err, seen = run_step(release, folder, args, env_extra)
            dest = os.path.join(base, "%02d-%s" % (i, name))
            os.makedirs(dest, exist_ok=True)
            snapshot(folder, os.path.join(dest, "files"), names)
            with open(os.path.join(dest, "cmd"), "w") as fh:
                fh.write(json.dumps({"args": args, "env": {k: v for k, v in (env_extra or {}).items()}}) + "\n")
            for fname, data in (("stdout", out), ("stderr", err)):
                with open(os.path.join(dest, fname), "w", newline="") as fh:
                    fh.write(names.text(data.decode("utf-8", "replace"), folder))
            with open(os.path.join(dest, "rc"), "w") as fh:
                fh.write("%d\n" % rc)
            if seen is not None:
                with open(os.path.join(dest, "lock.info"), "w") as fh:
                    fh.write(names.lock_info(seen, folder))


def record_bad(release):
    base = os.path.join(OUT, "bad", release)
    shutil.rmtree(base, ignore_errors=True)
    for name, text in BAD_STATES.items():
        names = Names()
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "terraform.tfstate"), "w") as fh:
                fh.write(text)
            rc, out, err, _ = run_step(release, folder, ["state", "list"], None)
            dest = os.path.join(base, name)
            os.makedirs(dest, exist_ok=True)
            with open(os.path.join(dest, "terraform.tfstate"), "w") as fh:
                fh.write(text)
            for fname, data in (("stdout", out), ("stderr", err)):
                with open(os.path.join(dest, fname), "w", newline="") as fh:
                    fh.write(names.text(data.decode("utf-8", "replace"), folder))
            with open(os.path.join(dest, "rc"), "w") as fh:
                fh.write("%d\n" % rc)
            if rc == 0:
                # A state this release reads: what does it write back? `state pull` shows it.
                rc2, out2, _, _ = run_step(release, folder, ["state", "pull"], None)
                with open(os.path.join(dest, "pull"), "w", newline="") as fh:
                    fh.write(out2.decode("utf-8", "replace"))


OTHER_RELEASES = ["1.0.3", "1.8.4", "1.9.8", "1.10.5", "1.11.4", "1.13.5", "1.15.5"]

OLD_CONFIG = """output "o" {
  value = { a = [1, "x"], b = "<&>" }
}

output "s" {
  value     = "secret"
  sensitive = true
}

data "terraform_remote_state" "s" {
  backend = "local"
  config = {
    path = "other.tfstate"
  }
}
"""


def record_releases():
    """What every other release writes after an apply (read by the tests with every release,
    written back with its own): 1.0.3 has no terraform_data, so only outputs and a data source."""
    for release in OTHER_RELEASES:
        names = Names()
        base = os.path.join(OUT, "releases", release)
        shutil.rmtree(base, ignore_errors=True)
        os.makedirs(base)
        with tempfile.TemporaryDirectory() as folder:
            folder = os.path.realpath(folder)
            with open(os.path.join(folder, "main.tf"), "w") as fh:
                fh.write(OLD_CONFIG if release == "1.0.3" else VALUES)
            with open(os.path.join(folder, "other.tfstate"), "w") as fh:
                fh.write(OTHER)
            rc, out, err, _ = run_step(release, folder, ["apply", "-auto-approve", "-no-color"], None)
            if rc != 0:
                sys.exit("%s: apply failed: %s" % (release, err.decode()))
            with open(os.path.join(folder, "terraform.tfstate")) as fh:
                text = names.text(fh.read(), folder)
            with open(os.path.join(base, "terraform.tfstate"), "w", newline="") as out_fh:
                out_fh.write(text)
        print("recorded releases at %s" % release, file=sys.stderr)


def main():
    if not os.access(ORACLE, os.X_OK):
        sys.exit("record-workflow-state: no oracle at %s (set TF_ORACLE); nothing re-recorded" % ORACLE)
    wanted = sys.argv[1:] or list(CASES) + ["bad", "releases"]
    if "releases" in wanted:
        record_releases()
        wanted = [w for w in wanted if w != "releases"]
    for release in RELEASES:
        for case in wanted:
            if case == "bad":
                record_bad(release)
            else:
                record(case, CASES[case], release)
            print("recorded %s at %s" % (case, release), file=sys.stderr)


if __name__ == "__main__":
    main()
