//! The evaluation trace: one step per function call, operator, conditional, for expression and
//! template, innermost first (the order in which Terraform computes them).

/// One evaluation step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How deeply nested the step is (0 is the whole expression).
    pub depth: usize,
    /// What was computed, with its inputs (`lower("Ops")`).
    pub text: String,
    /// The result, on one line.
    pub result: String,
}

/// Renders a trace as numbered lines `1. lower("A") → "a"`.
pub fn render(steps: &[Step]) -> String {
    let mut out = String::new();
    for (i, s) in steps.iter().enumerate() {
        out.push_str(&format!("{:>3}. {} → {}\n", i + 1, s.text, s.result));
    }
    out
}

/// The index of the first step where two traces differ.
pub fn first_divergence(real: &[Step], other: &[Step]) -> Option<usize> {
    let n = real.len().max(other.len());
    (0..n).find(|&i| real.get(i) != other.get(i))
}
