//! What `#[bench]` and `#[bench_diff]` register: reads the descriptors back from the
//! registry and checks every field the macros fill in.

use duobench::__private::{
    inventory, AttrOptions, Claim, Descriptor, OnInconclusive, Routine, Throughput,
};
use duobench::{bench, bench_diff, Bencher, Diff};

fn data() -> Vec<u32> {
    (0..64).rev().collect()
}

/// The line of `fn plain`, which the descriptor records (not the attribute's).
const PLAIN_LINE: u32 = line!() + 2;
#[bench]
fn plain() -> u64 {
    42
}

const SORT_LINE: u32 = line!() + 2;
#[bench_diff(vs = sort_std, ratio < 0.8)]
fn sort_unstable() -> Vec<u32> {
    let mut v = data();
    v.sort_unstable();
    v
}

// Configured out: neither the function nor its registration exists.
#[bench]
#[cfg(any())]
fn never() -> u64 {
    0
}

fn sort_std() -> Vec<u32> {
    let mut v = data();
    v.sort();
    v
}

mod hashing {
    use super::{bench, bench_diff, Bencher, Diff};

    /// Doc comments and other attributes stay on the function.
    #[bench_diff(ratio in 0.97..=1.03, alpha = 0.01, on_inconclusive = "pass", name = "fx_vs_std", across_processes)]
    #[inline(never)]
    pub fn hashers(d: &mut Diff) {
        d.compare(|| 1 + 1, || 2);
    }

    #[bench(args = [10, 1_000, 100_000], warmup = "0s", max_time = "1.5s", samples = 50)]
    fn sort(b: &mut Bencher, n: usize) {
        b.iter(|| n * 2);
    }

    pub mod deeper {
        use super::super::{bench, bench_diff, Diff};

        pub(crate) const LEN: usize = 4096;

        #[bench(throughput = bytes(LEN * 2), ignore)]
        fn copy() -> usize {
            LEN
        }

        #[bench(throughput = elements(100), ignore = "slow on CI")]
        fn count(b: &mut duobench::Bencher) {
            b.iter(|| 100);
        }

        pub fn count_fn() -> fn(&mut duobench::Bencher) {
            count
        }

        #[bench_diff(vs = super::super::sort_std, ratio >= 1.5, warmup = "250µs", max_time = "2ms")]
        fn r#loop() -> Vec<u32> {
            super::super::data()
        }

        #[bench_diff(args = [vec![1, 2], Vec::new(),   (0..3).collect()], ratio <= 2, ignore)]
        fn lists(d: &mut Diff, v: Vec<u8>) {
            d.compare(|| v.len(), || v.is_empty());
        }

        #[bench_diff(ratio > 1)]
        fn above(d: &mut Diff) {
            d.compare(|| 2, || 1);
        }

        #[bench_diff(ratio in 1..2)]
        fn band(d: &mut Diff) {
            d.compare(|| 2, || 1);
        }
    }
}

fn find(module: &str, fn_name: &str) -> &'static Descriptor {
    let found: Vec<&Descriptor> = inventory::iter::<Descriptor>
        .into_iter()
        .filter(|d| d.module_path == module && d.fn_name == fn_name)
        .collect();
    assert_eq!(found.len(), 1, "one descriptor for {module}::{fn_name}");
    found[0]
}

const ROOT: &str = "descriptors";

#[test]
fn every_annotated_function_is_registered_once() {
    let mut names: Vec<String> = inventory::iter::<Descriptor>
        .into_iter()
        .map(|d| format!("{}::{}", d.module_path, d.fn_name))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "descriptors::hashing::deeper::above",
            "descriptors::hashing::deeper::band",
            "descriptors::hashing::deeper::copy",
            "descriptors::hashing::deeper::count",
            "descriptors::hashing::deeper::lists",
            "descriptors::hashing::deeper::loop",
            "descriptors::hashing::hashers",
            "descriptors::hashing::sort",
            "descriptors::plain",
            "descriptors::sort_unstable",
        ]
    );
}

#[test]
fn plain_bench() {
    let d = find(ROOT, "plain");
    assert!(matches!(d.routine, Routine::Bench(_)));
    assert_eq!(d.name, None);
    assert_eq!(d.ignore, None);
    assert!(d.args.is_empty());
    assert_eq!(d.options, AttrOptions::default());
    assert!(d.file.ends_with("descriptors.rs"), "{}", d.file);
    assert_eq!(d.line, PLAIN_LINE);
}

#[test]
fn diff_with_vs() {
    let d = find(ROOT, "sort_unstable");
    assert!(matches!(d.routine, Routine::Diff(_)));
    assert_eq!(
        d.options.claim,
        Some(Claim::Below {
            bound: 0.8,
            inclusive: false
        })
    );
    assert_eq!(d.line, SORT_LINE);
    assert_eq!(
        d.options,
        AttrOptions {
            claim: Some(Claim::Below {
                bound: 0.8,
                inclusive: false
            }),
            ..AttrOptions::default()
        }
    );
}

#[test]
fn diff_with_handle_and_options() {
    let d = find("descriptors::hashing", "hashers");
    assert!(matches!(d.routine, Routine::Diff(_)));
    assert_eq!(d.name, Some("fx_vs_std"));
    assert_eq!(
        d.options,
        AttrOptions {
            alpha: Some(0.01),
            claim: Some(Claim::Within {
                low: 0.97,
                high: 1.03,
                high_inclusive: true
            }),
            on_inconclusive: Some(OnInconclusive::Pass),
            across_processes: true,
            ..AttrOptions::default()
        }
    );
}

#[test]
fn bench_with_args_and_durations() {
    let d = find("descriptors::hashing", "sort");
    assert!(matches!(d.routine, Routine::Bench(_)));
    assert_eq!(d.args, ["10", "1000", "100000"]);
    assert_eq!(d.options.warmup_ns, Some(0));
    assert_eq!(d.options.max_time_ns, Some(1_500_000_000));
    assert_eq!(d.options.samples, Some(50));
}

#[test]
fn throughput_and_ignore() {
    let copy = find("descriptors::hashing::deeper", "copy");
    assert_eq!(copy.options.throughput, Some(Throughput::Bytes(8192)));
    assert_eq!(copy.ignore, Some(None));
    let count = find("descriptors::hashing::deeper", "count");
    assert_eq!(count.options.throughput, Some(Throughput::Elements(100)));
    assert_eq!(count.ignore, Some(Some("slow on CI")));
}

#[test]
fn raw_identifier_and_microseconds() {
    let d = find("descriptors::hashing::deeper", "loop");
    assert_eq!(
        d.options.claim,
        Some(Claim::Above {
            bound: 1.5,
            inclusive: true
        })
    );
    assert_eq!(d.options.warmup_ns, Some(250_000));
    assert_eq!(d.options.max_time_ns, Some(2_000_000));
}

#[test]
fn argument_text_is_the_source_with_whitespace_normalised() {
    let d = find("descriptors::hashing::deeper", "lists");
    assert_eq!(d.args, ["vec![1, 2]", "Vec::new()", "(0..3).collect()"]);
    assert_eq!(
        d.options.claim,
        Some(Claim::Below {
            bound: 2.0,
            inclusive: true
        })
    );
    assert_eq!(d.ignore, Some(None));
}

#[test]
fn other_claims() {
    let above = find("descriptors::hashing::deeper", "above");
    assert_eq!(
        above.options.claim,
        Some(Claim::Above {
            bound: 1.0,
            inclusive: false
        })
    );
    let band = find("descriptors::hashing::deeper", "band");
    assert_eq!(
        band.options.claim,
        Some(Claim::Within {
            low: 1.0,
            high: 2.0,
            high_inclusive: false
        })
    );
}

#[test]
fn functions_stay_callable() {
    assert_eq!(plain(), 42);
    assert_eq!(sort_unstable(), sort_std());
    // The functions keep their signatures (no handle is built here: that is the runtime's).
    let _: fn(&mut Diff) = hashing::hashers;
    let _: fn(&mut Bencher) = hashing::deeper::count_fn();
    assert_eq!(hashing::deeper::LEN, 4096);
}
