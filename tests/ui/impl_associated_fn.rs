use duobench::{bench, Bencher};

struct Suite;

impl Suite {
    #[bench]
    fn run(b: &mut Bencher) {
        b.iter(|| 1);
    }
}

fn main() {
    let _ = Suite;
}
