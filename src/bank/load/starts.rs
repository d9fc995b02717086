//! Where each question of a bank file starts, found by a scan of its lines.
//!
//! Loading a file that is written the usual way (a top-level `questions:` key holding a block
//! sequence of mappings) needs no full tree of positions: the questions' starts are all the
//! loader keeps when nothing is wrong. The scan answers only for layouts it can read with
//! certainty and says `None` otherwise; the loader then builds the tree with yaml-rust2, as it
//! does whenever a problem needs its position.

use crate::bank::load::located::Pos;

/// The start of each item of the block sequence under the top-level `questions:` key (the
/// position yaml-rust2 gives that item's mapping: its first key, or the `{` of a flow
/// mapping), or `None` when the file is not laid out in a way this scan reads.
pub fn question_starts(text: &str) -> Option<Vec<Pos>> {
    // Other line breaks would shift the line count; a byte-order mark shifts columns.
    if text.contains(['\r', '\u{85}', '\u{2028}', '\u{2029}', '\u{feff}']) {
        return None;
    }
    let mut lines = text.split('\n').enumerate();
    // The key, at the start of a line, with nothing after it but a comment.
    let after_key = loop {
        let (_, line) = lines.next()?;
        if let Some(rest) = line.strip_prefix("questions:") {
            break rest;
        }
    };
    if !blank_or_comment(after_key) {
        return None;
    }
    let mut indent: Option<usize> = None;
    let mut starts = Vec::new();
    for (i, line) in lines {
        let body = line.trim_start_matches(' ');
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if body.starts_with('\t') {
            return None;
        }
        let n = line.len() - body.len();
        let seq = *indent.get_or_insert(n);
        if n > seq {
            // Inside the current question (block scalars and nested collections are indented
            // deeper than the sequence's dashes).
            continue;
        }
        if n < seq || !body.starts_with('-') {
            // The sequence has ended: the next top-level key, or a document marker.
            if n == 0 {
                break;
            }
            return None;
        }
        let item = body.strip_prefix("- ")?;
        let gap = item.len() - item.trim_start_matches(' ').len();
        let first = item[gap..].chars().next()?;
        // Anchors, tags, aliases, block scalars, nested sequences, explicit keys, comments or
        // an empty item: the mapping (if any) starts elsewhere.
        if matches!(first, '&' | '!' | '*' | '|' | '>' | '-' | '?' | '#' | '\t') {
            return None;
        }
        starts.push(Pos {
            line: i + 1,
            column: n + 2 + gap + 1,
        });
    }
    Some(starts)
}

fn blank_or_comment(s: &str) -> bool {
    let t = s.trim_start_matches([' ', '\t']);
    t.is_empty() || (t.starts_with('#') && t.len() < s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn block_items_start_at_their_first_key() {
        let text = "topic: x\nquestions:\n  - id: a\n    kind: input\n\n  # a comment\n  -   id: b\n    prompt: |\n      - not an item\n";
        assert_eq!(question_starts(text), Some(vec![at(3, 5), at(7, 7)]));
    }

    #[test]
    fn a_sequence_at_column_one_ends_at_the_next_key() {
        let text = "questions: # the list\n- id: a\n- {id: b}\ntopic: x\n";
        assert_eq!(question_starts(text), Some(vec![at(2, 3), at(3, 3)]));
    }

    #[test]
    fn layouts_it_does_not_read_are_left_to_the_parser() {
        for text in [
            "questions: [{id: a}]\n",
            "questions:\n  -\n    id: a\n",
            "questions:\n  - &q id: a\n",
            "questions:\n  - id: a\n other: 1\n",
            "questions:\r\n  - id: a\r\n",
            "topic: x\n",
            "\u{feff}questions:\n  - id: a\n",
        ] {
            assert_eq!(question_starts(text), None, "{text:?}");
        }
    }

    /// Every file the scan reads, it reads as the tree does: the bundled bank and every YAML
    /// file of the tests (broken and hostile banks among them).
    #[test]
    fn agrees_with_the_tree_wherever_it_answers() {
        let mut texts: Vec<(String, String)> = crate::bank::load::embedded::FILES
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"))];
        // The crate's own test tree: links to folders are not followed (no loop can form) and
        // the walk is bounded all the same; the reads go through the gate like any other.
        let mut seen = 0;
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                seen += 1;
                assert!(seen < 100_000, "the tests folder holds too many entries to walk");
                let p = e.path();
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml")
                    && let Ok(t) = crate::confine::read_regular_text(&p, super::super::files::MAX_FILE_BYTES)
                {
                    texts.push((p.display().to_string(), t));
                }
            }
        }
        let mut read = 0;
        for (path, text) in &texts {
            let Some(scanned) = question_starts(text) else { continue };
            let Some(tree) = super::super::located::parse(text) else { continue };
            let Some(items) = tree.get("questions").map(|q| q.items()) else {
                continue;
            };
            if scanned.len() != items.len() {
                // The loader uses the scan only when its count is the parsed one.
                continue;
            }
            let from_tree: Vec<Pos> = items.iter().map(|n| n.pos).collect();
            assert_eq!(scanned, from_tree, "{path}");
            read += 1;
        }
        assert!(read >= 30, "the scan reads the bundled files ({read} read)");
    }
}
