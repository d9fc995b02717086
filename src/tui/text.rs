//! A one-line text editor (the answer line, the playground, the topic filter).

use super::keymap::Edit;

/// The line being typed and its cursor (a character index).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    /// The text.
    pub text: String,
    /// The cursor, in characters from the start.
    pub cursor: usize,
}

impl TextInput {
    /// A line holding `text`, the cursor at its end.
    pub fn with(text: &str) -> TextInput {
        TextInput {
            text: text.to_string(),
            cursor: text.chars().count(),
        }
    }

    fn byte(&self, char_idx: usize) -> usize {
        self.text.char_indices().nth(char_idx).map(|(b, _)| b).unwrap_or(self.text.len())
    }

    /// Inserts a character at the cursor.
    pub fn insert(&mut self, c: char) {
        let b = self.byte(self.cursor);
        self.text.insert(b, c);
        self.cursor += 1;
    }

    /// Inserts `s` at the cursor (a paste), newlines and all.
    pub fn insert_str(&mut self, s: &str) {
        let b = self.byte(self.cursor);
        self.text.insert_str(b, s);
        self.cursor += s.chars().count();
    }

    /// Applies an editing operation.
    pub fn edit(&mut self, e: Edit) {
        let len = self.text.chars().count();
        match e {
            Edit::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let b = self.byte(self.cursor);
                self.text.remove(b);
            }
            Edit::Delete if self.cursor < len => {
                let b = self.byte(self.cursor);
                self.text.remove(b);
            }
            Edit::Left => self.cursor = self.cursor.saturating_sub(1),
            Edit::Right => self.cursor = (self.cursor + 1).min(len),
            Edit::Start => self.cursor = 0,
            Edit::End => self.cursor = len,
            Edit::Clear => *self = TextInput::default(),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_work_on_characters_not_bytes() {
        let mut t = TextInput::with("aé");
        t.edit(Edit::Left);
        t.insert('→');
        assert_eq!(t.text, "a→é");
        t.edit(Edit::Backspace);
        t.edit(Edit::Delete);
        assert_eq!(t.text, "a");
        t.edit(Edit::Start);
        t.insert('x');
        assert_eq!((t.text.as_str(), t.cursor), ("xa", 1));
    }
}
