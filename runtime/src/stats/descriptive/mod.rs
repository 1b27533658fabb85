//! What a sample shows: the checked input every statistic takes (`sample`), descriptive
//! statistics (`summary`), Tukey-fence outliers (`outliers`), per-iteration times in bounded
//! memory (`histogram`) and least-squares lines through linear-sampling data (`regression`).

mod histogram;
mod outliers;
mod regression;
mod sample;
mod summary;

pub use histogram::LatencyHistogram;
pub use outliers::{tukey, Outliers, TukeyFences};
pub use regression::{Line, Points, PointsError};
pub use sample::{Sample, SampleError};
pub use summary::{mad, median, quantile, Summary};
