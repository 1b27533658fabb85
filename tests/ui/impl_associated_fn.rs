use duobench::{bench, bench_diff, Bencher, Diff};

struct Suite;

impl Suite {
    #[bench]
    fn run(b: &mut Bencher) {
        b.iter(|| 1);
    }

    #[bench_diff(vs = other)]
    fn first() -> u8 {
        1
    }

    #[bench(args = [1, 2])]
    fn with_arg(n: u32) -> impl Sized {
        n
    }
}

fn other() -> u8 {
    2
}

fn main() {
    #[bench_diff]
    fn in_a_body(d: &mut Diff) {
        d.compare(|| 1, || 2);
    }
    let _ = Suite;
}
