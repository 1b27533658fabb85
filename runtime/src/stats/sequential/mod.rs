//! The machinery of a test that looks after every observation: the anytime-valid confidence
//! sequence (`sequence`), the streaming moments it is fed (`moments`), the log ratio of two
//! means from paired block sums (`ratio_of_means`), and how much dependence between
//! observations inflates the variance of their mean (`long_run`).

mod long_run;
#[cfg(test)]
mod moments;
mod ratio_of_means;
mod sequence;

pub use long_run::long_run_factor;
#[cfg(test)]
pub use moments::RunningMoments;
pub use ratio_of_means::{ratio_of_means, PairedSums};
pub use sequence::ConfidenceSequence;
