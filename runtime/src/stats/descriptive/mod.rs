//! What a sample shows: the checked input every statistic takes (`sample`), descriptive
//! statistics (`summary`), the same over values counted with weights (`weighted`: a run's
//! per-iteration times), Tukey-fence outliers (`outliers`) and least-squares lines through
//! linear-sampling data (`regression`).

mod outliers;
mod regression;
mod sample;
mod summary;
mod weighted;

pub use outliers::{tukey, Outliers};
pub use regression::{Line, Points, PointsError};
pub use sample::{Sample, SampleError};
pub use summary::{mad, median, quantile, Summary};
pub use weighted::weighted_summary;
