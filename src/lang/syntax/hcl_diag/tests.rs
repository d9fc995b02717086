use super::*;

fn first(src: &str) -> String {
    match expr_first(src, Hcl::NEWEST) {
        Some(d) => format!("{} @{:?}", d.summary, d.span.unwrap_or(0..0)),
        None => "ok".into(),
    }
}

fn first_old(src: &str) -> String {
    let old = Hcl {
        eof_messages: false,
        double_colon: false,
    };
    match expr_first(src, old) {
        Some(d) => format!("{} @{:?}", d.summary, d.span.unwrap_or(0..0)),
        None => "ok".into(),
    }
}

fn body_first(src: &str) -> String {
    match body(src, Hcl::NEWEST, "main.tf").and_then(|(d, _)| d.into_iter().next()) {
        Some(d) => format!("{} @{:?}", d.summary, d.span.unwrap_or(0..0)),
        None => "ok".into(),
    }
}

#[test]
fn valid_input_has_no_errors() {
    for e in [
        "1 + 2 * 3",
        "[for k, v in {a = 1} : \"${k}=${v}\" if v > 0]",
        "{for x in [1] : x => x...}",
        "a.b[0].c[*].d",
        "a.*.b.0",
        "f(1, 2, [3]...)",
        "x ? y : z",
        "\"a${b}c%{if x}y%{else}z%{endif}\"",
        "<<EOT\nhello ${x}\nEOT\n",
        "\"\\u00e9\\n\\\\\"",
        "!true && -1 < 2",
        "provider::a::b(1)",
        "/* c */ 1 # tail",
    ] {
        assert_eq!(first(e), "ok", "{e}");
    }
    for b in [
        "a = 1\nb \"x\" {\n  c = 2\n}\n",
        "x { a = 1 }\n",
        "locals {\n  a = [\n    1,\n  ]\n}\n",
    ] {
        assert_eq!(body_first(b), "ok", "{b}");
    }
}

#[test]
fn expression_errors() {
    assert_eq!(first("[1, 2"), "Unterminated tuple constructor expression @0..1");
    assert_eq!(first_old("[1, 2"), "Missing item separator @5..5");
    assert_eq!(first("1 +"), "Missing expression @3..3");
    assert_eq!(first_old("1 +"), "Invalid expression @3..3");
    assert_eq!(first("f(1 2)"), "Missing argument separator @4..5");
    assert_eq!(first("(1"), "Unbalanced parentheses @2..2");
    assert_eq!(first("1 2"), "Extra characters after expression @2..3");
    assert_eq!(first("a & b"), "Unsupported operator @2..3");
    assert_eq!(first("\"\\q\""), "Invalid escape sequence @1..3");
    assert_eq!(first("\"${x\""), "Unclosed template interpolation sequence @1..3");
    assert_eq!(first("\"%{ fi }\""), "Invalid template control keyword @4..6");
    assert_eq!(first("\"%{if x}\""), "Unexpected end of template @8..9");
    assert_eq!(first("a.1.2"), "Invalid legacy index syntax @2..5");
    assert_eq!(first("[for x in y: x => x]"), "Invalid 'for' expression @13..14");
    assert_eq!(first("{a = 1 b = 2}"), "Missing attribute separator @7..8");
    assert_eq!(first("a::b"), "Missing open parenthesis @4..4");
}

#[test]
fn body_errors() {
    assert_eq!(body_first("locals {\n  a b\n}\n"), "Invalid block definition @14..15");
    assert_eq!(
        body_first("x { a = 1, b = 2 }\n"),
        "Invalid single-argument block definition @9..10"
    );
    assert_eq!(body_first("a = 1\na = 2\n"), "Attribute redefined @6..7");
    assert_eq!(body_first("x {\n"), "Unclosed configuration block @2..3");
    assert_eq!(body_first("\"a\" = 1\n"), "Invalid argument name @0..1");
}

/// The parser is total: no input makes it panic, however mangled or deep.
#[test]
fn never_panics() {
    let seeds = [
        "locals {\n  a = \"${x}\" # c\n  b = <<-EOT\n  ${y}\n  EOT\n}\n",
        "[for k, v in {a = 1} : \"${k}%{if v}y%{endif}\" if v > 0]",
        "f(a.b[*].c, {x = [1, 2]}, \"\\u12\", x ? y : z...)",
        "a \"b\" { c = d }\nq = 1.2.3 ~} $ `x' ; \u{201c}",
    ];
    let alphabet: Vec<char> = "{}[]()\"$%~<-\n#/*=:,.?!&|'`;\\ aE1\r\t".chars().collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rand = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for seed in seeds {
        let chars: Vec<char> = seed.chars().collect();
        for _ in 0..400 {
            let mut m = chars.clone();
            for _ in 0..(rand() % 4 + 1) {
                let i = (rand() as usize) % (m.len() + 1);
                let c = alphabet[(rand() as usize) % alphabet.len()];
                match rand() % 3 {
                    0 if i < m.len() => {
                        m.remove(i);
                    }
                    1 if i < m.len() => m[i] = c,
                    _ => m.insert(i, c),
                }
            }
            let s: String = m.into_iter().collect();
            let _ = expr(&s, Hcl::NEWEST);
            let _ = body(&s, Hcl::NEWEST, "main.tf");
            let _ = template(
                &s,
                Hcl {
                    eof_messages: false,
                    double_colon: false,
                },
                "t",
            );
            for i in 0..=s.len() {
                if s.is_char_boundary(i) {
                    let _ = expr(&s[..i], Hcl::NEWEST);
                }
            }
        }
    }
    let deep = "[".repeat(5000) + &"!".repeat(5000) + &"(".repeat(5000);
    assert!(expr(&deep, Hcl::NEWEST).is_none());
    let _ = body(&("a {\n".repeat(3000)), Hcl::NEWEST, "main.tf");
}
