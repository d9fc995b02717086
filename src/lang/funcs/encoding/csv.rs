//! csvdecode over a reader that behaves as Go's encoding/csv (RFC 4180, quoted fields, the
//! same errors and line numbers).

use std::collections::BTreeMap;

use super::super::{FnError, FnResult};
use crate::lang::eval::nfc;
use crate::lang::value::{Type, Value};

/// Go's csv.Reader with default settings.
struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
    num_line: usize,
    fields_per_record: Option<usize>,
}

enum ReadError {
    Eof,
    Parse { line: usize, msg: &'static str },
}

const ERR_BARE_QUOTE: &str = "bare \" in non-quoted-field";
const ERR_QUOTE: &str = "extraneous or missing \" in quoted-field";
const ERR_FIELD_COUNT: &str = "wrong number of fields";

fn length_nl(b: &[u8]) -> usize {
    usize::from(b.last() == Some(&b'\n'))
}

impl<'a> Reader<'a> {
    /// One line including its `\n` (CRLF normalised to LF), or None at end of input.
    fn read_line(&mut self) -> Option<Vec<u8>> {
        let rest = self.src.get(self.pos..).unwrap_or(&[]);
        self.num_line += 1;
        if rest.is_empty() {
            return None;
        }
        let (mut line, used) = match rest.iter().position(|&c| c == b'\n') {
            Some(i) => (rest[..=i].to_vec(), i + 1),
            None => {
                let mut l = rest.to_vec();
                if l.last() == Some(&b'\r') {
                    l.pop();
                }
                (l, rest.len())
            }
        };
        self.pos += used;
        let n = line.len();
        if n >= 2 && line[n - 2] == b'\r' && line[n - 1] == b'\n' {
            line.truncate(n - 2);
            line.push(b'\n');
        }
        Some(line)
    }

    fn read_record(&mut self) -> Result<Vec<String>, ReadError> {
        let mut line;
        loop {
            match self.read_line() {
                None => return Err(ReadError::Eof),
                Some(l) if l.len() == length_nl(&l) => continue,
                Some(l) => {
                    line = l;
                    break;
                }
            }
        }
        let rec_line = self.num_line;
        let mut fields: Vec<Vec<u8>> = Vec::new();
        let mut cur = 0usize;
        'fields: loop {
            let rest = &line[cur..];
            if rest.first() != Some(&b'"') {
                let (field, next) = match rest.iter().position(|&c| c == b',') {
                    Some(i) => (&rest[..i], Some(cur + i + 1)),
                    None => (&rest[..rest.len() - length_nl(rest)], None),
                };
                if field.contains(&b'"') {
                    return Err(ReadError::Parse {
                        line: self.num_line,
                        msg: ERR_BARE_QUOTE,
                    });
                }
                fields.push(field.to_vec());
                match next {
                    Some(n) => {
                        cur = n;
                        continue 'fields;
                    }
                    None => break 'fields,
                }
            }
            // Quoted field.
            let mut field: Vec<u8> = Vec::new();
            cur += 1;
            loop {
                let rest = &line[cur..];
                if let Some(i) = rest.iter().position(|&c| c == b'"') {
                    field.extend_from_slice(&rest[..i]);
                    cur += i + 1;
                    let after = &line[cur..];
                    match after.first() {
                        Some(b'"') => {
                            field.push(b'"');
                            cur += 1;
                        }
                        Some(b',') => {
                            cur += 1;
                            fields.push(field);
                            continue 'fields;
                        }
                        _ if length_nl(after) == after.len() => {
                            fields.push(field);
                            break 'fields;
                        }
                        _ => {
                            return Err(ReadError::Parse {
                                line: self.num_line,
                                msg: ERR_QUOTE,
                            });
                        }
                    }
                } else if !rest.is_empty() {
                    field.extend_from_slice(rest);
                    match self.read_line() {
                        Some(l) => {
                            line = l;
                            cur = 0;
                        }
                        None => {
                            line = Vec::new();
                            cur = 0;
                        }
                    }
                } else {
                    return Err(ReadError::Parse {
                        line: self.num_line,
                        msg: ERR_QUOTE,
                    });
                }
            }
        }
        let fields: Vec<String> = fields.into_iter().map(|f| nfc(&String::from_utf8_lossy(&f))).collect();
        match self.fields_per_record {
            Some(n) if n != fields.len() => {
                return Err(ReadError::Parse {
                    line: rec_line,
                    msg: ERR_FIELD_COUNT,
                });
            }
            None => self.fields_per_record = Some(fields.len()),
            _ => {}
        }
        Ok(fields)
    }
}

fn parse_error(e: ReadError) -> FnError {
    match e {
        ReadError::Eof => FnError::Call("EOF".into()),
        ReadError::Parse { line, msg } => FnError::Call(format!("CSV parse error on line {line}: {msg}")),
    }
}

/// csvdecode(str): a list of objects, one per row, keyed by the header row.
pub fn csvdecode(text: &str) -> FnResult {
    let mut r = Reader {
        src: text.as_bytes(),
        pos: 0,
        num_line: 0,
        fields_per_record: None,
    };
    let headers = match r.read_record() {
        Ok(h) => h,
        Err(ReadError::Eof) => return Err(FnError::Call("missing header line".into())),
        Err(e) => return Err(parse_error(e)),
    };
    let mut seen = std::collections::BTreeSet::new();
    for h in &headers {
        if !seen.insert(h.clone()) {
            return Err(FnError::Call(format!(
                "duplicate column name {}",
                crate::lang::value::render::go_quote(h)
            )));
        }
    }
    let obj_ty = Type::Object(headers.iter().map(|h| (h.clone(), Type::String)).collect());
    let mut rows = Vec::new();
    loop {
        match r.read_record() {
            Ok(cols) => {
                let m: BTreeMap<String, Value> = headers.iter().cloned().zip(cols.into_iter().map(Value::string)).collect();
                rows.push(Value::Object(m));
            }
            Err(ReadError::Eof) => break,
            Err(e) => return Err(parse_error(e)),
        }
    }
    Ok(Value::List(obj_ty, rows))
}
