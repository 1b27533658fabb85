//! The measures a trial can take, each a [`MeasureDef`](crate::model::MeasureDef) in one
//! file, and their registry:
//! - `wall`: elapsed wall-clock time, the default;
//! - `cpu_time`: the measuring thread's CPU time;
//! - `allocations`: allocations, from duobench's counting allocator;
//! - `instructions`: instructions retired, from the kernel's performance counters (counted
//!   under Valgrind where the machine has none);
//! - `cachegrind`: instructions and cache misses counted under Valgrind;
//! - `custom`: a user's [`Measurement`](crate::model::Measurement), adapted.
//!
//! A new built-in measure is its file and one line in `built_in!` below; attributes
//! (`measure = name`), `--measure` and every report then know it.

mod allocations;
mod cachegrind;
mod cpu_time;
mod custom;
mod instructions;
mod wall;

use crate::model::Measure;

/// Defines, for each `name: Definition`, the constant `by_name::name` that attributes
/// expand `measure = name` to, and the list [`BUILT_IN`].
macro_rules! built_in {
    ($($name:ident: $def:expr),+ $(,)?) => {
        /// The built-in measures by the names attributes write (`measure = cpu_time`
        /// expands to `by_name::cpu_time`).
        #[allow(non_upper_case_globals)]
        pub mod by_name {
            use super::*;
            $(
                #[doc = concat!("`measure = ", stringify!($name), "`.")]
                pub const $name: Measure = Measure::of(&$def);
            )+
        }

        /// Every built-in measure, the default first.
        pub const BUILT_IN: &[Measure] = &[$(by_name::$name),+];
    };
}

built_in! {
    wall: wall::Wall,
    cpu_time: cpu_time::CpuTime,
    allocations: allocations::Allocations,
    instructions: instructions::Instructions,
    cachegrind: cachegrind::Cachegrind,
}

/// What a trial measures when nothing says otherwise: wall time.
pub const DEFAULT_MEASURE: Measure = BUILT_IN[0];

/// The built-in measure named `name`, if any.
#[must_use]
pub fn built_in(name: &str) -> Option<Measure> {
    BUILT_IN.iter().copied().find(|m| m.name() == name)
}

/// The built-in measures' names, as a list for messages: `wall, cpu_time, … or cachegrind`.
#[must_use]
pub fn built_in_names() -> String {
    let names: Vec<&str> = BUILT_IN.iter().map(|m| m.name()).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_is_found_by_its_name_and_wall_is_the_default() {
        for m in BUILT_IN {
            assert_eq!(built_in(m.name()), Some(*m));
        }
        assert_eq!(built_in("gpu_time"), None);
        assert_eq!(DEFAULT_MEASURE.name(), "wall");
        assert!(DEFAULT_MEASURE.is_wall_clock());
        assert_eq!(
            built_in_names(),
            "wall, cpu_time, allocations, instructions or cachegrind"
        );
    }
}
