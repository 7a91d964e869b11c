//! A proptest-driven fuzzer (issue 14): three targets, each of which first
//! replays its corpus `fuzz/corpus/<target>/` and then runs random cases.
//!
//! - `syntax`: arbitrary text and bytes (invalid UTF-8, deep nesting, huge
//!   numbers, long sums) through every parser of the language: each returns
//!   `Ok` or `Err`, never panics, and is fast; what reads prints in a form
//!   that reads back the same.
//! - `engine`: expressions drawn from a grammar over the registry's games,
//!   compounds, misère play and CGSuite values, analysed by the library's
//!   engine under a small budget: no panic, the budget's time limit holds,
//!   and impartial answers agree with plain search (`search_game`, the
//!   reference `verify` uses) where that is cheap, and their winning moves
//!   lead to lost positions.
//! - `cli`: command lines run through the built binary (batches of random
//!   bytes, transforms by huge and negative numbers, `seq` with odd flags):
//!   exit status 0 or 2, never a signal, an abort or a panic.
//!
//! Everything runs under a 4 GB address-space cap, so a runaway allocation
//! fails the test instead of taking the machine.
//!
//! Knobs (environment variables):
//! - `GRUNDY_FUZZ_CASES`: random cases per target (defaults keep the three
//!   targets under a minute in a release build on two cores);
//! - `GRUNDY_FUZZ_SECONDS`: wall time per target for the random cases (then
//!   the case count is unbounded unless `GRUNDY_FUZZ_CASES` is set too);
//! - `GRUNDY_FUZZ_SEED`: a number, or `random`; the default is a fixed seed
//!   (CI reruns the same cases), or a random one with `GRUNDY_FUZZ_SECONDS`;
//! - `GRUNDY_FUZZ_KNOWN=1`: also replay `fuzz/known/<target>/`, the inputs
//!   that fail on the current code (found, not yet fixed).
//! - `GRUNDY_FUZZ_VERBOSE=1`: the cli target prints each command line and its status.
//!
//! A failing input is printed in its corpus file's format and written to
//! `<target dir>/tmp/fuzz-found/<target>/`, ready to move into the corpus.
//!
//! Corpus files (`*.txt`, one input each):
//! - `syntax`: the raw bytes of the input; or, for `*.gen.txt`, lines
//!   `COUNT TEXT` (TEXT escaped: `\\`, `\n`, `\r`, `\t`, `\xHH`) whose TEXT
//!   repeated COUNT times, line after line, makes the input (30 000 nested
//!   parentheses in three lines);
//! - `engine`: the expression's text (or `*.gen.txt` as for `syntax`);
//! - `cli`: one escaped argument a line (the subcommand first), then
//!   optionally a line `--- stdin` followed by `COUNT TEXT` lines as above.

use grundy::api::ReadText;
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

use grundy::api::family::search_game;
use grundy::engine::Analysis;
use grundy::{Budget, Engine, Limits, Outcome};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

// ---------------------------------------------------------------------------
// The harness: settings, caps, the watchdog, corpus files, the run loop.
// ---------------------------------------------------------------------------

/// About 4 GB, as `ulimit -v` counts (KiB); the same cap as the hostile-input tests.
const CAP_KIB: u64 = 4_000_000;

/// A case still running after this long is a hang: the watchdog prints it and
/// ends the test process (each case is bounded far below this).
const HANG: Duration = Duration::from_secs(90);

fn env_u64(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text}: expected a number")),
    )
}

struct Settings {
    cases: u64,
    wall: Duration,
    seed: u64,
    known: bool,
}

fn settings(default_cases: u64) -> Settings {
    let seconds = env_u64("GRUNDY_FUZZ_SECONDS");
    let cases = env_u64("GRUNDY_FUZZ_CASES").unwrap_or(if seconds.is_some() {
        u64::MAX
    } else {
        default_cases
    });
    // Without a time given, a bound that keeps CI's run short on a slow machine.
    let wall = Duration::from_secs(seconds.unwrap_or(20));
    let seed = match std::env::var("GRUNDY_FUZZ_SEED").ok().as_deref() {
        Some("random") => random_seed(),
        Some(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("GRUNDY_FUZZ_SEED={text}: a number or `random`")),
        None if seconds.is_some() => random_seed(),
        None => 14,
    };
    let known = std::env::var("GRUNDY_FUZZ_KNOWN").is_ok_and(|v| v == "1");
    Settings {
        cases,
        wall,
        seed,
        known,
    }
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos(),
    );
    h.finish()
}

/// Caps this process's address space (children inherit it; they get their
/// own `ulimit -v` too, as in the hostile-input tests).
fn cap_address_space() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let bytes = CAP_KIB * 1024;
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: setrlimit reads the struct we pass and nothing else.
        let rc = unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) };
        assert_eq!(rc, 0, "setrlimit(RLIMIT_AS) failed");
    });
}

/// The case each target is running, for the watchdog.
fn running() -> &'static Mutex<HashMap<&'static str, (Instant, String)>> {
    static RUNNING: OnceLock<Mutex<HashMap<&'static str, (Instant, String)>>> = OnceLock::new();
    RUNNING.get_or_init(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_millis(500));
            let map = running().lock().unwrap_or_else(|e| e.into_inner());
            for (target, (since, input)) in map.iter() {
                if since.elapsed() > HANG {
                    // Straight to the file descriptor: the test's captured
                    // output is lost when the process ends here.
                    let _ = writeln!(
                        std::io::stderr(),
                        "fuzz {target}: HANG, a case ran over {HANG:?}; its input \
                         (corpus file format):\n{input}"
                    );
                    std::process::exit(101);
                }
            }
        });
        Mutex::new(HashMap::new())
    })
}

fn found_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fuzz-found")
        .join(target)
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `\\`, `\n`, `\r`, `\t` and `\xHH` for every byte that is not printable ASCII.
fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

fn unescape(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            match bytes[i + 1] {
                b'\\' => out.push(b'\\'),
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'x' if i + 4 <= bytes.len() => {
                    let hex = std::str::from_utf8(&bytes[i + 2..i + 4]).unwrap_or("zz");
                    match u8::from_str_radix(hex, 16) {
                        Ok(b) => {
                            out.push(b);
                            i += 4;
                            continue;
                        }
                        Err(_) => out.extend_from_slice(b"\\x"),
                    }
                }
                other => {
                    out.push(b'\\');
                    out.push(other);
                }
            }
            i += 2;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// Lines `COUNT TEXT`: TEXT (escaped) repeated COUNT times, concatenated.
fn expand(lines: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines.lines().filter(|l| !l.is_empty()) {
        let (count, text) = line.split_once(' ').unwrap_or((line, ""));
        let count: usize = count
            .parse()
            .unwrap_or_else(|_| panic!("`{line}`: expected `COUNT TEXT`"));
        out.extend(unescape(text).repeat(count));
    }
    out
}

/// The same bytes as `COUNT TEXT` lines, runs of a repeated chunk folded
/// (so that 30 000 parentheses are one line).
fn fold(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    let mut literal: Vec<u8> = Vec::new();
    let flush = |literal: &mut Vec<u8>, out: &mut String| {
        for chunk in literal.chunks(100) {
            out.push_str(&format!("1 {}\n", escape(chunk)));
        }
        literal.clear();
    };
    while i < bytes.len() {
        // The chunk length (1..=64) that repeats most at i, if it repeats 8+ times.
        let mut best = (0, 0);
        for len in 1..=64.min(bytes.len() - i) {
            let chunk = &bytes[i..i + len];
            let mut n = 1;
            while bytes[i + n * len..].starts_with(chunk) {
                n += 1;
            }
            if n >= 8 && n * len > best.0 * best.1 {
                best = (n, len);
            }
        }
        if best.0 > 0 {
            flush(&mut literal, &mut out);
            let (n, len) = best;
            out.push_str(&format!("{n} {}\n", escape(&bytes[i..i + len])));
            i += n * len;
        } else {
            literal.push(bytes[i]);
            i += 1;
        }
    }
    flush(&mut literal, &mut out);
    out
}

/// The corpus files of `target` (sorted), as (name, raw file bytes).
fn corpus_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// How a target reads and writes its inputs.
struct Target<T> {
    name: &'static str,
    default_cases: u64,
    /// A corpus file (its name and bytes) to an input.
    read: fn(&str, &[u8]) -> T,
    /// An input as a corpus file: (suffix, bytes).
    write: fn(&T) -> (&'static str, Vec<u8>),
    property: fn(&T) -> Result<(), String>,
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".into())
}

impl<T: Clone + std::fmt::Debug> Target<T> {
    /// Where the input being checked is kept: if the process aborts (a stack
    /// overflow, an allocation over the cap), that file holds the culprit.
    fn current_file(&self) -> PathBuf {
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-current-{}.txt", self.name))
    }

    fn check(&self, input: &T) -> Result<(), String> {
        let bytes = (self.write)(input).1;
        let _ = std::fs::write(self.current_file(), &bytes);
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        running()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(self.name, (Instant::now(), shown));
        let result = catch_unwind(AssertUnwindSafe(|| (self.property)(input)));
        running()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(self.name);
        match result {
            Ok(r) => r,
            Err(payload) => Err(format!("panicked: {}", panic_text(&*payload))),
        }
    }

    /// Prints a failing input in its corpus format and saves it under the
    /// target dir; returns the report line.
    fn report(&self, origin: &str, input: &T, why: &str) -> String {
        let (suffix, bytes) = (self.write)(input);
        let dir = found_dir(self.name);
        let _ = std::fs::create_dir_all(&dir);
        let hash = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            bytes.hash(&mut h);
            h.finish()
        };
        let path = dir.join(format!("{hash:016x}{suffix}"));
        let _ = std::fs::write(&path, &bytes);
        let why: String = why.chars().take(2000).collect();
        let shown = String::from_utf8_lossy(&bytes);
        let shown: String = shown.chars().take(3000).collect();
        let line = format!(
            "fuzz {}: FAILED ({origin}): {why}\n  input (as a corpus file, saved to {}):\n{shown}\n",
            self.name,
            path.display()
        );
        println!("{line}");
        line
    }

    /// Replays the corpus, then runs random cases; panics listing every failure.
    fn run<S: Strategy<Value = T>>(&self, strategy: S) {
        cap_address_space();
        let s = settings(self.default_cases);
        println!(
            "fuzz {}: the input being checked is kept in {} (if the test aborts, that is the one)",
            self.name,
            self.current_file().display()
        );
        let start = Instant::now();
        let mut failures = Vec::new();
        let mut dirs = vec![repo_root().join("fuzz/corpus").join(self.name)];
        if s.known {
            dirs.push(repo_root().join("fuzz/known").join(self.name));
        }
        let mut replayed = 0;
        for dir in &dirs {
            for (file, bytes) in corpus_files(dir) {
                let input = (self.read)(&file, &bytes);
                replayed += 1;
                if let Err(why) = self.check(&input) {
                    failures.push(self.report(&format!("{}/{file}", dir.display()), &input, &why));
                }
            }
        }
        let corpus_time = start.elapsed();

        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&s.seed.to_le_bytes());
        let config = Config {
            max_shrink_iters: 400,
            max_shrink_time: 60_000,
            ..Config::default()
        };
        let mut runner = TestRunner::new_with_rng(
            config.clone(),
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
        );
        let random_start = Instant::now();
        let mut cases = 0;
        while cases < s.cases && random_start.elapsed() < s.wall && failures.len() < 20 {
            cases += 1;
            let mut tree = strategy
                .new_tree(&mut runner)
                .expect("the strategy makes values");
            let Err(first) = self.check(&tree.current()) else {
                continue;
            };
            // Shrink to a smaller failing input (proptest's own algorithm).
            let (mut best, mut why) = (tree.current(), first);
            let shrink_start = Instant::now();
            let mut steps = 0;
            if tree.simplify() {
                while steps < config.max_shrink_iters
                    && shrink_start.elapsed() < Duration::from_secs(60)
                {
                    steps += 1;
                    match self.check(&tree.current()) {
                        Err(w) => {
                            best = tree.current();
                            why = w;
                            if !tree.simplify() {
                                break;
                            }
                        }
                        Ok(()) => {
                            if !tree.complicate() {
                                break;
                            }
                        }
                    }
                }
            }
            failures.push(self.report(
                &format!("seed {}, case {cases}, shrunk in {steps} steps", s.seed),
                &best,
                &why,
            ));
        }
        println!(
            "fuzz {}: {replayed} corpus inputs in {:.1?}, {cases} random cases (seed {}) in {:.1?}, \
             {} failures",
            self.name,
            corpus_time,
            s.seed,
            random_start.elapsed(),
            failures.len()
        );
        assert!(
            failures.is_empty(),
            "fuzz {}: {} failing inputs (seed {}):\n{}",
            self.name,
            failures.len(),
            s.seed,
            failures.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------
// The grammar of game expressions, shared by the engine and cli targets.
// ---------------------------------------------------------------------------

const HUGE: &[&str] = &[
    "1000000",
    "1000000000000",
    "4611686018427387904",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
];

/// A heap size or coordinate: mostly small, sometimes huge.
fn number() -> BoxedStrategy<String> {
    prop_oneof![
        10 => (0u64..12).prop_map(|n| n.to_string()),
        3 => (12u64..80).prop_map(|n| n.to_string()),
        1 => prop::sample::select(HUGE).prop_map(str::to_string),
    ]
    .boxed()
}

fn small(max: u64) -> BoxedStrategy<String> {
    (0..=max).prop_map(|n| n.to_string()).boxed()
}

fn list(item: BoxedStrategy<String>, len: std::ops::Range<usize>) -> BoxedStrategy<String> {
    prop::collection::vec(item, len)
        .prop_map(|v| v.join(","))
        .boxed()
}

/// A string over `alphabet` of up to `max` characters.
fn word(alphabet: &'static str, max: usize) -> BoxedStrategy<String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..=max)
        .prop_map(|v| v.into_iter().collect())
        .boxed()
}

/// A grid of `rows` rows over `alphabet`, rows joined by `|`.
fn grid(alphabet: &'static str, rows: usize, cols: usize) -> BoxedStrategy<String> {
    (1..=rows, 1..=cols)
        .prop_flat_map(move |(r, c)| {
            let chars: Vec<char> = alphabet.chars().collect();
            prop::collection::vec(prop::collection::vec(prop::sample::select(chars), c), r)
        })
        .prop_map(|rows| {
            rows.into_iter()
                .map(|r| r.into_iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
        .boxed()
}

/// A path graph in CGSuite's notation: `L-.-R`.
fn path(max: usize) -> BoxedStrategy<String> {
    prop::collection::vec(prop::sample::select(vec!['L', 'R', '.']), 1..=max)
        .prop_map(|v| {
            v.into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
                .join("-")
        })
        .boxed()
}

const VALUES: &[&str] = &[
    "0",
    "1",
    "-2",
    "7",
    "1/2",
    "3/4",
    "-3/8",
    "^",
    "v",
    "^*",
    "v*",
    "*",
    "*2",
    "*3",
    "*7",
    "+-1",
    "+-1/2",
    "{1|0}",
    "{0|1}",
    "{1|-1}",
    "{3||2*|1*}",
    "{0|*}",
    "{0|-1}",
    "{2|-2}",
    "Tiny(2)",
    "Miny(1)",
    "^[4]",
    "v<2>",
    "-1^",
    "2^",
    "-1v*",
    "{1/2|}",
    "{|-1}",
    "{ | }",
    "*1024",
    "*1023",
];

/// A value in CGSuite notation.
fn value() -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        6 => prop::sample::select(VALUES).prop_map(str::to_string),
        1 => (0u64..80).prop_map(|n| format!("*{n}")),
        1 => (-40i64..40, 0u32..6).prop_map(|(a, k)| format!("{a}/{}", 1u64 << k)),
        1 => prop::sample::select(HUGE).prop_map(|h| format!("*{h}")),
        1 => prop::sample::select(HUGE).prop_map(str::to_string),
    ];
    leaf.prop_recursive(2, 6, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    })
    .boxed()
}

/// One game of the registry (or a value), at a small position mostly.
fn component() -> BoxedStrategy<String> {
    let heaps = [
        "kayles",
        "dawson",
        "dawsons_chess",
        "officers",
        "grundy_game",
        "pick_up_bricks",
        "arc_kayles_path",
    ];
    let pieces = ["queen", "rook", "bishop", "king", "knight"];
    let octal = (
        prop::sample::select(vec!["0.", "4.", "0.0", "0."]),
        word("01234567", 3),
        prop::option::of(prop::sample::select(vec!["(3)", "(7)", "(1)", "(6)"])),
    )
        .prop_map(|(a, b, c)| format!("{a}{b}{}", c.unwrap_or_default()));
    let set = list((1u64..9).prop_map(|n| n.to_string()).boxed(), 0..4);
    let step = (-3i64..=3, -3i64..=3, any::<bool>())
        .prop_map(|(x, y, ride)| format!("({x},{y}){}", if ride { "*" } else { "" }));
    prop_oneof![
        4 => list(number(), 1..4).prop_map(|h| format!("nim({h})")),
        4 => (prop::sample::select(heaps.to_vec()), number()).prop_map(|(g, n)| format!("{g}({n})")),
        2 => (set.clone(), number()).prop_map(|(s, n)| format!("sub[{s}]({n})")),
        1 => (set, number()).prop_map(|(s, n)| format!("allbut[{s}]({n})")),
        2 => (octal, number()).prop_map(|(c, n)| format!("octal[{c}]({n})")),
        3 => (prop::sample::select(pieces.to_vec()), number(), number())
            .prop_map(|(p, x, y)| format!("{p}({x},{y})")),
        1 => (prop::collection::vec(step, 1..4), small(9), small(9), small(9))
            .prop_map(|(s, n, x, y)| format!("piece[{}; {n}]({x},{y})", s.join(","))),
        1 => list(small(6), 0..6).prop_map(|c| format!("staircase({c})")),
        1 => grid(".#", 3, 4).prop_map(|g| format!("cram(\"{g}\")")),
        2 => grid(".#", 3, 4).prop_map(|g| format!("domineering(\"{g}\")")),
        1 => grid("xo.", 2, 4).prop_map(|g| format!("clobber(\"{g}\")")),
        1 => grid("xo.#", 2, 3).prop_map(|g| format!("amazons(\"{g}\")")),
        1 => word("lre", 9).prop_map(|w| format!("hackenbush(\"{w}\")")),
        1 => word("lre(),", 9).prop_map(|w| format!("hackenbush_tree(\"{w}\")")),
        1 => word("tf.", 9).prop_map(|w| format!("toads_frogs(\"{w}\")")),
        1 => word("lre", 9).prop_map(|w| format!("toppling_dominoes(\"{w}\")")),
        1 => path(6).prop_map(|p| format!("col(\"{p}\")")),
        1 => path(6).prop_map(|p| format!("snort(\"{p}\")")),
        1 => word("AB.", 14).prop_map(|w| format!("ab_game(\"{w}\")")),
        1 => (number(), number()).prop_map(|(a, b)| format!("cutcake({a},{b})")),
        1 => grid("xo.#", 2, 3).prop_map(|g| format!("konane(\"{g}\")")),
        1 => grid(".x#", 3, 3).prop_map(|g| format!("fission(\"{g}\")")),
        1 => (prop::sample::select(CLOBBER_VARIANTS.to_vec()), grid("xo.", 2, 3))
            .prop_map(|(n, g)| format!("{n}(\"{g}\")")),
        1 => (0u64..3, 1u64..4, word("tf.", 8))
            .prop_map(|(j, s, w)| format!("gen_toads_frogs[{j},{s}](\"{w}\")")),
        1 => word("tf.", 9).prop_map(|w| format!("elephants_rhinos(\"{w}\")")),
        1 => (prop::sample::select(CAKES.to_vec()), small(7), small(7))
            .prop_map(|(g, a, b)| format!("{g}({a},{b})")),
        1 => (prop::sample::select(COINS.to_vec()), word("ht", 10))
            .prop_map(|(g, w)| format!("{g}(\"{w}\")")),
        1 => (prop::sample::select(MEMORY.to_vec()), number(), small(6))
            .prop_map(|(g, n, k)| format!("{g}({n},{k})")),
        1 => (1u64..7)
            .prop_flat_map(|n| Just((1..=n).collect::<Vec<u64>>()).prop_shuffle())
            .prop_map(|v| {
                let v: Vec<String> = v.iter().map(u64::to_string).collect();
                format!("quicksort({})", v.join(","))
            }),
        1 => (prop::sample::select(vec!["node_kayles", "arc_kayles"]), 1usize..7)
            .prop_map(|(g, n)| format!("{g}(\"{}\")", vec!["."; n].join("-"))),
        1 => (small(12), list(small(4), 0..3), list(small(4), 0..3))
            .prop_map(|(n, l, r)| format!("subtraction({n}, [{l}], [{r}])")),
        3 => value(),
        1 => Just("0".to_string()),
    ]
    .boxed()
}

/// CGSuite's Clobber variants (`GenClobber`).
const CLOBBER_VARIANTS: &[&str] = &[
    "anticlobber",
    "hot_clobber",
    "clobber_kings",
    "clobber_knights",
    "clobber_rooks",
    "clobber_queens",
    "clobber_diagonal",
];
/// The cake games and Partizan Euclid, written `name(m,n)`.
const CAKES: &[&str] = &[
    "eatcake",
    "maundy_cake",
    "turn_and_eatcake",
    "partizan_euclid",
];
/// The named coin-turning games.
const COINS: &[&str] = &["turning_turtles", "mock_turtles", "ruler", "turnips"];
/// The heap games with a memory.
const MEMORY: &[&str] = &["fibonacci_nim", "mem", "take_away[3]"];

/// Whether a component is a partizan game or a value in CGSuite notation.
fn is_partizan(c: &str) -> bool {
    const IMPARTIAL: &[&str] = &[
        "nim",
        "sub",
        "allbut",
        "octal",
        "kayles",
        "dawson",
        "officers",
        "grundy_game",
        "pick_up_bricks",
        "arc_kayles_path",
        "queen",
        "rook",
        "bishop",
        "king",
        "knight",
        "piece",
        "staircase",
        "cram",
        "turning",
        "mock_turtles",
        "ruler",
        "turnips",
        "fibonacci_nim",
        "take_away",
        "mem",
        "quicksort",
        "node_kayles",
        "arc_kayles",
    ];
    !IMPARTIAL.iter().any(|name| c.starts_with(name)) && c != "0"
}

const COMPOUNDS: &[&str] = &[
    "selective",
    "not_all",
    "conjunctive",
    "continued_conjunctive",
];

/// A game expression: sums, differences, negation, parentheses, misère
/// play and compounds over components.
fn game_expr() -> BoxedStrategy<String> {
    // Many copies of one game: a sum of hot games is long to value, and must
    // end within the budget all the same.
    let many_copies = (component(), 2usize..40)
        .prop_map(|(c, n)| vec![c; n].join(" + "))
        .boxed();
    let leaf = prop_oneof![8 => component(), 1 => many_copies];
    leaf.prop_recursive(3, 12, 4, |inner| {
        let wrapped = |g: String| {
            if g.contains(' ') {
                format!("({g})")
            } else {
                g
            }
        };
        prop_oneof![
            3 => prop::collection::vec(inner.clone(), 2..4).prop_map(|v| v.join(" + ")),
            1 => (inner.clone(), inner.clone()).prop_map(move |(a, b)| format!("{a} - {}", wrapped(b))),
            1 => inner.clone().prop_map(move |a| format!("-{}", wrapped(a))),
            1 => inner.clone().prop_map(|a| format!("({a})")),
            2 => inner.clone().prop_map(|a| format!("misere({a})")),
            2 => (prop::sample::select(COMPOUNDS), prop::collection::vec(inner, 1..4))
                .prop_map(|(k, v)| format!("{k}({})", v.join(", "))),
        ]
    })
    .boxed()
}

// ---------------------------------------------------------------------------
// syntax: every parser, on anything.
// ---------------------------------------------------------------------------

const TOKENS: &[&str] = &[
    "nim",
    "kayles",
    "queen",
    "piece",
    "octal",
    "sub",
    "misere",
    "selective",
    "conjunctive",
    "domineering",
    "value",
    "Tiny",
    "Miny",
    "staircase",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "|",
    "||",
    ",",
    ";",
    "+",
    "-",
    "*",
    "^",
    "v",
    "<",
    ">",
    "/",
    ".",
    "\"",
    " ",
    "0",
    "1",
    "3",
    "-1",
    "0.77",
    "(3)",
    "18446744073709551616",
    "1000000000000000000000000000000",
    "9223372036854775807",
    "+-",
    "é",
    "\u{0}",
    "\u{202e}",
    "→",
    "\t",
    "\n",
    "#",
    "x",
    "o",
    "L",
    "R",
    "e",
];

fn syntax_input() -> BoxedStrategy<Vec<u8>> {
    let openers = prop::sample::select(vec!["(", "{", "-(", "misere(", "[", "{|", "selective("]);
    prop_oneof![
        3 => any::<String>().prop_map(String::into_bytes),
        2 => prop::collection::vec(any::<u8>(), 0..200),
        4 => prop::collection::vec(prop::sample::select(TOKENS), 0..60).prop_map(|t| t.concat().into_bytes()),
        2 => (openers, 0usize..400, component(), prop::sample::select(vec![")", "|}", "}", "", "))"]))
            .prop_map(|(o, n, c, close)| format!("{}{c}{}", o.repeat(n), close.repeat(n)).into_bytes()),
        1 => (component(), 0usize..4000).prop_map(|(c, n)| {
            // `Game::parse` of a whole text adds without a budget: 40 copies
            // of a hot value are the most it is given here.
            let n = if is_partizan(&c) { n.min(40) } else { n };
            vec![c; n].join(" + ").into_bytes()
        }),
        3 => game_expr().prop_map(String::into_bytes),
        3 => (game_expr(), prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6))
            .prop_map(|(g, edits)| {
                let mut b = g.into_bytes();
                for (at, byte, kind) in edits {
                    let i = if b.is_empty() { 0 } else { at.index(b.len()) };
                    match kind {
                        0 => b.insert(i, byte),
                        1 if !b.is_empty() => { b.remove(i); }
                        _ if !b.is_empty() => b[i] = byte,
                        _ => b.push(byte),
                    }
                }
                b
            }),
    ]
    .boxed()
}

fn syntax_property(bytes: &[u8]) -> Result<(), String> {
    let start = Instant::now();
    let text = String::from_utf8_lossy(bytes);
    if let Ok(strict) = std::str::from_utf8(bytes) {
        debug_assert_eq!(strict, text);
    }
    let _ = grundy::language::syntax::parse_expr(&text);
    let _ = grundy::parse_game(&text);
    let _ = grundy::language::expr::parse_ruleset_spec(&text);
    let _ = grundy::language::syntax::parse_ruleset(&text);
    let _ = grundy::api::family::Family::parse(&text);
    let _ = grundy::partizan::Game::parse(&text);
    let _ = grundy::vocab::limits::parse_size(&text);
    let _ = grundy::vocab::limits::parse_duration(&text);
    if let Err(e) = grundy::language::expr::parse_any(&text) {
        // The error's position must be inside the text (the CLI draws a caret there).
        if e.at() > text.len() {
            return Err(format!(
                "error at {} past the end ({}): {e}",
                e.at(),
                text.len()
            ));
        }
        let _ = grundy::language::syntax::caret(&text, e.at().min(text.len()));
    }
    // Every game that reads, misère and compounds of partizan values too
    // (the engine refuses those, but their text still reads back).
    if let Ok(game) = grundy::language::expr::parse_any(&text) {
        // What reads prints in a form that reads back and prints the same.
        let printed = game.to_string();
        // (Reading may normalise, `0 + 0` reads as `0`: what it reads as
        // must then print and read back as itself.)
        let again = grundy::language::expr::parse_any(&printed)
            .map_err(|e| format!("`{printed}` (printed from the input) does not read: {e}"))?;
        let reprinted = again.to_string();
        match grundy::language::expr::parse_any(&reprinted) {
            Ok(third) if third.to_string() == reprinted => {}
            Ok(third) => {
                return Err(format!(
                    "`{printed}` (printed from the input) reads as `{reprinted}`, which reads \
                     back as `{third}`"
                ))
            }
            Err(e) => return Err(format!("`{reprinted}` (printed twice) does not read: {e}")),
        }
    }
    let took = start.elapsed();
    if took > Duration::from_secs(3) {
        return Err(format!(
            "the parsers took {took:?} on {} bytes",
            bytes.len()
        ));
    }
    Ok(())
}

#[test]
fn syntax() {
    Target {
        name: "syntax",
        default_cases: 4000,
        read: |name, bytes| {
            if name.ends_with(".gen.txt") {
                expand(&String::from_utf8_lossy(bytes))
            } else {
                bytes.to_vec()
            }
        },
        write: |b| (".gen.txt", fold(b).into_bytes()),
        property: |b| syntax_property(b),
    }
    .run(syntax_input());
}

// ---------------------------------------------------------------------------
// engine: the library's answers under a small budget.
// ---------------------------------------------------------------------------

fn small_limits(time: Duration) -> Limits {
    Limits {
        max_positions: 200_000,
        max_memory: 256 << 20,
        max_moves: 8,
        max_time: Some(time),
        ..Limits::default()
    }
}

/// The budget's time limit is one second; an analysis may overrun it by the
/// time between two checks, not by seconds.
const ENGINE_TIME: Duration = Duration::from_secs(1);
const ENGINE_SLACK: Duration = Duration::from_secs(4);

fn engine_property(text: &str) -> Result<(), String> {
    let mut engine = Engine::with_budget(Budget::new(small_limits(ENGINE_TIME)));
    let start = Instant::now();
    let result = engine.analyse(text);
    let took = start.elapsed();
    if took > ENGINE_SLACK {
        return Err(format!(
            "took {took:?} under a {ENGINE_TIME:?} time limit; it gave {}",
            match &result {
                Ok(_) => "an answer".to_string(),
                Err(e) => format!("the error: {e}"),
            }
        ));
    }
    let analysis = match result {
        Ok(a) => a,
        Err(e) => {
            let message = e.to_string();
            if message.is_empty() {
                return Err("an empty error message".into());
            }
            return Ok(());
        }
    };
    // Each winning move must leave the opponent lost: asked of the engine
    // itself, briefly (a limit there proves nothing either way).
    let mut mover = Engine::with_budget(Budget::new(small_limits(Duration::from_millis(300))));
    let mut loses = |m: &grundy::GameExpr, who_moved: Option<grundy::Player>| -> Option<bool> {
        match mover.analyse_game(m).ok()? {
            Analysis::Impartial(e) => Some(e.outcome == Outcome::P),
            Analysis::Partizan { report, .. } => Some(match who_moved {
                Some(grundy::Player::Left) => matches!(report.outcome, Outcome::L | Outcome::P),
                Some(grundy::Player::Right) => matches!(report.outcome, Outcome::R | Outcome::P),
                None => report.outcome == Outcome::P,
            }),
            Analysis::PartizanMisere(r) => Some(match who_moved {
                Some(grundy::Player::Left) => matches!(r.outcome, Outcome::L | Outcome::P),
                Some(grundy::Player::Right) => matches!(r.outcome, Outcome::R | Outcome::P),
                None => r.outcome == Outcome::P,
            }),
            // Loopy answers are checked below.
            Analysis::Loopy(_) => None,
        }
    };
    match analysis {
        Analysis::Loopy(r) => {
            // Besides scripts (the fuzzer loads none), only the catalogue
            // games whose own rules may return to a position answer as
            // loopy games.
            const LOOPY_GAMES: &[&str] = &[
                "wind_up",
                "fox_geese",
                "backsliding_toads_frogs",
                "hare_hounds",
            ];
            let game = r.game.to_string();
            if LOOPY_GAMES.iter().any(|g| game.contains(&format!("{g}("))) {
                return Ok(());
            }
            return Err(format!("a loopy answer with no loopy game: {game}"));
        }
        Analysis::Impartial(e) => {
            if let Some(n) = e.nimber {
                if (n.0 == 0) != (e.outcome == Outcome::P) {
                    return Err(format!("value {n} but outcome {}", e.outcome));
                }
            }
            if e.outcome == Outcome::P && !e.winning_moves.is_empty() {
                return Err(format!(
                    "outcome P yet winning moves {:?}",
                    e.winning_moves
                        .iter()
                        .map(|m| m.to_string())
                        .collect::<Vec<_>>()
                ));
            }
            // (In misère play a position with no moves is won: N with no move.)
            if e.play == grundy::solvers::search::Play::Normal
                && e.outcome == Outcome::N
                && e.winning_moves.is_empty()
                && e.moves_complete
            {
                return Err("outcome N yet no winning move (and the list is complete)".into());
            }
            // The reference: plain search of the whole game, when it is cheap.
            let t = Instant::now();
            let reference = search_game(&e.game, &small_limits(ENGINE_TIME));
            if t.elapsed() > ENGINE_SLACK {
                return Err(format!(
                    "plain search took {:?} under a {ENGINE_TIME:?} time limit",
                    t.elapsed()
                ));
            }
            if let Ok(r) = reference {
                let same_nimber = match (r.nimber, e.nimber) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                };
                if r.outcome != e.outcome || !same_nimber {
                    return Err(format!(
                        "{}: the engine says {} (value {:?}), plain search {r}",
                        e.game,
                        e.outcome,
                        e.nimber.map(|n| n.to_string())
                    ));
                }
            }
            for m in e.winning_moves.iter().take(3) {
                if loses(m, None) == Some(false) {
                    return Err(format!(
                        "{}: the winning move to {m} leaves the opponent a won position",
                        e.game
                    ));
                }
            }
        }
        Analysis::PartizanMisere(r) => {
            for (moves, who) in [
                (&r.left_moves, grundy::Player::Left),
                (&r.right_moves, grundy::Player::Right),
            ] {
                for m in moves.iter().take(2) {
                    if loses(m, Some(who)) == Some(false) {
                        return Err(format!(
                            "{}: {who:?}'s misère winning move to {m} does not win",
                            r.game
                        ));
                    }
                }
            }
        }
        Analysis::Partizan { game, report } => {
            let v = report.value;
            if v.outcome() != report.outcome {
                return Err(format!(
                    "{game}: value {v} has outcome {} but the report says {}",
                    v.outcome(),
                    report.outcome
                ));
            }
            // The printed value reads back as itself.
            let printed = v.to_string();
            // (A form too long to write is said to be so, and not read back.)
            let too_long = printed.starts_with("<a game of birthday");
            match grundy::partizan::Game::parse(&printed) {
                _ if too_long => {}
                Ok(g) if g == v => {}
                Ok(g) => return Err(format!("{game}: value `{printed}` reads back as `{g}`")),
                Err(e) => return Err(format!("{game}: value `{printed}` does not read: {e}")),
            }
            // Transforms by ordinary and extreme numbers: an answer or an
            // error, within a second's budget (heating *2047 by 1 is long).
            let budget = grundy::Budget::new(grundy::Limits {
                max_time: Some(std::time::Duration::from_secs(1)),
                ..grundy::Limits::default()
            });
            let _ = grundy::partizan::within_budget(&budget, || {
                transforms(v);
                Ok::<(), grundy::partizan::Error>(())
            });
            for (moves, who) in [
                (&report.left_moves, grundy::Player::Left),
                (&report.right_moves, grundy::Player::Right),
            ] {
                for m in moves.iter().take(2) {
                    if loses(m, Some(who)) == Some(false) {
                        return Err(format!(
                            "{game}: {who:?}'s winning move to {m} does not win"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Cooling, heating, atomic weight and thermograph of `v`, by ordinary and
/// extreme numbers: each an answer or an error, never a panic.
fn transforms(v: grundy::partizan::Game) {
    for t in [
        (1, 0),
        (1, 1),
        (-1, 0),
        (3, 2),
        (i64::MAX, 0),
        (i64::MIN + 1, 0),
        (1, 62),
    ] {
        if let Ok(d) = grundy::partizan::Dyadic::new(t.0, t.1) {
            let _ = v.cool(d);
            let _ = v.heat(d);
        }
    }
    let _ = v.atomic_weight();
    let _ = v.thermograph();
    let _ = v.mean();
    let _ = v.temperature();
}

#[test]
fn engine() {
    Target {
        name: "engine",
        default_cases: 300,
        read: |name, bytes| {
            let bytes = if name.ends_with(".gen.txt") {
                expand(&String::from_utf8_lossy(bytes))
            } else {
                bytes.to_vec()
            };
            String::from_utf8_lossy(&bytes).trim_end().to_string()
        },
        write: |t| (".txt", t.clone().into_bytes()),
        property: |t| engine_property(t),
    }
    .run(game_expr());
}

// ---------------------------------------------------------------------------
// cli: command lines through the binary.
// ---------------------------------------------------------------------------

/// A command line and its standard input.
#[derive(Clone, Debug)]
struct CliCase {
    args: Vec<Vec<u8>>,
    stdin: Vec<u8>,
}

fn cli_read(_: &str, bytes: &[u8]) -> CliCase {
    let text = String::from_utf8_lossy(bytes);
    let (args, stdin) = match text.split_once("\n--- stdin\n") {
        Some((a, s)) => (a.to_string(), expand(s)),
        None => (text.trim_end_matches('\n').to_string(), Vec::new()),
    };
    CliCase {
        args: args.lines().map(unescape).collect(),
        stdin,
    }
}

fn cli_write(c: &CliCase) -> (&'static str, Vec<u8>) {
    let mut out: String = c.args.iter().map(|a| escape(a) + "\n").collect();
    if !c.stdin.is_empty() {
        out.push_str("--- stdin\n");
        out.push_str(&fold(&c.stdin));
    }
    (".txt", out.into_bytes())
}

const ODD_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "-0",
    "+3",
    "0x10",
    "1_000",
    " 5",
    "",
    "abc",
    "9223372036854775807",
    "9223372036854775808",
    "4611686018427387904",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
];

fn odd_number() -> BoxedStrategy<String> {
    prop_oneof![
        2 => prop::sample::select(ODD_NUMBERS).prop_map(str::to_string),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => (0u64..100).prop_map(|n| n.to_string()),
    ]
    .boxed()
}

/// A dyadic (or not quite) for --heat and --cool.
fn temperature() -> BoxedStrategy<String> {
    prop_oneof![
        2 => odd_number(),
        1 => (any::<i64>(), 0u32..70).prop_map(|(a, k)| format!("{a}/{}", 1u128 << k)),
        1 => prop::sample::select(vec![
            "1/2", "-3/4", "1/3", "0.5", "1/0", "-1/4611686018427387904", "1/9223372036854775808",
            "4611686018427387904", "-9223372036854775808", "-4611686018427387904", "3/-4",
        ])
        .prop_map(str::to_string),
    ]
    .boxed()
}

/// Limit flags with ordinary and odd values (a time limit of at most 2 s,
/// so that every run is short).
fn limit_flags() -> BoxedStrategy<Vec<String>> {
    let flag = prop_oneof![
        (Just("--max-positions"), odd_number()),
        (
            Just("--max-memory"),
            prop::sample::select(vec![
                "0",
                "1",
                "1K",
                "500M",
                "4G",
                "16E",
                "-1",
                "1.5G",
                "",
                "18446744073709551615",
                "99999999999G"
            ])
            .prop_map(str::to_string)
        ),
        (Just("--max-moves"), odd_number()),
        (
            Just("--max-time"),
            prop::sample::select(vec![
                "0s",
                "0",
                "1ns",
                "1ms",
                "500ms",
                "2s",
                "-1s",
                "1x",
                "",
                "99999999999999999999s"
            ])
            .prop_map(str::to_string)
        ),
        (
            Just("--max-depth"),
            prop::sample::select(vec!["0", "1", "3", "-1", "100000000"]).prop_map(str::to_string)
        ),
    ];
    prop_oneof![
        3 => Just(Vec::new()),
        2 => prop::collection::vec(flag, 1..3),
    ]
    .prop_map(|v| {
        v.into_iter()
            .flat_map(|(f, x)| [f.to_string(), x])
            .collect()
    })
    .boxed()
}

/// Adds `--max-time 2s` unless the flags give a time limit already.
fn timed(mut args: Vec<String>, limits: Vec<String>) -> Vec<String> {
    if !limits.iter().any(|f| f == "--max-time") {
        args.extend(["--max-time".to_string(), "2s".to_string()]);
    }
    args.extend(limits);
    args
}

fn batch_line() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        4 => game_expr().prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..60),
        1 => any::<String>().prop_map(String::into_bytes),
        1 => (0usize..200_000).prop_map(|n| b"x".repeat(n)),
    ]
    .boxed()
}

const RULESETS: &[&str] = &[
    "kayles",
    "nim",
    "sub[1,3,4]",
    "allbut[1,3]",
    "octal[0.137]",
    "octal[0.(3)]",
    "octal[4.(7)]",
    "officers",
    "dawson",
    "grundy_game",
    "queen",
    "sub[]",
    "octal[9]",
    "nim(3)",
    "",
];

/// Rulesets whose period is proved early, for huge `--to`.
const PERIODIC: &[&str] = &["kayles", "nim", "sub[1,3,4]", "allbut[1,3]", "octal[0.(3)]"];

fn seq_case() -> BoxedStrategy<Vec<String>> {
    let flags = prop::collection::vec(
        prop_oneof![
            Just(vec!["--stats".to_string()]),
            Just(vec!["--json".to_string()]),
            prop::sample::select(vec!["plain", "sparse", "auto", "fast", ""])
                .prop_map(|s| vec!["--solver".to_string(), s.to_string()]),
            odd_number().prop_map(|n| vec!["--threads".to_string(), n]),
            prop::sample::select(vec!["0", "1", "2", "-1", "18446744073709551615"])
                .prop_map(|n| vec!["--memory-mb".to_string(), n.to_string()]),
            odd_number().prop_map(|n| vec!["--max-output".to_string(), n]),
            prop::sample::select(vec!["0", "1", "18446744073709551615", "-1"])
                .prop_map(|n| vec!["--checkpoint-secs".to_string(), n.to_string()]),
        ],
        0..3,
    );
    let small_run = (
        prop::sample::select(RULESETS),
        prop_oneof![
            (0u64..300).prop_map(|n| vec!["--to".to_string(), n.to_string()]),
            list(small(400), 1..4).prop_map(|a| vec!["--at".to_string(), a]),
            Just(vec![
                "--no-early-stop".to_string(),
                "--to".into(),
                "200".into()
            ]),
        ],
    );
    let big_run = (
        prop::sample::select(PERIODIC),
        prop_oneof![
            odd_number().prop_map(|n| vec!["--at".to_string(), n]),
            odd_number().prop_map(|n| vec![
                "--to".to_string(),
                n,
                "--max-output".into(),
                "100".into()
            ]),
            list(
                prop::sample::select(ODD_NUMBERS)
                    .prop_map(str::to_string)
                    .boxed(),
                1..4
            )
            .prop_map(|a| vec!["--at".to_string(), a]),
        ],
    );
    (prop_oneof![small_run, big_run], flags)
        .prop_map(|((r, run), flags)| {
            let mut args = vec!["seq".to_string(), r.to_string()];
            args.extend(run);
            args.extend(flags.into_iter().flatten());
            args
        })
        .boxed()
}

fn families() -> BoxedStrategy<String> {
    prop::sample::select(vec![
        "kayles + nim",
        "queen + knight",
        "misere(nim + nim + kayles)",
        "selective(sub[1,3,4], king)",
        "conjunctive(grundy_game, nim)",
        "not_all(kayles, dawson)",
        "continued_conjunctive(nim, sub[1,2])",
        "misere(selective(knight, sub[1,3,4]))",
        "octal[0.137] + arc_kayles_path",
        "bishop + rook + nim(3)",
        "misere(conjunctive(nim, kayles))",
        "piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 5] + nim",
        "officers + grundy_game",
        "staircase",
        "domineering",
        "nim(3)",
    ])
    .prop_map(str::to_string)
    .boxed()
}

fn cli_case() -> BoxedStrategy<CliCase> {
    let args_only = |s: BoxedStrategy<Vec<String>>| {
        s.prop_map(|args| CliCase {
            args: args.into_iter().map(String::into_bytes).collect(),
            stdin: Vec::new(),
        })
        .boxed()
    };
    let value_cmd = (game_expr(), any::<bool>(), limit_flags())
        .prop_map(|(g, json, limits)| {
            let mut args = vec!["value".to_string()];
            if json {
                args.push("--json".into());
            }
            args.extend(["--".to_string(), g]);
            // Flags after `--` would be positional: put the limits first.
            let mut head = timed(args[..args.len() - 2].to_vec(), limits);
            head.extend(args[args.len() - 2..].iter().cloned());
            head
        })
        .boxed();
    let batch = (
        prop::collection::vec(batch_line(), 0..8),
        any::<bool>(),
        limit_flags(),
        prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\0", b"\n\n"]),
    )
        .prop_map(|(lines, json, limits, sep)| {
            let mut args = vec!["value".to_string(), "--batch".to_string()];
            if json {
                args.push("--json".into());
            }
            let args = timed(args, limits);
            CliCase {
                args: args.into_iter().map(String::into_bytes).collect(),
                stdin: lines.join(sep),
            }
        })
        .boxed();
    let transform = (
        value(),
        prop_oneof![
            temperature().prop_map(|t| vec!["--heat".to_string(), t]),
            temperature().prop_map(|t| vec!["--cool".to_string(), t]),
            Just(vec!["--atomic-weight".to_string()]),
        ],
        any::<bool>(),
    )
        .prop_map(|(v, op, json)| {
            let mut args = vec!["transform".to_string()];
            args.extend(op);
            if json {
                args.push("--json".into());
            }
            args.extend(["--max-time".to_string(), "2s".into(), "--".into(), v]);
            args
        })
        .boxed();
    let table = (
        prop::sample::select(vec![
            "queen",
            "rook",
            "bishop",
            "king",
            "knight",
            "piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]",
            "piece[(1,1)*; 0]",
            "kayles",
            "piece[]",
        ]),
        prop_oneof![
            small(12),
            prop::sample::select(vec!["100000", "18446744073709551615", "-1", "abc"])
                .prop_map(str::to_string)
        ],
        any::<bool>(),
        limit_flags(),
    )
        .prop_map(|(p, size, json, limits)| {
            let mut args = vec!["table".to_string(), p.to_string(), "--size".into(), size];
            if json {
                args.push("--json".into());
            }
            timed(args, limits)
        })
        .boxed();
    let compare = (value(), prop_oneof![value(), component()])
        .prop_map(|(a, b)| {
            vec![
                "compare".to_string(),
                "--max-time".into(),
                "2s".into(),
                "--".into(),
                a,
                b,
            ]
        })
        .boxed();
    let thermograph = (
        prop_oneof![value(), component()],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(v, json, svg)| {
            let mut args = vec!["thermograph".to_string(), "--max-time".into(), "2s".into()];
            if json {
                args.push("--json".into());
            }
            if svg {
                args.extend(["--svg".to_string(), "t.svg".into()]);
            }
            args.extend(["--".to_string(), v]);
            args
        })
        .boxed();
    let verify = (
        families(),
        prop_oneof![small(8), odd_number()],
        limit_flags(),
    )
        .prop_map(|(f, b, limits)| {
            let args = vec!["verify".to_string(), f, "--bound".into(), b];
            timed(args, limits)
        })
        .boxed();
    let games = any::<bool>()
        .prop_map(|json| {
            let mut a = vec!["games".to_string()];
            if json {
                a.push("--json".into());
            }
            a
        })
        .boxed();
    let raw = prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                "value",
                "seq",
                "table",
                "verify",
                "compare",
                "thermograph",
                "transform",
                "games",
                "--json",
                "--batch",
                "--store",
                "--heat",
                "--cool",
                "--to",
                "--at",
                "--size",
                "--bound",
                "--max-time",
                "--help",
                "-h",
                "--version",
                "--",
                "-",
                "nim(3)",
                "{1|0}",
                "1/2",
                "-1",
            ])
            .prop_map(|s| s.as_bytes().to_vec()),
            prop::collection::vec(any::<u8>(), 0..12).prop_map(|mut b| {
                b.retain(|&c| c != 0);
                b
            }),
        ],
        0..6,
    )
    .prop_map(|args| CliCase {
        args,
        stdin: Vec::new(),
    })
    .boxed();
    let store = (prop::sample::select(PERIODIC), small(200), game_expr())
        .prop_map(|(r, n, g)| {
            vec![
                "value".to_string(),
                "--store".into(),
                format!("{}.store", r.replace(['[', ']', ',', '(', ')', '.'], "_")),
                "--max-time".into(),
                "2s".into(),
                "--".into(),
                format!("{r}({n}) + {g}"),
            ]
        })
        .boxed();
    let store_write = (prop::sample::select(PERIODIC), small(300))
        .prop_map(|(r, n)| {
            vec![
                "seq".to_string(),
                r.to_string(),
                "--to".into(),
                n,
                "--store".into(),
                format!("{}.store", r.replace(['[', ']', ',', '(', ')', '.'], "_")),
            ]
        })
        .boxed();
    prop_oneof![
        4 => args_only(value_cmd),
        3 => batch,
        3 => args_only(transform),
        3 => args_only(seq_case()),
        1 => args_only(table),
        1 => args_only(compare),
        1 => args_only(thermograph),
        2 => args_only(verify),
        1 => args_only(games),
        2 => raw,
        1 => args_only(store),
        1 => args_only(store_write),
    ]
    .boxed()
}

/// Longest a command may run (its own limits are 2 s; printing a long `seq`
/// or a batch is allowed more).
const CLI_TIMEOUT_SECS: u64 = 30;

fn cli_property(c: &CliCase) -> Result<(), String> {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cli-work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let script = format!("ulimit -v {CAP_KIB}; exec timeout -k 5 {CLI_TIMEOUT_SECS} \"$0\" \"$@\"");
    let mut child = Command::new("bash")
        .args(["-c", &script])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(c.args.iter().map(|a| OsString::from_vec(a.clone())))
        .current_dir(&work)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = c.stdin.clone();
    let writer = std::thread::spawn(move || {
        // The command may answer and exit before reading everything.
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let took = start.elapsed();
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail: String = {
        let s: Vec<char> = stderr.chars().collect();
        s[s.len().saturating_sub(600)..].iter().collect()
    };
    let code = out.status.code();
    if std::env::var("GRUNDY_FUZZ_VERBOSE").is_ok_and(|v| v == "1") {
        let args: Vec<String> = c.args.iter().map(|a| escape(a)).collect();
        eprintln!("cli: {code:?} in {took:.1?}: {}", args.join(" "));
    }
    if code == Some(124) || code == Some(137) {
        return Err(format!(
            "still running after {CLI_TIMEOUT_SECS} s (killed): {tail}"
        ));
    }
    if code.is_none() {
        return Err(format!("ended by {} after {took:?}: {tail}", out.status));
    }
    if stderr.contains("panicked") || stderr.contains("memory allocation of") {
        return Err(format!("exit {code:?} after {took:?}: {tail}"));
    }
    if code != Some(0) && code != Some(2) {
        let what = if c.args.first().is_some_and(|a| a == b"verify") && code == Some(1) {
            "verify found a counterexample (the engine and plain search disagree)"
        } else {
            "expected exit status 0 or 2"
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stdout: String = stdout.chars().take(600).collect();
        return Err(format!(
            "{what}: exit {code:?} after {took:?}: {stdout} {tail}"
        ));
    }
    Ok(())
}

#[test]
fn cli() {
    Target {
        name: "cli",
        default_cases: 100,
        read: cli_read,
        write: cli_write,
        property: cli_property,
    }
    .run(cli_case());
}
