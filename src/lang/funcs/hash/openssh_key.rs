//! The OpenSSH private key format ("openssh-key-v1", `-----BEGIN OPENSSH PRIVATE KEY-----`),
//! as golang.org/x/crypto/ssh's ParseRawPrivateKey reads it, for rsadecrypt's RSA keys.

use num_bigint::BigUint;

/// The modulus and private exponent of the one unencrypted RSA key in `data` (the PEM block's
/// bytes), or the error Terraform reports, already worded (`invalid private key: ...`).
pub fn rsa_from_openssh(data: &[u8]) -> Result<(BigUint, BigUint), String> {
    let bad = || "invalid private key: ssh: invalid openssh private key format".to_string();
    let mut r = data.strip_prefix(b"openssh-key-v1\0".as_slice()).ok_or_else(bad)?;
    let cipher = string(&mut r).ok_or_else(bad)?;
    let kdf = string(&mut r).ok_or_else(bad)?;
    let _kdf_options = string(&mut r).ok_or_else(bad)?;
    let nkeys = uint32(&mut r).ok_or_else(bad)?;
    let _public = string(&mut r).ok_or_else(bad)?;
    let mut private = string(&mut r).ok_or_else(bad)?;
    if cipher != b"none" || kdf != b"none" {
        return Err("invalid private key: ssh: this private key is passphrase protected".into());
    }
    if nkeys != 1 {
        return Err("invalid private key: ssh: multi-key files are not supported".into());
    }
    let (c1, c2) = (uint32(&mut private), uint32(&mut private));
    if c1.is_none() || c1 != c2 {
        return Err("invalid private key: ssh: malformed OpenSSH key".into());
    }
    let kind = string(&mut private).ok_or_else(bad)?;
    match kind {
        b"ssh-rsa" => {}
        b"ssh-ed25519" => return Err("invalid private key type *ed25519.PrivateKey".into()),
        k if k.starts_with(b"ecdsa-sha2-") => return Err("invalid private key type *ecdsa.PrivateKey".into()),
        _ => return Err("invalid private key: ssh: unhandled key type".into()),
    }
    // n, e, d, iqmp, p, q, comment, then padding 1, 2, 3, ...
    let mut ints = Vec::with_capacity(6);
    for _ in 0..6 {
        ints.push(BigUint::from_bytes_be(string(&mut private).ok_or_else(bad)?));
    }
    let _comment = string(&mut private).ok_or_else(bad)?;
    if !private.iter().enumerate().all(|(i, b)| usize::from(*b) == i + 1) || private.len() >= 8 {
        return Err("invalid private key: ssh: padding not as expected".into());
    }
    let [n, e, d, _iqmp, p, q] = <[BigUint; 6]>::try_from(ints).map_err(|_| bad())?;
    // rsa.PrivateKey.Validate: the primes make the modulus, and d inverts e modulo each p - 1.
    let one = BigUint::from(1u8);
    if p <= one || q <= one {
        return Err("invalid private key: crypto/rsa: invalid prime value".into());
    }
    if &p * &q != n {
        return Err("invalid private key: crypto/rsa: invalid modulus".into());
    }
    if [&p, &q].iter().any(|&prime| (&d * &e) % (prime - &one) != one) {
        return Err("invalid private key: crypto/rsa: invalid exponents".into());
    }
    Ok((n, d))
}

/// An SSH wire-format `uint32`.
fn uint32(r: &mut &[u8]) -> Option<u32> {
    let (head, rest) = r.split_first_chunk::<4>()?;
    *r = rest;
    Some(u32::from_be_bytes(*head))
}

/// An SSH wire-format `string` (a length, then that many bytes).
fn string<'a>(r: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = usize::try_from(uint32(r)?).ok()?;
    if len > r.len() {
        return None;
    }
    let (s, rest) = r.split_at(len);
    *r = rest;
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(out: &mut Vec<u8>, s: &[u8]) {
        out.extend_from_slice(&(s.len() as u32).to_be_bytes());
        out.extend_from_slice(s);
    }

    /// A file as `ssh-keygen` lays it out, around the given private section.
    fn file(cipher: &str, private: &[u8]) -> Vec<u8> {
        let mut out = b"openssh-key-v1\0".to_vec();
        put(&mut out, cipher.as_bytes());
        put(&mut out, cipher.as_bytes());
        put(&mut out, b"");
        out.extend_from_slice(&1u32.to_be_bytes());
        put(&mut out, b"public");
        put(&mut out, private);
        out
    }

    fn rsa_private(kind: &[u8], pad: &[u8]) -> Vec<u8> {
        let mut p = Vec::new();
        p.extend_from_slice(&7u32.to_be_bytes());
        p.extend_from_slice(&7u32.to_be_bytes());
        put(&mut p, kind);
        // n = 15 = 5 * 3, e = 3, d = 3 (3 * 3 = 1 modulo 4 and modulo 2).
        for x in [[15], [3], [3], [1], [5], [3]] {
            put(&mut p, &x);
        }
        put(&mut p, b"comment");
        p.extend_from_slice(pad);
        p
    }

    #[test]
    fn reads_rsa_and_refuses_the_rest() {
        let ok = rsa_from_openssh(&file("none", &rsa_private(b"ssh-rsa", &[1, 2, 3])));
        assert_eq!(ok, Ok((BigUint::from(15u8), BigUint::from(3u8))));
        let enc = rsa_from_openssh(&file("aes256-ctr", &rsa_private(b"ssh-rsa", &[1, 2, 3])));
        assert_eq!(
            enc,
            Err("invalid private key: ssh: this private key is passphrase protected".into())
        );
        let ed = rsa_from_openssh(&file("none", &rsa_private(b"ssh-ed25519", &[1])));
        assert_eq!(ed, Err("invalid private key type *ed25519.PrivateKey".into()));
        let pad = rsa_from_openssh(&file("none", &rsa_private(b"ssh-rsa", &[1, 3])));
        assert_eq!(pad, Err("invalid private key: ssh: padding not as expected".into()));
        assert!(rsa_from_openssh(b"openssh-key-v1\0\0\0").is_err());
        assert!(rsa_from_openssh(b"garbage").is_err());
    }
}
