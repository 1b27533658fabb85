//! Student's t distribution, as the t-tests need it: the two-sided p-value and the quantile
//! (`student_t`), from statrs, with the Cornish–Fisher expansion (`cornish_fisher`) for the
//! quantile at large df, where statrs' is wrong.

mod cornish_fisher;
mod student_t;

pub use student_t::{t_quantile, t_two_sided_p};
