#!/usr/bin/env python3
"""Record the help texts of real Terraform for the commands `iacquiz terraform` emulates.

For every release `tf-oracle --list` names (or those given with --releases), runs
`tf-oracle --version R --exec -- CMD -help` in an empty folder for each emulated command
(and `-help` alone for the top-level help), and keeps what it prints on standard output.
Each distinct text is stored once under assets/terraform-help/ (named by its command and
the first release printing it), and src/workflow/command/help_texts.rs is written: a table of
(command, first release, text) the binary embeds with include_str!. A release between two
recorded ones takes the text of the nearest recorded release at or below it.

    scripts/record-tf-help.py                        # every release tf-oracle has
    scripts/record-tf-help.py --releases 1.6.6,1.12.2

Standard library only; run from the repository's root.
"""

import argparse
import os
import subprocess
import sys
import tempfile

ORACLE = "/work/shared/tools/tf-oracle"
ASSETS = "assets/terraform-help"
TABLE = "src/workflow/command/help_texts.rs"

# The commands whose help the emulator prints ("" is the top-level help).
COMMANDS = [
    "",
    "init",
    "validate",
    "plan",
    "apply",
    "destroy",
    "refresh",
    "output",
    "show",
    "fmt",
    "import",
    "taint",
    "untaint",
    "console",
    "force-unlock",
    "version",
    "state",
    "state list",
    "state show",
    "state mv",
    "state rm",
    "state pull",
    "workspace",
    "workspace new",
    "workspace select",
    "workspace list",
    "workspace show",
    "workspace delete",
]


def release_key(r):
    return tuple(int(x) for x in r.split("."))


def releases(given):
    if given:
        return sorted(given.split(","), key=release_key)
    out = subprocess.run([ORACLE, "--list"], capture_output=True, text=True, check=True).stdout
    return sorted((line.strip() for line in out.splitlines() if line.strip()), key=release_key)


def help_text(release, command, folder):
    args = command.split() + ["-help"]
    env = dict(os.environ, TF_IN_AUTOMATION="1", CHECKPOINT_DISABLE="1")
    p = subprocess.run(
        [ORACLE, "--version", release, "--exec", "--"] + args,
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    if p.returncode != 0 or p.stderr:
        sys.exit(f"{release} {command or '(top)'} -help: exit {p.returncode}, stderr {p.stderr!r}")
    return p.stdout


def asset_name(command, release):
    stem = command.replace(" ", "-") if command else "terraform"
    return f"{stem}-{release}.txt"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--releases", help="comma-separated releases (default: tf-oracle --list)")
    args = ap.parse_args()
    rels = releases(args.releases)
    os.makedirs(ASSETS, exist_ok=True)
    for old in os.listdir(ASSETS):
        if old.endswith(".txt"):
            os.remove(os.path.join(ASSETS, old))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for command in COMMANDS:
            last = None
            for r in rels:
                text = help_text(r, command, folder)
                if text == last:
                    rows[-1][2].append(r)
                    continue
                name = asset_name(command, r)
                with open(os.path.join(ASSETS, name), "w") as f:
                    f.write(text)
                rows.append((command, name, [r]))
                last = text
    with open(os.path.join(ASSETS, "index.txt"), "w") as f:
        f.write("# command\tfile\treleases printing it (recorded by scripts/record-tf-help.py)\n")
        for command, name, rs in rows:
            f.write(f"{command or '(top-level)'}\t{name}\t{','.join(rs)}\n")
    with open(TABLE, "w") as f:
        f.write("//! Terraform's help texts as the real binaries print them, recorded by\n")
        f.write("//! `scripts/record-tf-help.py` (generated: do not edit).\n\n")
        f.write("/// (command, first release printing the text, the text); `\"\"` is the top-level help.\n")
        f.write("pub const HELP_TEXTS: &[(&str, (u32, u32, u32), &str)] = &[\n")
        for command, name, rs in rows:
            a, b, c = release_key(rs[0])
            f.write(f'    ("{command}", ({a}, {b}, {c}), include_str!("../../../{ASSETS}/{name}")),\n')
        f.write("];\n")
    print(f"{len(rows)} texts for {len(COMMANDS)} commands at {len(rels)} releases")


if __name__ == "__main__":
    main()
