//! What Callgrind counted in one segment, read from its output file, and the estimated
//! cycles those counts make.

/// The simulated caches, fixed rather than detected from the host, so that miss counts
/// mean the same on every machine (and a base and a head counted on different runners
/// compare): 32 KiB 8-way first-level instruction and data caches and an 8 MiB 16-way
/// last-level cache, 64-byte lines, the shape of a common x86-64 core. Valgrind's
/// `--I1`, `--D1` and `--LL` take size, associativity and line size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheModel {
    /// `--I1=` and `--D1=`: bytes, ways, line bytes.
    pub l1: (u32, u32, u32),
    /// `--LL=`.
    pub ll: (u32, u32, u32),
}

impl CacheModel {
    /// The model every count uses.
    pub const FIXED: CacheModel = CacheModel {
        l1: (32 * 1024, 8, 64),
        ll: (8 * 1024 * 1024, 16, 64),
    };

    /// The model in one line, for reports.
    #[must_use]
    pub fn describe(&self) -> String {
        let kib = |bytes: u32| bytes / 1024;
        format!(
            "L1 {} KiB {}-way, LL {} MiB {}-way, {}-byte lines",
            kib(self.l1.0),
            self.l1.1,
            kib(self.ll.0) / 1024,
            self.ll.1,
            self.l1.2
        )
    }
}

/// The weights of the estimated cycles: an L1 hit costs 1, a last-level hit 5, a memory
/// access 35 (iai's and gungraun's estimate). A model of no real core: it ranks routines
/// by what they would likely cost, and it is stated beside every figure.
pub const CYCLE_WEIGHTS: (u64, u64, u64) = (1, 5, 35);

/// Callgrind's events of one segment (`--cache-sim=yes`): instructions and data accesses,
/// and first-level and last-level misses of each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventCounts {
    /// Instructions executed (`Ir`).
    pub instructions: u64,
    /// Data reads (`Dr`).
    pub data_reads: u64,
    /// Data writes (`Dw`).
    pub data_writes: u64,
    /// First-level misses: instruction fetch, data read and data write (`I1mr D1mr D1mw`).
    pub l1_misses: u64,
    /// Last-level misses, the same three (`ILmr DLmr DLmw`).
    pub ll_misses: u64,
}

impl EventCounts {
    /// Reads the `events:` and `totals:` (or `summary:`) lines of a Callgrind output file.
    /// Trailing zeros may be left out of the totals, as Callgrind does.
    ///
    /// # Errors
    ///
    /// One line saying which line is missing or malformed.
    pub fn parse_callgrind(text: &str) -> Result<EventCounts, String> {
        let line = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .map(str::trim)
        };
        let names: Vec<&str> = line("events:")
            .ok_or("no `events:` line")?
            .split_whitespace()
            .collect();
        let totals = line("totals:")
            .or_else(|| line("summary:"))
            .ok_or("no `totals:` line")?;
        let values = totals
            .split_whitespace()
            .map(str::parse::<u64>)
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|_| format!("a malformed `totals:` line: `{totals}`"))?;
        let event = |name: &str| {
            names
                .iter()
                .position(|n| *n == name)
                .map_or(0, |i| values.get(i).copied().unwrap_or(0))
        };
        if !names.contains(&"Ir") {
            return Err("no instruction counts (`Ir`) among the events".to_owned());
        }
        Ok(EventCounts {
            instructions: event("Ir"),
            data_reads: event("Dr"),
            data_writes: event("Dw"),
            l1_misses: event("I1mr") + event("D1mr") + event("D1mw"),
            ll_misses: event("ILmr") + event("DLmr") + event("DLmw"),
        })
    }

    /// Estimated cycles with [`CYCLE_WEIGHTS`]: every access (instruction fetch or data) is
    /// an L1 hit, a last-level hit or a memory access.
    #[must_use]
    pub fn estimated_cycles(&self) -> u64 {
        let accesses = self.instructions + self.data_reads + self.data_writes;
        let l1_hits = accesses.saturating_sub(self.l1_misses);
        let ll_hits = self.l1_misses.saturating_sub(self.ll_misses);
        let (l1, ll, memory) = CYCLE_WEIGHTS;
        l1_hits * l1 + ll_hits * ll + self.ll_misses * memory
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUMP: &str =
        "version: 1\ncreator: callgrind-3.19.0\npid: 17605\ncmd: ./cgexp\npart: 1\n\n\
        desc: I1 cache: 32768 B, 64 B, 8-way associative\n\
        desc: Trigger: --dump-after=cgexp::__duobench_callgrind_dump\n\n\
        positions: line\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n\
        summary: 6956 22 31 4 0 0 4\n\nfn=(1) x\n0 3\ntotals: 6956 22 31 4 0 0 4\n";

    #[test]
    fn a_callgrind_dump_reads_with_trailing_zeros_left_out() {
        let counts = EventCounts::parse_callgrind(DUMP).unwrap();
        assert_eq!(
            counts,
            EventCounts {
                instructions: 6956,
                data_reads: 22,
                data_writes: 31,
                l1_misses: 4,
                ll_misses: 4,
            }
        );
        let short = DUMP.replace("6956 22 31 4 0 0 4", "13906 42 61");
        let counts = EventCounts::parse_callgrind(&short).unwrap();
        assert_eq!((counts.instructions, counts.l1_misses), (13906, 0));
    }

    #[test]
    fn a_file_that_is_no_dump_is_refused_in_one_line() {
        assert_eq!(
            EventCounts::parse_callgrind("hello"),
            Err("no `events:` line".to_owned())
        );
        let bad = DUMP.replace("totals: 6956", "totals: many");
        let e = EventCounts::parse_callgrind(&bad.replace("summary: 6956", "summary: x"));
        assert!(e.unwrap_err().starts_with("a malformed `totals:` line"));
    }

    #[test]
    fn estimated_cycles_weigh_hits_and_misses() {
        let counts = EventCounts {
            instructions: 100,
            data_reads: 20,
            data_writes: 10,
            l1_misses: 6,
            ll_misses: 2,
        };
        // 124 L1 hits, 4 last-level hits, 2 memory accesses.
        assert_eq!(counts.estimated_cycles(), 124 + 4 * 5 + 2 * 35);
    }
}
