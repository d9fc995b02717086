//! Resource addresses as Terraform writes and reads them: `terraform_data.a`,
//! `terraform_data.a[0]`, `module.net["eu"].data.terraform_remote_state.s`.

use std::fmt;

/// An instance key: none (a single instance), a `count` index or a `for_each` key. Its order
/// (derived) is Terraform's: no key, then indexes by value, then keys.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum InstanceKey {
    /// No `count` or `for_each`.
    None,
    /// A `count` index.
    Int(i64),
    /// A `for_each` key.
    Str(String),
}

impl InstanceKey {
    /// True for [`InstanceKey::None`].
    pub fn is_none(&self) -> bool {
        matches!(self, InstanceKey::None)
    }
}

impl fmt::Display for InstanceKey {
    /// `[0]`, `["a"]` or nothing, quoted as Terraform's addrs.StringKey quotes (HCL syntax,
    /// template sequences escaped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::None => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => write!(f, "[{}]", hcl_quote(s)),
        }
    }
}

/// A string in HCL's quoted syntax: `"` and `\` escaped, controls as escapes, and `${`/`%{`
/// doubled so that they stay literal.
pub fn hcl_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `managed` (a `resource` block) or `data` (a `data` block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ResourceMode {
    /// A `resource` block.
    Managed,
    /// A `data` block.
    Data,
}

impl ResourceMode {
    /// The word the state file uses.
    pub fn state_name(self) -> &'static str {
        match self {
            ResourceMode::Managed => "managed",
            ResourceMode::Data => "data",
        }
    }
}

/// One step of a module path: `module.NAME` and its instance key.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModuleStep {
    /// The module call's name.
    pub name: String,
    /// The instance of the call (`count`/`for_each` on the module block).
    pub key: InstanceKey,
}

/// A module instance's path, `module.a["x"].module.b`; empty for the root module.
pub fn module_path(steps: &[ModuleStep]) -> String {
    steps
        .iter()
        .map(|s| format!("module.{}{}", s.name, s.key))
        .collect::<Vec<_>>()
        .join(".")
}

/// A resource in a module instance (all its instances).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ResourceAddr {
    /// The module instance, root first; empty for the root module.
    pub module: Vec<ModuleStep>,
    /// `resource` or `data`.
    pub mode: ResourceMode,
    /// The resource type.
    pub rtype: String,
    /// The resource name.
    pub name: String,
}

impl ResourceAddr {
    /// A resource of the root module.
    pub fn root(mode: ResourceMode, rtype: &str, name: &str) -> ResourceAddr {
        ResourceAddr {
            module: Vec::new(),
            mode,
            rtype: rtype.to_string(),
            name: name.to_string(),
        }
    }
    /// The instance with key `key`.
    pub fn instance(&self, key: InstanceKey) -> InstanceAddr {
        InstanceAddr {
            resource: self.clone(),
            key,
        }
    }
    /// The configuration address: module names without keys, then the resource
    /// (`module.m.terraform_data.a`).
    pub fn config_address(&self) -> String {
        let mut s: String = self.module.iter().map(|m| format!("module.{}.", m.name)).collect();
        s.push_str(&self.local());
        s
    }
    /// The address within its module (`terraform_data.a`, `data.x.y`).
    pub fn local(&self) -> String {
        match self.mode {
            ResourceMode::Managed => format!("{}.{}", self.rtype, self.name),
            ResourceMode::Data => format!("data.{}.{}", self.rtype, self.name),
        }
    }
}

impl fmt::Display for ResourceAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_empty() {
            write!(f, "{}.", module_path(&self.module))?;
        }
        f.write_str(&self.local())
    }
}

/// One resource instance.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstanceAddr {
    /// Its resource.
    pub resource: ResourceAddr,
    /// Its key.
    pub key: InstanceKey,
}

impl fmt::Display for InstanceAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.resource, self.key)
    }
}

/// What a command-line address names: a whole module instance, a resource (every instance
/// of it) or one instance (`-target`, `-replace`, `state mv`, `state rm`, `import`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `module.a` or `module.a[0]`.
    Module(Vec<ModuleStep>),
    /// `terraform_data.a` with no key.
    Resource(ResourceAddr),
    /// `terraform_data.a[0]`, or a resource without `count`/`for_each` named with no key.
    Instance(InstanceAddr),
}

impl fmt::Display for Target {
    /// As Terraform writes the address (`module.a[0]`, `terraform_data.a`, `terraform_data.a["k"]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Module(steps) => f.write_str(&module_path(steps)),
            Target::Resource(r) => write!(f, "{r}"),
            Target::Instance(i) => write!(f, "{i}"),
        }
    }
}

/// Why a command-line address could not be read; the detail is Terraform's wording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressError(pub String);

impl fmt::Display for AddressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads a command-line address. A resource written without a key is a [`Target::Resource`]:
/// whether it also names the single instance depends on the configuration, which the caller
/// decides.
pub fn parse_target(text: &str) -> Result<Target, AddressError> {
    let mut p = Parser { s: text, at: 0 };
    let mut module = Vec::new();
    loop {
        let save = p.at;
        let word = p.ident()?;
        if word == "module" {
            p.expect('.')?;
            let name = p.ident()?;
            let key = p.key()?;
            module.push(ModuleStep { name, key });
            if p.done() {
                return Ok(Target::Module(module));
            }
            p.expect('.')?;
            continue;
        }
        p.at = save;
        break;
    }
    let first = p.ident()?;
    let mode = if first == "data" {
        p.expect('.')?;
        ResourceMode::Data
    } else {
        p.at -= first.len();
        ResourceMode::Managed
    };
    let rtype = p.ident()?;
    if p.done() {
        return Err(AddressError("Resource specification must include a resource type and name.".into()));
    }
    p.expect('.')?;
    let name = p.ident()?;
    let key = p.key()?;
    if !p.done() {
        return Err(AddressError(format!(
            "Unexpected extra operators after address: {:?}",
            &text[p.at..]
        )));
    }
    let resource = ResourceAddr { module, mode, rtype, name };
    Ok(match key {
        InstanceKey::None => Target::Resource(resource),
        key => Target::Instance(InstanceAddr { resource, key }),
    })
}

struct Parser<'a> {
    s: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.s[self.at..]
    }
    fn done(&self) -> bool {
        self.at >= self.s.len()
    }
    fn expect(&mut self, c: char) -> Result<(), AddressError> {
        if self.rest().starts_with(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(AddressError(format!("Invalid address: expected {c:?} at {:?}.", self.rest())))
        }
    }
    fn ident(&mut self) -> Result<String, AddressError> {
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(i, c)| !(c.is_alphanumeric() || c == '_' || (i > 0 && c == '-')))
            .map_or(rest.len(), |(i, _)| i);
        if len == 0 || rest.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(AddressError("Invalid address: a name is required here.".into()));
        }
        let word = rest[..len].to_string();
        self.at += len;
        Ok(word)
    }
    fn key(&mut self) -> Result<InstanceKey, AddressError> {
        if !self.rest().starts_with('[') {
            return Ok(InstanceKey::None);
        }
        self.at += 1;
        let rest = self.rest();
        let key = if let Some(body) = rest.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = body.char_indices();
            let end = loop {
                match chars.next() {
                    None => return Err(AddressError("Invalid address: an unterminated string key.".into())),
                    Some((i, '"')) => break i,
                    Some((_, '\\')) => match chars.next() {
                        Some((_, 'n')) => out.push('\n'),
                        Some((_, 't')) => out.push('\t'),
                        Some((_, 'r')) => out.push('\r'),
                        Some((_, c)) => out.push(c),
                        None => return Err(AddressError("Invalid address: an unterminated string key.".into())),
                    },
                    Some((_, c)) => out.push(c),
                }
            };
            self.at += end + 2;
            InstanceKey::Str(out)
        } else {
            let len = rest.find(']').unwrap_or(rest.len());
            let digits = &rest[..len];
            let n: i64 = digits
                .parse()
                .map_err(|_| AddressError("Invalid address: an index must be a whole number or a quoted string.".into()))?;
            self.at += len;
            InstanceKey::Int(n)
        };
        self.expect(']')?;
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(t: &str) -> String {
        match parse_target(t).unwrap() {
            Target::Module(m) => module_path(&m),
            Target::Resource(r) => r.to_string(),
            Target::Instance(i) => i.to_string(),
        }
    }

    #[test]
    fn addresses_read_back_as_written() {
        for a in [
            "terraform_data.a",
            "terraform_data.a[0]",
            "terraform_data.a[\"k\"]",
            "data.terraform_remote_state.s",
            "module.m.terraform_data.a",
            "module.m[\"x\"].module.n[2].terraform_data.a[1]",
            "module.m[3]",
        ] {
            assert_eq!(shown(a), a);
        }
    }

    #[test]
    fn bad_addresses_are_refused() {
        for a in [
            "",
            "terraform_data",
            "terraform_data.",
            "terraform_data.a[",
            "terraform_data.a[x]",
            "terraform_data.a.b",
            "1x.a",
        ] {
            assert!(parse_target(a).is_err(), "{a}");
        }
    }

    #[test]
    fn string_keys_are_quoted_as_hcl() {
        assert_eq!(InstanceKey::Str("a\"b${c}".into()).to_string(), r#"["a\"b$${c}"]"#);
    }
}
