//! Provider versions and version constraints, as `terraform init` reads the `version` of a
//! `required_providers` entry.
//!
//! The syntax is the one the Terraform docs describe (language/expressions/version-constraints):
//! comma-separated conditions, each an optional operator (`=`, `!=`, `>`, `>=`, `<`, `<=`,
//! `~>`; none means `=`) and a version of one to three numbers. Missing numbers are zero
//! (`>= 5.40` is `>= 5.40.0`), except that `~>` allows only the rightmost number given to
//! grow: `~> 5.40` is `>= 5.40.0, < 6.0.0`, `~> 5.40.1` is `>= 5.40.1, < 5.41.0`, and
//! `~> 5` behaves like `~> 5.0` (go-versions' ParseRubyStyleMulti / MeetingConstraints).
//! Per the docs, a prerelease version (`6.0.0-beta1`) is selected only by an exact (`=`)
//! condition naming it; inexact operators never match prereleases.

use std::cmp::Ordering;
use std::fmt;

/// A release version: three numbers and an optional prerelease suffix.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    /// Major number.
    pub major: u64,
    /// Minor number.
    pub minor: u64,
    /// Patch number.
    pub patch: u64,
    /// Prerelease suffix without its dash (`beta1`), empty for a release.
    pub pre: String,
}

impl Version {
    /// A release version.
    pub const fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            pre: String::new(),
        }
    }

    /// Parses an exact version (`5.40.0`, `6.0.0-beta1`; build metadata is ignored).
    pub fn parse(s: &str) -> Option<Version> {
        let (core, rest) = match s.find(['-', '+']) {
            Some(i) => (&s[..i], &s[i..]),
            None => (s, ""),
        };
        let nums: Vec<&str> = core.split('.').collect();
        if nums.len() != 3 || nums.iter().any(|n| n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        let n = |i: usize| nums.get(i).and_then(|x| x.parse::<u64>().ok());
        let pre = match rest.strip_prefix('-') {
            Some(p) => p.split('+').next().unwrap_or("").to_string(),
            None => String::new(),
        };
        if rest.starts_with('-') && !valid_extra(&pre) {
            return None;
        }
        Some(Version {
            major: n(0)?,
            minor: n(1)?,
            patch: n(2)?,
            pre,
        })
    }

    /// Semantic-versioning precedence (a release sorts after its prereleases).
    pub fn precedence(&self, o: &Version) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(o.major, o.minor, o.patch))
            .then_with(|| match (self.pre.is_empty(), o.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => cmp_pre(&self.pre, &o.pre),
            })
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        Ok(())
    }
}

fn cmp_pre(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.split('.'), b.split('.'));
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => {
                let (pn, qn) = (p.bytes().all(|c| c.is_ascii_digit()), q.bytes().all(|c| c.is_ascii_digit()));
                let o = match (pn, qn) {
                    (true, true) => p.len().cmp(&q.len()).then_with(|| p.cmp(q)),
                    (true, false) => Ordering::Less,
                    (false, true) => Ordering::Greater,
                    (false, false) => p.cmp(q),
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

fn valid_extra(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// A constraint operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `=` or no operator.
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `~>` with one or two numbers: the minor (and patch) may grow.
    TildeMinor,
    /// `~>` with three numbers: only the patch may grow.
    TildePatch,
}

/// One condition: an operator and its boundary version (missing numbers already zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Selection {
    /// The operator.
    pub op: Op,
    /// The boundary.
    pub boundary: Version,
}

impl Selection {
    fn holds(&self, v: &Version) -> bool {
        let b = &self.boundary;
        let c = v.precedence(b);
        let below = |major: u64, minor: u64| v.precedence(&Version::new(major, minor, 0)) == Ordering::Less;
        match self.op {
            Op::Eq => c == Ordering::Equal,
            Op::Ne => c != Ordering::Equal,
            Op::Gt => c == Ordering::Greater,
            Op::Ge => c != Ordering::Less,
            Op::Lt => c == Ordering::Less,
            Op::Le => c != Ordering::Greater,
            Op::TildeMinor => c != Ordering::Less && below(b.major.saturating_add(1), 0),
            Op::TildePatch => c != Ordering::Less && below(b.major, b.minor.saturating_add(1)),
        }
    }
}

/// A parsed `version` string: every condition must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints(pub Vec<Selection>);

impl Constraints {
    /// Parses a constraint string; the error says what is wrong (Terraform itself reports only
    /// "Invalid version constraint").
    pub fn parse(s: &str) -> Result<Constraints, String> {
        let mut out = Vec::new();
        for part in s.split(',') {
            out.push(parse_one(part.trim())?);
        }
        Ok(Constraints(out))
    }

    /// Whether version `v` satisfies every condition (prereleases only through an exact `=`).
    pub fn allows(&self, v: &Version) -> bool {
        if !v.pre.is_empty() && !self.0.iter().any(|s| s.op == Op::Eq && s.boundary == *v) {
            return false;
        }
        self.0.iter().all(|s| s.holds(v))
    }

    /// The newest of `releases` that satisfies the constraints.
    pub fn newest<'a>(&self, releases: &'a [Version]) -> Option<&'a Version> {
        releases.iter().filter(|v| self.allows(v)).max_by(|a, b| a.precedence(b))
    }

    /// Terraform's canonical rendering (getproviders.VersionConstraintsString): deduplicated,
    /// sorted by boundary then operator, `~>` with two numbers when only the minor may grow.
    pub fn canonical(&self) -> String {
        let mut sels: Vec<&Selection> = Vec::new();
        for s in &self.0 {
            if !sels.contains(&s) {
                sels.push(s);
            }
        }
        let prio = |op: Op| match op {
            Op::Gt => 1,
            Op::Ge => 2,
            Op::Eq => 3,
            Op::TildePatch => 4,
            Op::TildeMinor => 5,
            Op::Le => 6,
            Op::Lt => 7,
            Op::Ne => 8,
        };
        sels.sort_by(|a, b| a.boundary.precedence(&b.boundary).then_with(|| prio(a.op).cmp(&prio(b.op))));
        let parts: Vec<String> = sels
            .iter()
            .map(|s| {
                let op = match s.op {
                    Op::Gt => "> ",
                    Op::Ge => ">= ",
                    Op::Eq => "",
                    Op::Ne => "!= ",
                    Op::Lt => "< ",
                    Op::Le => "<= ",
                    Op::TildeMinor | Op::TildePatch => "~> ",
                };
                let b = &s.boundary;
                let mut v = if s.op == Op::TildeMinor {
                    format!("{}.{}", b.major, b.minor)
                } else {
                    format!("{}.{}.{}", b.major, b.minor, b.patch)
                };
                if !b.pre.is_empty() {
                    v.push('-');
                    v.push_str(&b.pre);
                }
                format!("{op}{v}")
            })
            .collect();
        parts.join(", ")
    }
}

fn parse_one(s: &str) -> Result<Selection, String> {
    if s.is_empty() {
        return Err("empty specification".into());
    }
    let op_len = s.bytes().take_while(|b| matches!(b, b'=' | b'!' | b'>' | b'<' | b'~')).count();
    let (op_text, rest) = s.split_at(op_len);
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('v').unwrap_or(rest);
    let (core, extra) = match rest.find(['-', '+']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let nums: Vec<&str> = core.split('.').collect();
    if nums.iter().any(|n| n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit())) {
        return Err(format!("invalid version {rest:?}"));
    }
    if nums.len() > 3 {
        return Err("too many numbered portions; only three are allowed (major, minor, patch)".into());
    }
    let mut pre = String::new();
    if !extra.is_empty() {
        let (p, meta) = match extra.strip_prefix('-') {
            Some(p) => match p.split_once('+') {
                Some((p, m)) => (p, Some(m)),
                None => (p, None),
            },
            None => ("", extra.strip_prefix('+')),
        };
        if extra.starts_with('-') && !valid_extra(p) {
            return Err(format!("invalid prerelease {p:?}"));
        }
        if let Some(m) = meta
            && !valid_extra(m)
        {
            return Err(format!("invalid metadata {m:?}"));
        }
        pre = p.to_string();
    }
    let num = |i: usize| -> Result<u64, String> {
        match nums.get(i) {
            Some(n) => n.parse::<u64>().map_err(|_| format!("version number {n:?} is too large")),
            None => Ok(0),
        }
    };
    let op = match op_text {
        "" | "=" => Op::Eq,
        "!=" => Op::Ne,
        ">" => Op::Gt,
        ">=" => Op::Ge,
        "<" => Op::Lt,
        "<=" => Op::Le,
        "~>" if nums.len() == 3 => Op::TildePatch,
        "~>" => Op::TildeMinor,
        other => return Err(format!("invalid constraint operator {other:?}")),
    };
    Ok(Selection {
        op,
        boundary: Version {
            major: num(0)?,
            minor: num(1)?,
            patch: num(2)?,
            pre,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap_or_else(|| Version::new(u64::MAX, 0, 0))
    }
    fn ok(c: &str, ver: &str) -> bool {
        Constraints::parse(c).map(|c| c.allows(&v(ver))).unwrap_or(false)
    }

    // Docs, language/expressions/version-constraints: each operator.
    #[test]
    fn eq_and_bare() {
        assert!(ok("= 5.39.0", "5.39.0") && !ok("= 5.39.0", "5.40.0"));
        assert!(ok("5.40.0", "5.40.0") && ok("=5.40", "5.40.0") && !ok("5.40", "5.40.1"));
    }
    #[test]
    fn ne() {
        assert!(!ok("!= 5.40.0", "5.40.0") && ok("!= 5.40.0", "5.41.0"));
    }
    #[test]
    fn greater_less() {
        assert!(ok(">= 5.40", "5.40.0") && ok(">= 5.40", "6.0.0") && !ok(">= 5.40", "5.39.0"));
        assert!(!ok("> 5.40", "5.40.0") && ok("> 5.40", "5.40.1"));
        assert!(ok("< 6.0.0", "5.99.0") && !ok("< 6", "6.0.0") && ok("<= 6", "6.0.0"));
    }
    #[test]
    fn pessimistic() {
        assert!(ok("~> 5.40", "5.99.0") && !ok("~> 5.40", "6.0.0") && !ok("~> 5.40", "5.39.0"));
        assert!(ok("~> 5.40.0", "5.40.9") && !ok("~> 5.40.0", "5.41.0"));
        assert!(ok("~> 5", "5.100.0") && !ok("~> 5", "6.0.0"));
    }
    #[test]
    fn comma_separated_all_hold() {
        assert!(ok(">= 5.40, < 6.0.0", "5.50.0") && !ok(">= 5.40, < 6.0.0", "6.1.0"));
        assert!(!ok("~> 4.0, >= 5.0", "5.0.0"));
    }
    // Docs: "A prerelease version can be selected only by an exact version constraint".
    #[test]
    fn prereleases_only_by_exact() {
        assert!(ok("= 6.0.0-beta1", "6.0.0-beta1") && ok("6.0.0-beta1", "6.0.0-beta1"));
        assert!(!ok(">= 5.0", "6.0.0-beta1") && !ok("~> 6.0", "6.0.0-beta1"));
        assert!(v("6.0.0-beta1").precedence(&v("6.0.0")) == Ordering::Less);
        assert!(v("6.0.0-beta.2").precedence(&v("6.0.0-beta.10")) == Ordering::Less);
    }
    #[test]
    fn invalid() {
        for bad in ["", ">= ", "=> 1.0", "1.2.3.4", "a.b", ">= 1.x", "1.0,", "^1.0"] {
            assert!(Constraints::parse(bad).is_err(), "{bad:?}");
        }
    }
    // getproviders.VersionConstraintsString, as in init's "no available releases" message.
    #[test]
    fn canonical_form() {
        let c = |s: &str| Constraints::parse(s).map(|c| c.canonical()).unwrap_or_default();
        assert_eq!(c(">= 5.40"), ">= 5.40.0");
        assert_eq!(c("~> 3.0, >= 4.6.0, < 5.0.0"), "~> 3.0, >= 4.6.0, < 5.0.0");
        assert_eq!(c("5.39.0, >= 5.39"), ">= 5.39.0, 5.39.0");
        assert_eq!(c("~> 5.6.2, >= 2.0, >= 2.0.0"), ">= 2.0.0, ~> 5.6.2");
        assert_eq!(c("~> 5"), "~> 5.0");
    }
    #[test]
    fn newest_selected() {
        let rel = [v("5.39.0"), v("5.40.0"), v("6.0.0-beta1"), v("5.41.0")];
        let c = |s: &str| Constraints::parse(s).ok().and_then(|c| c.newest(&rel).map(|v| v.to_string()));
        assert_eq!(c(">= 5.0").as_deref(), Some("5.41.0"));
        assert_eq!(c("= 5.39.0").as_deref(), Some("5.39.0"));
        assert_eq!(c("> 6.0").as_deref(), None);
    }
}
