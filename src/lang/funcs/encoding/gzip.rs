//! base64gzip's compressor: a faithful port of the behaviour of Go's compress/flate at the
//! default level (lazy matching, Go's block-type choice and Huffman code construction) and of
//! compress/gzip's framing, so the bytes match Terraform's exactly. Terraform writes the whole
//! string, flushes (an empty stored block) and closes (a final empty stored block).

const WINDOW_SIZE: usize = 1 << 15;
const WINDOW_MASK: usize = WINDOW_SIZE - 1;
const MIN_MATCH: usize = 4;
const MAX_MATCH: usize = 258;
const HASH_BITS: u32 = 17;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: u32 = (HASH_SIZE as u32) - 1;
const MAX_HASH_OFFSET: usize = 1 << 24;
const MAX_BLOCK_TOKENS: usize = 1 << 14;
const MAX_STORE_BLOCK: usize = 65535;
const HASH_MUL: u32 = 0x1e35a7bd;
// Level 6 parameters.
const GOOD: usize = 8;
const LAZY: usize = 16;
const NICE: usize = 128;
const CHAIN: usize = 128;

pub(super) const MAX_NUM_LIT: usize = 286;
pub(super) const OFFSET_CODES: usize = 30;
const CODEGEN_CODES: usize = 19;
const LENGTH_CODES_START: usize = 257;
const BAD_CODE: u8 = 255;

const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const LENGTH_BASE: [u32; 29] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 255,
];
const OFFSET_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const OFFSET_BASE: [u32; 30] = [
    0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384,
    24576,
];
use super::huffman::{Encoder, HCode};

const CODEGEN_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// Gzips `data` exactly as Terraform's base64gzip does before base64.
pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut c = Compressor::new();
    c.write(data);
    c.sync_flush();
    c.close();
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    out.extend_from_slice(&c.w.out);
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// CRC-32 (IEEE), as Go's `hash/crc32.ChecksumIEEE` (the gzip trailer's, and the hash
/// Terraform gives a backend's settings).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

#[derive(Clone, Copy)]
enum Token {
    Literal(u8),
    /// (length - 3, offset - 1)
    Match(u32, u32),
    End,
}

fn length_code(xlen: u32) -> usize {
    LENGTH_BASE.iter().rposition(|&b| b <= xlen).unwrap_or(0)
}

fn offset_code(xoff: u32) -> usize {
    OFFSET_BASE.iter().rposition(|&b| b <= xoff).unwrap_or(0)
}

fn hash4(b: &[u8]) -> u32 {
    let v = u32::from(b[3]) | (u32::from(b[2]) << 8) | (u32::from(b[1]) << 16) | (u32::from(b[0]) << 24);
    v.wrapping_mul(HASH_MUL) >> (32 - HASH_BITS)
}

struct Compressor {
    window: Vec<u8>,
    window_end: usize,
    index: usize,
    block_start: usize,
    hash_head: Vec<u32>,
    hash_prev: Vec<u32>,
    hash_offset: usize,
    chain_head: i64,
    length: usize,
    offset: usize,
    byte_available: bool,
    sync: bool,
    max_insert_index: usize,
    tokens: Vec<Token>,
    w: BitWriter,
}

impl Compressor {
    fn new() -> Compressor {
        Compressor {
            window: vec![0; 2 * WINDOW_SIZE],
            window_end: 0,
            index: 0,
            block_start: 0,
            hash_head: vec![0; HASH_SIZE],
            hash_prev: vec![0; WINDOW_SIZE],
            hash_offset: 1,
            chain_head: -1,
            length: MIN_MATCH - 1,
            offset: 0,
            byte_available: false,
            sync: false,
            max_insert_index: 0,
            tokens: Vec::with_capacity(MAX_BLOCK_TOKENS + 1),
            w: BitWriter::new(),
        }
    }

    fn write(&mut self, mut b: &[u8]) {
        while !b.is_empty() {
            self.deflate();
            let n = self.fill(b);
            b = &b[n..];
        }
    }

    fn sync_flush(&mut self) {
        self.sync = true;
        self.deflate();
        self.w.write_stored_header(0, false);
        self.w.flush();
        self.sync = false;
    }

    fn close(&mut self) {
        self.sync = true;
        self.deflate();
        self.w.write_stored_header(0, true);
        self.w.flush();
    }

    fn fill(&mut self, b: &[u8]) -> usize {
        if self.index >= 2 * WINDOW_SIZE - (MIN_MATCH + MAX_MATCH) {
            self.window.copy_within(WINDOW_SIZE..2 * WINDOW_SIZE, 0);
            self.index -= WINDOW_SIZE;
            self.window_end -= WINDOW_SIZE;
            if self.block_start >= WINDOW_SIZE {
                self.block_start -= WINDOW_SIZE;
            } else {
                self.block_start = usize::MAX;
            }
            self.hash_offset += WINDOW_SIZE;
            if self.hash_offset > MAX_HASH_OFFSET {
                let delta = self.hash_offset - 1;
                self.hash_offset -= delta;
                self.chain_head -= delta as i64;
                for v in self.hash_prev.iter_mut().chain(self.hash_head.iter_mut()) {
                    *v = if (*v as usize) > delta { (*v as usize - delta) as u32 } else { 0 };
                }
            }
        }
        let n = b.len().min(self.window.len() - self.window_end);
        self.window[self.window_end..self.window_end + n].copy_from_slice(&b[..n]);
        self.window_end += n;
        n
    }

    fn write_block(&mut self, index: usize) {
        if index > 0 {
            let window = if self.block_start <= index {
                Some(self.window[self.block_start..index].to_vec())
            } else {
                None
            };
            self.block_start = index;
            let tokens = std::mem::take(&mut self.tokens);
            self.w.write_block(&tokens, false, window.as_deref());
            self.tokens = tokens;
        }
        self.tokens.clear();
    }

    fn insert_hash(&mut self, index: usize) -> u32 {
        let h = hash4(&self.window[index..index + MIN_MATCH]) & HASH_MASK;
        let head = self.hash_head[h as usize];
        self.hash_prev[index & WINDOW_MASK] = head;
        self.hash_head[h as usize] = (index + self.hash_offset) as u32;
        head
    }

    fn deflate(&mut self) {
        if self.window_end - self.index < MIN_MATCH + MAX_MATCH && !self.sync {
            return;
        }
        self.max_insert_index = self.window_end.saturating_sub(MIN_MATCH - 1);
        loop {
            let lookahead = self.window_end - self.index;
            if lookahead < MIN_MATCH + MAX_MATCH {
                if !self.sync {
                    break;
                }
                if lookahead == 0 {
                    if self.byte_available {
                        self.tokens.push(Token::Literal(self.window[self.index - 1]));
                        self.byte_available = false;
                    }
                    if !self.tokens.is_empty() {
                        self.write_block(self.index);
                    }
                    break;
                }
            }
            if self.index < self.max_insert_index {
                self.chain_head = i64::from(self.insert_hash(self.index));
            }
            let prev_length = self.length;
            let prev_offset = self.offset;
            self.length = MIN_MATCH - 1;
            self.offset = 0;
            let min_index = self.index.saturating_sub(WINDOW_SIZE) as i64;
            if self.chain_head - self.hash_offset as i64 >= min_index && lookahead > prev_length && prev_length < LAZY {
                let head = (self.chain_head - self.hash_offset as i64) as usize;
                if let Some((l, o)) = self.find_match(self.index, head, MIN_MATCH - 1, lookahead) {
                    self.length = l;
                    self.offset = o;
                }
            }
            if prev_length >= MIN_MATCH && self.length <= prev_length {
                self.tokens.push(Token::Match((prev_length - 3) as u32, (prev_offset - 1) as u32));
                let new_index = self.index + prev_length - 1;
                let mut index = self.index + 1;
                while index < new_index {
                    if index < self.max_insert_index {
                        self.insert_hash(index);
                    }
                    index += 1;
                }
                self.index = index;
                self.byte_available = false;
                self.length = MIN_MATCH - 1;
                if self.tokens.len() == MAX_BLOCK_TOKENS {
                    self.write_block(self.index);
                }
            } else {
                if self.byte_available {
                    let i = self.index - 1;
                    self.tokens.push(Token::Literal(self.window[i]));
                    if self.tokens.len() == MAX_BLOCK_TOKENS {
                        self.write_block(i + 1);
                    }
                }
                self.index += 1;
                self.byte_available = true;
            }
        }
    }

    fn find_match(&self, pos: usize, prev_head: usize, prev_length: usize, lookahead: usize) -> Option<(usize, usize)> {
        let min_look = MAX_MATCH.min(lookahead);
        let win = &self.window[..pos + min_look];
        let nice = (win.len() - pos).min(NICE);
        let mut tries = CHAIN;
        let mut length = prev_length;
        if length >= GOOD {
            tries >>= 2;
        }
        let mut w_end = *win.get(pos + length)?;
        let w_pos = &win[pos..];
        let min_index = pos as i64 - WINDOW_SIZE as i64;
        let mut found = None;
        let mut i = prev_head as i64;
        while tries > 0 {
            let iu = i as usize;
            if win.get(iu + length) == Some(&w_end) {
                let n = match_len(&win[iu..], w_pos, min_look);
                if n > length && (n > MIN_MATCH || pos - iu <= 4096) {
                    length = n;
                    found = Some((n, pos - iu));
                    if n >= nice {
                        break;
                    }
                    w_end = match win.get(pos + n) {
                        Some(&c) => c,
                        None => break,
                    };
                }
            }
            if i == min_index {
                break;
            }
            i = i64::from(self.hash_prev[iu & WINDOW_MASK]) - self.hash_offset as i64;
            if i < min_index || i < 0 {
                break;
            }
            tries -= 1;
        }
        found
    }
}

fn match_len(a: &[u8], b: &[u8], max: usize) -> usize {
    let a = &a[..max.min(a.len())];
    for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
        if x != y {
            return i;
        }
    }
    a.len().min(b.len())
}

struct BitWriter {
    out: Vec<u8>,
    bits: u64,
    nbits: u32,
    literal_freq: Vec<i32>,
    offset_freq: Vec<i32>,
    codegen: Vec<u8>,
    codegen_freq: [i32; CODEGEN_CODES],
    literal_enc: Encoder,
    offset_enc: Encoder,
    codegen_enc: Encoder,
    fixed_lit: Encoder,
    fixed_off: Encoder,
}

impl BitWriter {
    fn new() -> BitWriter {
        BitWriter {
            out: Vec::new(),
            bits: 0,
            nbits: 0,
            literal_freq: vec![0; MAX_NUM_LIT],
            offset_freq: vec![0; OFFSET_CODES],
            codegen: vec![0; MAX_NUM_LIT + OFFSET_CODES + 1],
            codegen_freq: [0; CODEGEN_CODES],
            literal_enc: Encoder::new(MAX_NUM_LIT),
            offset_enc: Encoder::new(OFFSET_CODES),
            codegen_enc: Encoder::new(CODEGEN_CODES),
            fixed_lit: Encoder::fixed_literal(),
            fixed_off: Encoder::fixed_offset(),
        }
    }

    fn write_bits(&mut self, b: u32, nb: u32) {
        self.bits |= u64::from(b) << self.nbits;
        self.nbits += nb;
        while self.nbits >= 8 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.nbits -= 8;
        }
    }

    fn write_code(&mut self, c: HCode) {
        self.write_bits(u32::from(c.code), u32::from(c.len));
    }

    fn flush(&mut self) {
        if self.nbits > 0 {
            self.out.push(self.bits as u8);
        }
        self.bits = 0;
        self.nbits = 0;
    }

    fn write_stored_header(&mut self, length: usize, eof: bool) {
        self.write_bits(u32::from(eof), 3);
        self.flush();
        self.write_bits(length as u32 & 0xffff, 16);
        self.write_bits(!(length as u16) as u32, 16);
    }

    fn index_tokens(&mut self, tokens: &[Token]) -> (usize, usize) {
        self.literal_freq.iter_mut().for_each(|f| *f = 0);
        self.offset_freq.iter_mut().for_each(|f| *f = 0);
        for t in tokens {
            match *t {
                Token::Literal(b) => self.literal_freq[b as usize] += 1,
                Token::End => self.literal_freq[256] += 1,
                Token::Match(l, o) => {
                    self.literal_freq[LENGTH_CODES_START + length_code(l)] += 1;
                    self.offset_freq[offset_code(o)] += 1;
                }
            }
        }
        let mut num_lit = MAX_NUM_LIT;
        while num_lit > 0 && self.literal_freq[num_lit - 1] == 0 {
            num_lit -= 1;
        }
        let mut num_off = OFFSET_CODES;
        while num_off > 0 && self.offset_freq[num_off - 1] == 0 {
            num_off -= 1;
        }
        if num_off == 0 {
            self.offset_freq[0] = 1;
            num_off = 1;
        }
        let lf = self.literal_freq.clone();
        self.literal_enc.generate(&lf, 15);
        let of = self.offset_freq.clone();
        self.offset_enc.generate(&of, 15);
        (num_lit, num_off)
    }

    fn generate_codegen(&mut self, num_lit: usize, num_off: usize) {
        self.codegen_freq = [0; CODEGEN_CODES];
        let mut cg: Vec<u8> = Vec::with_capacity(num_lit + num_off + 1);
        cg.extend(self.literal_enc.codes[..num_lit].iter().map(|c| c.len as u8));
        cg.extend(self.offset_enc.codes[..num_off].iter().map(|c| c.len as u8));
        cg.push(BAD_CODE);
        let mut out: Vec<u8> = Vec::with_capacity(cg.len());
        let mut size = cg[0];
        let mut count: i32 = 1;
        let mut in_index = 1;
        while size != BAD_CODE {
            let next = cg[in_index];
            in_index += 1;
            if next == size {
                count += 1;
                continue;
            }
            if size != 0 {
                out.push(size);
                self.codegen_freq[size as usize] += 1;
                count -= 1;
                while count >= 3 {
                    let n = count.min(6);
                    out.push(16);
                    out.push((n - 3) as u8);
                    self.codegen_freq[16] += 1;
                    count -= n;
                }
            } else {
                while count >= 11 {
                    let n = count.min(138);
                    out.push(18);
                    out.push((n - 11) as u8);
                    self.codegen_freq[18] += 1;
                    count -= n;
                }
                if count >= 3 {
                    out.push(17);
                    out.push((count - 3) as u8);
                    self.codegen_freq[17] += 1;
                    count = 0;
                }
            }
            count -= 1;
            while count >= 0 {
                out.push(size);
                self.codegen_freq[size as usize] += 1;
                count -= 1;
            }
            size = next;
            count = 1;
        }
        out.push(BAD_CODE);
        self.codegen = out;
    }

    fn dynamic_size(&self, extra_bits: usize) -> (usize, usize) {
        let mut num_codegens = CODEGEN_CODES;
        while num_codegens > 4 && self.codegen_freq[CODEGEN_ORDER[num_codegens - 1]] == 0 {
            num_codegens -= 1;
        }
        let header = 3
            + 5
            + 5
            + 4
            + 3 * num_codegens
            + self.codegen_enc.bit_length(&self.codegen_freq)
            + self.codegen_freq[16] as usize * 2
            + self.codegen_freq[17] as usize * 3
            + self.codegen_freq[18] as usize * 7;
        let size = header + self.literal_enc.bit_length(&self.literal_freq) + self.offset_enc.bit_length(&self.offset_freq) + extra_bits;
        (size, num_codegens)
    }

    fn write_block(&mut self, tokens_in: &[Token], eof: bool, input: Option<&[u8]>) {
        let mut tokens = tokens_in.to_vec();
        tokens.push(Token::End);
        let (num_lit, num_off) = self.index_tokens(&tokens);
        let mut extra_bits = 0usize;
        let stored = input.filter(|i| i.len() <= MAX_STORE_BLOCK).map(|i| (i.len() + 5) * 8);
        if stored.is_some() {
            for lc in LENGTH_CODES_START + 8..num_lit {
                extra_bits += self.literal_freq[lc] as usize * LENGTH_EXTRA[lc - LENGTH_CODES_START] as usize;
            }
            for (oc, extra) in OFFSET_EXTRA.iter().enumerate().take(num_off).skip(4) {
                extra_bits += self.offset_freq[oc] as usize * *extra as usize;
            }
        }
        let mut size = 3 + self.fixed_lit.bit_length(&self.literal_freq) + self.fixed_off.bit_length(&self.offset_freq) + extra_bits;
        let mut dynamic = false;
        self.generate_codegen(num_lit, num_off);
        let cf = self.codegen_freq;
        self.codegen_enc.generate(&cf, 7);
        let (dyn_size, num_codegens) = self.dynamic_size(extra_bits);
        if dyn_size < size {
            size = dyn_size;
            dynamic = true;
        }
        if let (Some(ss), Some(inp)) = (stored, input)
            && ss < size
        {
            self.write_stored_header(inp.len(), eof);
            self.flush();
            self.out.extend_from_slice(inp);
            return;
        }
        if dynamic {
            self.write_dynamic_header(num_lit, num_off, num_codegens, eof);
        } else {
            self.write_bits(if eof { 3 } else { 2 }, 3);
        }
        for t in &tokens {
            let (lit, off) = if dynamic {
                (&self.literal_enc, &self.offset_enc)
            } else {
                (&self.fixed_lit, &self.fixed_off)
            };
            match *t {
                Token::Literal(b) => {
                    let c = lit.codes[b as usize];
                    self.write_code(c);
                }
                Token::End => {
                    let c = lit.codes[256];
                    self.write_code(c);
                }
                Token::Match(l, o) => {
                    let lc = length_code(l);
                    let c = lit.codes[lc + LENGTH_CODES_START];
                    let oc = offset_code(o);
                    let oco = off.codes[oc];
                    self.write_code(c);
                    if LENGTH_EXTRA[lc] > 0 {
                        self.write_bits(l - LENGTH_BASE[lc], u32::from(LENGTH_EXTRA[lc]));
                    }
                    self.write_code(oco);
                    if OFFSET_EXTRA[oc] > 0 {
                        self.write_bits(o - OFFSET_BASE[oc], u32::from(OFFSET_EXTRA[oc]));
                    }
                }
            }
        }
    }

    fn write_dynamic_header(&mut self, num_lit: usize, num_off: usize, num_codegens: usize, eof: bool) {
        self.write_bits(if eof { 5 } else { 4 }, 3);
        self.write_bits((num_lit - 257) as u32, 5);
        self.write_bits((num_off - 1) as u32, 5);
        self.write_bits((num_codegens - 4) as u32, 4);
        for &o in CODEGEN_ORDER.iter().take(num_codegens) {
            let l = self.codegen_enc.codes[o].len;
            self.write_bits(u32::from(l), 3);
        }
        let cg = std::mem::take(&mut self.codegen);
        let mut i = 0;
        while let Some(&word) = cg.get(i) {
            i += 1;
            if word == BAD_CODE {
                break;
            }
            let c = self.codegen_enc.codes[word as usize];
            self.write_code(c);
            let extra = match word {
                16 => 2,
                17 => 3,
                18 => 7,
                _ => 0,
            };
            if extra > 0 {
                let v = cg.get(i).copied().unwrap_or(0);
                self.write_bits(u32::from(v), extra);
                i += 1;
            }
        }
        self.codegen = cg;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::funcs::encoding::b64_encode;

    #[test]
    fn matches_go_output() {
        assert_eq!(b64_encode(&gzip(b"hello")), "H4sIAAAAAAAA/8pIzcnJBwAAAP//AQAA//+GphA2BQAAAA==");
        assert_eq!(b64_encode(&gzip(b"")), "H4sIAAAAAAAA/wAAAP//AQAA//8AAAAAAAAAAA==");
        assert_eq!(
            b64_encode(&gzip(b"hello world hello world hello world")),
            "H4sIAAAAAAAA/8pIzcnJVyjPL8pJUcDBBgAAAP//AQAA//+7/kIPIwAAAA=="
        );
    }
}
