//! The serve protocol between a bench executable and the stored executable of a baseline,
//! started as its child: one line per message over the child's stdin and stdout, outside
//! every timed region.
//!
//! A text protocol of a handful of verbs needs no serialisation crate and can be read in a
//! terminal when something goes wrong. Replies carry a prefix so that lines a user's
//! benchmark prints to stdout in the child are skipped rather than misread.

use crate::measure::ContextSwitches;
use std::fmt;

/// Raised whenever a message changes meaning; the handshake refuses a different one.
/// Version 2: a batch's reply carries the serving thread's own evidence (CPU time and
/// context switches during the batch). Version 3: a trial's request names the measure the
/// comparing process judges, so that the serving process takes that one.
pub const PROTOCOL_VERSION: u32 = 3;

/// The hidden command-line flag that starts a bench executable in serve mode.
pub const SERVE_FLAG: &str = "--duobench-serve";

/// Every reply line starts with this; other lines on the child's stdout are not ours.
const REPLY_PREFIX: &str = "duobench:";

/// What the comparing process asks of the child.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Run this `#[bench]` trial up to its `iter` call, then serve batches.
    Trial(TrialRequest),
    /// Run this `#[bench_diff]` trial up to its `compare` call, then serve batches of one
    /// of its two routines (`--across-processes`).
    DiffSide(DiffSide, TrialRequest),
    /// Time one batch of this many iterations.
    Batch(u64),
    /// The comparison is over: let the trial's function return.
    Done,
}

/// The trial a serving process runs and the measure it takes: the comparing process's,
/// which a command line or the environment may have chosen over the trial's attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialRequest {
    /// The measure's name (`wall`, `cpu_time`, or a user's measurement's).
    pub measure: String,
    /// The trial's name, as both executables know it.
    pub name: String,
}

impl TrialRequest {
    /// Trial `name` measured by `measure`.
    #[must_use]
    pub fn new(measure: &str, name: &str) -> TrialRequest {
        TrialRequest {
            measure: measure.to_owned(),
            name: name.to_owned(),
        }
    }

    /// Reads `MEASURE NAME` as [`Display`](fmt::Display) writes it; `None` when either is
    /// missing.
    fn parse(text: &str) -> Option<TrialRequest> {
        let (measure, name) = text.split_once(' ')?;
        (!measure.is_empty() && !name.is_empty()).then(|| TrialRequest {
            measure: measure.replace("%20", " ").replace("%25", "%"),
            name: name.to_owned(),
        })
    }
}

impl fmt::Display for TrialRequest {
    /// `MEASURE NAME`: the measure one word (its spaces escaped), the name the rest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let measure = one_line(&self.measure)
            .replace('%', "%25")
            .replace(' ', "%20");
        write!(f, "{measure} {}", one_line(&self.name))
    }
}

/// Which routine of a `#[bench_diff]` a serving process times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffSide {
    /// The first routine given to `compare`.
    First,
    /// The second.
    Second,
}

impl DiffSide {
    /// The word in a request line.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            DiffSide::First => "first",
            DiffSide::Second => "second",
        }
    }
}

/// What the child answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Sent once at start-up, with the child's protocol version.
    Hello(u32),
    /// The trial reached its `iter` call and serves batches.
    Ready,
    /// The child has no trial of that name.
    Missing,
    /// A batch's wall time, and what the OS said about the serving thread meanwhile.
    Batch(BatchReport),
    /// The trial's function returned after `Done`.
    Finished,
    /// Something failed (a panic, a trial that never called `iter`), in one line.
    Error(String),
}

/// One timed batch, as the serving process saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchReport {
    /// Wall time in nanoseconds, including one clock read.
    pub ns: f64,
    /// Thread CPU time during the batch (read outside the timed region), where the OS has it.
    pub cpu_ns: Option<u64>,
    /// Context switches of the serving thread during the batch, where the OS counts them.
    pub switches: Option<ContextSwitches>,
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Trial(trial) => write!(f, "trial {trial}"),
            Request::DiffSide(side, trial) => write!(f, "side {} {trial}", side.word()),
            Request::Batch(iters) => write!(f, "batch {iters}"),
            Request::Done => f.write_str("done"),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REPLY_PREFIX)?;
        match self {
            Reply::Hello(version) => write!(f, "hello {version}"),
            Reply::Ready => f.write_str("ready"),
            Reply::Missing => f.write_str("missing"),
            // `{:?}` prints an f64 so that it parses back to the same value; `-` is a
            // reading the OS did not give.
            Reply::Batch(batch) => {
                write!(f, "ns {:?} cpu ", batch.ns)?;
                match batch.cpu_ns {
                    Some(cpu) => write!(f, "{cpu}")?,
                    None => f.write_str("-")?,
                }
                match batch.switches {
                    Some(s) => write!(f, " switches {} {}", s.voluntary, s.involuntary),
                    None => f.write_str(" switches - -"),
                }
            }
            Reply::Finished => f.write_str("finished"),
            Reply::Error(why) => write!(f, "error {}", one_line(why)),
        }
    }
}

/// Newlines would end the message early.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

impl Request {
    /// Reads one request line (without its newline).
    ///
    /// # Errors
    ///
    /// A line that is no request, quoted.
    pub fn parse(line: &str) -> Result<Request, String> {
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        match verb {
            "trial" => TrialRequest::parse(rest)
                .map(Request::Trial)
                .ok_or_else(|| format!("no measure and trial named in `{line}`")),
            "side" => {
                let (side, trial) = rest.split_once(' ').unwrap_or((rest, ""));
                let side = match side {
                    "first" => DiffSide::First,
                    "second" => DiffSide::Second,
                    _ => return Err(format!("no such side in `{line}`")),
                };
                TrialRequest::parse(trial)
                    .map(|trial| Request::DiffSide(side, trial))
                    .ok_or_else(|| format!("no measure and trial named in `{line}`"))
            }
            "batch" => rest
                .parse()
                .map(Request::Batch)
                .map_err(|_| format!("bad batch size in `{line}`")),
            "done" if rest.is_empty() => Ok(Request::Done),
            _ => Err(format!("not a serve request: `{line}`")),
        }
    }
}

impl Reply {
    /// Reads one line of the child's stdout: `Ok(None)` for a line that is not a reply
    /// (printed by the user's code).
    ///
    /// # Errors
    ///
    /// A line with our prefix that is no reply, quoted.
    pub fn parse(line: &str) -> Result<Option<Reply>, String> {
        let Some(body) = line.strip_prefix(REPLY_PREFIX) else {
            return Ok(None);
        };
        let (verb, rest) = body.split_once(' ').unwrap_or((body, ""));
        let bad = || format!("not a serve reply: `{line}`");
        let reply = match verb {
            "hello" => Reply::Hello(rest.parse().map_err(|_| bad())?),
            "ready" => Reply::Ready,
            "missing" => Reply::Missing,
            "ns" => Reply::Batch(parse_batch(rest).ok_or_else(bad)?),
            "finished" => Reply::Finished,
            "error" => Reply::Error(rest.to_owned()),
            _ => return Err(bad()),
        };
        Ok(Some(reply))
    }
}

/// `NS cpu CPU switches VOLUNTARY INVOLUNTARY`, `-` for a reading the OS did not give.
fn parse_batch(text: &str) -> Option<BatchReport> {
    let words: Vec<&str> = text.split(' ').collect();
    let [ns, "cpu", cpu, "switches", voluntary, involuntary] = words[..] else {
        return None;
    };
    let ns = ns
        .parse::<f64>()
        .ok()
        .filter(|ns| ns.is_finite() && *ns >= 0.0)?;
    let cpu_ns = match cpu {
        "-" => None,
        cpu => Some(cpu.parse().ok()?),
    };
    let switches = match (voluntary, involuntary) {
        ("-", "-") => None,
        (v, i) => Some(ContextSwitches {
            voluntary: v.parse().ok()?,
            involuntary: i.parse().ok()?,
        }),
    };
    Some(BatchReport {
        ns,
        cpu_ns,
        switches,
    })
}

/// Checks the child's first reply: it must be a hello with our version.
///
/// # Errors
///
/// One line saying what the child sent instead.
pub fn check_hello(reply: &Reply) -> Result<(), String> {
    match reply {
        Reply::Hello(PROTOCOL_VERSION) => Ok(()),
        Reply::Hello(other) => Err(format!(
            "it speaks serve protocol {other}, this executable speaks {PROTOCOL_VERSION} \
             (built with another duobench version)"
        )),
        other => Err(format!("it answered `{other}` instead of a hello")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_replies_read_back_as_written() {
        for request in [
            Request::Trial(TrialRequest::new("wall", "mod::sort/SIZES[0] .. x")),
            Request::Trial(TrialRequest::new("Peak 100% rss", "mod::sort")),
            Request::DiffSide(DiffSide::First, TrialRequest::new("cpu_time", "mod::sorts")),
            Request::DiffSide(
                DiffSide::Second,
                TrialRequest::new("wall", "mod::sorts/SIZES[1] vs x"),
            ),
            Request::Batch(12_345),
            Request::Done,
        ] {
            assert_eq!(Request::parse(&request.to_string()).unwrap(), request);
        }
        for reply in [
            Reply::Hello(7),
            Reply::Ready,
            Reply::Missing,
            Reply::Batch(BatchReport {
                ns: 1234.5678e3,
                cpu_ns: Some(1_200_000),
                switches: Some(ContextSwitches {
                    voluntary: 0,
                    involuntary: 3,
                }),
            }),
            Reply::Batch(BatchReport {
                ns: 0.1 + 0.2,
                cpu_ns: None,
                switches: None,
            }),
            Reply::Finished,
            Reply::Error("panicked: index out of bounds".to_owned()),
        ] {
            assert_eq!(Reply::parse(&reply.to_string()).unwrap(), Some(reply));
        }
    }

    #[test]
    fn a_message_is_one_line_whatever_it_carries() {
        let reply = Reply::Error("line one\nline two".to_owned());
        assert!(!reply.to_string().contains('\n'));
        let trial = Request::Trial(TrialRequest::new("my\nclock", "a\nb"));
        assert_eq!(trial.to_string(), "trial my%20clock a b");
    }

    #[test]
    fn lines_the_user_prints_are_skipped_and_garbage_is_an_error() {
        assert_eq!(Reply::parse("hello from the user's bench"), Ok(None));
        assert_eq!(Reply::parse(""), Ok(None));
        assert!(Reply::parse("duobench:ns fast cpu - switches - -").is_err());
        assert!(Reply::parse("duobench:ns -3 cpu - switches - -").is_err());
        assert!(Reply::parse("duobench:ns NaN cpu - switches - -").is_err());
        assert!(Reply::parse("duobench:ns 3 cpu x switches - -").is_err());
        assert!(Reply::parse("duobench:ns 3 cpu 1 switches 1 -").is_err());
        assert!(Reply::parse("duobench:ns 3").is_err());
        assert!(Reply::parse("duobench:hello one").is_err());
        assert!(Reply::parse("duobench:launch").is_err());
        assert!(Request::parse("batch ten").is_err());
        assert!(Request::parse("trial").is_err());
        assert!(Request::parse("trial sorts").is_err());
        assert!(Request::parse("side first").is_err());
        assert!(Request::parse("side first wall").is_err());
        assert!(Request::parse("side third wall sorts").is_err());
        assert!(Request::parse("done now").is_err());
        assert!(Request::parse("").is_err());
    }

    #[test]
    fn the_handshake_refuses_another_protocol_version() {
        assert_eq!(check_hello(&Reply::Hello(PROTOCOL_VERSION)), Ok(()));
        let e = check_hello(&Reply::Hello(PROTOCOL_VERSION + 1)).unwrap_err();
        assert!(e.contains("serve protocol 4"), "{e}");
        let e = check_hello(&Reply::Ready).unwrap_err();
        assert!(e.contains("instead of a hello"), "{e}");
    }
}
