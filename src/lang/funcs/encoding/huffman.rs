//! Huffman code construction exactly as Go's compress/flate builds it (huffman_code.go):
//! length-limited codes from its bit-count algorithm and the fixed codes of RFC 1951.

use super::gzip::{MAX_NUM_LIT, OFFSET_CODES};

/// One Huffman code.
#[derive(Clone, Copy, Default)]
pub(super) struct HCode {
    /// The code, bit-reversed for LSB-first writing.
    pub(super) code: u16,
    /// Its length in bits.
    pub(super) len: u16,
}

fn reverse_bits(v: u16, n: u16) -> u16 {
    if n == 0 {
        return 0;
    }
    v.reverse_bits() >> (16 - n)
}

/// A Huffman encoder: one code per symbol.
pub(super) struct Encoder {
    /// The code of each symbol.
    pub(super) codes: Vec<HCode>,
}

#[derive(Clone, Copy)]
struct Node {
    literal: u16,
    freq: i32,
}

impl Encoder {
    pub(super) fn new(n: usize) -> Encoder {
        Encoder {
            codes: vec![HCode::default(); n],
        }
    }

    pub(super) fn fixed_literal() -> Encoder {
        let mut e = Encoder::new(MAX_NUM_LIT);
        for ch in 0..MAX_NUM_LIT as u16 {
            let (bits, size) = match ch {
                0..=143 => (ch + 48, 8),
                144..=255 => (ch + 400 - 144, 9),
                256..=279 => (ch - 256, 7),
                _ => (ch + 192 - 280, 8),
            };
            e.codes[ch as usize] = HCode {
                code: reverse_bits(bits, size),
                len: size,
            };
        }
        e
    }

    pub(super) fn fixed_offset() -> Encoder {
        let mut e = Encoder::new(OFFSET_CODES);
        for (ch, c) in e.codes.iter_mut().enumerate() {
            *c = HCode {
                code: reverse_bits(ch as u16, 5),
                len: 5,
            };
        }
        e
    }

    pub(super) fn bit_length(&self, freq: &[i32]) -> usize {
        freq.iter()
            .zip(self.codes.iter())
            .filter(|(f, _)| **f != 0)
            .map(|(f, c)| *f as usize * c.len as usize)
            .sum()
    }

    pub(super) fn generate(&mut self, freq: &[i32], max_bits: i32) {
        let mut list: Vec<Node> = Vec::with_capacity(freq.len() + 1);
        for (i, &f) in freq.iter().enumerate() {
            if f != 0 {
                list.push(Node {
                    literal: i as u16,
                    freq: f,
                });
            } else if let Some(c) = self.codes.get_mut(i) {
                c.len = 0;
            }
        }
        if list.len() <= 2 {
            for (i, node) in list.iter().enumerate() {
                self.codes[node.literal as usize] = HCode { code: i as u16, len: 1 };
            }
            return;
        }
        list.sort_by(|a, b| a.freq.cmp(&b.freq).then(a.literal.cmp(&b.literal)));
        let bit_count = bit_counts(&list, max_bits);
        self.assign(&bit_count, &list);
    }

    fn assign(&mut self, bit_count: &[i32], list: &[Node]) {
        let mut code: u16 = 0;
        let mut end = list.len();
        for (n, &bits) in bit_count.iter().enumerate() {
            code <<= 1;
            if n == 0 || bits == 0 {
                continue;
            }
            let start = end - bits as usize;
            let mut chunk: Vec<Node> = list[start..end].to_vec();
            chunk.sort_by_key(|x| x.literal);
            for node in chunk {
                self.codes[node.literal as usize] = HCode {
                    code: reverse_bits(code, n as u16),
                    len: n as u16,
                };
                code = code.wrapping_add(1);
            }
            end = start;
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Level {
    level: i32,
    last_freq: i32,
    next_char_freq: i32,
    next_pair_freq: i32,
    needed: i32,
}

/// Go's length-limited bit count computation (huffman_code.go bitCounts).
fn bit_counts(list_in: &[Node], max_bits_in: i32) -> Vec<i32> {
    const LIMIT: usize = 16;
    let n = list_in.len() as i32;
    let mut list: Vec<Node> = list_in.to_vec();
    list.push(Node {
        literal: u16::MAX,
        freq: i32::MAX,
    });
    let max_bits = max_bits_in.min(n - 1);
    let mut levels = [Level::default(); LIMIT + 1];
    let mut leaf_counts = [[0i32; LIMIT + 1]; LIMIT + 1];
    for level in 1..=max_bits {
        let l = level as usize;
        levels[l] = Level {
            level,
            last_freq: list[1].freq,
            next_char_freq: list[2].freq,
            next_pair_freq: list[0].freq.saturating_add(list[1].freq),
            needed: 0,
        };
        leaf_counts[l][l] = 2;
        if level == 1 {
            levels[l].next_pair_freq = i32::MAX;
        }
    }
    levels[max_bits as usize].needed = 2 * n - 4;
    let mut level = max_bits as usize;
    loop {
        if levels[level].next_pair_freq == i32::MAX && levels[level].next_char_freq == i32::MAX {
            levels[level].needed = 0;
            levels[level + 1].next_pair_freq = i32::MAX;
            level += 1;
            continue;
        }
        let prev_freq = levels[level].last_freq;
        if levels[level].next_char_freq < levels[level].next_pair_freq {
            let nn = leaf_counts[level][level] + 1;
            levels[level].last_freq = levels[level].next_char_freq;
            leaf_counts[level][level] = nn;
            levels[level].next_char_freq = list.get(nn as usize).map(|x| x.freq).unwrap_or(i32::MAX);
        } else {
            levels[level].last_freq = levels[level].next_pair_freq;
            let (lower, upper) = leaf_counts.split_at_mut(level);
            upper[0][..level].copy_from_slice(&lower[level - 1][..level]);
            let below = (levels[level].level - 1) as usize;
            levels[below].needed = 2;
        }
        levels[level].needed -= 1;
        if levels[level].needed == 0 {
            if levels[level].level == max_bits {
                break;
            }
            let up = (levels[level].level + 1) as usize;
            levels[up].next_pair_freq = prev_freq.saturating_add(levels[level].last_freq);
            level += 1;
        } else {
            while levels[level - 1].needed > 0 {
                level -= 1;
            }
        }
    }
    let mut bit_count = vec![0i32; max_bits as usize + 1];
    let counts = &leaf_counts[max_bits as usize];
    for (bits, level) in (1usize..).zip((1..=max_bits as usize).rev()) {
        bit_count[bits] = counts[level] - counts[level - 1];
    }
    bit_count
}
