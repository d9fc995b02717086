//! The IP network functions: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets.
//!
//! Terraform parses prefixes with its fork of Go's `net.ParseCIDR` (IPv4 octets may have
//! leading zeros) and computes with `apparentlymart/go-cidr` v1.1.0 on big integers. Both are
//! reproduced here on Go's byte-slice representation (4 or 16 bytes; masks may be absent),
//! quirks included: a negative subnet number ORs in two's complement, and a result that
//! overflows the address crashes the function.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::numeric::go_int;
use super::util::{num, s, string};
use super::{FnError, FnResult, Func, Param, Registry, hex};
use crate::lang::dialect::rules::Rule;
use crate::lang::eval::Evaluator;
use crate::lang::value::{Type, Value};

/// Registers the network functions.
pub fn register(r: &mut Registry) {
    let prefix = || Param::new("prefix", Type::String);
    r.add(
        "cidrhost",
        Func::new(vec![prefix(), Param::new("hostnum", Type::Number)], cidrhost).returns(Type::String),
    );
    r.add("cidrnetmask", Func::new(vec![prefix()], cidrnetmask).returns(Type::String));
    r.add(
        "cidrsubnet",
        Func::new(
            vec![prefix(), Param::new("newbits", Type::Number), Param::new("netnum", Type::Number)],
            cidrsubnet,
        )
        .returns(Type::String),
    );
    r.add(
        "cidrsubnets",
        Func::new(vec![prefix()], cidrsubnets)
            .variadic(Param::new("newbits", Type::Number))
            .returns(Type::list(Type::String)),
    );
}

/// A Go `net.IP`: 4 or 16 bytes (empty for nil).
type Ip = Vec<u8>;
/// A Go `net.IPMask` (empty for nil).
type Mask = Vec<u8>;

const V4_IN_V6: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
/// The message of the runtime panic `intToIP` hits when a number does not fit the address.
const INDEX_PANIC: &str = "panic in function implementation: runtime error: index out of range [-1]";

/// Go's `dtoi`: decimal digits, failing at 0xFFFFFF or with no digits.
fn dtoi(s: &[u8]) -> Option<(i64, usize)> {
    let mut n: i64 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + i64::from(s[i] - b'0');
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// Go's `xtoi`: hexadecimal digits.
fn xtoi(s: &[u8]) -> Option<(i64, usize)> {
    let mut n: i64 = 0;
    let mut i = 0;
    while i < s.len() {
        let d = match s[i] {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' => c - b'a' + 10,
            c @ b'A'..=b'F' => c - b'A' + 10,
            _ => break,
        };
        n = n * 16 + i64::from(d);
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// Terraform's `parseIPv4` (leading zeros allowed): the 4 octets.
fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    let mut p = [0u8; 4];
    let mut s = s;
    for (i, octet) in p.iter_mut().enumerate() {
        if s.is_empty() {
            return None;
        }
        if i > 0 {
            if s[0] != b'.' {
                return None;
            }
            s = &s[1..];
        }
        let (n, c) = dtoi(s)?;
        if n > 0xFF {
            return None;
        }
        s = &s[c..];
        *octet = n as u8;
    }
    s.is_empty().then_some(p)
}

/// Go's `parseIPv6` (no zone).
fn parse_ipv6(s: &[u8]) -> Option<[u8; 16]> {
    let mut ip = [0u8; 16];
    let mut s = s;
    let mut ellipsis: Option<usize> = None;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c) = xtoi(s)?;
        if n > 0xFFFF {
            return None;
        }
        if c < s.len() && s[c] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let v4 = parse_ipv4(s)?;
            ip[i..i + 4].copy_from_slice(&v4);
            s = &[];
            i += 4;
            break;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        s = &s[c..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' || s.len() == 1 {
            return None;
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        for b in ip.iter_mut().skip(e).take(n) {
            *b = 0;
        }
    } else if ellipsis.is_some() {
        return None;
    }
    Some(ip)
}

/// Go's `net.CIDRMask` (empty when out of range).
fn cidr_mask(ones: i64, bits: i64) -> Mask {
    if (bits != 32 && bits != 128) || ones < 0 || ones > bits {
        return Vec::new();
    }
    let mut m = vec![0u8; (bits / 8) as usize];
    let mut n = ones;
    for b in m.iter_mut() {
        if n >= 8 {
            *b = 0xff;
            n -= 8;
            continue;
        }
        *b = !(0xffu8 >> n);
        n = 0;
    }
    m
}

/// Go's `simpleMaskLength`: the prefix length, or -1 for a non-canonical mask.
fn simple_mask_length(m: &[u8]) -> i64 {
    let mut n = 0;
    for (i, &v) in m.iter().enumerate() {
        if v == 0xff {
            n += 8;
            continue;
        }
        let mut v = v;
        while v & 0x80 != 0 {
            n += 1;
            v <<= 1;
        }
        if v != 0 || m[i + 1..].iter().any(|&b| b != 0) {
            return -1;
        }
        break;
    }
    n
}

/// Go's `IPMask.Size`.
fn mask_size(m: &[u8]) -> (i64, i64) {
    let ones = simple_mask_length(m);
    if ones == -1 { (0, 0) } else { (ones, m.len() as i64 * 8) }
}

/// Go's `IP.To4`.
fn to4(ip: &[u8]) -> Option<Ip> {
    match ip.len() {
        4 => Some(ip.to_vec()),
        16 if ip[..12] == V4_IN_V6 => Some(ip[12..].to_vec()),
        _ => None,
    }
}

/// go-cidr's `checkIPv4`.
fn check_ipv4(ip: &[u8]) -> Ip {
    to4(ip).unwrap_or_else(|| ip.to_vec())
}

/// Go's `IP.Mask` (empty for nil).
fn ip_mask(ip: &[u8], mask: &[u8]) -> Ip {
    let mut mask = mask;
    let mut ip = ip;
    if mask.len() == 16 && ip.len() == 4 && mask[..12].iter().all(|&b| b == 0xff) {
        mask = &mask[12..];
    }
    if mask.len() == 4 && ip.len() == 16 && ip[..12] == V4_IN_V6 {
        ip = &ip[12..];
    }
    if ip.len() != mask.len() {
        return Vec::new();
    }
    ip.iter().zip(mask).map(|(a, b)| a & b).collect()
}

/// Go's `net.IP.String`.
fn ip_string(ip: &[u8]) -> String {
    if ip.is_empty() {
        return "<nil>".into();
    }
    if let Some(p4) = to4(ip) {
        return format!("{}.{}.{}.{}", p4[0], p4[1], p4[2], p4[3]);
    }
    if ip.len() != 16 {
        return format!("?{}", hex(ip));
    }
    let groups: Vec<u16> = ip.chunks(2).map(|c| (u16::from(c[0]) << 8) | u16::from(c[1])).collect();
    let (mut zs, mut ze) = (usize::MAX, usize::MAX);
    let mut best = 0;
    let mut i = 0;
    while i < 8 {
        let mut j = i;
        while j < 8 && groups[j] == 0 {
            j += 1;
        }
        if j - i >= 2 && j - i > best {
            zs = i;
            ze = j;
            best = j - i;
        }
        i = j.max(i + 1);
    }
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if i == zs {
            out.push_str("::");
            i = ze;
            if i >= 8 {
                break;
            }
        } else if i > 0 {
            out.push(':');
        }
        out.push_str(&format!("{:x}", groups[i]));
        i += 1;
    }
    out
}

/// Go's `IPNet.String` (the address is printed as stored, not masked).
fn ipnet_string(ip: &[u8], mask: &[u8]) -> String {
    let nn = match to4(ip) {
        Some(v) => v,
        None if ip.len() == 16 => ip.to_vec(),
        None => return "<nil>".into(),
    };
    let m: &[u8] = match mask.len() {
        4 if nn.len() != 4 => return "<nil>".into(),
        4 => mask,
        16 if nn.len() == 4 => &mask[12..],
        16 => mask,
        _ => return "<nil>".into(),
    };
    let l = simple_mask_length(m);
    if l == -1 {
        return format!("{}/{}", ip_string(&nn), if m.is_empty() { "<nil>".into() } else { hex(m) });
    }
    format!("{}/{}", ip_string(&nn), l)
}

/// Terraform's `ipaddr.ParseCIDR`: the masked network address and its mask.
fn parse_cidr(text: &str) -> Result<(Ip, Mask), String> {
    let err = || format!("invalid CIDR expression: invalid CIDR address: {text}");
    let b = text.as_bytes();
    let slash = b.iter().position(|&c| c == b'/').ok_or_else(err)?;
    let (addr, mask) = (&b[..slash], &b[slash + 1..]);
    let (ip, iplen): (Ip, i64) = match parse_ipv4(addr) {
        Some(v4) => {
            let mut v = V4_IN_V6.to_vec();
            v.extend_from_slice(&v4);
            (v, 4)
        }
        None => (parse_ipv6(addr).ok_or_else(err)?.to_vec(), 16),
    };
    let (n, used) = dtoi(mask).ok_or_else(err)?;
    if used != mask.len() || n > 8 * iplen {
        return Err(err());
    }
    let m = cidr_mask(n, 8 * iplen);
    Ok((ip_mask(&ip, &m), m))
}

/// go-cidr's `ipToInt`: the address as an integer and its width in bits.
fn ip_to_int(ip: &[u8]) -> (BigInt, i64) {
    (BigInt::from_bytes_be(num_bigint::Sign::Plus, ip), ip.len() as i64 * 8)
}

/// go-cidr's `intToIP`: the magnitude's bytes packed at the end (a crash if too long).
fn int_to_ip(v: &BigInt, bits: i64) -> Result<Ip, FnError> {
    let len = (bits / 8) as usize;
    let bytes = if v.is_zero() { Vec::new() } else { v.magnitude().to_bytes_be() };
    if bytes.len() > len {
        return Err(FnError::Call(INDEX_PANIC.into()));
    }
    let mut out = vec![0u8; len];
    out[len - bytes.len()..].copy_from_slice(&bytes);
    Ok(out)
}

/// go-cidr's `insertNumIntoIP`: `ip | num << (width - prefix_len)`.
fn insert_num(ip: &[u8], n: &BigInt, prefix_len: i64) -> Result<Ip, FnError> {
    let (ip_int, total) = ip_to_int(ip);
    let shift = total - prefix_len;
    if n.is_zero() {
        return int_to_ip(&ip_int, total);
    }
    // A shift beyond the address width always overflows it (and would make Go allocate hugely).
    if !(0..=256).contains(&shift) {
        return Err(FnError::Call(INDEX_PANIC.into()));
    }
    let shifted = n << (shift as usize);
    int_to_ip(&(ip_int | shifted), total)
}

/// go-cidr's `Inc` and `Dec`.
fn step_ip(ip: &[u8], up: bool) -> Ip {
    let mut v = check_ipv4(ip);
    for j in (0..v.len()).rev() {
        if up {
            v[j] = v[j].wrapping_add(1);
            if v[j] > 0 {
                break;
            }
        } else {
            v[j] = v[j].wrapping_sub(1);
            if v[j] < 255 {
                break;
            }
        }
    }
    v
}

/// Go's `IP.Equal` against `IPv4zero` or `IPv6zero`.
fn is_zero_ip(ip: &[u8]) -> bool {
    match ip.len() {
        4 => ip.iter().all(|&b| b == 0),
        16 => ip[12..].iter().all(|&b| b == 0) && (ip[..12] == V4_IN_V6 || ip[..12].iter().all(|&b| b == 0)),
        _ => false,
    }
}

/// go-cidr's `AddressRange` (v1.1.0: the first address is the stored one).
fn last_address(ip: &[u8], mask: &[u8]) -> Result<Ip, FnError> {
    let (ones, bits) = mask_size(mask);
    if ones == bits {
        return Ok(ip.to_vec());
    }
    let (first, bits) = ip_to_int(ip);
    let host = (bits - ones).clamp(0, 256) as usize;
    let last = ((BigInt::one() << host) - 1) | first;
    int_to_ip(&last, bits)
}

/// go-cidr's `NextSubnet`: the next subnet of `prefix_len` bits after `(ip, mask)`, and whether
/// the address space rolled over.
fn next_subnet(ip: &[u8], mask: &[u8], prefix_len: i64) -> Result<(Ip, Mask, bool), FnError> {
    let current_last = last_address(ip, mask)?;
    let m = cidr_mask(prefix_len, 8 * current_last.len() as i64);
    let sub_ip = ip_mask(&current_last, &m);
    let last = step_ip(&last_address(&sub_ip, &m)?, true);
    let next = ip_mask(&last, &m);
    Ok((next, m, is_zero_ip(&last)))
}

/// Go's `IPNet.Contains`.
fn contains(net_ip: &[u8], net_mask: &[u8], ip: &[u8]) -> bool {
    let nn = match to4(net_ip) {
        Some(v) => v,
        None if net_ip.len() == 16 => net_ip.to_vec(),
        None => return false,
    };
    let m: &[u8] = match (net_mask.len(), nn.len()) {
        (4, 4) | (16, 16) => net_mask,
        (16, 4) => &net_mask[12..],
        _ => return false,
    };
    let ip = to4(ip).unwrap_or_else(|| ip.to_vec());
    if ip.len() != nn.len() {
        return false;
    }
    (0..ip.len()).all(|i| nn[i] & m[i] == ip[i] & m[i])
}

/// A number argument as a `*big.Int` (gocty).
fn big_int(v: &Value) -> Result<BigInt, FnError> {
    let n = num(v);
    if !n.is_integer() {
        return Err(FnError::Call("value must be a whole number".into()));
    }
    n.to_bigint().ok_or_else(|| FnError::Call("value must be a whole number".into()))
}

fn cidrhost(_: &Evaluator, a: &[Value]) -> FnResult {
    let mut n = big_int(&a[1])?;
    let (ip, mask) = parse_cidr(s(&a[0])).map_err(FnError::Call)?;
    let (parent, addr) = mask_size(&mask);
    let host_len = (addr - parent) as usize;
    let max = (BigInt::one() << host_len) - 1;
    // go-cidr compares int64(num.Uint64()), i.e. the low 64 bits of |num| as a signed number.
    let low = n.magnitude().iter_u64_digits().next().unwrap_or(0) as i64;
    let mut check = BigInt::from(low);
    if n.is_negative() {
        check = -&n - 1;
        n = &max - &check;
    }
    if check > max {
        return Err(FnError::Call(format!(
            "prefix of {parent} does not accommodate a host numbered {n}"
        )));
    }
    let width = if to4(&ip).is_some() { 32 } else { 128 };
    string(ip_string(&insert_num(&ip, &n, width)?))
}

fn cidrnetmask(ev: &Evaluator, a: &[Value]) -> FnResult {
    let (ip, mask) = parse_cidr(s(&a[0])).map_err(FnError::Call)?;
    // Before Terraform 1.2 an IPv6 prefix gave its mask in address notation.
    let gate = &crate::lang::dialect::releases::CIDRNETMASK_IPV6_ERROR;
    if to4(&ip).is_none() && crate::lang::dialect::releases::has(ev.version, gate) {
        return Err(FnError::Call(format!("IPv6 addresses cannot have a netmask: {}", s(&a[0]))));
    }
    string(ip_string(&mask))
}

fn cidrsubnet(ev: &Evaluator, a: &[Value]) -> FnResult {
    let newbits = go_int(&num(&a[1])).map_err(FnError::Call)?;
    let netnum = big_int(&a[2])?;
    // A learner may number subnets from one: netnum 1 taken as the first subnet.
    let netnum = if netnum.sign() == num_bigint::Sign::Plus && ev.flipped(crate::lang::dialect::rules::Rule::CidrsubnetNetnumFromZero) {
        netnum - 1
    } else {
        netnum
    };
    let (ip, mask) = parse_cidr(s(&a[0])).map_err(FnError::Call)?;
    let (parent, addr) = mask_size(&mask);
    // A learner may read newbits as the new prefix length itself.
    let newbits = if newbits > parent && newbits <= addr && ev.flipped(crate::lang::dialect::rules::Rule::CidrsubnetAddsBits) {
        newbits - parent
    } else {
        newbits
    };
    let new_len = parent.saturating_add(newbits);
    if new_len > addr {
        return Err(FnError::Call(format!(
            "insufficient address space to extend prefix of {parent} by {newbits}"
        )));
    }
    // uint64(1<<uint64(newBits)) - 1: a shift of 64 or more (or a negative count) gives 0.
    let max: u64 = if (0..64).contains(&newbits) {
        (1u64 << newbits) - 1
    } else {
        u64::MAX
    };
    let low = netnum.magnitude().iter_u64_digits().next().unwrap_or(0);
    if low > max {
        return Err(FnError::Call(format!(
            "prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
        )));
    }
    let sub = insert_num(&ip, &netnum, new_len)?;
    string(ipnet_string(&sub, &cidr_mask(new_len, addr)))
}

fn cidrsubnets(ev: &Evaluator, a: &[Value]) -> FnResult {
    let (ip, mask) = parse_cidr(s(&a[0])).map_err(|e| FnError::Arg(0, e))?;
    let (start, _) = mask_size(&mask);
    let lengths = &a[1..];
    if lengths.is_empty() {
        return Ok(Value::List(Type::String, Vec::new()));
    }
    let first = go_int(&num(&lengths[0])).map_err(|e| FnError::Arg(1, e))?.saturating_add(start);
    let width = ip.len() as i64 * 8;
    // PreviousSubnet(network, first)
    let prev_mask = cidr_mask(first, 8 * check_ipv4(&ip).len() as i64);
    let mut cur_ip = ip_mask(&step_ip(&ip, false), &prev_mask);
    let mut cur_mask = prev_mask;
    // For the packing (flipped) reading: the address after the previous subnet.
    let mut packed_next: Option<u128> = Some(ip_u128(&ip));
    let net_last = last_address(&ip, &mask).map(|l| ip_u128(&l)).unwrap_or(0);
    let mut out = Vec::with_capacity(lengths.len());
    for (i, l) in lengths.iter().enumerate() {
        let mut length = go_int(&num(l)).map_err(|e| FnError::Arg(i + 1, e))?;
        if length < 1 {
            return Err(FnError::Arg(i + 1, "must extend prefix by at least one bit".into()));
        }
        if length > 32 {
            return Err(FnError::Arg(i + 1, "may not extend prefix by more than 32 bits".into()));
        }
        length += start;
        if length > width {
            let proto = match width {
                32 => "IPv4",
                128 => "IPv6",
                _ => "IP",
            };
            return Err(FnError::Arg(
                i + 1,
                format!("would extend prefix to {length} bits, which is too long for an {proto} address"),
            ));
        }
        let (next_ip, next_mask, rollover) = next_subnet(&cur_ip, &cur_mask, length)?;
        let aligned = next_ip.len() == ip.len() && Some(ip_u128(&next_ip)) == packed_next;
        if !aligned && packed_next.is_some() && ev.flipped(Rule::CidrsubnetsAlign) {
            // The learner's reading: each subnet starts right after the previous one.
            let begin = packed_next.unwrap_or(0);
            let size_m1 = if width - length >= 128 {
                u128::MAX
            } else {
                (1u128 << (width - length)) - 1
            };
            let end = begin.checked_add(size_m1);
            let after = ipnet_string(&cur_ip, &cur_mask);
            match end {
                Some(end) if end <= net_last => {
                    cur_ip = u128_ip(begin, ip.len());
                    cur_mask = next_mask;
                    packed_next = end.checked_add(1);
                    out.push(Value::string(ipnet_string(&cur_ip, &cur_mask)));
                    continue;
                }
                _ => {
                    return Err(FnError::Arg(
                        i + 1,
                        format!("not enough remaining address space for a subnet with a prefix of {length} bits after {after}"),
                    ));
                }
            }
        }
        if rollover || !contains(&ip, &mask, &next_ip) {
            return Err(FnError::Arg(
                i + 1,
                format!(
                    "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                    ipnet_string(&cur_ip, &cur_mask)
                ),
            ));
        }
        cur_ip = next_ip;
        cur_mask = next_mask;
        packed_next = last_address(&cur_ip, &cur_mask)
            .ok()
            .filter(|l| l.len() == ip.len())
            .and_then(|l| ip_u128(&l).checked_add(1));
        out.push(Value::string(ipnet_string(&cur_ip, &cur_mask)));
    }
    Ok(Value::List(Type::String, out))
}

/// An address (4 or 16 bytes) as an integer.
fn ip_u128(ip: &[u8]) -> u128 {
    ip.iter().fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
}

/// An integer as an address of `len` bytes.
fn u128_ip(v: u128, len: usize) -> Ip {
    let bytes = v.to_be_bytes();
    bytes[16 - len.min(16)..].to_vec()
}

#[cfg(test)]
mod tests {
    use crate::lang::dialect::rules::{Rule, Rules};
    use crate::lang::session::Session;

    fn eval(src: &str, rules: &Rules) -> String {
        match Session::new().eval(src, rules, false).result {
            Ok(a) => a.one_line(),
            Err(d) => format!("error: {}", d.detail),
        }
    }

    #[test]
    fn cidrsubnets_align_flip() {
        let e = r#"cidrsubnets("10.0.0.0/24", 8, 8, 1)"#;
        assert_eq!(
            eval(e, &Rules::real()),
            r#"tolist(["10.0.0.0/32", "10.0.0.1/32", "10.0.0.128/25"])"#
        );
        assert_eq!(
            eval(e, &Rules::with(Rule::CidrsubnetsAlign)),
            r#"tolist(["10.0.0.0/32", "10.0.0.1/32", "10.0.0.2/25"])"#
        );
    }

    #[test]
    fn ipv6_strings() {
        assert_eq!(
            super::ip_string(&super::parse_ipv6(b"fd00::1:0:0:1").unwrap_or_default()),
            "fd00::1:0:0:1"
        );
        assert_eq!(
            super::ip_string(&super::parse_ipv6(b"1:0:0:2:0:0:0:3").unwrap_or_default()),
            "1:0:0:2::3"
        );
    }
}
