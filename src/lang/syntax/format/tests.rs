//! The formatter on small inputs whose output was read from `terraform fmt` (tf-oracle 1.12.2);
//! the golden cases in tests/workflow/fmt hold the rest.

use super::format_config;

fn fmt(src: &str) -> String {
    format_config(src, (1, 12, 2))
}

#[test]
fn aligns_indents_and_unwraps() {
    let src =
        "resource \"terraform_data\" \"a\" {\n  input = \"x\"\n    triggers_replace = [1,2]\n}\nlocals {\nb=1\nccc = \"${var.x}\"   \n}\n";
    let want = "resource \"terraform_data\" \"a\" {\n  input            = \"x\"\n  triggers_replace = [1, 2]\n}\nlocals {\n  b   = 1\n  ccc = var.x\n}\n";
    assert_eq!(fmt(src), want);
}

#[test]
fn keeps_line_ends_and_trailing_blanks_at_the_end() {
    assert_eq!(fmt("a=1"), "a = 1");
    assert_eq!(fmt(""), "");
    assert_eq!(fmt("a=1\r\nbb = 2\r\n"), "a  = 1\r\nbb = 2\r\n");
    assert_eq!(fmt("a = 1   "), "a = 1   ");
    assert_eq!(fmt("a = 1\n\n\n\n"), "a = 1\n\n\n\n");
    assert_eq!(fmt("\n\n# c\na = 1\n   \t"), "\n\n# c\na = 1\n    ");
}
