//! The bytes sent to an 8-colour terminal. crossterm writes every colour, even the eight basic
//! ones, as a 256-colour index (`ESC[38;5;1m`); a terminal without 256 colours (a Linux console
//! of old, screen without 256-colour support, a serial vt100) reads that as 38 (unknown), 5
//! (blink) and 1 (bold). On such a terminal the frame (already brought down to the eight colours
//! by `palette::reduce`) is rewritten to the classic codes, `ESC[31m` and `ESC[41m`.

use std::io::{self, Write};

use super::palette::Depth;

/// Standard output, with colour codes rewritten for an 8-colour terminal. Bytes are kept until
/// `flush` (ratatui flushes after every frame), so no sequence is ever split across writes.
pub struct Out {
    depth: Depth,
    pending: Vec<u8>,
}

impl Out {
    /// Standard output for a terminal of `depth` colours.
    pub fn new(depth: Depth) -> Out {
        Out {
            depth,
            pending: Vec::new(),
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let bytes = std::mem::take(&mut self.pending);
        let bytes = if self.depth == Depth::Basic { basic(&bytes) } else { bytes };
        let mut out = io::stdout().lock();
        out.write_all(&bytes)?;
        out.flush()
    }
}

/// `bytes` with each `38;5;N` / `48;5;N` (N below 8) inside an SGR sequence (`ESC[...m`) written
/// as `3N` / `4N`; everything else unchanged.
pub fn basic(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'[') {
            let start = i + 2;
            let end = bytes[start..]
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b';'))
                .map(|n| start + n);
            if let Some(end) = end
                && bytes[end] == b'm'
            {
                out.extend_from_slice(b"\x1b[");
                out.extend_from_slice(&params(&bytes[start..end]));
                out.push(b'm');
                i = end + 1;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// An SGR parameter list with the 256-colour forms of the basic colours rewritten.
fn params(p: &[u8]) -> Vec<u8> {
    let parts: Vec<&[u8]> = p.split(|b| *b == b';').collect();
    let mut kept: Vec<Vec<u8>> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let base = match parts[i] {
            b"38" => Some(b'3'),
            b"48" => Some(b'4'),
            _ => None,
        };
        let five = parts.get(i + 1).is_some_and(|x| *x == b"5");
        if let (Some(base), true, Some(&[n @ b'0'..=b'7'])) = (base, five, parts.get(i + 2).copied()) {
            kept.push(vec![base, n]);
            i += 3;
            continue;
        }
        kept.push(parts[i].to_vec());
        i += 1;
    }
    kept.join(&b';')
}

#[cfg(test)]
mod tests {
    use super::basic;

    #[test]
    fn basic_colours_are_written_with_the_classic_codes() {
        assert_eq!(basic(b"\x1b[38;5;1mx"), b"\x1b[31mx");
        assert_eq!(basic(b"a\x1b[38;5;6;48;5;0mb"), b"a\x1b[36;40mb");
        assert_eq!(basic(b"\x1b[39;49m\x1b[1m"), b"\x1b[39;49m\x1b[1m");
        // Not a basic colour (palette::reduce leaves none; kept as is), and not SGR at all.
        assert_eq!(basic(b"\x1b[38;5;196m"), b"\x1b[38;5;196m");
        assert_eq!(basic(b"\x1b[?1049h\x1b[2;5H"), b"\x1b[?1049h\x1b[2;5H");
        assert_eq!(basic(b"plain 38;5;1m text\x1b"), b"plain 38;5;1m text\x1b");
    }

    #[test]
    fn crossterm_colours_come_out_as_classic_codes() {
        use crossterm::style::{Color, Colors, SetColors, SetForegroundColor};
        let mut raw = Vec::new();
        crossterm::queue!(
            raw,
            SetColors(Colors::new(Color::DarkRed, Color::Black)),
            SetForegroundColor(Color::DarkCyan)
        )
        .expect("queue");
        assert_eq!(basic(&raw), b"\x1b[31;40m\x1b[36m");
    }
}
