//! Serve mode, the child's side: a bench executable started with the hidden
//! [`SERVE_FLAG`](super::protocol::SERVE_FLAG) runs no libtest harness; it runs the `#[bench]`
//! trials the parent names, each up to its `iter` call, and times the batches the parent
//! asks for. It exits when its stdin closes.

use super::protocol::{Reply, Request, PROTOCOL_VERSION};
use crate::bencher::Bencher;
use crate::cli::Mode;
use crate::descriptor::Routine;
use crate::measure::time_batch::TimeBatch;
use crate::options::{Overrides, Settings};
use crate::panic::catch_panic;
use crate::registry::TrialSpec;
use std::io::{BufRead, Write};

/// Serves trials until stdin closes, then exits.
pub fn serve(specs: &[TrialSpec]) -> ! {
    send(&Reply::Hello(PROTOCOL_VERSION));
    loop {
        let reply = match Request::parse(&next_request()) {
            Ok(Request::Trial(name)) => serve_trial(specs, &name),
            Ok(other) => Reply::Error(format!("unexpected `{other}` between trials")),
            Err(e) => Reply::Error(e),
        };
        send(&reply);
    }
}

/// Runs trial `name` (its setup, then batches inside its `iter` call) and says how it ended.
fn serve_trial(specs: &[TrialSpec], name: &str) -> Reply {
    let found = specs.iter().find(|spec| spec.name() == name);
    let Some((spec, Routine::Bench(entry))) = found.map(|s| (s, s.descriptor.routine)) else {
        return Reply::Missing;
    };
    let settings = Settings::resolve(&spec.descriptor.options, Overrides::default());
    let mut bencher = Bencher::new(Mode::Bench, settings).serving();
    match catch_panic(|| entry(&mut bencher, spec.arg_index)) {
        Err(why) => Reply::Error(why),
        Ok(()) if bencher.served() => Reply::Finished,
        Ok(()) => Reply::Error(
            "the #[bench] function never called an iter method of its Bencher".to_owned(),
        ),
    }
}

/// Inside a `Bencher::iter*` call of the child: times the batches asked for until `done`.
///
/// # Panics
///
/// On a request that makes no sense here (the serve loop reports it to the parent).
pub fn serve_batches(side: &mut dyn TimeBatch) {
    send(&Reply::Ready);
    loop {
        match Request::parse(&next_request()) {
            Ok(Request::Batch(iters)) => {
                let ns = side.time_batch(iters);
                send(&Reply::Ns(ns));
            }
            Ok(Request::Done) => return,
            Ok(other) => panic!("unexpected `{other}` during a trial"),
            Err(e) => panic!("{e}"),
        }
    }
}

/// The next request line; exits the process when the parent has closed stdin.
fn next_request() -> String {
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => std::process::exit(0),
        Ok(_) => line.trim_end_matches(['\n', '\r']).to_owned(),
    }
}

/// Writes one reply; exits when the parent is gone.
fn send(reply: &Reply) {
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{reply}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}
