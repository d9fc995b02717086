//! `diff -u --label=old/F --label=new/F`, as GNU diffutils prints it: what `terraform fmt
//! -diff` shows (Terraform runs the system's `diff` on the file before and after).
//!
//! GNU diff's choices are followed so that the same lines are marked and grouped the same way:
//! the identical start and end of the two texts are set aside (less three lines each side),
//! lines found in only one text (and runs of very common ones) are taken out before the
//! comparison, the shortest edit script is found by Myers' middle-snake search, runs of
//! changes are slid to merge with their neighbours and to line up with the other text's,
//! and changes fewer than seven lines apart share a hunk with three lines of context.

/// The lines of context around a change.
const CONTEXT: usize = 3;

/// How much of a file GNU diff reads at first to decide whether it is binary.
const FIRST_READ: usize = 4096;

/// One text's lines: each with its line break, the last possibly without one.
struct Text<'a> {
    lines: Vec<&'a [u8]>,
    /// The last line has no line break.
    missing_newline: bool,
}

fn lines_of(b: &[u8]) -> Text<'_> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            lines.push(&b[start..=i]);
            start = i + 1;
        }
    }
    let missing_newline = start < b.len();
    if missing_newline {
        lines.push(&b[start..]);
    }
    Text { lines, missing_newline }
}

/// The unified diff of `old` and `new` with their labels, as `diff -u` prints it; empty when
/// they are the same.
pub fn unified(old: &str, new: &str, old_label: &str, new_label: &str) -> String {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    if a == b {
        return String::new();
    }
    let binary = |x: &[u8]| x[..x.len().min(FIRST_READ)].contains(&0);
    if binary(a) || binary(b) {
        return format!("Binary files {old_label} and {new_label} differ\n");
    }
    let ta = lines_of(a);
    let tb = lines_of(b);
    let (pre, suf_a, suf_b) = identical_ends(a, b, ta.missing_newline, tb.missing_newline);
    // Lines [pre, end) of each text are compared; the rest is the same in both.
    let pre_lines = a[..pre].iter().filter(|&&c| c == b'\n').count();
    let end_a = pre_lines + count_lines(&a[pre..suf_a]);
    let end_b = pre_lines + count_lines(&b[pre..suf_b]);
    let mid_a = &ta.lines[pre_lines..end_a];
    let mid_b = &tb.lines[pre_lines..end_b];
    let last_a = ta.lines.len().checked_sub(1);
    let last_b = tb.lines.len().checked_sub(1);
    // Equivalence classes: the same bytes, and an unfinished last line only matches the other
    // text's unfinished last line.
    let mut classes: std::collections::HashMap<(&[u8], bool), usize> = std::collections::HashMap::new();
    let mut eq = [Vec::with_capacity(mid_a.len()), Vec::with_capacity(mid_b.len())];
    for (f, (mid, text, last)) in [(mid_a, &ta, last_a), (mid_b, &tb, last_b)].into_iter().enumerate() {
        for (i, &line) in mid.iter().enumerate() {
            let unfinished = text.missing_newline && Some(pre_lines + i) == last;
            let n = classes.len() + 1;
            eq[f].push(*classes.entry((line, unfinished)).or_insert(n));
        }
    }
    let [eq_a, eq_b] = eq;
    let mut changed = [vec![false; eq_a.len() + 2], vec![false; eq_b.len() + 2]];
    compare(&eq_a, &eq_b, &mut changed);
    shift_boundaries(&[&eq_a, &eq_b], &mut changed);
    let changes = script(&changed, eq_a.len(), eq_b.len(), pre_lines);
    let mut out = format!("--- {old_label}\n+++ {new_label}\n");
    for hunk in hunks(&changes) {
        print_hunk(&mut out, hunk, &ta, &tb);
    }
    out
}

fn count_lines(b: &[u8]) -> usize {
    let n = b.iter().filter(|&&c| c == b'\n').count();
    if b.last().is_some_and(|&c| c != b'\n') { n + 1 } else { n }
}

/// GNU diff's find_identical_ends: where the compared part starts (the same offset in both,
/// at a line start, three lines before the first difference) and ends in each text (three
/// lines, or four from inside a line, after where the identical ends begin).
fn identical_ends(a: &[u8], b: &[u8], miss_a: bool, miss_b: bool) -> (usize, usize, usize) {
    // Both texts as diff reads them: a line break added to an unfinished last line.
    let full = |x: &[u8], miss: bool| {
        let mut v = x.to_vec();
        if miss {
            v.push(b'\n');
        }
        v
    };
    let (fa, fb) = (full(a, miss_a), full(b, miss_b));
    let (n0, n1) = (fa.len(), fb.len());
    let mut p = fa.iter().zip(fb.iter()).take_while(|(x, y)| x == y).count();
    // The added line break is not part of the prefix unless both have it there.
    if (n0 - usize::from(miss_a) < p) != (n1 - usize::from(miss_b) < p) {
        p -= 1;
    }
    let mut hor = CONTEXT;
    while p != 0 {
        if fa[p - 1] == b'\n' {
            if hor == 0 {
                break;
            }
            hor -= 1;
        }
        p -= 1;
    }
    let prefix_end = p;
    let (mut p0, mut p1) = (n0, n1);
    if miss_a == miss_b {
        let end0 = p0;
        let mut beg0 = prefix_end + n0.saturating_sub(n1);
        while p0 != beg0 {
            p0 -= 1;
            p1 -= 1;
            if fa[p0] != fb[p1] {
                p0 += 1;
                p1 += 1;
                beg0 = p0;
                break;
            }
        }
        let at_line_start = (p0 == 0 || fa[p0 - 1] == b'\n') && (p1 == 0 || fb[p1 - 1] == b'\n');
        let mut i = CONTEXT + usize::from(!at_line_start);
        while i > 0 && p0 != end0 {
            i -= 1;
            while fa[p0] != b'\n' {
                p0 += 1;
            }
            p0 += 1;
        }
        p1 += p0 - beg0;
    }
    // Offsets in the texts as given (without the added line break).
    (prefix_end.min(a.len()), p0.min(a.len()), p1.min(b.len()))
}

fn floor_log2(n: usize) -> u32 {
    usize::BITS - 1 - n.max(1).leading_zeros()
}

/// Marks the changed lines of the compared parts (`changed[f][i + 1]` for line `i`): lines
/// matching nothing in the other text are set aside first (GNU's discard_confusing_lines),
/// then the rest compared.
fn compare(eq_a: &[usize], eq_b: &[usize], changed: &mut [Vec<bool>; 2]) {
    let eqs = [eq_a, eq_b];
    let classes = eq_a.iter().chain(eq_b).copied().max().unwrap_or(0) + 1;
    let mut count = [vec![0usize; classes], vec![0usize; classes]];
    for f in 0..2 {
        for &e in eqs[f] {
            count[f][e] += 1;
        }
    }
    let mut discards = [vec![0u8; eq_a.len()], vec![0u8; eq_b.len()]];
    for f in 0..2 {
        let end = eqs[f].len();
        let many = 5usize << if end < 64 { 0 } else { (floor_log2(end) >> 1) - 3 };
        for i in 0..end {
            let n = count[1 - f][eqs[f][i]];
            if n == 0 {
                discards[f][i] = 1;
            } else if n > many {
                discards[f][i] = 2;
            }
        }
    }
    for d in &mut discards {
        settle_provisional(d);
    }
    let mut kept: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut real: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for f in 0..2 {
        for (i, &e) in eqs[f].iter().enumerate() {
            if discards[f][i] == 0 {
                kept[f].push(e);
                real[f].push(i);
            } else {
                changed[f][i + 1] = true;
            }
        }
    }
    let diags = kept[0].len() + kept[1].len() + 3;
    let too_expensive = (1i64 << ((floor_log2(diags) >> 1) + 1)).max(4096);
    let mut ctx = Seq {
        x: &kept[0],
        y: &kept[1],
        fd: vec![0; 2 * diags + 2],
        bd: vec![0; 2 * diags + 2],
        off: kept[1].len() as i64 + 1,
        too_expensive,
        del: Vec::new(),
        ins: Vec::new(),
    };
    ctx.compareseq(0, kept[0].len() as i64, 0, kept[1].len() as i64, false);
    for x in std::mem::take(&mut ctx.del) {
        changed[0][real[0][x] + 1] = true;
    }
    for y in std::mem::take(&mut ctx.ins) {
        changed[1][real[1][y] + 1] = true;
    }
}

/// Keeps a provisional discard (a line very common in the other text) only inside a run of
/// definite ones, and not in long stretches of its own.
fn settle_provisional(d: &mut [u8]) {
    let end = d.len();
    let mut i = 0;
    while i < end {
        if d[i] == 2 {
            d[i] = 0;
        } else if d[i] != 0 {
            let mut provisional = 0usize;
            let mut j = i;
            while j < end && d[j] != 0 {
                if d[j] == 2 {
                    provisional += 1;
                }
                j += 1;
            }
            while j > i && d[j - 1] == 2 {
                j -= 1;
                d[j] = 0;
                provisional -= 1;
            }
            let length = j - i;
            if length >> 2 < provisional {
                while j > i {
                    j -= 1;
                    if d[j] == 2 {
                        d[j] = 0;
                    }
                }
            } else {
                let minimum = if length < 4 {
                    2
                } else {
                    (1usize << ((floor_log2(length) >> 1) - 1)) + 1
                };
                let mut consec = 0usize;
                let mut k: isize = 0;
                while (k as usize) < length {
                    let at = i + k as usize;
                    if d[at] != 2 {
                        consec = 0;
                    } else {
                        consec += 1;
                        if minimum == consec {
                            k -= consec as isize;
                        } else if minimum < consec {
                            d[at] = 0;
                        }
                    }
                    k += 1;
                }
                let mut consec = 0;
                for k in 0..length {
                    let at = i + k;
                    if k >= 8 && d[at] == 1 {
                        break;
                    }
                    if d[at] == 2 {
                        consec = 0;
                        d[at] = 0;
                    } else if d[at] == 0 {
                        consec = 0;
                    } else {
                        consec += 1;
                    }
                    if consec == 3 {
                        break;
                    }
                }
                i += length - 1;
                let mut consec = 0;
                for k in 0..length {
                    let at = i - k;
                    if k >= 8 && d[at] == 1 {
                        break;
                    }
                    if d[at] == 2 {
                        consec = 0;
                        d[at] = 0;
                    } else if d[at] == 0 {
                        consec = 0;
                    } else {
                        consec += 1;
                    }
                    if consec == 3 {
                        break;
                    }
                }
            }
        }
        i += 1;
    }
}

/// Myers' comparison as gnulib's diffseq does it (no speed heuristic, as plain `diff`).
struct Seq<'v> {
    x: &'v [usize],
    y: &'v [usize],
    fd: Vec<i64>,
    bd: Vec<i64>,
    /// Index of diagonal 0 in `fd` and `bd`.
    off: i64,
    too_expensive: i64,
    del: Vec<usize>,
    ins: Vec<usize>,
}

struct Part {
    xmid: i64,
    ymid: i64,
    lo_minimal: bool,
    hi_minimal: bool,
}

impl Seq<'_> {
    fn eq(&self, x: i64, y: i64) -> bool {
        self.x[x as usize] == self.y[y as usize]
    }

    fn fd(&mut self, d: i64) -> &mut i64 {
        let i = (d + self.off) as usize;
        &mut self.fd[i]
    }

    fn bd(&mut self, d: i64) -> &mut i64 {
        let i = (d + self.off) as usize;
        &mut self.bd[i]
    }

    fn compareseq(&mut self, mut xoff: i64, mut xlim: i64, mut yoff: i64, mut ylim: i64, mut minimal: bool) {
        loop {
            while xoff < xlim && yoff < ylim && self.eq(xoff, yoff) {
                xoff += 1;
                yoff += 1;
            }
            while xoff < xlim && yoff < ylim && self.eq(xlim - 1, ylim - 1) {
                xlim -= 1;
                ylim -= 1;
            }
            if xoff == xlim {
                self.ins.extend((yoff..ylim).map(|y| y as usize));
                return;
            }
            if yoff == ylim {
                self.del.extend((xoff..xlim).map(|x| x as usize));
                return;
            }
            let part = self.diag(xoff, xlim, yoff, ylim, minimal);
            self.compareseq(xoff, part.xmid, yoff, part.ymid, part.lo_minimal);
            xoff = part.xmid;
            yoff = part.ymid;
            minimal = part.hi_minimal;
        }
    }

    fn diag(&mut self, xoff: i64, xlim: i64, yoff: i64, ylim: i64, minimal: bool) -> Part {
        let dmin = xoff - ylim;
        let dmax = xlim - yoff;
        let fmid = xoff - yoff;
        let bmid = xlim - ylim;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        *self.fd(fmid) = xoff;
        *self.bd(bmid) = xlim;
        let mut c = 1i64;
        loop {
            if fmin > dmin {
                fmin -= 1;
                *self.fd(fmin - 1) = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                *self.fd(fmax + 1) = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let tlo = *self.fd(d - 1);
                let thi = *self.fd(d + 1);
                let x0 = if tlo < thi { thi } else { tlo + 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while x < xlim && y < ylim && self.eq(x, y) {
                    x += 1;
                    y += 1;
                }
                *self.fd(d) = x;
                if odd && bmin <= d && d <= bmax && *self.bd(d) <= x {
                    return Part {
                        xmid: x,
                        ymid: y,
                        lo_minimal: true,
                        hi_minimal: true,
                    };
                }
                d -= 2;
            }
            if bmin > dmin {
                bmin -= 1;
                *self.bd(bmin - 1) = i64::MAX;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                *self.bd(bmax + 1) = i64::MAX;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let tlo = *self.bd(d - 1);
                let thi = *self.bd(d + 1);
                let x0 = if tlo < thi { tlo } else { thi - 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while xoff < x && yoff < y && self.eq(x - 1, y - 1) {
                    x -= 1;
                    y -= 1;
                }
                *self.bd(d) = x;
                if !odd && fmin <= d && d <= fmax && x <= *self.fd(d) {
                    return Part {
                        xmid: x,
                        ymid: y,
                        lo_minimal: true,
                        hi_minimal: true,
                    };
                }
                d -= 2;
            }
            if !minimal && c >= self.too_expensive {
                // Too costly: halfway between the best points reached from each end.
                let (mut fxybest, mut fxbest) = (-1i64, 0i64);
                let mut d = fmax;
                while d >= fmin {
                    let mut x = (*self.fd(d)).min(xlim);
                    let mut y = x - d;
                    if ylim < y {
                        x = ylim + d;
                        y = ylim;
                    }
                    if fxybest < x + y {
                        fxybest = x + y;
                        fxbest = x;
                    }
                    d -= 2;
                }
                let (mut bxybest, mut bxbest) = (i64::MAX, 0i64);
                let mut d = bmax;
                while d >= bmin {
                    let mut x = (*self.bd(d)).max(xoff);
                    let mut y = x - d;
                    if y < yoff {
                        x = yoff + d;
                        y = yoff;
                    }
                    if x + y < bxybest {
                        bxybest = x + y;
                        bxbest = x;
                    }
                    d -= 2;
                }
                return if (xlim + ylim) - bxybest < fxybest - (xoff + yoff) {
                    Part {
                        xmid: fxbest,
                        ymid: fxybest - fxbest,
                        lo_minimal: true,
                        hi_minimal: false,
                    }
                } else {
                    Part {
                        xmid: bxbest,
                        ymid: bxybest - bxbest,
                        lo_minimal: false,
                        hi_minimal: true,
                    }
                };
            }
            c += 1;
        }
    }
}

/// GNU diff's shift_boundaries: each run of changes slides back while the line before it
/// equals its last line, then forward while its first line equals the line after it
/// (merging with the runs it meets), and finally back to end where a run of the other text
/// ends, when it can. `changed[f][i + 1]` is line `i`'s mark; the first and last are guards.
fn shift_boundaries(eqs: &[&[usize]; 2], changed: &mut [Vec<bool>; 2]) {
    for (f, &equivs) in eqs.iter().enumerate() {
        let [c0, c1] = changed;
        let (ch, other): (&mut Vec<bool>, &Vec<bool>) = if f == 0 { (c0, c1) } else { (c1, c0) };
        // Accessors with GNU's indices (from -1).
        let at = |v: &Vec<bool>, i: isize| v[(i + 1) as usize];
        let i_end = equivs.len() as isize;
        let (mut i, mut j): (isize, isize) = (0, 0);
        loop {
            while i < i_end && !at(ch, i) {
                loop {
                    let c = at(other, j);
                    j += 1;
                    if !c {
                        break;
                    }
                }
                i += 1;
            }
            if i == i_end {
                break;
            }
            let mut start = i;
            i += 1;
            while at(ch, i) {
                i += 1;
            }
            while at(other, j) {
                j += 1;
            }
            let mut corresponding;
            loop {
                let runlength = i - start;
                while start > 0 && equivs[(start - 1) as usize] == equivs[(i - 1) as usize] {
                    start -= 1;
                    ch[(start + 1) as usize] = true;
                    i -= 1;
                    ch[(i + 1) as usize] = false;
                    while at(ch, start - 1) {
                        start -= 1;
                    }
                    loop {
                        j -= 1;
                        if !at(other, j) {
                            break;
                        }
                    }
                }
                corresponding = if at(other, j - 1) { i } else { i_end };
                while i != i_end && equivs[start as usize] == equivs[i as usize] {
                    ch[(start + 1) as usize] = false;
                    start += 1;
                    ch[(i + 1) as usize] = true;
                    i += 1;
                    while at(ch, i) {
                        i += 1;
                    }
                    loop {
                        j += 1;
                        if !at(other, j) {
                            break;
                        }
                        corresponding = i;
                    }
                }
                if runlength == i - start {
                    break;
                }
            }
            while corresponding < i {
                start -= 1;
                ch[(start + 1) as usize] = true;
                i -= 1;
                ch[(i + 1) as usize] = false;
                loop {
                    j -= 1;
                    if !at(other, j) {
                        break;
                    }
                }
            }
        }
    }
}

/// One change: at line `line0` of the old text and `line1` of the new (whole-text line
/// numbers from 0), `deleted` lines replaced by `inserted`.
#[derive(Clone, Copy, Debug)]
struct Change {
    line0: usize,
    line1: usize,
    deleted: usize,
    inserted: usize,
}

fn script(changed: &[Vec<bool>; 2], n0: usize, n1: usize, base: usize) -> Vec<Change> {
    let at = |f: usize, i: usize| changed[f].get(i + 1).copied().unwrap_or(false);
    let mut out = Vec::new();
    let (mut i0, mut i1) = (0, 0);
    while i0 < n0 || i1 < n1 {
        if at(0, i0) || at(1, i1) {
            let (l0, l1) = (i0, i1);
            while at(0, i0) {
                i0 += 1;
            }
            while at(1, i1) {
                i1 += 1;
            }
            out.push(Change {
                line0: base + l0,
                line1: base + l1,
                deleted: i0 - l0,
                inserted: i1 - l1,
            });
        }
        i0 += 1;
        i1 += 1;
    }
    out
}

/// The changes grouped into hunks: the next change joins when fewer than 2×3+1 unchanged
/// lines separate them.
fn hunks(changes: &[Change]) -> Vec<&[Change]> {
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=changes.len() {
        let split = match changes.get(k) {
            None => true,
            Some(next) => {
                let prev = &changes[k - 1];
                next.line0 - (prev.line0 + prev.deleted) > 2 * CONTEXT
            }
        };
        if split {
            out.push(&changes[start..k]);
            start = k;
        }
    }
    out
}

fn range(first: isize, last: isize) -> String {
    let (a, b) = (first + 1, last + 1);
    if b <= a {
        if b < a { format!("{b},0") } else { format!("{b}") }
    } else {
        format!("{a},{}", b - a + 1)
    }
}

fn print_line(out: &mut String, mark: char, line: &[u8]) {
    out.push(mark);
    out.push_str(&String::from_utf8_lossy(line));
    if line.last() != Some(&b'\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

fn print_hunk(out: &mut String, hunk: &[Change], a: &Text, b: &Text) {
    let (Some(first), Some(last)) = (hunk.first(), hunk.last()) else {
        return;
    };
    let first0 = first.line0 as isize - CONTEXT as isize;
    let first1 = first.line1 as isize - CONTEXT as isize;
    let last0 = (last.line0 + last.deleted) as isize - 1 + CONTEXT as isize;
    let last1 = (last.line1 + last.inserted) as isize - 1 + CONTEXT as isize;
    let first0 = first0.max(0);
    let first1 = first1.max(0);
    let last0 = last0.min(a.lines.len() as isize - 1);
    let last1 = last1.min(b.lines.len() as isize - 1);
    out.push_str(&format!("@@ -{} +{} @@\n", range(first0, last0), range(first1, last1)));
    let (mut i, mut j) = (first0, first1);
    let mut next = hunk.iter().peekable();
    while i <= last0 || j <= last1 {
        match next.peek() {
            Some(c) if i >= c.line0 as isize => {
                for k in 0..c.deleted {
                    print_line(out, '-', a.lines[c.line0 + k]);
                }
                for k in 0..c.inserted {
                    print_line(out, '+', b.lines[c.line1 + k]);
                }
                i += c.deleted as isize;
                j += c.inserted as isize;
                next.next();
            }
            _ => {
                if let Some(line) = a.lines.get(i as usize) {
                    print_line(out, ' ', line);
                }
                i += 1;
                j += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
