//! A question as Terraform's UIInput asks it: the query in bold, each line of the description
//! indented by two spaces and a blank line after them, then `Enter a value:` in bold, all
//! coloured as one text (so its reset ends the prompt, after the space).

use super::color::colorize;

/// The prompt for `query` with `description` (empty: none), coloured when `color`.
pub fn prompt(query: &str, description: &str, color: bool) -> String {
    let mut text = format!("[reset][bold]{query}[reset]\n");
    if !description.is_empty() {
        for line in description.lines() {
            text.push_str(&format!("  {line}\n"));
        }
        text.push('\n');
    }
    text.push_str("  [bold]Enter a value:[reset] ");
    colorize(&text, color)
}

#[cfg(test)]
mod tests {
    use super::prompt;

    #[test]
    fn prompts_as_uiinput_writes_them() {
        assert_eq!(prompt("var.x", "", false), "var.x\n  Enter a value: ");
        assert_eq!(prompt("var.x", "Two\nlines", false), "var.x\n  Two\n  lines\n\n  Enter a value: ");
        assert_eq!(
            prompt("\nQ?", "", true),
            "\x1b[0m\x1b[1m\nQ?\x1b[0m\n  \x1b[1mEnter a value:\x1b[0m \x1b[0m"
        );
    }
}
