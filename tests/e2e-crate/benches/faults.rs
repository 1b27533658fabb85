//! Fault cases for `tests/tests/e2e_faults.rs`: routines too slow for their budget, an
//! analysis as long as its budget, and a run long enough to be interrupted between trials; for `tests/tests/e2e_crash.rs`,
//! routines that end the process.

use std::thread::sleep;
use std::time::Duration;

fn slow_call() {
    sleep(Duration::from_millis(300));
}

/// 300 ms a call against a 100 ms budget: each trial must end within 400 ms and say what
/// budget it needs.
mod slow {
    // Named, not `super::*`: a glob import makes `#[bench]` ambiguous with the prelude's.
    use super::slow_call;
    use duobench::{bench, bench_diff, Bencher, Diff};

    #[bench(max_time = "100ms")]
    fn single(b: &mut Bencher) {
        b.iter(slow_call);
    }

    #[bench_diff(max_time = "100ms", ratio < 2)]
    fn pair(d: &mut Diff) {
        d.compare(slow_call, slow_call);
    }
}

/// 5,000 samples of a routine of a nanosecond or two: analysed with a full bootstrap and
/// compared with its previous run, they cost seconds of analysis, which must fit in the
/// 1 s budget with the sampling.
mod analysis {
    use duobench::{bench, black_box, Bencher};

    #[bench(samples = 5000, max_time = "1s")]
    fn many_samples(b: &mut Bencher) {
        b.iter(|| black_box(3u64).pow(2));
    }
}

/// Run with `--bench` and interrupted while `b_long` measures: `a_quick` is done and must
/// be kept, `b_long` abandoned, `c_after` never run.
mod interrupt {
    use duobench::{bench, black_box, Bencher};

    #[bench(max_time = "300ms")]
    fn a_quick(b: &mut Bencher) {
        b.iter(|| black_box(3u64).pow(2));
    }

    #[bench(max_time = "60s")]
    fn b_long(b: &mut Bencher) {
        b.iter(|| black_box(3u64).pow(2));
    }

    #[bench(max_time = "300ms")]
    fn c_after(b: &mut Bencher) {
        b.iter(|| black_box(3u64).pow(2));
    }
}

/// Run with `--bench crash::`, one trial at a time or from the start: `a_done` finishes,
/// `b_exits` ends the process from inside its routine (as a routine that calls `exit`
/// would), `c_aborts` aborts it (as an out-of-memory kill would, leaving no handler to run),
/// `d_exits_zero` exits with status 0, `e_never_returns` never returns from its first call.
mod crash {
    use duobench::{bench, black_box, Bencher};

    #[bench(max_time = "200ms")]
    fn a_done(b: &mut Bencher) {
        b.iter(|| black_box(3u64).pow(2));
    }

    #[bench]
    fn b_exits(b: &mut Bencher) {
        b.iter(|| std::process::exit(3));
    }

    #[bench]
    fn c_aborts(b: &mut Bencher) {
        b.iter(|| std::process::abort());
    }

    #[bench]
    fn d_exits_zero(b: &mut Bencher) {
        b.iter(|| std::process::exit(0));
    }

    #[bench(max_time = "200ms")]
    fn e_never_returns(b: &mut Bencher) {
        b.iter(sleep_for_ever);
    }

    fn sleep_for_ever() -> u64 {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
    }
}

fn main() {
    duobench::main()
}
