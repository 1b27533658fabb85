//! Background noise: a child process that alternates 2 s of busy work on every core with
//! 2 s idle, for as long as the validation runs.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// The running noise process; killed when dropped.
pub struct Background(Child);

impl Background {
    /// Starts this program again as the noise child.
    pub fn start() -> Background {
        let exe = std::env::current_exe().expect("own executable path");
        let child = Command::new(exe)
            .arg("--noise-child")
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
