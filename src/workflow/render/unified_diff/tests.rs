//! The unified diff against the system's GNU `diff -u` (when there is one) on many generated
//! pairs of texts: lines drawn from a small set so that equal lines abound, with and without a
//! final line break.

use super::unified;

/// A small deterministic generator (xorshift).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}

const WORDS: &[&str] = &[
    "a = 1",
    "  a = 1",
    "}",
    "",
    "b {",
    "  c   = 2",
    "# note",
    "x\r",
    "  }",
    "d = [1, 2]",
];

fn text(g: &mut Gen, len: usize) -> String {
    let mut s = String::new();
    for _ in 0..len {
        s.push_str(WORDS[g.below(WORDS.len() as u64)]);
        s.push('\n');
    }
    if g.below(4) == 0 && s.ends_with('\n') {
        s.pop();
    }
    s
}

/// `new` made from `old` by a few random edits (most formatting keeps the line count).
fn edited(g: &mut Gen, old: &str) -> String {
    let mut lines: Vec<String> = old.split_inclusive('\n').map(str::to_string).collect();
    for _ in 0..=g.below(6) {
        if lines.is_empty() {
            lines.push("a = 1\n".into());
            continue;
        }
        let at = g.below(lines.len() as u64);
        match g.below(5) {
            0 => {
                lines.remove(at);
            }
            1 => lines.insert(at, format!("{}\n", WORDS[g.below(WORDS.len() as u64)])),
            _ => {
                let w = WORDS[g.below(WORDS.len() as u64)];
                let end = if lines[at].ends_with('\n') { "\n" } else { "" };
                lines[at] = format!("{w}{end}");
            }
        }
    }
    let mut s: String = lines.concat();
    if g.below(6) == 0 {
        if s.ends_with('\n') {
            s.pop();
        } else {
            s.push('\n');
        }
    }
    s
}

fn gnu(old: &str, new: &str) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("iacquiz-udiff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let (a, b) = (dir.join("a"), dir.join("b"));
    std::fs::write(&a, old).ok()?;
    std::fs::write(&b, new).ok()?;
    let out = std::process::Command::new("diff")
        .args(["--label=old/f.tf", "--label=new/f.tf", "-u"])
        .arg(&a)
        .arg(&b)
        .output()
        .ok()?;
    String::from_utf8(out.stdout).ok()
}

#[test]
fn matches_gnu_diff() {
    if gnu("a\n", "b\n").is_none() {
        return; // no diff(1) here
    }
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    for case in 0..600 {
        let n = g.below(40);
        let old = text(&mut g, n);
        let m = g.below(40);
        let new = if case % 3 == 0 { text(&mut g, m) } else { edited(&mut g, &old) };
        let want = gnu(&old, &new).unwrap_or_default();
        let got = unified(&old, &new, "old/f.tf", "new/f.tf");
        assert_eq!(got, want, "case {case}\nold: {old:?}\nnew: {new:?}");
    }
}

#[test]
fn hunk_headers() {
    assert_eq!(
        unified("a=1", "a = 1", "old/a.tf", "new/a.tf"),
        "--- old/a.tf\n+++ new/a.tf\n@@ -1 +1 @@\n-a=1\n\\ No newline at end of file\n+a = 1\n\\ No newline at end of file\n"
    );
    assert_eq!(unified("", "x\n", "o", "n"), "--- o\n+++ n\n@@ -0,0 +1 @@\n+x\n");
}
