//! Declarations: what the blocks of a module's `.rvt` files declare. `variable`, `output`,
//! `module` and `meta` are keywords; any other block type declares a resource of that type.

use std::collections::BTreeMap;

use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Attr, BlockAst, BodyAst, Expr, ExprKind, Span};

use super::error::ErrorKind;

/// Block types that are not resource types.
pub const KEYWORDS: &[&str] = &["variable", "output", "module", "meta"];
/// Root names of expressions, which cannot be resource types.
pub const RESERVED: &[&str] = &["var", "fact", "each", "count", "module", "self", "path", "local", "data"];

/// A `variable "NAME"` block.
#[derive(Clone, Debug)]
pub struct VarDecl {
    /// Its name.
    pub name: String,
    /// The file it is in (relative to the configuration's folder).
    pub file: String,
    /// Where the block is.
    pub span: Span,
    /// The `type` constraint expression.
    pub ty: Option<Expr>,
    /// The `default` expression.
    pub default: Option<Expr>,
    /// `sensitive = true`: the whole value (keys included) is sensitive.
    pub sensitive: bool,
}

/// `count` and `for_each` as written at the declaration level.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// `count = ...`
    pub count: Option<Attr>,
    /// `for_each = ...`
    pub for_each: Option<Attr>,
}

impl Expansion {
    /// True when the declaration expands (count or for_each is set).
    pub fn expands(&self) -> bool {
        self.count.is_some() || self.for_each.is_some()
    }
}

/// A resource: `TYPE "NAME" { ... }`.
#[derive(Clone, Debug)]
pub struct ResDecl {
    /// Its type (`file`).
    pub rtype: String,
    /// Its name.
    pub name: String,
    /// The file it is in.
    pub file: String,
    /// Where the block is.
    pub span: Span,
    /// count / for_each.
    pub expansion: Expansion,
    /// Its arguments (the instance's attributes), in source order.
    pub args: Vec<Attr>,
    /// `meta { depends_on = [...] }`
    pub depends_on: Option<Attr>,
}

/// A module call: `module "NAME" { source = "./x" ... }`.
#[derive(Clone, Debug)]
pub struct CallDecl {
    /// Its name.
    pub name: String,
    /// The file it is in.
    pub file: String,
    /// Where the block is.
    pub span: Span,
    /// The `source` folder as written.
    pub source: String,
    /// Where `source` is.
    pub source_span: Span,
    /// count / for_each.
    pub expansion: Expansion,
    /// The arguments passed to the module's variables.
    pub args: Vec<Attr>,
    /// `meta { depends_on = [...] }`
    pub depends_on: Option<Attr>,
}

/// What an output's `type` asks for.
#[derive(Clone, Debug)]
pub enum OutType {
    /// No type: any value.
    Any,
    /// `resource("file")`: a reference to one instance of that resource type.
    Resource(String),
    /// A type constraint (`string`, `map(string)`, ...).
    Constraint(Expr),
}

/// An `output "NAME"` block.
#[derive(Clone, Debug)]
pub struct OutDecl {
    /// Its name.
    pub name: String,
    /// The file it is in.
    pub file: String,
    /// Where the block is.
    pub span: Span,
    /// Its type.
    pub ty: OutType,
    /// Its value expression.
    pub value: Expr,
    /// `sensitive = true`
    pub sensitive: bool,
}

/// A declaration in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclRef {
    /// `resources[i]`
    Resource(usize),
    /// `calls[i]`
    Call(usize),
    /// `outputs[i]`
    Output(usize),
}

/// One module: the declarations of the `.rvt` files of one folder.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Its folder relative to the configuration's folder (`""` for the root).
    pub dir: String,
    /// Its variables.
    pub variables: BTreeMap<String, VarDecl>,
    /// Its resources.
    pub resources: Vec<ResDecl>,
    /// Its module calls.
    pub calls: Vec<CallDecl>,
    /// Its outputs.
    pub outputs: Vec<OutDecl>,
    /// Resources, calls and outputs in declaration order (files by name, blocks as written).
    pub order: Vec<DeclRef>,
}

fn decl_err(span: &Span, file: &str, msg: impl Into<String>) -> Diag {
    ErrorKind::Declaration.at(span, msg).in_file(file)
}

fn is_name(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_') && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn one_label(b: &BlockAst, file: &str, example: &str) -> DResult<String> {
    match b.labels.as_slice() {
        [n] if is_name(n) => Ok(n.clone()),
        [n] => Err(decl_err(
            &b.span,
            file,
            format!(
                "{} {:?}: a name must start with a letter or underscore and hold only letters, digits, underscores and dashes",
                b.kind, n
            ),
        )),
        _ => Err(decl_err(
            &b.span,
            file,
            format!("a {} block takes exactly one label, its name: {example}", b.kind),
        )),
    }
}

fn literal_bool(a: &Attr, file: &str) -> DResult<bool> {
    match a.expr.kind {
        ExprKind::Bool(b) => Ok(b),
        _ => Err(decl_err(&a.expr.span, file, format!("{} must be written as true or false", a.name))),
    }
}

fn no_blocks(body: &BodyAst, what: &str, file: &str) -> DResult<()> {
    match body.blocks.first() {
        Some(b) => Err(decl_err(
            &b.span,
            file,
            format!("{what} takes no nested blocks (found {:?})", b.kind),
        )),
        None => Ok(()),
    }
}

impl Module {
    /// Adds the declarations of one parsed file.
    pub fn add_file(&mut self, file: &str, body: &BodyAst) -> DResult<()> {
        if let Some(a) = body.attrs.first() {
            return Err(decl_err(
                &a.span,
                file,
                format!(
                    "{} = ... stands outside any block; arguments belong inside a resource, module, variable or output block",
                    a.name
                ),
            ));
        }
        for b in &body.blocks {
            match b.kind.as_str() {
                "variable" => self.add_variable(b, file)?,
                "output" => self.add_output(b, file)?,
                "module" => self.add_call(b, file)?,
                "meta" => {
                    return Err(decl_err(
                        &b.span,
                        file,
                        "a meta block belongs inside a resource or module block, not at the top level",
                    ));
                }
                _ => self.add_resource(b, file)?,
            }
        }
        Ok(())
    }

    fn add_variable(&mut self, b: &BlockAst, file: &str) -> DResult<()> {
        let name = one_label(b, file, "variable \"NAME\" { ... }")?;
        if self.variables.contains_key(&name) {
            return Err(decl_err(
                &b.span,
                file,
                format!("variable {name:?} is declared twice in this module"),
            ));
        }
        no_blocks(&b.body, "a variable block", file)?;
        let mut v = VarDecl {
            name: name.clone(),
            file: file.to_string(),
            span: b.span.clone(),
            ty: None,
            default: None,
            sensitive: false,
        };
        for a in &b.body.attrs {
            match a.name.as_str() {
                "type" => v.ty = Some(a.expr.clone()),
                "default" => v.default = Some(a.expr.clone()),
                "sensitive" => v.sensitive = literal_bool(a, file)?,
                "description" => {}
                other => {
                    return Err(decl_err(
                        &a.span,
                        file,
                        format!(
                            "variable {name:?}: unknown argument {other:?} (a variable takes type, default, sensitive and description)"
                        ),
                    ));
                }
            }
        }
        self.variables.insert(name, v);
        Ok(())
    }

    fn add_output(&mut self, b: &BlockAst, file: &str) -> DResult<()> {
        let name = one_label(b, file, "output \"NAME\" { value = ... }")?;
        if self.outputs.iter().any(|o| o.name == name) {
            return Err(decl_err(&b.span, file, format!("output {name:?} is declared twice in this module")));
        }
        no_blocks(&b.body, "an output block", file)?;
        let mut ty = OutType::Any;
        let mut value = None;
        let mut sensitive = false;
        for a in &b.body.attrs {
            match a.name.as_str() {
                "value" => value = Some(a.expr.clone()),
                "type" => ty = out_type(&a.expr, file)?,
                "sensitive" => sensitive = literal_bool(a, file)?,
                "description" => {}
                other => {
                    return Err(decl_err(
                        &a.span,
                        file,
                        format!("output {name:?}: unknown argument {other:?} (an output takes value, type, sensitive and description)"),
                    ));
                }
            }
        }
        let Some(value) = value else {
            return Err(decl_err(&b.span, file, format!("output {name:?} needs a value = ... argument")));
        };
        self.order.push(DeclRef::Output(self.outputs.len()));
        self.outputs.push(OutDecl {
            name,
            file: file.to_string(),
            span: b.span.clone(),
            ty,
            value,
            sensitive,
        });
        Ok(())
    }

    fn add_call(&mut self, b: &BlockAst, file: &str) -> DResult<()> {
        let name = one_label(b, file, "module \"NAME\" { source = \"./modules/x\" }")?;
        if self.calls.iter().any(|c| c.name == name) {
            return Err(decl_err(&b.span, file, format!("module {name:?} is declared twice in this module")));
        }
        let what = format!("module.{name}");
        let (expansion, depends_on) = meta_parts(&b.body, &what, file)?;
        let mut source = None;
        let mut args = Vec::new();
        for a in &b.body.attrs {
            match a.name.as_str() {
                "count" | "for_each" => {}
                "source" => match &a.expr.kind {
                    ExprKind::Str(s) => source = Some((s.clone(), a.expr.span.clone())),
                    _ => {
                        return Err(decl_err(
                            &a.expr.span,
                            file,
                            format!("{what}: source must be a literal string such as \"./modules/file\""),
                        ));
                    }
                },
                _ => args.push(a.clone()),
            }
        }
        let Some((source, source_span)) = source else {
            return Err(decl_err(
                &b.span,
                file,
                format!("{what} needs a source = \"./modules/...\" argument naming the module's folder"),
            ));
        };
        self.order.push(DeclRef::Call(self.calls.len()));
        self.calls.push(CallDecl {
            name,
            file: file.to_string(),
            span: b.span.clone(),
            source,
            source_span,
            expansion,
            args,
            depends_on,
        });
        Ok(())
    }

    fn add_resource(&mut self, b: &BlockAst, file: &str) -> DResult<()> {
        let rtype = b.kind.clone();
        if RESERVED.contains(&rtype.as_str()) || !is_name(&rtype) {
            return Err(decl_err(
                &b.span,
                file,
                format!("{rtype:?} cannot be a resource type: it is reserved for references or is not a valid name"),
            ));
        }
        let name = one_label(b, file, &format!("{rtype} \"NAME\" {{ ... }}"))?;
        if self.resources.iter().any(|r| r.rtype == rtype && r.name == name) {
            return Err(decl_err(
                &b.span,
                file,
                format!("resource {rtype}.{name} is declared twice in this module"),
            ));
        }
        let what = format!("{rtype}.{name}");
        let (expansion, depends_on) = meta_parts(&b.body, &what, file)?;
        let args = b
            .body
            .attrs
            .iter()
            .filter(|a| a.name != "count" && a.name != "for_each")
            .cloned()
            .collect();
        self.order.push(DeclRef::Resource(self.resources.len()));
        self.resources.push(ResDecl {
            rtype,
            name,
            file: file.to_string(),
            span: b.span.clone(),
            expansion,
            args,
            depends_on,
        });
        Ok(())
    }

    /// The resource `rtype.name`.
    pub fn resource(&self, rtype: &str, name: &str) -> Option<(usize, &ResDecl)> {
        self.resources.iter().enumerate().find(|(_, r)| r.rtype == rtype && r.name == name)
    }

    /// The module call `name`.
    pub fn call(&self, name: &str) -> Option<(usize, &CallDecl)> {
        self.calls.iter().enumerate().find(|(_, c)| c.name == name)
    }

    /// True if some resource has this type.
    pub fn has_type(&self, rtype: &str) -> bool {
        self.resources.iter().any(|r| r.rtype == rtype)
    }
}

/// `resource("file")` or a type constraint.
fn out_type(e: &Expr, file: &str) -> DResult<OutType> {
    if let ExprKind::Call(c) = &e.kind
        && c.name == "resource"
        && c.namespace.is_empty()
    {
        return match c.args.as_slice() {
            [
                Expr {
                    kind: ExprKind::Str(t), ..
                },
            ] => Ok(OutType::Resource(t.clone())),
            _ => Err(decl_err(
                &e.span,
                file,
                "resource(...) takes one resource type as a string: resource(\"file\")",
            )),
        };
    }
    Ok(OutType::Constraint(e.clone()))
}

/// Reads count / for_each (declaration level) and the meta block of a resource or module body.
fn meta_parts(body: &BodyAst, what: &str, file: &str) -> DResult<(Expansion, Option<Attr>)> {
    let ex = Expansion {
        count: body.attr("count").cloned(),
        for_each: body.attr("for_each").cloned(),
    };
    if let (Some(_), Some(f)) = (&ex.count, &ex.for_each) {
        return Err(ErrorKind::Expansion
            .at(
                &f.span,
                format!("{what} sets both count and for_each; they are mutually exclusive, use one of them"),
            )
            .in_file(file));
    }
    if let Some(a) = body.attr("depends_on") {
        return Err(decl_err(
            &a.span,
            file,
            format!("{what}: depends_on belongs inside a meta block: meta {{ depends_on = [...] }}"),
        ));
    }
    let mut depends_on = None;
    let mut seen_meta = false;
    for b in &body.blocks {
        if b.kind != "meta" {
            return Err(decl_err(
                &b.span,
                file,
                format!(
                    "{what}: unknown nested block {:?} (the only nested block is meta {{ depends_on = [...] }})",
                    b.kind
                ),
            ));
        }
        if seen_meta {
            return Err(decl_err(&b.span, file, format!("{what} has two meta blocks; merge them into one")));
        }
        seen_meta = true;
        if !b.labels.is_empty() {
            return Err(decl_err(&b.span, file, "a meta block takes no labels: meta { depends_on = [...] }"));
        }
        no_blocks(&b.body, "a meta block", file)?;
        for a in &b.body.attrs {
            match a.name.as_str() {
                "depends_on" => depends_on = Some(a.clone()),
                "count" | "for_each" => {
                    return Err(ErrorKind::Expansion
                        .at(
                            &a.span,
                            format!("{what}: {} belongs at the declaration level, outside meta", a.name),
                        )
                        .in_file(file));
                }
                other => {
                    return Err(decl_err(
                        &a.span,
                        file,
                        format!("{what}: unknown meta argument {other:?} (meta holds depends_on)"),
                    ));
                }
            }
        }
    }
    Ok((ex, depends_on))
}
