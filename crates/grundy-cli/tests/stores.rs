//! Stores shared by processes (issue 14, point 1): one writer at a time,
//! no mixed files, no lost heaps, and readers that refuse a store that is
//! not of the game asked for.
//!
//! Every run is the built binary under an address-space cap and a deadline,
//! so that a regression fails instead of hanging or eating the machine.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long one command may take (debug build, a busy machine).
const DEADLINE: Duration = Duration::from_secs(120);

/// Rounds of each race: enough that the old unlocked code failed most of
/// them (16 of 30 for the two-game race in the issue), few enough to stay
/// within a minute or two of a debug build.
const ROUNDS: usize = 6;

fn command(args: &[&str]) -> Command {
    let mut c = Command::new("bash");
    c.arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn spawn(args: &[&str]) -> Child {
    command(args).spawn().expect("the binary starts")
}

/// Waits for `child` until [`DEADLINE`], killing it (and failing) past it.
fn finish(mut child: Child, what: &str) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("`{what}` ran past {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run(args: &[&str]) -> Output {
    finish(spawn(args), &args.join(" "))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-stores-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Files in `dir` other than `keep`: temporary files must not be left.
fn leftovers(dir: &Path, keep: &[&Path]) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !keep.contains(&p.as_path()))
        .collect()
}

/// The nimber of an impartial position, computed without a store.
fn value_of(position: &str) -> serde_json::Value {
    json(&["value", "--json", position])["nimber"].clone()
}

/// Issue 14.1: `seq kayles --store F & seq dawson --store F` made files
/// with one game's header and the other's values, and `value --store F
/// 'kayles(10)'` answered `*3` from them (true `*2`).
#[test]
fn issue_14_two_games_writing_one_store_never_mix() {
    let dir = scratch("two-games");
    let f = dir.join("F");
    let truth = [
        (
            "kayles",
            value_of("kayles(10)"),
            value_of("kayles(1000000000000)"),
        ),
        (
            "dawson",
            value_of("dawson(10)"),
            value_of("dawson(1000000000000)"),
        ),
    ];
    let fresh: Vec<serde_json::Value> = ["kayles", "dawson"]
        .iter()
        .map(|g| json(&["seq", g, "--to", "3000", "--no-early-stop", "--json"])["values"].clone())
        .collect();
    for round in 0..ROUNDS {
        let _ = std::fs::remove_file(&f);
        let writers: Vec<Child> = ["kayles", "dawson"]
            .iter()
            .map(|g| {
                spawn(&[
                    "seq",
                    g,
                    "--to",
                    "3000",
                    "--store",
                    s(&f),
                    "--no-early-stop",
                ])
            })
            .collect();
        let outputs: Vec<Output> = writers.into_iter().map(|c| finish(c, "a writer")).collect();
        let won: Vec<usize> = (0..2).filter(|&i| outputs[i].status.success()).collect();
        assert_eq!(
            won.len(),
            1,
            "round {round}: exactly one game owns the file"
        );
        let (winner, loser) = (won[0], 1 - won[0]);
        let refusal = text(&outputs[loser].stderr);
        assert!(
            refusal.contains("holds values of") && refusal.contains(truth[loser].0),
            "round {round}: {refusal}"
        );
        assert!(
            leftovers(&dir, &[&f]).is_empty(),
            "{:?}",
            leftovers(&dir, &[&f])
        );

        // The file is wholly the winner's: read back, it gives the values
        // computed without a store.
        let (game, near, far) = &truth[winner];
        let stored = json(&["seq", game, "--to", "3000", "--store", s(&f), "--json"]);
        assert_eq!(stored["values"], fresh[winner], "round {round}");
        let asked = format!("{game}(10)");
        assert_eq!(
            json(&["value", "--json", "--store", s(&f), &asked])["nimber"],
            *near
        );
        let asked = format!("{game}(1000000000000)");
        assert_eq!(
            json(&["value", "--json", "--store", s(&f), &asked])["nimber"],
            *far
        );

        // The other game is refused by name, not answered from these values.
        let other = truth[loser].0;
        let o = run(&["value", "--store", s(&f), &format!("{other}(10)")]);
        assert!(!o.status.success(), "round {round}");
        let err = text(&o.stderr);
        assert!(
            err.contains(other) && err.contains("holds values of"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 14.2: two `seq grundy_game --store R --resume` runs (to 90 000
/// and 95 000 in the issue; smaller here for a debug build) both exited 0,
/// and the store then sometimes held only the shorter run's heaps.
#[test]
fn issue_14_concurrent_resumes_lose_no_heap() {
    let dir = scratch("resume");
    let r = dir.join("R");
    let (short, long) = (6_000u64, 8_000u64);
    let fresh = json(&["seq", "grundy_game", "--to", &long.to_string(), "--json"]);
    for round in 0..ROUNDS {
        let _ = std::fs::remove_file(&r);
        if round % 2 == 1 {
            // Half the rounds resume a store that already has values.
            assert!(
                run(&["seq", "grundy_game", "--to", "1000", "--store", s(&r)])
                    .status
                    .success()
            );
        }
        let runs: Vec<(u64, Child)> = [short, long, short + 500]
            .into_iter()
            .map(|to| {
                let to_s = to.to_string();
                let args = [
                    "seq",
                    "grundy_game",
                    "--at",
                    &to_s,
                    "--store",
                    s(&r),
                    "--resume",
                ];
                (to, spawn(&args))
            })
            .collect();
        for (to, child) in runs {
            let o = finish(child, "a resume");
            assert!(o.status.success(), "round {round}: {}", text(&o.stderr));
            let want = format!("G({to}) = {}\n", fresh["values"][to as usize]);
            assert!(text(&o.stdout).starts_with(&want), "{}", text(&o.stdout));
        }
        // Every heap of the longest run is in the store, and right.
        let stored = json(&[
            "seq",
            "grundy_game",
            "--to",
            &long.to_string(),
            "--store",
            s(&r),
            "--json",
        ]);
        assert_eq!(stored["values"], fresh["values"], "round {round}");
        assert!(
            leftovers(&dir, &[&r]).is_empty(),
            "{:?}",
            leftovers(&dir, &[&r])
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A second writer waits for the first, naming it, then continues from
/// its values.
#[test]
fn a_second_writer_waits_naming_the_first() {
    let dir = scratch("wait");
    let l = dir.join("L");
    // Grundy's game has no known period: this runs until killed.
    let first = spawn(&[
        "seq",
        "grundy_game",
        "--at",
        "100000000",
        "--store",
        s(&l),
        "--checkpoint-secs",
        "1",
    ]);
    let first_pid = first.id();
    let start = Instant::now();
    while std::fs::metadata(&l).map_or(true, |m| m.len() < 200) {
        assert!(
            start.elapsed() < DEADLINE,
            "the first writer never checkpointed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let second = spawn(&[
        "seq",
        "grundy_game",
        "--at",
        "500",
        "--store",
        s(&l),
        "--resume",
    ]);
    std::thread::sleep(Duration::from_millis(1500));
    // `first` is bash exec'ing the binary: the same process.
    let mut first = first;
    first.kill().unwrap();
    let _ = first.wait();
    let o = finish(second, "the second writer");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "waiting for process {first_pid}, which is writing"
        )),
        "{err}"
    );
    let want = format!("G(500) = {}\n", value_of("grundy_game(500)"));
    assert!(text(&o.stdout).starts_with(&want), "{}", text(&o.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file whose header names one game and whose values are another's (what
/// two unlocked writers used to make) is refused by every reader, naming
/// the heap where the values stop following the rules.
#[test]
fn a_store_mixing_two_games_is_refused() {
    let dir = scratch("mixed");
    let (k, d, m) = (dir.join("K"), dir.join("D"), dir.join("M"));
    for (game, path) in [("kayles", &k), ("dawson", &d)] {
        let o = run(&[
            "seq",
            game,
            "--to",
            "2000",
            "--no-early-stop",
            "--store",
            s(path),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    // Both headers are 25 bytes (three code digits): Kayles' header, then
    // Dawson's chunks.
    let (kb, db) = (std::fs::read(&k).unwrap(), std::fs::read(&d).unwrap());
    let mut mixed = kb[..25].to_vec();
    mixed.extend_from_slice(&db[25..]);
    std::fs::write(&m, mixed).unwrap();
    for args in [
        vec!["value", "--store", s(&m), "kayles(10)"],
        vec!["value", "--store", s(&m), "kayles(1000000000000)"],
        vec!["seq", "kayles", "--to", "100", "--store", s(&m)],
        vec![
            "seq",
            "kayles",
            "--to",
            "3000",
            "--store",
            s(&m),
            "--resume",
        ],
    ] {
        let o = run(&args);
        assert!(!o.status.success(), "{args:?}: {}", text(&o.stdout));
        let err = text(&o.stderr);
        assert!(
            err.contains("is not a consistent store of `0.77`"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
