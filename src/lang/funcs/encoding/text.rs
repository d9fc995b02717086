//! Character encodings by IANA name, as golang.org/x/text's ianaindex resolves them for
//! textencodebase64 and textdecodebase64.

/// How one encoding turns text into bytes and back.
#[derive(Clone, Copy)]
enum Codec {
    Utf8,
    Utf16 {
        big_endian: bool,
        bom: bool,
    },
    Ascii,
    Latin1,
    /// ISO-8859-9: Latin-1 with six Turkish letters in place of Icelandic ones.
    Latin5,
    Legacy(&'static encoding_rs::Encoding),
}

/// The bytes where ISO-8859-9 differs from ISO-8859-1, and their characters.
const LATIN5: [(u8, char); 6] = [
    (0xD0, '\u{11E}'),
    (0xDD, '\u{130}'),
    (0xDE, '\u{15E}'),
    (0xF0, '\u{11F}'),
    (0xFD, '\u{131}'),
    (0xFE, '\u{15F}'),
];

/// A resolved encoding: its canonical IANA name and codec.
#[derive(Clone, Copy)]
pub struct Charset {
    /// The canonical IANA name, as Terraform's errors print it.
    pub name: &'static str,
    codec: Codec,
}

/// (canonical name, aliases, codec)
fn table() -> Vec<(&'static str, &'static [&'static str], Codec)> {
    use encoding_rs as e;
    vec![
        ("UTF-8", &["csUTF8"], Codec::Utf8),
        (
            "UTF-16",
            &["csUTF16"],
            Codec::Utf16 {
                big_endian: true,
                bom: true,
            },
        ),
        (
            "UTF-16BE",
            &["csUTF16BE"],
            Codec::Utf16 {
                big_endian: true,
                bom: false,
            },
        ),
        (
            "UTF-16LE",
            &["csUTF16LE"],
            Codec::Utf16 {
                big_endian: false,
                bom: false,
            },
        ),
        (
            "US-ASCII",
            &[
                "iso-ir-6",
                "ANSI_X3.4-1968",
                "ANSI_X3.4-1986",
                "ISO_646.irv:1991",
                "ISO646-US",
                "us",
                "IBM367",
                "cp367",
                "csASCII",
            ],
            Codec::Ascii,
        ),
        (
            "ISO_8859-1:1987",
            &[
                "iso-ir-100",
                "ISO_8859-1",
                "ISO-8859-1",
                "latin1",
                "l1",
                "IBM819",
                "CP819",
                "csISOLatin1",
            ],
            Codec::Latin1,
        ),
        (
            "ISO_8859-2:1987",
            &["iso-ir-101", "ISO_8859-2", "ISO-8859-2", "latin2", "l2", "csISOLatin2"],
            Codec::Legacy(e::ISO_8859_2),
        ),
        (
            "ISO_8859-3:1988",
            &["iso-ir-109", "ISO_8859-3", "ISO-8859-3", "latin3", "l3", "csISOLatin3"],
            Codec::Legacy(e::ISO_8859_3),
        ),
        (
            "ISO_8859-4:1988",
            &["iso-ir-110", "ISO_8859-4", "ISO-8859-4", "latin4", "l4", "csISOLatin4"],
            Codec::Legacy(e::ISO_8859_4),
        ),
        (
            "ISO_8859-5:1988",
            &["iso-ir-144", "ISO_8859-5", "ISO-8859-5", "cyrillic", "csISOLatinCyrillic"],
            Codec::Legacy(e::ISO_8859_5),
        ),
        (
            "ISO_8859-6:1987",
            &[
                "iso-ir-127",
                "ISO_8859-6",
                "ISO-8859-6",
                "ECMA-114",
                "ASMO-708",
                "arabic",
                "csISOLatinArabic",
            ],
            Codec::Legacy(e::ISO_8859_6),
        ),
        (
            "ISO_8859-7:1987",
            &[
                "iso-ir-126",
                "ISO_8859-7",
                "ISO-8859-7",
                "ELOT_928",
                "ECMA-118",
                "greek",
                "greek8",
                "csISOLatinGreek",
            ],
            Codec::Legacy(e::ISO_8859_7),
        ),
        (
            "ISO_8859-8:1988",
            &["iso-ir-138", "ISO_8859-8", "ISO-8859-8", "hebrew", "csISOLatinHebrew"],
            Codec::Legacy(e::ISO_8859_8),
        ),
        (
            "ISO_8859-9:1989",
            &["iso-ir-148", "ISO_8859-9", "ISO-8859-9", "latin5", "l5", "csISOLatin5"],
            Codec::Latin5,
        ),
        (
            "ISO-8859-10",
            &["iso-ir-157", "l6", "ISO_8859-10:1992", "csISOLatin6", "latin6"],
            Codec::Legacy(e::ISO_8859_10),
        ),
        ("ISO-8859-13", &["csISO885913"], Codec::Legacy(e::ISO_8859_13)),
        (
            "ISO-8859-14",
            &[
                "iso-ir-199",
                "ISO_8859-14:1998",
                "ISO_8859-14",
                "latin8",
                "iso-celtic",
                "l8",
                "csISO885914",
            ],
            Codec::Legacy(e::ISO_8859_14),
        ),
        (
            "ISO-8859-15",
            &["ISO_8859-15", "Latin-9", "csISO885915"],
            Codec::Legacy(e::ISO_8859_15),
        ),
        (
            "ISO-8859-16",
            &["iso-ir-226", "ISO_8859-16:2001", "ISO_8859-16", "latin10", "l10", "csISO885916"],
            Codec::Legacy(e::ISO_8859_16),
        ),
        ("KOI8-R", &["csKOI8R"], Codec::Legacy(e::KOI8_R)),
        ("KOI8-U", &["csKOI8U"], Codec::Legacy(e::KOI8_U)),
        ("IBM866", &["cp866", "866", "csIBM866"], Codec::Legacy(e::IBM866)),
        ("macintosh", &["mac", "csMacintosh"], Codec::Legacy(e::MACINTOSH)),
        ("windows-874", &["cswindows874"], Codec::Legacy(e::WINDOWS_874)),
        ("windows-1250", &["cswindows1250"], Codec::Legacy(e::WINDOWS_1250)),
        ("windows-1251", &["cswindows1251"], Codec::Legacy(e::WINDOWS_1251)),
        ("windows-1252", &["cswindows1252"], Codec::Legacy(e::WINDOWS_1252)),
        ("windows-1253", &["cswindows1253"], Codec::Legacy(e::WINDOWS_1253)),
        ("windows-1254", &["cswindows1254"], Codec::Legacy(e::WINDOWS_1254)),
        ("windows-1255", &["cswindows1255"], Codec::Legacy(e::WINDOWS_1255)),
        ("windows-1256", &["cswindows1256"], Codec::Legacy(e::WINDOWS_1256)),
        ("windows-1257", &["cswindows1257"], Codec::Legacy(e::WINDOWS_1257)),
        ("windows-1258", &["cswindows1258"], Codec::Legacy(e::WINDOWS_1258)),
        ("Shift_JIS", &["MS_Kanji", "csShiftJIS"], Codec::Legacy(e::SHIFT_JIS)),
        (
            "Extended_UNIX_Code_Packed_Format_for_Japanese",
            &["csEUCPkdFmtJapanese", "EUC-JP"],
            Codec::Legacy(e::EUC_JP),
        ),
        ("ISO-2022-JP", &["csISO2022JP"], Codec::Legacy(e::ISO_2022_JP)),
        ("EUC-KR", &["csEUCKR"], Codec::Legacy(e::EUC_KR)),
        ("GBK", &["CP936", "MS936", "windows-936", "csGBK"], Codec::Legacy(e::GBK)),
        ("GB18030", &["csGB18030"], Codec::Legacy(e::GB18030)),
        ("Big5", &["csBig5"], Codec::Legacy(e::BIG5)),
    ]
}

/// Looks an encoding up by IANA name or alias (case-insensitively).
pub fn lookup(name: &str) -> Option<Charset> {
    let want = name.trim().to_ascii_lowercase();
    table().into_iter().find_map(|(canon, aliases, codec)| {
        let hit = canon.eq_ignore_ascii_case(&want) || aliases.iter().any(|a| a.eq_ignore_ascii_case(&want));
        hit.then_some(Charset { name: canon, codec })
    })
}

impl Charset {
    /// Encodes text, or None when a character has no representation in this encoding.
    pub fn encode(&self, s: &str) -> Option<Vec<u8>> {
        match self.codec {
            Codec::Utf8 => Some(s.as_bytes().to_vec()),
            Codec::Utf16 { big_endian, bom } => {
                let mut out = Vec::with_capacity(s.len() * 2 + 2);
                let mut push = |u: u16| {
                    if big_endian {
                        out.extend_from_slice(&u.to_be_bytes());
                    } else {
                        out.extend_from_slice(&u.to_le_bytes());
                    }
                };
                if bom {
                    push(0xFEFF);
                }
                for u in s.encode_utf16() {
                    push(u);
                }
                Some(out)
            }
            Codec::Ascii => s.chars().map(|c| c.is_ascii().then_some(c as u8)).collect(),
            Codec::Latin1 => s.chars().map(|c| u8::try_from(c as u32).ok()).collect(),
            Codec::Latin5 => s
                .chars()
                .map(|c| match LATIN5.iter().find(|(_, ch)| *ch == c) {
                    Some((b, _)) => Some(*b),
                    None if LATIN5.iter().any(|(b, _)| u32::from(*b) == c as u32) => None,
                    None => u8::try_from(c as u32).ok(),
                })
                .collect(),
            Codec::Legacy(enc) => {
                // x/text leaves the bytes windows code pages do not define undefined, where
                // WHATWG maps them to C1 controls.
                if enc.name().starts_with("windows-") && s.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c)) {
                    return None;
                }
                let mut encoder = enc.new_encoder();
                let cap = encoder.max_buffer_length_from_utf8_without_replacement(s.len())?;
                let mut out = Vec::with_capacity(cap);
                let (res, _) = encoder.encode_from_utf8_to_vec_without_replacement(s, &mut out, true);
                match res {
                    encoding_rs::EncoderResult::InputEmpty => Some(out),
                    _ => None,
                }
            }
        }
    }

    /// Decodes bytes, or None when they contain a sequence this encoding does not define.
    pub fn decode(&self, b: &[u8]) -> Option<String> {
        let text = match self.codec {
            Codec::Utf8 => String::from_utf8_lossy(b).into_owned(),
            Codec::Utf16 { big_endian, bom } => {
                let mut be = big_endian;
                let mut body = b;
                if bom {
                    if let Some(rest) = b.strip_prefix(&[0xFE, 0xFF]) {
                        body = rest;
                        be = true;
                    } else if let Some(rest) = b.strip_prefix(&[0xFF, 0xFE]) {
                        body = rest;
                        be = false;
                    }
                }
                let units: Vec<u16> = body
                    .chunks(2)
                    .map(|c| match (c.first(), c.get(1)) {
                        (Some(&x), Some(&y)) if be => u16::from_be_bytes([x, y]),
                        (Some(&x), Some(&y)) => u16::from_le_bytes([x, y]),
                        _ => 0xFFFD,
                    })
                    .collect();
                String::from_utf16_lossy(&units)
            }
            Codec::Ascii => b.iter().map(|&x| if x < 0x80 { x as char } else { '\u{FFFD}' }).collect(),
            Codec::Latin1 => b.iter().map(|&x| x as char).collect(),
            Codec::Latin5 => b
                .iter()
                .map(|&x| LATIN5.iter().find(|(b, _)| *b == x).map(|(_, c)| *c).unwrap_or(x as char))
                .collect(),
            Codec::Legacy(enc) => {
                let (text, had_errors) = enc.decode_without_bom_handling(b);
                if had_errors {
                    return None;
                }
                if enc.name().starts_with("windows-") && text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c)) {
                    return None;
                }
                text.into_owned()
            }
        };
        (!text.contains('\u{FFFD}')).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases() {
        assert_eq!(lookup("utf-16le").unwrap().name, "UTF-16LE");
        assert_eq!(lookup("latin1").unwrap().name, "ISO_8859-1:1987");
        assert!(lookup("NOPE").is_none());
    }

    #[test]
    fn round_trips() {
        let sj = lookup("Shift_JIS").unwrap();
        assert_eq!(sj.encode("日本").unwrap(), vec![0x93, 0xfa, 0x96, 0x7b]);
        assert_eq!(lookup("ISO-8859-1").unwrap().encode("日本"), None);
        assert_eq!(lookup("UTF-16").unwrap().encode("hi").unwrap(), vec![0xfe, 0xff, 0, b'h', 0, b'i']);
    }
}
