//! Background noise, in a child process for as long as the validation runs: either
//! `--noise`, 2 s of busy work on every core alternating with 2 s idle, or `--load`, a steady
//! CPU and memory load on every core (what a parallel build does to a CI runner: every core
//! busy, caches and memory bandwidth shared).

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// The running noise process; killed when dropped.
pub struct Background(Child);

impl Background {
    /// Starts this program again as the noise child: `--noise-child` or `--load-child`.
    pub fn start(role: &str) -> Background {
        let exe = std::env::current_exe().expect("own executable path");
        let child = Command::new(exe)
            .arg(role)
            .spawn()
            .expect("start the noise process");
        Background(child)
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The child's loop: never returns; the parent kills it.
pub fn busy_idle_forever() -> ! {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    loop {
        let until = Instant::now() + Duration::from_secs(2);
        std::thread::scope(|s| {
            for _ in 0..cores {
                s.spawn(|| {
                    let mut x = 1u64;
                    while Instant::now() < until {
                        for _ in 0..10_000 {
                            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005) + 1);
                        }
                    }
                });
            }
        });
        std::thread::sleep(Duration::from_secs(2));
    }
}

/// Bytes each load thread streams through: well beyond a core's share of the last-level
/// cache, so the load also takes memory bandwidth and evicts the measured routines' lines.
const LOAD_BYTES_PER_THREAD: usize = 64 << 20;

/// The `--load` child's loop: every core busy all the time, half arithmetic, half streaming
/// through memory. Never returns; the parent kills it.
pub fn steady_load_forever() -> ! {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|s| {
        for _ in 0..cores {
            s.spawn(|| {
                let mut buffer = vec![1u64; LOAD_BYTES_PER_THREAD / 8];
                let mut x = 1u64;
                loop {
                    for _ in 0..100_000 {
                        x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005) + 1);
                    }
                    // One cache line in eight words: touch every line once per pass.
                    for word in buffer.iter_mut().step_by(8) {
                        *word = word.wrapping_add(x);
                    }
                    x ^= std::hint::black_box(buffer[buffer.len() / 2]);
                }
            });
        }
    });
    unreachable!("the load threads never end")
}
