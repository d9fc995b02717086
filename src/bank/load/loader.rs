//! Loading: bank file text → validated questions, every problem reported at its
//! `file:line:column` with the question id. Nothing in a broken file panics.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::bank::answer::notation;
use crate::bank::load::exam::{self, ASSOCIATE, Exam};
use crate::bank::load::files::SourceFile;
use crate::bank::load::lessons::{Catalogue, Lesson};
use crate::bank::load::located::{self, Node, Pos};
use crate::bank::load::raw::{RawCatalogue, RawFile, RawObjectives, RawQuestion, question_fields};
use crate::bank::load::refs::{self, OBJECTIVES, Objectives, SeedText};
use crate::bank::load::sources;
use crate::bank::model::params::{self, Params};
use crate::bank::model::{Distractor, Engine, ExprSyntax, Kind, LessonRef, Origin, Question, References, Stated};

/// One problem that keeps a bank from loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file, as a person finds it.
    pub path: String,
    /// 1-based line (0: the problem is with the file as a whole).
    pub line: usize,
    /// 1-based column (0 with line 0).
    pub column: usize,
    /// The question concerned, when known.
    pub id: Option<String>,
    /// What is wrong, in words an author can act on.
    pub message: String,
}

impl LoadError {
    /// A problem with a whole file or folder.
    pub fn file(path: &str, message: &str) -> LoadError {
        LoadError {
            path: path.to_string(),
            line: 0,
            column: 0,
            id: None,
            message: message.to_string(),
        }
    }
    fn at(path: &str, pos: Pos, id: Option<&str>, message: impl Into<String>) -> LoadError {
        LoadError {
            path: path.to_string(),
            line: pos.line,
            column: pos.column,
            id: id.map(str::to_string),
            message: message.into(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}:{}: ", self.path, self.line, self.column)?;
        } else {
            write!(f, "{}: ", self.path)?;
        }
        if let Some(id) = &self.id {
            write!(f, "question `{id}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// Every problem found while loading a bank (at least one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// A loaded file's summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankFile {
    /// The file as a person finds it.
    pub path: String,
    /// Its topic.
    pub topic: String,
    /// How many questions it holds.
    pub questions: usize,
}

/// What loading produced.
pub struct Loaded {
    /// The questions, in file order.
    pub questions: Vec<Question>,
    /// The lesson catalogue.
    pub catalogue: Catalogue,
    /// The question files.
    pub files: Vec<BankFile>,
}

/// The UTF-8 byte-order mark, dropped from the start of any file read.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The name of the lesson catalogue file at a bank root.
pub const CATALOGUE: &str = "lessons.yaml";

/// Loads question files and catalogues, validating everything; all problems are returned.
pub fn load(files: Vec<SourceFile>) -> Result<Loaded, LoadErrors> {
    let mut errors = Vec::new();
    let mut catalogue = Catalogue::default();
    let mut texts = Vec::new();
    let mut seed_texts: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut seed_paths: Vec<SeedPath> = Vec::new();
    for mut f in files {
        // A UTF-8 byte-order mark (some Windows editors write one) is not YAML content; without
        // it the first line's columns are the ones an editor shows.
        if f.bytes.starts_with(BOM) {
            f.bytes.drain(..BOM.len());
        }
        let text = match String::from_utf8(f.bytes.clone()) {
            Ok(t) => t,
            Err(e) => {
                errors.push(LoadError::file(
                    &f.display,
                    &format!("not UTF-8 text (invalid byte at offset {})", e.utf8_error().valid_up_to()),
                ));
                continue;
            }
        };
        if f.in_root == CATALOGUE {
            seed_paths.extend(load_catalogue(&f, &text, &mut catalogue, &mut errors));
        } else if f.in_root == OBJECTIVES {
            load_objectives(&f, &text, &mut catalogue.objectives, &mut errors);
        } else if f.in_root == ASSOCIATE {
            load_exam(&f, &text, &mut catalogue.associate, &mut errors);
        } else if crate::bank::load::files::is_seed_text(&f.in_root) {
            seed_texts.insert(f.in_root.clone(), (f.display.clone(), text));
        } else {
            texts.push((f, text));
        }
    }
    attach_seeds(&seed_paths, &seed_texts, &mut catalogue, &mut errors);
    if catalogue.objectives.list.is_empty() {
        catalogue.objectives = bundled_objectives();
    }
    if catalogue.associate.is_empty() {
        catalogue.associate = bundled_associate();
    }
    let mut questions = Vec::new();
    let mut summaries = Vec::new();
    let mut ids: Vec<IdAt> = Vec::new();
    // Files load independently; their ids and errors are merged in file order afterwards.
    let per_file = crate::par::map(&texts, |(f, text)| {
        let (mut ids, mut errors) = (Vec::new(), Vec::new());
        let loaded = load_file(f, text, &catalogue, &mut ids, &mut errors);
        (loaded, ids, errors)
    });
    for ((f, _), (loaded, file_ids, file_errors)) in texts.iter().zip(per_file) {
        ids.extend(file_ids);
        errors.extend(file_errors);
        if let Some((topic, qs)) = loaded {
            summaries.push(BankFile {
                path: f.display.clone(),
                topic,
                questions: qs.len(),
            });
            questions.extend(qs);
        }
    }
    // Ids must be unique across the bank, whether or not their questions are otherwise valid.
    let mut seen: BTreeMap<&str, (&str, Pos)> = BTreeMap::new();
    for (id, path, pos) in &ids {
        match seen.get(id.as_str()) {
            Some((first_path, first)) => errors.push(LoadError::at(
                path,
                *pos,
                Some(id),
                format!(
                    "duplicate id: `{id}` is already the id of the question at {first_path}:{}:{}; ids must be unique across the bank",
                    first.line, first.column
                ),
            )),
            None => {
                seen.insert(id, (path, *pos));
            }
        }
    }
    // Problems in file order, so an author can work down the list.
    errors.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    if errors.is_empty() {
        Ok(Loaded {
            questions,
            catalogue,
            files: summaries,
        })
    } else {
        Err(LoadErrors(errors))
    }
}

/// Collections nested too deeply to be a bank file.
fn too_deep(f: &SourceFile, fail: &located::Failure) -> LoadError {
    LoadError::at(
        &f.display,
        fail.pos,
        None,
        "lists or maps nest too deeply here (a bank file never needs more than a few levels)",
    )
}

/// A lesson whose seed text the catalogue names: (seed, catalogue file, text path, starts).
type SeedPath = (String, String, String, BTreeMap<String, Vec<String>>);

/// Whether a file's aliases expand within [`located::MAX_EXPANDED_BYTES`] (serde_yaml expands
/// them all); if not, the error says where.
fn expands_within_limit(f: &SourceFile, text: &str, errors: &mut Vec<LoadError>) -> bool {
    match located::check_expansion(text, located::MAX_EXPANDED_BYTES) {
        Ok(()) => true,
        Err(e) => {
            errors.push(LoadError::at(&f.display, e.pos, None, format!("refused: {e}")));
            false
        }
    }
}

/// Reads a lesson catalogue into `cat`; returns the seed texts it names, to attach once every
/// file is read.
fn load_catalogue(f: &SourceFile, text: &str, cat: &mut Catalogue, errors: &mut Vec<LoadError>) -> Vec<SeedPath> {
    let mut paths = Vec::new();
    if !expands_within_limit(f, text, errors) {
        return paths;
    }
    if let Err(fail) = located::parse_checked(text)
        && fail.too_deep
    {
        errors.push(too_deep(f, &fail));
        return paths;
    }
    match serde_yaml::from_str::<RawCatalogue>(text) {
        Ok(raw) => {
            for l in raw.lessons {
                if cat.lesson(&l.seed.0).is_some() {
                    errors.push(LoadError::file(&f.display, &format!("lesson seed {} is listed twice", l.seed.0)));
                    continue;
                }
                for name in l.starts.keys() {
                    if !l.sections.contains(name) {
                        errors.push(LoadError::file(
                            &f.display,
                            &format!("lesson {}: `starts` names {name:?}, which is not one of its sections", l.seed.0),
                        ));
                    }
                }
                match l.text {
                    Some(t) => paths.push((l.seed.0.clone(), f.display.clone(), t, l.starts)),
                    None if !l.starts.is_empty() => errors.push(LoadError::file(
                        &f.display,
                        &format!(
                            "lesson {}: `starts` locates sections in the seed text, so give `text:` too",
                            l.seed.0
                        ),
                    )),
                    None => {}
                }
                cat.lessons.push(Lesson {
                    seed: l.seed.0,
                    title: l.title,
                    engine: l.engine,
                    sections: l.sections,
                });
            }
            cat.lessons.sort_by(|a, b| a.seed.cmp(&b.seed));
        }
        Err(e) => errors.push(serde_error(f, &e, None)),
    }
    paths
}

/// Gives the catalogue each named seed text, its sections located.
fn attach_seeds(paths: &[SeedPath], texts: &BTreeMap<String, (String, String)>, cat: &mut Catalogue, errors: &mut Vec<LoadError>) {
    for (seed, cat_file, path, starts) in paths {
        let Some((shown, text)) = texts.get(path.trim_start_matches("./")) else {
            errors.push(LoadError::file(
                cat_file,
                &format!("lesson {seed}: its text {path:?} is not in the bank (seed texts are .txt files in the bank's seeds/ folder)"),
            ));
            continue;
        };
        match SeedText::new(text, starts) {
            Ok(s) => {
                cat.seeds.insert(seed.clone(), s);
            }
            Err(m) => errors.push(LoadError::file(shown, &format!("lesson {seed}: {m} (fix `starts` in {cat_file})"))),
        }
    }
}

/// Reads the exam objective catalogue.
fn load_objectives(f: &SourceFile, text: &str, out: &mut Objectives, errors: &mut Vec<LoadError>) {
    if !expands_within_limit(f, text, errors) {
        return;
    }
    match serde_yaml::from_str::<RawObjectives>(text) {
        Ok(raw) => {
            out.source = raw.source;
            for (k, v) in raw.objectives {
                match (k, v) {
                    (serde_yaml::Value::String(id), serde_yaml::Value::String(t)) if !t.trim().is_empty() => match out.text(&id) {
                        // Several bank folders may each bring the same catalogue.
                        Some(known) if known == t => {}
                        Some(_) => errors.push(LoadError::file(
                            &f.display,
                            &format!("objective {id:?} is listed twice with different texts"),
                        )),
                        None => out.list.push((id, t)),
                    },
                    (k, _) => errors.push(LoadError::file(
                        &f.display,
                        &format!("objective {k:?}: write each objective as `ID: text`, the id quoted when it is a bare number"),
                    )),
                }
            }
        }
        Err(e) => errors.push(serde_error(f, &e, None)),
    }
}

/// The bundled exam objectives, for a bank that brings none.
fn bundled_objectives() -> Objectives {
    let mut out = Objectives::default();
    let mut errors = Vec::new();
    if let Some(f) = crate::bank::embedded_sources().into_iter().find(|f| f.in_root == OBJECTIVES) {
        load_objectives(&f, &String::from_utf8_lossy(&f.bytes), &mut out, &mut errors);
    }
    out
}

/// Reads the Terraform Associate (004) exam file.
fn load_exam(f: &SourceFile, text: &str, out: &mut Exam, errors: &mut Vec<LoadError>) {
    if !expands_within_limit(f, text, errors) {
        return;
    }
    match exam::parse(text) {
        // Several bank folders may each bring the same exam file.
        Ok(e) if out.is_empty() || *out == e => *out = e,
        Ok(_) => errors.push(LoadError::file(
            &f.display,
            &format!("{ASSOCIATE} is given twice with different contents"),
        )),
        Err(problems) => {
            for m in problems {
                errors.push(LoadError::file(&f.display, &m));
            }
        }
    }
}

/// The bundled Terraform Associate (004) exam, for a bank that brings none.
fn bundled_associate() -> Exam {
    let mut out = Exam::default();
    let mut errors = Vec::new();
    if let Some(f) = crate::bank::embedded_sources().into_iter().find(|f| f.in_root == ASSOCIATE) {
        load_exam(&f, &String::from_utf8_lossy(&f.bytes), &mut out, &mut errors);
    }
    out
}

/// A serde_yaml error at its position, naming the question it is in when the tree says.
fn serde_error(f: &SourceFile, e: &serde_yaml::Error, tree: Option<&Node>) -> LoadError {
    let full = e.to_string();
    let (pos, mut msg) = match e.location() {
        Some(l) => {
            let suffix = format!(" at line {} column {}", l.line(), l.column());
            let msg = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
            (
                Pos {
                    line: l.line(),
                    column: l.column(),
                },
                msg,
            )
        }
        None => (Pos { line: 1, column: 1 }, full.clone()),
    };
    // "questions[3].kind: ..." names the question by index.
    let mut id = None;
    if let Some(rest) = msg.strip_prefix("questions[")
        && let Some((num, tail)) = rest.split_once(']')
        && let Ok(i) = num.parse::<usize>()
    {
        id = tree
            .and_then(|t| t.get("questions"))
            .and_then(|qs| qs.item(i))
            .and_then(|q| q.get("id"))
            .and_then(Node::scalar)
            .map(str::to_string);
        let tail = tail.trim_start_matches('.').trim_start_matches(": ");
        msg = if id.is_some() {
            tail.to_string()
        } else {
            format!("question {}: {tail}", i + 1)
        };
    }
    if let Some(rest) = msg.split("unknown field `").nth(1)
        && let Some((field, _)) = rest.split_once('`')
    {
        let known: Vec<String> = match msg.split_once("expected one of") {
            Some((_, list)) => list.split('`').skip(1).step_by(2).map(str::to_string).collect(),
            None => question_fields(),
        };
        if let Some(s) = crate::lang::syntax::suggest::closest(field, known.iter()) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
    }
    // A syntax error: the tree is gone, so find the question by the nearest `- id:` above.
    if id.is_none() && tree.is_none() {
        id = id_above(&f.bytes, pos.line);
    }
    if msg.contains("EOF while parsing") && f.bytes.iter().all(|b| b.is_ascii_whitespace()) {
        msg = "the file is empty: a bank file needs `topic:` and `questions:`".into();
    }
    LoadError::at(&f.display, pos, id.as_deref(), msg)
}

/// The id of the block-style question (`- id: X`) starting at or above `line`.
fn id_above(bytes: &[u8], line: usize) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().take(line).collect();
    lines.iter().rev().find_map(|l| {
        let rest = l.trim_start().strip_prefix('-')?.trim_start().strip_prefix("id:")?;
        let id = rest.trim().trim_matches(|c| c == '"' || c == '\'');
        valid_id(id).then(|| id.to_string())
    })
}

/// The engine named by a file's folder (`terraform/x.yaml` → terraform).
fn folder_engine(in_root: &str) -> Option<(Engine, String)> {
    let (first, rest) = in_root.split_once('/')?;
    if rest.is_empty() {
        return None;
    }
    Engine::from_name(first).map(|e| (e, first.to_string()))
}

/// A question id, the file it is in and where its question starts.
type IdAt = (String, String, Pos);

/// A loaded file's topic and questions.
type FileQuestions = (String, Vec<Question>);

/// Deepest `[` / `{` nesting (counted naively, strings included) the fast path takes on: deep
/// flow collections go to yaml-rust2 first, which refuses them before serde_yaml is run.
const FAST_FLOW_DEPTH: usize = 64;

fn load_file(f: &SourceFile, text: &str, catalogue: &Catalogue, ids: &mut Vec<IdAt>, errors: &mut Vec<LoadError>) -> Option<FileQuestions> {
    if !expands_within_limit(f, text, errors) {
        return None;
    }
    if let Some((file_ids, loaded)) = load_clean_file(f, text, catalogue) {
        ids.extend(file_ids);
        return Some(loaded);
    }
    load_file_located(f, text, catalogue, ids, errors)
}

/// A file that loads without a problem, read with serde_yaml alone and its questions' starts
/// from a line scan; `None` for anything else (the located load then reports every problem at
/// its position). Both loads give the same questions for a clean file.
fn load_clean_file(f: &SourceFile, text: &str, catalogue: &Catalogue) -> Option<(Vec<IdAt>, FileQuestions)> {
    if flow_depth(text) > FAST_FLOW_DEPTH {
        return None;
    }
    let starts = crate::bank::load::starts::question_starts(text)?;
    let raw: RawFile = serde_yaml::from_str(text).ok()?;
    if raw.topic.trim().is_empty() || raw.questions.is_empty() || raw.questions.len() != starts.len() {
        return None;
    }
    let (mut ids, mut errors) = (Vec::new(), Vec::new());
    let loaded = build_file(
        f,
        raw,
        catalogue,
        |i| (None, starts.get(i).copied().unwrap_or(Pos { line: 1, column: 1 })),
        &mut ids,
        &mut errors,
    );
    errors.is_empty().then_some((ids, loaded))
}

/// The questions of a parsed file; `place(i)` gives question `i`'s tree node (for positions
/// of its problems) and its start.
fn build_file<'t>(
    f: &SourceFile,
    raw: RawFile,
    catalogue: &Catalogue,
    place: impl Fn(usize) -> (Option<&'t Node>, Pos),
    ids: &mut Vec<IdAt>,
    errors: &mut Vec<LoadError>,
) -> FileQuestions {
    let ctx = FileCtx {
        f,
        catalogue,
        topic: raw.topic.clone(),
        file_engine: raw.engine,
        folder: folder_engine(&f.in_root),
    };
    let mut out = Vec::new();
    for (i, rq) in raw.questions.into_iter().enumerate() {
        let (node, pos) = place(i);
        ids.push((rq.id.clone(), f.display.clone(), pos));
        if let Some(q) = build(rq, &ctx, node, pos, errors) {
            out.push(q);
        }
    }
    (raw.topic, out)
}

/// The deepest nesting of `[` and `{`, counting every bracket of the text.
fn flow_depth(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

fn load_file_located(
    f: &SourceFile,
    text: &str,
    catalogue: &Catalogue,
    ids: &mut Vec<IdAt>,
    errors: &mut Vec<LoadError>,
) -> Option<FileQuestions> {
    let tree = match located::parse_checked(text) {
        Ok(t) => Some(t),
        Err(fail) if fail.too_deep => {
            errors.push(too_deep(f, &fail));
            return None;
        }
        Err(_) => None,
    };
    let raw: RawFile = match serde_yaml::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            errors.push(serde_error(f, &e, tree.as_ref()));
            return None;
        }
    };
    let root_pos = Pos { line: 1, column: 1 };
    if raw.topic.trim().is_empty() {
        let pos = tree.as_ref().map(|t| t.key_pos("topic")).unwrap_or(root_pos);
        errors.push(LoadError::at(&f.display, pos, None, "`topic` is empty"));
    }
    if raw.questions.is_empty() {
        let pos = tree.as_ref().map(|t| t.key_pos("questions")).unwrap_or(root_pos);
        errors.push(LoadError::at(
            &f.display,
            pos,
            None,
            "`questions` is empty: a bank file holds at least one question",
        ));
    }
    let items = tree.as_ref().and_then(|t| t.get("questions")).map(|q| q.items()).unwrap_or(&[]);
    let place = |i: usize| (items.get(i), items.get(i).map(|n| n.pos).unwrap_or(root_pos));
    Some(build_file(f, raw, catalogue, place, ids, errors))
}

struct FileCtx<'a> {
    f: &'a SourceFile,
    catalogue: &'a Catalogue,
    topic: String,
    file_engine: Option<Engine>,
    folder: Option<(Engine, String)>,
}

/// Collects a question's problems at the right positions.
struct Problems<'a> {
    path: &'a str,
    node: Option<&'a Node>,
    start: Pos,
    id: String,
    errors: Vec<LoadError>,
}

impl Problems<'_> {
    fn start(&self) -> Pos {
        self.start
    }
    fn field(&mut self, field: &str, msg: impl Into<String>) {
        let pos = self.node.map(|n| n.key_pos(field)).unwrap_or(self.start());
        self.errors.push(LoadError::at(self.path, pos, Some(&self.id), msg));
    }
    fn sub_field(&mut self, field: &str, key: &str, msg: impl Into<String>) {
        let pos = self
            .node
            .and_then(|n| n.get(field))
            .map(|m| m.key_pos(key))
            .unwrap_or_else(|| self.node.map(|n| n.key_pos(field)).unwrap_or(self.start()));
        self.errors.push(LoadError::at(self.path, pos, Some(&self.id), msg));
    }
    fn item(&mut self, field: &str, i: usize, msg: impl Into<String>) {
        let pos = self
            .node
            .and_then(|n| n.get(field))
            .and_then(|l| l.item(i))
            .map(|n| n.pos)
            .unwrap_or_else(|| self.node.map(|n| n.key_pos(field)).unwrap_or(self.start()));
        self.errors.push(LoadError::at(self.path, pos, Some(&self.id), msg));
    }
}

/// True for an id: letters, digits, `.`, `_`, `-`, starting with a letter or digit.
pub fn valid_id(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphanumeric()) && cs.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

fn build(rq: RawQuestion, ctx: &FileCtx, node: Option<&Node>, start: Pos, errors: &mut Vec<LoadError>) -> Option<Question> {
    let mut p = Problems {
        path: &ctx.f.display,
        node,
        start,
        id: rq.id.clone(),
        errors: Vec::new(),
    };
    if !valid_id(&rq.id) {
        p.field(
            "id",
            format!(
                "id {:?} is not usable: use letters, digits, `.`, `_` and `-`, starting with a letter or digit",
                rq.id
            ),
        );
    }
    // Engine: the question's, else the file's, else the engine folder's.
    let engine = match (rq.engine.or(ctx.file_engine), &ctx.folder) {
        (Some(e), Some((folder, name))) if e != *folder => {
            p.field(
                "engine",
                format!("engine `{e}` in a file under the `{name}/` folder: move the file or fix the engine"),
            );
            Some(e)
        }
        (Some(e), _) => Some(e),
        (None, Some((folder, _))) => Some(*folder),
        (None, None) => {
            p.field(
                "id",
                "no engine: set `engine:` (terraform, cfnrain or rivet) on the question or the file, or put the file in an engine folder",
            );
            None
        }
    };
    if let Some(t) = &rq.topic
        && t != &ctx.topic
    {
        p.field(
            "topic",
            format!("topic {t:?} differs from the file's topic {:?}: one topic per file", ctx.topic),
        );
    }
    for (i, t) in rq.tags.iter().enumerate() {
        if t.trim().is_empty() {
            p.item("tags", i, "a tag is empty");
        }
    }
    let lesson = LessonRef {
        seed: rq.lesson.seed.0.clone(),
        section: rq.lesson.section.clone(),
    };
    if rq.lesson.section.trim().is_empty() {
        p.field("lesson", "`lesson.section` is empty: name the section that teaches this question");
    } else if let Some(m) = ctx.catalogue.problem(&lesson) {
        p.field("lesson", m);
    }
    let given = References {
        quote: rq.quote.clone(),
        docs: rq.docs.clone(),
        objective: rq.objective.clone(),
        associate: rq.associate.as_ref().map(|a| a.ids.clone()).unwrap_or_default(),
        since: rq.since.clone(),
        changelog: rq.changelog.clone(),
    };
    if let Some(a) = &rq.associate {
        associate_problems(&mut p, a, engine, &ctx.catalogue.associate);
    }
    if let Some(e) = engine {
        let seed = ctx.catalogue.seeds.get(&lesson.seed);
        for (field, m) in refs::problems(&given, e, &lesson, seed, &ctx.catalogue.objectives) {
            p.field(field, m);
        }
    }
    if rq.prompt.trim().is_empty() {
        p.field("prompt", "`prompt` is empty");
    }
    if rq.explain.trim().is_empty() {
        p.field("explain", "`explain` is empty: say why the answer is what it is");
    }
    let difficulty = match u8::try_from(rq.difficulty) {
        Ok(d @ 1..=5) => d,
        _ => {
            p.field(
                "difficulty",
                format!("difficulty must be 1 (easy) to 5 (hard), got {}", rq.difficulty),
            );
            1
        }
    };
    for (i, m) in rq.misconceptions.iter().enumerate() {
        if !valid_id(m) {
            p.item(
                "misconceptions",
                i,
                format!("misconception id {m:?} is not an id (letters, digits, `.`, `_`, `-`)"),
            );
        }
    }
    // The source, as its engine reads it.
    let (source, faults) = sources::source(engine.unwrap_or(Engine::Terraform), &rq);
    if engine.is_some() {
        for f in faults {
            p.field(f.field, f.message);
        }
    }
    let notation_engine = engine.unwrap_or(Engine::Terraform);
    // The stated answer and claim, by kind.
    let answer = rq.answer.as_ref().and_then(|a| match stated(notation_engine, rq.kind, a) {
        Ok(s) => Some(s),
        Err(m) => {
            p.field("answer", m);
            None
        }
    });
    let claim = match (&rq.claim, rq.kind) {
        (None, _) => None,
        (Some(c), Kind::Truefalse) => match notation::to_text(notation_engine, c) {
            Ok(t) => Some(t),
            Err(m) => {
                p.field("claim", format!("claim: {m}"));
                None
            }
        },
        (Some(_), k) => {
            p.field("claim", format!("`claim` is only for truefalse questions, and this one is `{k}`"));
            None
        }
    };
    let mut distractors = Vec::new();
    if rq.kind == Kind::Truefalse && !rq.distractors.is_empty() {
        p.field(
            "distractors",
            "a truefalse question takes no distractors (its choices are true and false)",
        );
    } else {
        for (i, d) in rq.distractors.iter().enumerate() {
            match distractor(notation_engine, d) {
                Ok(d) => distractors.push(d),
                Err(m) => p.item("distractors", i, format!("distractor {}: {m}", i + 1)),
            }
        }
    }
    // Parameters and their placeholders.
    let mut specs = Params::new();
    for (name, v) in &rq.params {
        match params::parse_spec(name, v) {
            Ok(s) => {
                specs.insert(name.clone(), s);
            }
            Err(m) => p.sub_field("params", name, m),
        }
    }
    let mut texts: Vec<(&str, String)> = vec![("prompt", rq.prompt.clone()), ("explain", rq.explain.clone())];
    texts.extend(source.texts().into_iter().map(|(f, t)| (f, t.to_string())));
    if let Some(a) = &answer {
        texts.push(("answer", stated_text(a)));
    }
    if let Some(c) = &claim {
        texts.push(("claim", c.clone()));
    }
    for d in &distractors {
        texts.push(("distractors", stated_text(&d.answer)));
        if let Some(w) = &d.why {
            texts.push(("distractors", w.clone()));
        }
    }
    let mut used = BTreeSet::new();
    for (field, t) in &texts {
        for name in params::names_in(t) {
            if !rq.params.contains_key(&name) {
                let hint = crate::lang::syntax::suggest::closest(&name, rq.params.keys())
                    .map(|s| format!("; did you mean `{{{{{s}}}}}`?"))
                    .unwrap_or_else(|| {
                        if rq.params.is_empty() {
                            "; declare it under `params:`".into()
                        } else {
                            format!("; declared params: {}", rq.params.keys().cloned().collect::<Vec<_>>().join(", "))
                        }
                    });
                p.field(field, format!("`{field}` uses {{{{{name}}}}}, which is not a declared param{hint}"));
            }
            used.insert(name);
        }
    }
    for name in rq.params.keys() {
        if !used.contains(name) && specs.contains_key(name) {
            p.sub_field(
                "params",
                name,
                format!("param `{name}` is never used: write {{{{{name}}}}} in the prompt or source, or remove it"),
            );
        }
    }
    // Bound the instance before any is built: a placeholder repeated many times multiplies
    // its value, and `check`, `quiz new` and practice would all build the whole text.
    let sizes: Vec<(&str, usize)> = texts.iter().map(|(f, t)| (*f, params::largest_filled(t, &specs))).collect();
    let total = sizes.iter().fold(0usize, |n, (_, k)| n.saturating_add(*k));
    if total > params::MAX_INSTANCE_BYTES {
        let (field, most) = sizes.iter().max_by_key(|(_, k)| *k).copied().unwrap_or(("prompt", 0));
        p.field(
            "id",
            format!(
                "an instance of this question would be {total} bytes once its {{{{params}}}} are filled in (`{field}` alone {most} bytes); the limit is {} bytes ({} KiB): repeat a placeholder less or shorten its values",
                params::MAX_INSTANCE_BYTES,
                params::MAX_INSTANCE_BYTES / 1024
            ),
        );
    }
    let expr_syntax = match engine {
        Some(Engine::Terraform) if params::names_in(&source.expr).is_empty() => expr_syntax(ctx.f, node, &rq.id, &source.expr),
        _ => None,
    };
    let ok = p.errors.is_empty();
    let start = p.start();
    errors.append(&mut p.errors);
    if !ok {
        return None;
    }
    Some(Question {
        id: rq.id,
        engine: engine.unwrap_or(Engine::Terraform),
        topic: ctx.topic.clone(),
        tags: rq.tags,
        lesson,
        refs: given,
        prompt: rq.prompt,
        source,
        kind: rq.kind,
        answer,
        claim,
        explain: rq.explain,
        misconceptions: rq.misconceptions,
        difficulty,
        distractors,
        params: specs,
        strict_types: rq.strict_types,
        origin: Origin {
            path: ctx.f.display.clone(),
            rel: ctx.f.rel.clone(),
            line: start.line,
            column: start.column,
            expr_syntax,
        },
    })
}

/// The problems of a question's `associate:` ids: each must be an objective of the exam file,
/// named once, on a terraform question.
fn associate_problems(p: &mut Problems, a: &crate::bank::load::raw::IdList, engine: Option<Engine>, exam: &Exam) {
    let report = |p: &mut Problems, i: usize, m: String| {
        if a.list {
            p.item("associate", i, m);
        } else {
            p.field("associate", m);
        }
    };
    if a.ids.is_empty() {
        p.field(
            "associate",
            "`associate` is an empty list: name an objective id (`associate: 4f`) or leave it out",
        );
    }
    if let Some(e) = engine
        && e != Engine::Terraform
    {
        p.field(
            "associate",
            format!("`associate` names Terraform Associate (004) exam objectives, and this is a {e} question: leave it out"),
        );
        return;
    }
    for (i, id) in a.ids.iter().enumerate() {
        if let Some(m) = exam.problem(id) {
            report(p, i, m);
        } else if a.ids[..i].contains(id) {
            report(p, i, format!("associate objective {id:?} is named twice"));
        }
    }
}

/// Where a syntax error in question `id`'s `expr` (its tree `node`, when the load built one)
/// sits in the file.
/// Not a load error: an error question may be about exactly that syntax error. A text with
/// placeholders is left out, its offsets change once they are filled in.
fn expr_syntax(f: &SourceFile, node: Option<&Node>, id: &str, expr: &str) -> Option<ExprSyntax> {
    let d = crate::lang::syntax::parse_expr(expr).err()?;
    let at = d.span.as_ref()?.start;
    let text = std::str::from_utf8(&f.bytes).ok()?;
    let expr_at = |q: &Node| q.get("expr").map(|e| e.pos);
    // A file that loaded on the fast path has no tree; read one for this rare case.
    let start = match node {
        Some(q) => expr_at(q)?,
        None => located::parse(text)?
            .get("questions")?
            .items()
            .iter()
            .find(|q| q.get("id").and_then(Node::scalar) == Some(id))
            .and_then(expr_at)?,
    };
    let p = crate::bank::load::scalar_pos::inside(text, start, expr, at);
    Some(ExprSyntax {
        line: p.line,
        column: p.column,
        near: crate::bank::load::scalar_pos::line_around(expr, at).chars().take(80).collect(),
        summary: d.summary,
        detail: d.detail,
    })
}

/// The text of a stated answer that placeholders may appear in.
pub fn stated_text(s: &Stated) -> String {
    match s {
        Stated::Value(t) | Stated::Error(t) => t.clone(),
        Stated::Bool(b) => b.to_string(),
    }
}

/// Reads an author's `answer:` for a question of `kind`, in `engine`'s notation.
fn stated(engine: Engine, kind: Kind, v: &serde_yaml::Value) -> Result<Stated, String> {
    use serde_yaml::Value as Y;
    match kind {
        Kind::Choice | Kind::Input => notation::to_text(engine, v).map(Stated::Value).map_err(|m| format!("answer: {m}")),
        Kind::Error => match v {
            Y::String(s) if !s.trim().is_empty() => Ok(Stated::Error(error_summary(s))),
            _ => Err("an error question's `answer` is the error's summary as text, e.g. answer: Invalid index".into()),
        },
        Kind::Truefalse => match v {
            Y::Bool(b) => Ok(Stated::Bool(*b)),
            Y::String(s) if s.trim() == "true" => Ok(Stated::Bool(true)),
            Y::String(s) if s.trim() == "false" => Ok(Stated::Bool(false)),
            _ => Err("a truefalse question's `answer` is true or false".into()),
        },
    }
}

/// An error summary as written, without a leading `Error: `.
fn error_summary(s: &str) -> String {
    let t = s.trim();
    t.strip_prefix("Error:").map(str::trim).unwrap_or(t).to_string()
}

/// Reads one `distractors:` entry: a value (as for `answer`), or `{value: ..., why: ...}`, or
/// `{error: Summary, why: ...}`.
fn distractor(engine: Engine, v: &serde_yaml::Value) -> Result<Distractor, String> {
    use serde_yaml::Value as Y;
    let Y::Mapping(m) = v else {
        return notation::to_text(engine, v).map(|t| Distractor {
            answer: Stated::Value(t),
            why: None,
        });
    };
    let mut value = None;
    let mut error = None;
    let mut why = None;
    for (k, val) in m {
        match k.as_str() {
            Some("value") => value = Some(val),
            Some("error") => error = Some(val),
            Some("why") => match val {
                Y::String(s) => why = Some(s.clone()),
                _ => return Err("`why` must be text".into()),
            },
            _ => {
                return Err(format!(
                    "unknown key {:?}: a distractor written as a map takes `value` or `error`, and `why` (to give a map value, write it under `value:`)",
                    k.as_str().unwrap_or("?")
                ));
            }
        }
    }
    let answer = match (value, error) {
        (Some(v), None) => Stated::Value(notation::to_text(engine, v)?),
        (None, Some(Y::String(s))) if !s.trim().is_empty() => Stated::Error(error_summary(s)),
        (None, Some(_)) => return Err("`error` must be an error summary, as text".into()),
        (Some(_), Some(_)) => return Err("give `value` or `error`, not both".into()),
        (None, None) => return Err("a distractor written as a map needs `value:` or `error:`".into()),
    };
    Ok(Distractor { answer, why })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled() -> (Catalogue, Vec<SourceFile>) {
        let files = crate::bank::embedded_sources();
        let mut catalogue = Catalogue::default();
        let mut errors = Vec::new();
        let mut paths = Vec::new();
        for f in files.iter().filter(|f| f.in_root == CATALOGUE) {
            paths.extend(load_catalogue(
                f,
                std::str::from_utf8(&f.bytes).unwrap_or(""),
                &mut catalogue,
                &mut errors,
            ));
        }
        let texts = files
            .iter()
            .filter(|f| crate::bank::load::files::is_seed_text(&f.in_root))
            .map(|f| {
                (
                    f.in_root.clone(),
                    (f.display.clone(), String::from_utf8_lossy(&f.bytes).to_string()),
                )
            })
            .collect();
        attach_seeds(&paths, &texts, &mut catalogue, &mut errors);
        catalogue.objectives = bundled_objectives();
        catalogue.associate = bundled_associate();
        assert!(errors.is_empty(), "{errors:?}");
        let question_file = |f: &SourceFile| {
            f.in_root != CATALOGUE
                && f.in_root != OBJECTIVES
                && f.in_root != ASSOCIATE
                && !crate::bank::load::files::is_seed_text(&f.in_root)
        };
        (catalogue, files.into_iter().filter(question_file).collect())
    }

    /// The one-parse load of a clean file gives what the located load gives, positions included.
    #[test]
    fn the_clean_file_load_is_the_located_load() {
        let (catalogue, files) = bundled();
        let mut fast = 0;
        for f in &files {
            let text = std::str::from_utf8(&f.bytes).unwrap_or("");
            let (mut ids, mut errors) = (Vec::new(), Vec::new());
            let located = load_file_located(f, text, &catalogue, &mut ids, &mut errors);
            assert!(errors.is_empty(), "{}: {errors:?}", f.display);
            if let Some((clean_ids, clean)) = load_clean_file(f, text, &catalogue) {
                assert_eq!(clean_ids, ids, "{}", f.display);
                assert_eq!(Some(clean), located, "{}", f.display);
                fast += 1;
            }
        }
        assert_eq!(fast, files.len(), "every bundled file takes the one-parse load");
    }

    #[test]
    fn a_file_with_a_problem_is_left_to_the_located_load() {
        let (catalogue, files) = bundled();
        let Some(f) = files.first() else { panic!("no bundled file") };
        let text = std::str::from_utf8(&f.bytes)
            .unwrap_or("")
            .replacen("difficulty: ", "difficulty: 9", 1);
        assert!(load_clean_file(f, &text, &catalogue).is_none());
        let deep = format!("{}\n# {}\n", std::str::from_utf8(&f.bytes).unwrap_or(""), "[".repeat(100));
        assert!(
            load_clean_file(f, &deep, &catalogue).is_none(),
            "deep brackets go to yaml-rust2 first"
        );
    }
}
