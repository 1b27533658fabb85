//! Which bench target a registered function belongs to: the one place that derives it.

/// The bench target of a function registered at `module_path` (the first segment of
/// `module_path!()`, which is the bench target's crate name).
#[must_use]
pub fn bench_target(module_path: &str) -> &str {
    module_path.split("::").next().unwrap_or(module_path)
}

#[cfg(test)]
mod tests {
    use super::bench_target;

    #[test]
    fn the_target_is_the_first_segment_of_the_module_path() {
        assert_eq!(bench_target("claims::sorting::radix"), "claims");
        assert_eq!(bench_target("claims"), "claims");
    }
}
