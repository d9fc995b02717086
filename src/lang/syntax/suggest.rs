//! "Did you mean ...?" suggestions, as Terraform makes them (Levenshtein distance under 3).

/// The known name closest to `given`, if one is close enough to suggest.
pub fn closest<'a>(given: &str, known: impl Iterator<Item = &'a String>) -> Option<String> {
    let mut best: Option<(usize, &String)> = None;
    for k in known {
        let d = distance(given, k);
        if d < 3 && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k.clone())
}

/// Levenshtein edit distance over characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(
            closest("lenght", ["length".to_string(), "lower".to_string()].iter()),
            Some("length".into())
        );
        assert_eq!(closest("zzz", ["length".to_string()].iter()), None);
    }
}
