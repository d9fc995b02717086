//! Packaging errors: what went wrong, in which file and which module.

use std::collections::BTreeSet;
use std::fmt;

use crate::lang::Rule;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file is not valid YAML or JSON.
    Parse(String),
    /// A part of the template has the wrong shape (`what` says which, `detail` how).
    Shape {
        /// The part at fault.
        what: String,
        /// What it should be.
        detail: String,
    },
    /// A module entry has no usable `Source`.
    NoSource,
    /// A file could not be read.
    Read {
        /// The path.
        path: String,
        /// Why.
        detail: String,
    },
    /// A path leaves the root folder.
    Escape {
        /// The path as written.
        path: String,
        /// How it escapes.
        detail: String,
    },
    /// An `https://` or `s3://` source, with no network.
    Offline {
        /// The address.
        uri: String,
    },
    /// A `$alias/...` source whose alias is not in `Packages`.
    UnknownAlias {
        /// The alias.
        alias: String,
    },
    /// A package's hash file does not match the archive.
    Hash {
        /// The digest the hash file holds.
        expected: String,
        /// The archive's digest.
        actual: String,
    },
    /// A module includes itself, directly or through others.
    Cycle(Vec<String>),
    /// Modules of one section read each other's outputs in a loop.
    OutputCycle(Vec<String>),
    /// A `!Ref` to a module parameter that the parent did not set and that has no Default.
    MissingParameter(String),
    /// An override names a resource the module does not have.
    OverrideNotFound {
        /// The key.
        key: String,
        /// The module's resources.
        known: Vec<String>,
    },
    /// An override sets a property named like a module parameter.
    OverrideParameter {
        /// The resource overridden.
        resource: String,
        /// The property.
        key: String,
    },
    /// A condition carried into the parent clashes with one of the parent's.
    ConditionConflict(String),
    /// A condition could not be evaluated.
    Condition {
        /// The condition.
        name: String,
        /// Why.
        detail: String,
    },
    /// A variable of a Fn::Sub cannot be written into the string.
    SubReference {
        /// The variable.
        name: String,
        /// What its value is.
        kind: String,
    },
    /// A Fn::Sub string is malformed.
    SubSyntax(String),
    /// A module output is malformed or cannot be used where it is referenced.
    Output {
        /// The reference (`Mod.Out`).
        reference: String,
        /// Why.
        detail: String,
    },
    /// A ForEach problem.
    ForEach(String),
    /// A `Mod[i].Out` reference with a bad index or key.
    BadIndex(String),
    /// A constant that is not defined, or not a string where one is needed.
    Constant {
        /// The constant.
        name: String,
        /// Why.
        detail: String,
    },
    /// An intrinsic function folded at package time has bad arguments.
    Intrinsic {
        /// The function.
        function: String,
        /// Why.
        detail: String,
    },
    /// Two resources would get the same logical ID.
    DuplicateId(String),
    /// A generated logical ID is not alphanumeric.
    InvalidId(String),
    /// (A misconception.) The parent refers to a module resource by its prefixed ID.
    PrefixedReference(String),
    /// The expansion is too large or too deep.
    Limit(String),
}

/// A packaging error with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfnError {
    /// What went wrong.
    pub kind: Box<ErrorKind>,
    /// The file being read or expanded.
    pub file: Option<String>,
    /// The module, as a path of module names from the parent (`Network.PublicSubnet0`).
    pub module: Option<String>,
    /// The rules the packaging consulted before it failed.
    pub touched: BTreeSet<Rule>,
}

impl CfnError {
    /// An error with no place yet.
    pub fn new(kind: ErrorKind) -> CfnError {
        CfnError {
            kind: Box::new(kind),
            file: None,
            module: None,
            touched: BTreeSet::new(),
        }
    }
    /// Sets the file and module, unless an inner place was already set.
    pub fn at(mut self, file: &str, module: &str) -> CfnError {
        if self.file.is_none() {
            self.file = Some(file.to_string());
            if !module.is_empty() {
                self.module = Some(module.to_string());
            }
        }
        self
    }
    /// A shape error.
    pub fn shape(what: impl Into<String>, detail: impl Into<String>) -> CfnError {
        CfnError::new(ErrorKind::Shape {
            what: what.into(),
            detail: detail.into(),
        })
    }
    /// An intrinsic-function error.
    pub fn intrinsic(function: &str, detail: impl Into<String>) -> CfnError {
        CfnError::new(ErrorKind::Intrinsic {
            function: function.to_string(),
            detail: detail.into(),
        })
    }
}

impl ErrorKind {
    /// A short, stable title for the kind (`missing parameter`): what a quiz shows as the
    /// error's summary, without the file names and values the full message carries.
    pub fn title(&self) -> &'static str {
        match self {
            ErrorKind::Parse(_) => "invalid template",
            ErrorKind::Shape { .. } => "malformed template",
            ErrorKind::NoSource => "missing source",
            ErrorKind::Read { .. } => "cannot read",
            ErrorKind::Escape { .. } => "source outside the folder",
            ErrorKind::Offline { .. } => "remote source offline",
            ErrorKind::UnknownAlias { .. } => "unknown package alias",
            ErrorKind::Hash { .. } => "package hash mismatch",
            ErrorKind::Cycle(_) => "module cycle",
            ErrorKind::OutputCycle(_) => "output cycle",
            ErrorKind::MissingParameter(_) => "missing parameter",
            ErrorKind::OverrideNotFound { .. } => "unknown override target",
            ErrorKind::OverrideParameter { .. } => "override of a parameter",
            ErrorKind::ConditionConflict(_) => "condition conflict",
            ErrorKind::Condition { .. } => "invalid condition",
            ErrorKind::SubReference { .. } => "invalid Sub variable",
            ErrorKind::SubSyntax(_) => "invalid Sub string",
            ErrorKind::Output { .. } => "invalid output",
            ErrorKind::ForEach(_) => "invalid ForEach",
            ErrorKind::BadIndex(_) => "bad module index",
            ErrorKind::Constant { .. } => "invalid constant",
            ErrorKind::Intrinsic { .. } => "invalid intrinsic",
            ErrorKind::DuplicateId(_) => "duplicate logical ID",
            ErrorKind::InvalidId(_) => "invalid logical ID",
            ErrorKind::PrefixedReference(_) => "reference to a prefixed ID",
            ErrorKind::Limit(_) => "limit exceeded",
        }
    }
}

impl From<ErrorKind> for CfnError {
    fn from(kind: ErrorKind) -> CfnError {
        CfnError::new(kind)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Parse(m) => write!(f, "not valid YAML or JSON: {m}"),
            ErrorKind::Shape { what, detail } => write!(f, "{what}: {detail}"),
            ErrorKind::NoSource => write!(f, "the module entry has no Source (a path, $alias/path or URL)"),
            ErrorKind::Read { path, detail } => write!(f, "cannot read {path}: {detail}"),
            ErrorKind::Escape { path, detail } => {
                write!(
                    f,
                    "the path {path:?} {detail}; sources and inserted files must stay inside the root folder (on the command line the working folder, or --root DIR)"
                )
            }
            ErrorKind::Offline { uri } => write!(
                f,
                "the source {uri} cannot be fetched offline; download it next to the template and use a relative path"
            ),
            ErrorKind::UnknownAlias { alias } => write!(f, "the package alias ${alias} is not declared in a Packages section"),
            ErrorKind::Hash { expected, actual } => write!(f, "the package hash does not match: expected {expected}, got {actual}"),
            ErrorKind::Cycle(chain) => write!(f, "module cycle: a module includes itself: {}", chain.join(" -> ")),
            ErrorKind::OutputCycle(chain) => write!(f, "modules read each other's outputs in a loop: {}", chain.join(" -> ")),
            ErrorKind::MissingParameter(p) => write!(
                f,
                "!Ref {p}: the parameter {p} is not set in the parent's Properties and has no Default"
            ),
            ErrorKind::OverrideNotFound { key, known } => {
                write!(f, "Overrides: {key} is not a resource of the module")?;
                if known.is_empty() {
                    write!(f, " (it has no resources)")
                } else {
                    write!(f, " (its resources: {})", known.join(", "))
                }
            }
            ErrorKind::OverrideParameter { resource, key } => write!(
                f,
                "Overrides: {resource}.Properties.{key} cannot be overridden because {key} is a module parameter; set it in Properties instead"
            ),
            ErrorKind::ConditionConflict(c) => write!(
                f,
                "the unresolved condition {c} conflicts with a different condition of the same name in the parent"
            ),
            ErrorKind::Condition { name, detail } => write!(f, "condition {name}: {detail}"),
            ErrorKind::SubReference { name, kind } => write!(
                f,
                "Fn::Sub variable ${{{name}}}: its value is a {kind}, but only a string, Ref, GetAtt or Sub can go into a Sub"
            ),
            ErrorKind::SubSyntax(s) => write!(f, "Fn::Sub {s:?}: a ${{ is not closed"),
            ErrorKind::Output { reference, detail } => write!(f, "output {reference}: {detail}"),
            ErrorKind::ForEach(d) => write!(f, "ForEach: {d}"),
            ErrorKind::BadIndex(r) => write!(f, "{r}: no module copy has that index or key"),
            ErrorKind::Constant { name, detail } => write!(f, "constant Const::{name}: {detail}"),
            ErrorKind::Intrinsic { function, detail } => write!(f, "{function}: {detail}"),
            ErrorKind::DuplicateId(id) => write!(f, "two resources would have the logical ID {id}"),
            ErrorKind::InvalidId(id) => write!(f, "the generated logical ID {id:?} is not alphanumeric"),
            ErrorKind::PrefixedReference(id) => write!(
                f,
                "{id} is a module's resource; the parent cannot refer to it by its prefixed logical ID"
            ),
            ErrorKind::Limit(d) => write!(f, "{d}"),
        }
    }
}

impl fmt::Display for CfnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        if let Some(m) = &self.module {
            write!(f, "module {m}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for CfnError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_module_and_key() {
        let e = CfnError::new(ErrorKind::OverrideNotFound {
            key: "Buckt".into(),
            known: vec!["Bucket".into()],
        })
        .at("parent.yaml", "Logs")
        .at("outer.yaml", "X");
        assert_eq!(
            e.to_string(),
            "parent.yaml: module Logs: Overrides: Buckt is not a resource of the module (its resources: Bucket)"
        );
    }
}
