//! Tallying runs into the validation table: reversals, anomalies, correct verdicts.

use std::time::Duration;

/// A base latency and a true ratio.
#[derive(Clone, Copy)]
pub struct Case {
    pub base: &'static str,
    pub ratio: f64,
}

/// How a run's verdict compares with the truth.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Judged {
    Correct,
    Wrong,
    Inconclusive,
}

/// One tool's runs on one case.
pub struct Row {
    tool: &'static str,
    case: Case,
    ratios: Vec<f64>,
    verdicts: Vec<Judged>,
    secs: Vec<f64>,
    /// Runs judged on thread CPU time.
    cpu_judged: usize,
    /// Duos the OS showed preempted, over all runs.
    preempted: usize,
}

impl Row {
    pub fn new(tool: &'static str, case: Case) -> Row {
        Row {
            tool,
            case,
            ratios: Vec::new(),
            verdicts: Vec::new(),
            secs: Vec::new(),
            cpu_judged: 0,
            preempted: 0,
        }
    }

    pub fn push(&mut self, ratio: f64, verdict: Option<Judged>, took: Duration) {
        self.ratios.push(ratio);
        self.verdicts.extend(verdict);
        self.secs.push(took.as_secs_f64());
    }

    /// Adds what the OS's evidence did in one run: its clock and its preempted duos.
    pub fn note_evidence(&mut self, on_cpu_time: bool, preempted: usize) {
        self.cpu_judged += usize::from(on_cpu_time);
        self.preempted += preempted;
    }

    /// Estimate on the wrong side of 1 (only when there is a true difference).
    fn reversals(&self) -> usize {
        if self.case.ratio == 1.0 {
            return 0;
        }
        self.ratios.iter().filter(|&&r| r <= 1.0).count()
    }

    /// Relative difference off by more than 40% of the true one; for no true difference,
    /// an estimate more than 1% from 1.
    fn anomalies(&self) -> usize {
        let truth = self.case.ratio - 1.0;
        self.ratios
            .iter()
            .filter(|&&r| {
                if truth == 0.0 {
                    (r - 1.0).abs() > 0.01
                } else {
                    ((r - 1.0) - truth).abs() > 0.4 * truth
                }
            })
            .count()
    }
}

pub fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        xs[n / 2]
    } else {
        0.5 * (xs[n / 2 - 1] + xs[n / 2])
    }
}

pub fn print(rows: &[Row]) {
    println!("| base | true ratio | tool | reversals | anomalies | verdict correct | median ratio | median s | judged on CPU time | preempted duos per run |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for row in rows {
        let verdicts = if row.verdicts.is_empty() {
            "–".to_owned()
        } else {
            let count = |j: Judged| row.verdicts.iter().filter(|&&v| v == j).count();
            format!(
                "{}/{} ({} wrong, {} inconclusive)",
                count(Judged::Correct),
                row.verdicts.len(),
                count(Judged::Wrong),
                count(Judged::Inconclusive)
            )
        };
        let mut ratios = row.ratios.clone();
        let mut secs = row.secs.clone();
        let (cpu, preempted) = if row.verdicts.is_empty() {
            ("–".to_owned(), "–".to_owned())
        } else {
            let runs = row.ratios.len().max(1);
            (
                format!("{}/{}", row.cpu_judged, row.ratios.len()),
                format!("{:.1}", row.preempted as f64 / runs as f64),
            )
        };
        println!(
            "| {} | {:.3} | {} | {} | {} | {} | {:.4} | {:.2} | {cpu} | {preempted} |",
            row.case.base,
            row.case.ratio,
            row.tool,
            row.reversals(),
            row.anomalies(),
            verdicts,
            median(&mut ratios),
            median(&mut secs)
        );
    }
}
