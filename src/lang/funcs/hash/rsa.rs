//! rsadecrypt: PEM and DER parsing of RSA private keys (PKCS#1 and PKCS#8) and RSA PKCS#1 v1.5
//! decryption over num-bigint, with the errors Terraform (x/crypto/ssh, crypto/x509) gives.

use num_bigint::BigUint;

use super::super::encoding::b64_decode;
use super::super::util::{s, string};
use super::super::{FnError, FnResult};
use crate::lang::eval::Evaluator;
use crate::lang::value::Value;

/// rsadecrypt(ciphertext, privatekey).
pub fn rsadecrypt(_: &Evaluator, a: &[Value]) -> FnResult {
    let ct_text = s(&a[0]);
    let ct = b64_decode(ct_text).map_err(|_| {
        FnError::Arg(
            0,
            format!(
                "failed to decode input {}: cipher text must be base64-encoded",
                crate::lang::value::render::go_quote(ct_text)
            ),
        )
    })?;
    let key = parse_private_key(s(&a[1])).map_err(|e| FnError::Arg(1, e))?;
    let out = key
        .decrypt_pkcs1v15(&ct)
        .ok_or_else(|| FnError::Call("failed to decrypt: crypto/rsa: decryption error".into()))?;
    string(String::from_utf8_lossy(&out).into_owned())
}

/// An RSA private key: modulus and private exponent (all decryption needs).
struct RsaKey {
    n: BigUint,
    d: BigUint,
}

impl RsaKey {
    fn decrypt_pkcs1v15(&self, ct: &[u8]) -> Option<Vec<u8>> {
        let k = self.n.bits().div_ceil(8) as usize;
        if k < 11 {
            return None;
        }
        let c = BigUint::from_bytes_be(ct);
        if c > self.n {
            return None;
        }
        let m = c.modpow(&self.d, &self.n).to_bytes_be();
        if m.len() > k {
            return None;
        }
        let mut em = vec![0u8; k - m.len()];
        em.extend_from_slice(&m);
        if em.first() != Some(&0) || em.get(1) != Some(&2) {
            return None;
        }
        let zero = em.iter().skip(2).position(|&b| b == 0)? + 2;
        if zero < 10 {
            return None;
        }
        Some(em.get(zero + 1..)?.to_vec())
    }
}

/// One PEM block: its type, headers and decoded bytes.
struct PemBlock {
    kind: String,
    headers: Vec<(String, String)>,
    bytes: Vec<u8>,
}

/// Finds the first well-formed PEM block, as Go's pem.Decode does (malformed ones are skipped).
fn pem_decode(text: &str) -> Option<PemBlock> {
    let mut from = 0;
    while let Some(off) = text.get(from..)?.find("-----BEGIN ") {
        let start = from + off;
        from = start + 1;
        if start > 0 && !text[..start].ends_with('\n') {
            continue;
        }
        let after = &text[start + "-----BEGIN ".len()..];
        let (type_line, rest) = after.split_once('\n').unwrap_or((after, ""));
        let type_line = type_line.trim_end_matches([' ', '\t', '\r']);
        let Some(kind) = type_line.strip_suffix("-----") else { continue };
        let end_marker = format!("-----END {kind}-----");
        let Some(end_at) = rest.find(&end_marker) else { continue };
        if end_at > 0 && !rest[..end_at].ends_with('\n') {
            continue;
        }
        let tail = rest[end_at + end_marker.len()..].trim_start_matches([' ', '\t', '\r']);
        if !(tail.is_empty() || tail.starts_with('\n')) {
            continue;
        }
        let mut headers = Vec::new();
        let mut body = String::new();
        let mut in_headers = true;
        for line in rest[..end_at].lines() {
            let line = line.trim_end_matches([' ', '\t', '\r']);
            if in_headers {
                if let Some((k, v)) = line.split_once(':') {
                    headers.push((k.trim().to_string(), v.trim().to_string()));
                    continue;
                }
                in_headers = false;
                if line.is_empty() {
                    continue;
                }
            }
            body.extend(line.chars().filter(|c| !c.is_ascii_whitespace()));
        }
        let Ok(bytes) = b64_decode(&body) else { continue };
        return Some(PemBlock {
            kind: kind.to_string(),
            headers,
            bytes,
        });
    }
    None
}

/// ssh.ParseRawPrivateKey, for RSA keys, with Terraform's wording of the errors.
fn parse_private_key(text: &str) -> Result<RsaKey, String> {
    let block = pem_decode(text).ok_or("invalid private key: ssh: no key found")?;
    if block.headers.iter().any(|(k, v)| k == "Proc-Type" && v.contains("ENCRYPTED")) {
        return Err("invalid private key: ssh: this private key is passphrase protected".into());
    }
    match block.kind.as_str() {
        "RSA PRIVATE KEY" => parse_pkcs1(&block.bytes),
        "PRIVATE KEY" => parse_pkcs8(&block.bytes),
        "EC PRIVATE KEY" => Err("invalid private key type *ecdsa.PrivateKey".into()),
        "DSA PRIVATE KEY" => Err("invalid private key type *dsa.PrivateKey".into()),
        "OPENSSH PRIVATE KEY" => super::openssh_key::rsa_from_openssh(&block.bytes).map(|(n, d)| RsaKey { n, d }),
        other => Err(format!("invalid private key: ssh: unsupported key type {other:?}")),
    }
}

/// A DER element: tag byte, content, and the offset just after its header.
struct Der<'a> {
    tag: u8,
    content: &'a [u8],
    header_len: usize,
}

/// Reads one DER element from the front of `data`, returning it and the rest.
fn der_read(data: &[u8]) -> Result<(Der<'_>, &[u8]), &'static str> {
    let tag = *data.first().ok_or("data truncated")?;
    let first = *data.get(1).ok_or("data truncated")?;
    let (len, header_len) = if first & 0x80 == 0 {
        (first as usize, 2)
    } else {
        let n = (first & 0x7f) as usize;
        if n == 0 || n > 4 {
            return Err("indefinite length found (not DER)");
        }
        let mut len = 0usize;
        for i in 0..n {
            len = (len << 8) | *data.get(2 + i).ok_or("data truncated")? as usize;
        }
        (len, 2 + n)
    };
    let end = header_len.checked_add(len).ok_or("data truncated")?;
    let content = data.get(header_len..end).ok_or("data truncated")?;
    Ok((Der { tag, content, header_len }, &data[end..]))
}

/// Go's asn1 "tags don't match" structure error for a value that should be a SEQUENCE.
fn not_sequence(data: &[u8], what: &str) -> String {
    let b = data.first().copied().unwrap_or(0);
    let len = data.get(1).copied().unwrap_or(0) & 0x7f;
    format!(
        "asn1: structure error: tags don't match (16 vs {{class:{} tag:{} length:{} isCompound:{}}}) {{optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false}} {what} @2",
        b >> 6,
        b & 0x1f,
        len,
        b & 0x20 != 0
    )
}

/// The INTEGER elements of a SEQUENCE's content.
fn integers(mut content: &[u8], count: usize) -> Result<Vec<BigUint>, String> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (el, rest) = der_read(content).map_err(syntax)?;
        if el.tag != 0x02 {
            return Err("asn1: structure error: tags don't match".into());
        }
        if el.content.first().is_some_and(|b| b & 0x80 != 0) {
            return Err("invalid private key: x509: private key contains zero or negative value".into());
        }
        out.push(BigUint::from_bytes_be(el.content));
        content = rest;
    }
    Ok(out)
}

fn syntax(msg: &str) -> String {
    format!("invalid ASN1 data in the given private key: {msg}")
}

/// Whether `der` parses as a PKCS#8 wrapper.
fn looks_pkcs8(der: &[u8]) -> bool {
    let Ok((seq, _)) = der_read(der) else { return false };
    if seq.tag != 0x30 {
        return false;
    }
    let Ok((v, rest)) = der_read(seq.content) else { return false };
    let Ok((alg, rest)) = der_read(rest) else { return false };
    let Ok((key, _)) = der_read(rest) else { return false };
    v.tag == 0x02 && alg.tag == 0x30 && key.tag == 0x04
}

fn parse_pkcs1(der: &[u8]) -> Result<RsaKey, String> {
    let (seq, rest) = der_read(der).map_err(syntax)?;
    if seq.tag != 0x30 {
        return Err(not_sequence(der, "pkcs1PrivateKey"));
    }
    let _ = seq.header_len;
    if !rest.is_empty() {
        return Err(syntax("trailing data"));
    }
    let ints = match integers(seq.content, 9) {
        Ok(v) => v,
        Err(e) => {
            if looks_pkcs8(der) {
                return Err(
                    "invalid private key: x509: failed to parse private key (use ParsePKCS8PrivateKey instead for this key format)".into(),
                );
            }
            return Err(e);
        }
    };
    let version = ints[0].clone();
    if version > BigUint::from(1u8) {
        return Err("invalid private key: x509: unsupported private key version".into());
    }
    let zero = BigUint::from(0u8);
    let (n, d) = (ints[1].clone(), ints[3].clone());
    if n == zero || d == zero || ints[4] == zero || ints[5] == zero {
        return Err("invalid private key: x509: private key contains zero or negative value".into());
    }
    Ok(RsaKey { n, d })
}

fn parse_pkcs8(der: &[u8]) -> Result<RsaKey, String> {
    let (seq, _) = der_read(der).map_err(syntax)?;
    if seq.tag != 0x30 {
        return Err(not_sequence(der, "pkcs8"));
    }
    let bad =
        || "invalid private key: x509: failed to parse private key (use ParsePKCS1PrivateKey instead for this key format)".to_string();
    let (_version, rest) = der_read(seq.content).map_err(syntax)?;
    let (alg, rest) = der_read(rest).map_err(syntax)?;
    let (key, _) = der_read(rest).map_err(syntax)?;
    if alg.tag != 0x30 || key.tag != 0x04 {
        return Err(bad());
    }
    let (oid, _) = der_read(alg.content).map_err(syntax)?;
    const RSA_OID: [u8; 9] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
    const EC_OID: [u8; 7] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
    if oid.content == EC_OID {
        return Err("invalid private key type *ecdsa.PrivateKey".into());
    }
    if oid.tag != 0x06 || oid.content != RSA_OID {
        return Err("invalid private key: x509: PKCS#8 wrapping contained private key with unknown algorithm".into());
    }
    parse_pkcs1(key.content).map_err(|e| format!("invalid private key: x509: failed to parse RSA private key embedded in PKCS#8: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_pem_block_is_no_key() {
        assert_eq!(
            parse_private_key("not a key").err().unwrap(),
            "invalid private key: ssh: no key found"
        );
    }

    #[test]
    fn short_sequence_error_reads_like_go() {
        let e = parse_private_key("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n")
            .err()
            .unwrap();
        assert!(e.starts_with("asn1: structure error: tags don't match (16 vs {class:0 tag:0 length:0 isCompound:false})"));
        assert!(e.ends_with("pkcs1PrivateKey @2"));
    }
    /// A throwaway 1024-bit key from `ssh-keygen -t rsa -N ''` (OpenSSH format) and "hello"
    /// encrypted to it by `openssl pkeyutl -encrypt` (PKCS #1 v1.5); Terraform 1.0.3 decrypts it
    /// to "hello" (tf-oracle), as do later releases (ssh.ParseRawPrivateKey throughout).
    #[test]
    fn openssh_format_key() {
        const KEY: &str = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAlwAAAAdzc2gtcn\nNhAAAAAwEAAQAAAIEAtDKNzA5yHpKyw3QvQSBgENINWOn0OJe4w0pewGDrHM1HlmG/JLe2\nN1kkB9FxWvVYrw1rJ363i5zuSGMpLfW3FFZTLKO7xxnarzxosfxf3ua3jCUI/ouPwPgk7M\n/gJqQ0mlLs4zPJmTyxX5+3Npj2g+XKpUhD5cPh1f7bKQYO5/0AAAH4mVdCoplXQqIAAAAH\nc3NoLXJzYQAAAIEAtDKNzA5yHpKyw3QvQSBgENINWOn0OJe4w0pewGDrHM1HlmG/JLe2N1\nkkB9FxWvVYrw1rJ363i5zuSGMpLfW3FFZTLKO7xxnarzxosfxf3ua3jCUI/ouPwPgk7M/g\nJqQ0mlLs4zPJmTyxX5+3Npj2g+XKpUhD5cPh1f7bKQYO5/0AAAADAQABAAAAgEeZ4uAXSV\n8+mUuyyegN7j4gyO7wn3sxRlhLH9U/bYzXQL/PfT0gxoW9pOR6Y5lp7eA468AYyOPv6nrW\n9BDwFtuRwAT1uF/fP4x0cRLK+DQT5FURgUW/Z8XXbCZehDBhxdTEJq8KX9K17Y7/kBnB/l\nlUk/Rd+o0fRovInJ8j8QwhAAAAQQDhPhwZa6YU0reXXdOSAC+ZrL/UN+6JJlXNNjSPGBV7\n906kcVG+qoYmbwRy4QF4Z5v9R3jJaJ4jKFayFI5ifzHMAAAAQQDnH/D6v/U7rP6pe7Pptm\nk+xPoveC06PE6t4fkGV9JRJBG9EKGfcWXXUc3r12a1zTuwMTkg3rBdXeGj7MBtXwrpAAAA\nQQDHl3CSO3UmHXPSEposY4ig1gCu9+tGFZv11gLU15XJgxMyoBc3950giVSam8fiX66Eht\nzc60w1kmetUWfahV/1AAAAAXgB\n-----END OPENSSH PRIVATE KEY-----\n";
        const CT: &str = "eIm4TFOIaUUlbzSfnt4RzhAy54efSgbky/uik3UfpRxw2ynQBSbETqeYHTMdwMrFV5v8sCNgqbijreMF7/kDze5g9VTjLtpVnGz8rM05JOXsH0/xciciSzr20Yz1Y9sEMNKoRHxyFr+arRK/ghfNhSI2LLoTSsfKMSWZHoxxT54=";
        let key = parse_private_key(KEY).unwrap_or_else(|e| panic!("{e}"));
        let ct = b64_decode(CT).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(key.decrypt_pkcs1v15(&ct).as_deref(), Some(b"hello".as_slice()));
    }
}
