//! The FSRS-5 scheduler (Free Spaced Repetition Scheduler), its formulas written out from the
//! published algorithm with its default weights: a card's memory is a stability S (days until
//! recall falls to 90 %) and a difficulty D (1–10); each review updates both from the rating.

use serde::{Deserialize, Serialize};

/// How well an answer went, FSRS's four grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rating {
    /// Forgotten (a wrong answer).
    Again = 1,
    /// Recalled with effort (a slow right answer).
    Hard = 2,
    /// Recalled (a right answer).
    Good = 3,
    /// Recalled without effort.
    Easy = 4,
}

impl Rating {
    fn grade(self) -> f64 {
        self as u8 as f64
    }
}

/// FSRS-5's default weights w0–w18.
pub const DEFAULT_WEIGHTS: [f64; 19] = [
    0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315,
    2.9898, 0.51655, 0.6621,
];

/// The forgetting curve's exponent.
pub const DECAY: f64 = -0.5;
/// The forgetting curve's factor, chosen so that R(S, S) = 0.9.
pub const FACTOR: f64 = 19.0 / 81.0;
/// The recall probability intervals aim at.
pub const DESIRED_RETENTION: f64 = 0.9;

/// One question's memory state.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    /// Days until the recall probability falls to 90 %.
    pub stability: f64,
    /// 1 (easy) to 10 (hard).
    pub difficulty: f64,
}

/// The scheduler: its weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Fsrs {
    /// w0–w18.
    pub w: [f64; 19],
}

impl Default for Fsrs {
    fn default() -> Self {
        Fsrs { w: DEFAULT_WEIGHTS }
    }
}

/// The probability of recall `days` after the last review of a memory of stability `s`.
pub fn retrievability(days: f64, s: f64) -> f64 {
    if s <= 0.0 {
        return 0.0;
    }
    (1.0 + FACTOR * days.max(0.0) / s).powf(DECAY)
}

/// The interval in days after which recall falls to `retention`.
pub fn interval(s: f64, retention: f64) -> f64 {
    s / FACTOR * (retention.powf(1.0 / DECAY) - 1.0)
}

impl Fsrs {
    /// The memory after a first review with this rating.
    pub fn first(&self, r: Rating) -> Memory {
        Memory {
            stability: self.w[r as usize - 1].max(0.01),
            difficulty: self.init_difficulty(r.grade()).clamp(1.0, 10.0),
        }
    }

    fn init_difficulty(&self, g: f64) -> f64 {
        self.w[4] - (self.w[5] * (g - 1.0)).exp() + 1.0
    }

    /// The memory after reviewing `m` with rating `r`, `days` after the previous review
    /// (less than a day: FSRS-5's same-day formula).
    pub fn review(&self, m: Memory, days: f64, r: Rating) -> Memory {
        let w = &self.w;
        let g = r.grade();
        let d = m.difficulty;
        let s = m.stability;
        let stability = if days < 1.0 {
            s * (w[17] * (g - 3.0 + w[18])).exp()
        } else {
            let rr = retrievability(days, s);
            if r == Rating::Again {
                let sf = w[11] * d.powf(-w[12]) * ((s + 1.0).powf(w[13]) - 1.0) * (w[14] * (1.0 - rr)).exp();
                sf.min(s)
            } else {
                let hard = if r == Rating::Hard { w[15] } else { 1.0 };
                let easy = if r == Rating::Easy { w[16] } else { 1.0 };
                s * ((w[8]).exp() * (11.0 - d) * s.powf(-w[9]) * ((w[10] * (1.0 - rr)).exp() - 1.0) * hard * easy + 1.0)
            }
        };
        let delta = -w[6] * (g - 3.0);
        let damped = d + delta * (10.0 - d) / 9.0;
        let difficulty = w[7] * self.init_difficulty(4.0) + (1.0 - w[7]) * damped;
        Memory {
            stability: stability.max(0.01),
            difficulty: difficulty.clamp(1.0, 10.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn the_curve_passes_ninety_percent_at_the_stability() {
        assert!(close(retrievability(10.0, 10.0), 0.9));
        assert!(close(retrievability(0.0, 3.0), 1.0));
        assert!(close(interval(7.5, DESIRED_RETENTION), 7.5));
        assert!(interval(5.0, 0.8) > 5.0);
    }

    #[test]
    fn first_reviews_take_the_initial_weights() {
        let f = Fsrs::default();
        assert!(close(f.first(Rating::Again).stability, 0.40255));
        assert!(close(f.first(Rating::Good).stability, 3.173));
        // D0(G) = w4 − e^(w5·(G−1)) + 1
        assert!(close(f.first(Rating::Good).difficulty, 7.1949 - (0.5345f64 * 2.0).exp() + 1.0));
        assert!(f.first(Rating::Again).difficulty > f.first(Rating::Easy).difficulty);
    }

    #[test]
    fn reviews_move_stability_and_difficulty_the_right_way() {
        let f = Fsrs::default();
        let m = f.first(Rating::Good);
        let good = f.review(m, 3.0, Rating::Good);
        let hard = f.review(m, 3.0, Rating::Hard);
        let again = f.review(m, 3.0, Rating::Again);
        assert!(good.stability > hard.stability && hard.stability > m.stability);
        assert!(again.stability < m.stability);
        assert!(again.difficulty > m.difficulty && good.difficulty <= m.difficulty + 1e-9);
        // S'r for Good: S·(e^w8·(11−D)·S^−w9·(e^(w10·(1−R))−1) + 1)
        let r = retrievability(3.0, m.stability);
        let w = DEFAULT_WEIGHTS;
        let want = m.stability * (w[8].exp() * (11.0 - m.difficulty) * m.stability.powf(-w[9]) * ((w[10] * (1.0 - r)).exp() - 1.0) + 1.0);
        assert!(close(good.stability, want));
        // Same day: S·e^(w17·(G−3+w18)).
        assert!(close(f.review(m, 0.1, Rating::Good).stability, m.stability * (w[17] * w[18]).exp()));
    }
}
