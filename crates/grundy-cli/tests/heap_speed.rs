//! Heap games whose work was bounded by heaps, not time (issue 14, point 4):
//! answered at once now, and `--threads` validated.
//!
//! Each command runs the built binary under an address-space cap and a
//! deadline far below the 30 s and more they took before (in a debug build,
//! about ten times slower than the release build the issue timed).

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn grundy_within(deadline: Duration, args: &[&str]) -> Output {
    let start = Instant::now();
    let mut child = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > deadline {
            let _ = child.kill();
            panic!("{args:?} ran past {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = grundy_within(Duration::from_secs(20), args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn issue_14_all_but_games_and_repeating_codes_answer_at_once() {
    for (position, nimber) in [
        // allbut[1]: 0 0 1 1 2 2 …, G(n) = n/2 rounded down.
        ("allbut[1](1000000)", 500_000),
        // Nim written as a code.
        ("octal[0.(3)](1000000)", 1_000_000),
        ("allbut[1,4,9](1000000)", 500_000),
    ] {
        let v = json(&["value", "--json", position]);
        assert_eq!(v["nimber"], nimber, "{position}");
    }
    // The fast engine and the plain mex agree on the first heaps.
    for game in [
        "allbut[1]",
        "allbut[2,3,7]",
        "octal[0.1(2)]",
        "octal[0.03(3)]",
    ] {
        let plain = json(&["seq", game, "--to", "2000", "--json", "--solver", "plain"]);
        let fast = json(&["seq", game, "--to", "2000", "--json"]);
        assert_eq!(fast["engine"], "Prefix", "{game}");
        assert_eq!(fast["values"], plain["values"], "{game}");
    }
}

#[test]
fn issue_14_a_splitting_repeating_digit_answers_at_once() {
    // 4.(7): G(n) = 2n − 2 from heap 2 (checked against the plain mex on
    // the first 600 heaps by the library's tests).
    let v = json(&["seq", "octal[4.(7)]", "--at", "1000000", "--json"]);
    assert_eq!(v["values"], serde_json::json!([1_999_998u64]));
    assert_eq!(v["engine"], "SplitTail");
    for game in ["octal[4.(7)]", "octal[0.1(7)]", "octal[0.(6)]"] {
        let plain = json(&["seq", game, "--to", "300", "--json", "--solver", "plain"]);
        let fast = json(&["seq", game, "--to", "300", "--json"]);
        assert_eq!(fast["values"], plain["values"], "{game}");
    }
}

#[test]
fn issue_14_nim_is_its_closed_form() {
    let v = json(&["seq", "nim", "--at", "1000000,1000000000000", "--json"]);
    assert_eq!(
        v["values"],
        serde_json::json!([1_000_000u64, 1_000_000_000_000u64])
    );
    assert_eq!(v["proved"], true);
    assert!(v["computed"].as_u64().unwrap() < 1000, "{v}");
}

#[test]
fn issue_14_threads_are_validated() {
    let o = grundy_within(
        Duration::from_secs(10),
        &["seq", "sub[1,3,4]", "--to", "50", "--threads", "100000"],
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("100000 threads") && err.contains("at most 1024"),
        "{err}"
    );
    let o = grundy_within(
        Duration::from_secs(10),
        &["seq", "sub[1,3,4]", "--to", "50", "--threads", "4"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
