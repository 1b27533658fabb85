use duobench::{bench, Bencher};

#[bench]
async fn one(b: &mut Bencher) {
    b.iter(|| 1);
}

#[bench]
unsafe fn two() {}

#[bench]
fn three<T: Default>() -> T {
    T::default()
}

#[bench]
fn four(b: &mut Bencher)
where
    u8: Copy,
{
    b.iter(|| 1);
}

fn main() {}
