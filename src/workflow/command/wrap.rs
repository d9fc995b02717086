//! Word wrapping as Terraform's output does it (the go-wordwrap rules: breaks only at white
//! space, a word longer than the limit is left whole, existing line breaks kept, trailing
//! spaces at a break dropped; widths counted in characters; a non-breaking space is part of a
//! word).

/// Wraps `s` so that no line is longer than `limit` characters where a break can be made.
pub fn wrap(s: &str, limit: usize) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / limit.max(1));
    let mut current = 0usize;
    let (mut word, mut space) = (String::new(), String::new());
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    out.push_str(&space);
                }
            } else {
                out.push_str(&space);
                out.push_str(&word);
            }
            space.clear();
            word.clear();
            (space_len, word_len) = (0, 0);
            out.push('\n');
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                out.push_str(&word);
                space.clear();
                word.clear();
                (space_len, word_len) = (0, 0);
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + space_len + word_len > limit && word_len < limit {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_as_terraform_prints_a_detail() {
        // Terraform 1.12.2's plan -no-color, detail of "Invalid combination of count and
        // for_each", wrapped at 77.
        let detail = "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.";
        assert_eq!(
            wrap(detail, 77),
            "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one\nshould be used to be explicit about the number of resources to be created."
        );
    }

    #[test]
    fn a_long_word_is_left_whole_and_line_breaks_stay() {
        assert_eq!(wrap("aaaaaaaaaa bb", 5), "aaaaaaaaaa\nbb");
        assert_eq!(wrap("a b\nc d", 3), "a b\nc d");
    }
}
