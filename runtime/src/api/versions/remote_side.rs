//! A serving process as one side of the duos: each batch is a request to the child, whose
//! reply carries the batch's wall time and the serving thread's own evidence (CPU time,
//! context switches). The evidence of both children is added up in one [`Tally`], which the
//! duo loop reads as its probe: a duo is preempted when either child was, and long batches
//! can be judged on the children's CPU time, as `#[bench_diff]` judges its own thread.

use super::child::BaselineProcess;
use super::protocol::{BatchReport, Reply, Request};
use crate::measure::ContextSwitches;
use crate::measure::ThreadCounters;
use crate::measure::TimeBatch;
use std::cell::Cell;

/// The serving threads' evidence so far, summed over both children; a reading becomes
/// unknown for good once either child could not give it.
#[derive(Debug)]
pub(super) struct Tally {
    cpu_ns: Cell<Option<u64>>,
    switches: Cell<Option<ContextSwitches>>,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            cpu_ns: Cell::new(Some(0)),
            switches: Cell::new(Some(ContextSwitches::default())),
        }
    }
}

impl Tally {
    fn add(&self, batch: &BatchReport) {
        let cpu = self.cpu_ns.get().zip(batch.cpu_ns).map(|(a, b)| a + b);
        self.cpu_ns.set(cpu);
        let switches = self
            .switches
            .get()
            .zip(batch.switches)
            .map(|(a, b)| ContextSwitches {
                voluntary: a.voluntary + b.voluntary,
                involuntary: a.involuntary + b.involuntary,
            });
        self.switches.set(switches);
    }
}

impl ThreadCounters for &Tally {
    fn switches(&mut self) -> Option<ContextSwitches> {
        self.switches.get()
    }

    fn cpu_ns(&mut self) -> Option<u64> {
        self.cpu_ns.get()
    }
}

/// One side of the duos: each batch is a request to a serving process.
pub(super) struct Serving<'a> {
    process: &'a mut BaselineProcess,
    /// Where the process's evidence of each batch is added up.
    tally: &'a Tally,
    /// Which process, as failure messages name it.
    who: &'static str,
    /// The child's trial has ended (done, or failed).
    over: bool,
}

impl<'a> Serving<'a> {
    /// `process`, whose trial is ready, named `who` in messages.
    pub(super) fn new(
        process: &'a mut BaselineProcess,
        who: &'static str,
        tally: &'a Tally,
    ) -> Self {
        Serving {
            process,
            tally,
            who,
            over: false,
        }
    }

    /// Ends the child's trial.
    ///
    /// # Panics
    ///
    /// If the child fails to end it (the trial then fails with that message).
    pub(super) fn finish(&mut self) {
        if !std::mem::replace(&mut self.over, true) {
            match self.process.ask(&Request::Done) {
                Ok(Reply::Finished) => {}
                Ok(other) => fail(format!("{} answered `{other}` after done", self.who)),
                Err(why) => fail(format!("{} failed: {why}", self.who)),
            }
        }
    }
}

impl TimeBatch for Serving<'_> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        match self.process.ask(&Request::Batch(iters)) {
            Ok(Reply::Batch(batch)) => {
                self.tally.add(&batch);
                batch.ns
            }
            Ok(other) => {
                self.over = true;
                fail(format!("{} answered `{other}` to a batch", self.who))
            }
            Err(why) => {
                self.over = true;
                fail(format!("{} failed: {why}", self.who))
            }
        }
    }
}

/// Ends the trial with `why` as its failure message: unwinding without the panic hook, so
/// the message is the one line, without a source location of duobench's.
fn fail(why: String) -> ! {
    std::panic::resume_unwind(Box::new(why))
}

impl Drop for Serving<'_> {
    /// A failure of the other side leaves this child serving: end its trial so that the
    /// next one starts in step (errors are moot then, the trial fails anyway).
    fn drop(&mut self) {
        if !std::mem::replace(&mut self.over, true) {
            let _ = self.process.ask(&Request::Done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(cpu_ns: Option<u64>, involuntary: Option<u64>) -> BatchReport {
        BatchReport {
            ns: 1000.0,
            cpu_ns,
            switches: involuntary.map(|involuntary| ContextSwitches {
                voluntary: 1,
                involuntary,
            }),
        }
    }

    #[test]
    fn the_probe_reads_both_childrens_evidence_summed() {
        let tally = Tally::default();
        let mut probe = &tally;
        tally.add(&batch(Some(900), Some(0)));
        tally.add(&batch(Some(950), Some(2)));
        assert_eq!(probe.cpu_ns(), Some(1850));
        let expected = ContextSwitches {
            voluntary: 2,
            involuntary: 2,
        };
        assert_eq!(probe.switches(), Some(expected));
    }

    #[test]
    fn a_reading_one_child_could_not_give_stays_unknown() {
        let tally = Tally::default();
        let mut probe = &tally;
        tally.add(&batch(None, Some(1)));
        tally.add(&batch(Some(900), None));
        tally.add(&batch(Some(900), Some(1)));
        assert_eq!(probe.cpu_ns(), None);
        assert_eq!(probe.switches(), None);
    }
}
