//! Student's t and the standard normal distribution: CDFs and tails (`dist`), quantiles
//! (`inverse`), and the incomplete beta (`beta`) and gamma-function pieces (`gamma`)
//! beneath them, each written here for precision in the far tails.

mod beta;
mod dist;
mod gamma;
mod inverse;

pub use dist::{normal_cdf, t_cdf, t_sf, t_two_sided_p};
pub use inverse::{normal_quantile, t_quantile};
