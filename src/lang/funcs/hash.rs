//! The hash and crypto functions: md5, sha1, sha256, sha512 and their base64 forms, the file
//! variants (read through the sandboxed host), uuid, uuidv5, bcrypt and rsadecrypt.

mod openssh_key;
mod rsa;

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::encoding::b64_encode;
use super::util::{s, string};
use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::Evaluator;
use crate::lang::eval::host::{Kind, PathError};
use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

/// The highest bcrypt cost this evaluator computes: each step doubles the work, and Terraform's
/// own limit (31) would run for days.
const MAX_BCRYPT_COST: i64 = 15;

/// Registers the hash functions.
pub fn register(r: &mut Registry) {
    let str_fn = |imp: super::Impl| Func::new(vec![Param::new("str", Type::String)], imp).returns(Type::String);
    let path_fn = |imp: super::Impl| Func::new(vec![Param::new("path", Type::String)], imp).returns(Type::String);
    r.add("md5", str_fn(|_, a| string(hex(&Md5::digest(s(&a[0]).as_bytes())))));
    r.add("sha1", str_fn(|_, a| string(hex(&Sha1::digest(s(&a[0]).as_bytes())))));
    r.add("sha256", str_fn(|_, a| string(hex(&Sha256::digest(s(&a[0]).as_bytes())))));
    r.add("sha512", str_fn(|_, a| string(hex(&Sha512::digest(s(&a[0]).as_bytes())))));
    r.add(
        "base64sha256",
        str_fn(|_, a| string(b64_encode(&Sha256::digest(s(&a[0]).as_bytes())))),
    );
    r.add(
        "base64sha512",
        str_fn(|_, a| string(b64_encode(&Sha512::digest(s(&a[0]).as_bytes())))),
    );
    r.add("filemd5", path_fn(|ev, a| string(hex(&Md5::digest(read(ev, s(&a[0]))?)))));
    r.add("filesha1", path_fn(|ev, a| string(hex(&Sha1::digest(read(ev, s(&a[0]))?)))));
    r.add("filesha256", path_fn(|ev, a| string(hex(&Sha256::digest(read(ev, s(&a[0]))?)))));
    r.add("filesha512", path_fn(|ev, a| string(hex(&Sha512::digest(read(ev, s(&a[0]))?)))));
    r.add(
        "filebase64sha256",
        path_fn(|ev, a| string(b64_encode(&Sha256::digest(read(ev, s(&a[0]))?)))),
    );
    r.add(
        "filebase64sha512",
        path_fn(|ev, a| string(b64_encode(&Sha512::digest(read(ev, s(&a[0]))?)))),
    );
    r.add("uuid", Func::new(vec![], uuid).returns(Type::String));
    r.add(
        "uuidv5",
        Func::new(
            vec![Param::new("namespace", Type::String), Param::new("name", Type::String)],
            uuidv5,
        )
        .returns(Type::String),
    );
    r.add(
        "bcrypt",
        Func::new(vec![Param::new("str", Type::String)], bcrypt)
            .variadic(Param::new("cost", Type::Number))
            .returns(Type::String),
    );
    r.add(
        "rsadecrypt",
        Func::new(
            vec![Param::new("ciphertext", Type::String), Param::new("privatekey", Type::String)],
            rsa::rsadecrypt,
        )
        .returns(Type::String),
    );
}

/// Lowercase hexadecimal of some bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The path as Go's `filepath.Clean(filepath.Join(moduleDir, path))` prints it in errors.
fn display_path(ev: &Evaluator, path: &str) -> String {
    let joined = if path.starts_with('/') {
        path.to_string()
    } else {
        let dir = ev.host.module_dir.to_string_lossy();
        format!("{dir}/{path}")
    };
    clean(&joined)
}

/// Go's `filepath.Clean` for slash-separated paths.
pub(crate) fn clean(p: &str) -> String {
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            other => parts.push(other),
        }
    }
    let body = parts.join("/");
    match (rooted, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".into(),
        (false, false) => body,
    }
}

/// Reads a file through the sandbox, with the errors Terraform's file hash functions give.
fn read(ev: &Evaluator, path: &str) -> Result<Vec<u8>, FnError> {
    let shown = display_path(ev, path);
    let missing = || FnError::Call(format!("open {shown}: no such file or directory"));
    match ev.host.disk_kind(path) {
        Ok(Kind::File) => {}
        Ok(Kind::Dir) => return Err(FnError::Call(format!("read {shown}: is a directory"))),
        Err(PathError::NoRoot | PathError::Escapes(_) | PathError::Missing(_)) => return Err(missing()),
        Err(e) => return Err(super::filesystem::path_error(path, e)),
    }
    // The read itself goes through the one gate (regular file only, capped at the budget), which
    // checks again as it opens.
    ev.host.read(path).map_err(|e| match e {
        PathError::NoRoot | PathError::Escapes(_) | PathError::Missing(_) => missing(),
        e => super::filesystem::path_error(path, e),
    })
}

/// `n` bytes of randomness: derived from the host's seed and a per-evaluation counter when a
/// seed is set (so an evaluation repeats exactly), from the operating system otherwise.
pub(crate) fn random_bytes(ev: &Evaluator, n: usize) -> Vec<u8> {
    let draw = ev.next_draw();
    match ev.host.seed {
        Some(seed) => {
            let mut out = Vec::with_capacity(n);
            let mut block = 0u64;
            while out.len() < n {
                let mut h = Sha256::new();
                h.update(seed.to_le_bytes());
                h.update(draw.to_le_bytes());
                h.update(block.to_le_bytes());
                out.extend_from_slice(&h.finalize());
                block += 1;
            }
            out.truncate(n);
            out
        }
        None => {
            let mut out = vec![0u8; n];
            if getrandom::fill(&mut out).is_err() {
                // No system randomness: fall back to something that still differs per call.
                let t = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0);
                let mut h = Sha256::new();
                h.update(t.to_le_bytes());
                h.update(draw.to_le_bytes());
                let d = h.finalize();
                for (i, b) in out.iter_mut().enumerate() {
                    *b = d.get(i % d.len()).copied().unwrap_or(0);
                }
            }
            out
        }
    }
}

/// Formats 16 bytes as 8-4-4-4-12 lowercase hex.
fn format_uuid(b: &[u8]) -> String {
    let h = hex(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h.get(0..8).unwrap_or(""),
        &h.get(8..12).unwrap_or(""),
        &h.get(12..16).unwrap_or(""),
        &h.get(16..20).unwrap_or(""),
        &h.get(20..32).unwrap_or("")
    )
}

/// uuid(): 16 random bytes formatted as a UUID (hashicorp/go-uuid sets no version bits).
fn uuid(ev: &Evaluator, _: &[Value]) -> FnResult {
    // A learner may believe uuid() is fixed for a run, like a pure function: every call then
    // gives the first call's value.
    if ev.flipped(crate::lang::dialect::rules::Rule::UuidEveryCallNew) {
        return Ok(ev.remembered("uuid", || Value::string(format_uuid(&random_bytes(ev, 16)))));
    }
    string(format_uuid(&random_bytes(ev, 16)))
}

/// Parses a UUID as github.com/google/uuid's Parse does.
fn parse_uuid(s: &str) -> Result<[u8; 16], String> {
    let b = s.as_bytes();
    let body: &[u8] = match b.len() {
        36 => b,
        38 => {
            if b.first() != Some(&b'{') || b.last() != Some(&b'}') {
                return Err("invalid UUID format".into());
            }
            &b[1..37]
        }
        45 => {
            if !s.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("urn:uuid:")) {
                return Err(format!("invalid urn prefix: {:?}", s.get(..9).unwrap_or("")));
            }
            &b[9..]
        }
        32 => {
            let mut out = [0u8; 16];
            for (i, o) in out.iter_mut().enumerate() {
                *o = hex_pair(b[i * 2], b[i * 2 + 1]).ok_or("invalid UUID format")?;
            }
            return Ok(out);
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if body[8] != b'-' || body[13] != b'-' || body[18] != b'-' || body[23] != b'-' {
        return Err("invalid UUID format".into());
    }
    let mut out = [0u8; 16];
    let starts = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    for (o, &x) in out.iter_mut().zip(starts.iter()) {
        *o = hex_pair(body[x], body[x + 1]).ok_or("invalid UUID format")?;
    }
    Ok(out)
}

fn hex_pair(a: u8, b: u8) -> Option<u8> {
    let d = |c: u8| (c as char).to_digit(16).map(|v| v as u8);
    Some(d(a)? << 4 | d(b)?)
}

/// uuidv5(namespace, name): a name-based (SHA-1) UUID.
fn uuidv5(ev: &Evaluator, a: &[Value]) -> FnResult {
    // A learner may believe uuidv5() is random like uuid().
    if ev.flipped(crate::lang::dialect::rules::Rule::Uuidv5Deterministic) {
        return uuid(ev, &[]);
    }
    let ns_text = s(&a[0]);
    let ns: [u8; 16] = match ns_text {
        "dns" => parse_uuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        "url" => parse_uuid("6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
        "oid" => parse_uuid("6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
        "x500" => parse_uuid("6ba7b814-9dad-11d1-80b4-00c04fd430c8"),
        other => parse_uuid(other),
    }
    .map_err(|e| FnError::Call(format!("uuidv5() doesn't support namespace {ns_text} ({e})")))?;
    let mut h = Sha1::new();
    h.update(ns);
    h.update(s(&a[1]).as_bytes());
    let d = h.finalize();
    let mut u = [0u8; 16];
    u.copy_from_slice(&d[..16]);
    u[6] = (u[6] & 0x0f) | 0x50;
    u[8] = (u[8] & 0x3f) | 0x80;
    string(format_uuid(&u))
}

/// bcrypt(str, cost...): a bcrypt hash ($2a$) with a random salt.
fn bcrypt(ev: &Evaluator, a: &[Value]) -> FnResult {
    let mut cost: i64 = 10;
    if let Some(c) = a.get(1) {
        let n = c.as_number().cloned().unwrap_or_else(Number::zero);
        cost = n
            .to_i64()
            .filter(|_| n.is_integer())
            .ok_or_else(|| FnError::Call("value must be a whole number, between -9223372036854775808 and 9223372036854775807".into()))?;
    }
    if a.len() > 2 {
        return Err(FnError::Call("bcrypt() takes no more than two arguments".into()));
    }
    let password = s(&a[0]).as_bytes();
    if cost < 4 {
        cost = 10;
    }
    if cost > 31 {
        return Err(FnError::Call(format!(
            "error occured generating password crypto/bcrypt: cost {cost} is outside allowed range (4,31)"
        )));
    }
    if password.len() > 72 {
        return Err(FnError::Call(
            "error occured generating password bcrypt: password length exceeds 72 bytes".into(),
        ));
    }
    if cost > MAX_BCRYPT_COST {
        return Err(FnError::Call(format!(
            "error occured generating password: cost {cost} is more than this evaluator computes (at most {MAX_BCRYPT_COST})"
        )));
    }
    let mut salt = [0u8; 16];
    salt.copy_from_slice(&random_bytes(ev, 16));
    let key = (password.to_vec(), cost as u32, salt);
    if let Some(hit) = BCRYPT_MEMO.with(|m| m.borrow().get(&key).cloned()) {
        return string(hit);
    }
    let parts = ::bcrypt::hash_with_salt(password, cost as u32, salt)
        .map_err(|e| FnError::Call(format!("error occured generating password {e}")))?;
    let hash = parts.format_for_version(::bcrypt::Version::TwoA);
    BCRYPT_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= 256 {
            m.clear();
        }
        m.insert(key, hash.clone());
    });
    string(hash)
}

type BcryptKey = (Vec<u8>, u32, [u8; 16]);

thread_local! {
    // bcrypt is slow by design, and a seeded host gives the same salt every time a question is
    // re-evaluated (once per misconception, per instance), so the hash is remembered.
    static BCRYPT_MEMO: std::cell::RefCell<std::collections::HashMap<BcryptKey, String>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_paths() {
        assert_eq!(clean("./missing"), "missing");
        assert_eq!(clean("a/../../b"), "../b");
        assert_eq!(clean("/x/./y/"), "/x/y");
    }

    #[test]
    fn seeded_randomness_repeats() {
        use crate::lang::dialect::rules::Rules;
        use crate::lang::eval::EmptyScope;
        let funcs = Registry::builtins();
        let host = crate::lang::eval::host::Host {
            seed: Some(42),
            ..crate::lang::eval::host::Host::default()
        };
        let rules = Rules::real();
        let draw = || {
            let ev = Evaluator::new(&rules, &EmptyScope, &funcs, &host);
            (random_bytes(&ev, 16), random_bytes(&ev, 16))
        };
        let (a1, a2) = draw();
        let (b1, b2) = draw();
        assert_eq!((&a1, &a2), (&b1, &b2));
        assert_ne!(a1, a2);
    }

    #[test]
    fn parses_uuid_forms() {
        let want = parse_uuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8").unwrap();
        assert_eq!(parse_uuid("{6ba7b810-9dad-11d1-80b4-00c04fd430c8}").unwrap(), want);
        assert_eq!(parse_uuid("6ba7b8109dad11d180b400c04fd430c8").unwrap(), want);
        assert_eq!(parse_uuid("bogus").unwrap_err(), "invalid UUID length: 5");
    }
}
