//! Issue 9: 30 000 nested `(`, `{` or `misere(` overflowed the stack and
//! aborted, and a 10 MB line `nim(3) + nim(3) + …` grew past 13 GB. Each
//! runs here through the command under a 4 GB address-space cap, so that a
//! regression fails instead of eating the machine.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `grundy ARGS` under `ulimit -v 4000000` (4 GB), with `input` on stdin.
fn capped(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new("bash")
        .args(["-c", "ulimit -v 4000000; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs the binary");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The command may answer and exit before reading everything.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn nested(open: &str, close: &str, n: usize) -> String {
    format!("{}nim(1){}", open.repeat(n), close.repeat(n))
}

#[test]
fn deep_nesting_is_an_error_at_the_command_line() {
    for (open, close) in [("(", ")"), ("{", "|}"), ("-(", ")")] {
        let text = nested(open, close, 30_000);
        let out = capped(&["value", "--", &text], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        // A user error (status 2), not a crash (a signal has no code).
        assert_eq!(
            out.status.code(),
            Some(2),
            "{open}: {}: {err:.300}",
            out.status
        );
        assert!(err.contains("at most 200 levels"), "{open}: {err:.300}");
        // The column where the level beyond the limit begins.
        let column = format!("at column {}:", open.len() * 200 + 1);
        assert!(err.contains(&column), "{open}: {err:.300}");
    }
}

#[test]
fn deep_nesting_and_a_10_mb_line_in_a_batch_are_answered_with_errors() {
    let mut input = String::new();
    for (open, close) in [("(", ")"), ("{", "|}"), ("misere(", ")"), ("Tiny(", ")")] {
        input += &nested(open, close, 30_000);
        input.push('\n');
    }
    input += &("nim(3) + ".repeat(10_000_000 / 9) + "nim(3)\n");
    input += "nim(1,2)\n";
    let out = capped(&["value", "--batch"], input.as_bytes());
    assert!(out.status.code().is_some(), "killed: {}", out.status);
    // Bad lines make the status 2 and are reported on stderr with their
    // number; the good line after them is still answered on stdout.
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 6, "{stdout:.2000}");
    assert!(
        answers[..5].iter().all(|a| a.starts_with("error: ")),
        "{stdout:.2000}"
    );
    assert!(answers[5].starts_with("N *3"), "{}", answers[5]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error: line"))
        .collect();
    assert_eq!(errors.len(), 5, "{stderr:.2000}");
    for (i, line) in errors[..4].iter().enumerate() {
        assert!(
            line.starts_with(&format!("error: line {}", i + 1)),
            "{line:.300}"
        );
        assert!(line.contains("MAX_NESTING"), "{line:.300}");
    }
    assert!(errors[4].contains("MAX_EXPR_LEN"), "{:.300}", errors[4]);
    assert!(stderr.len() < 20_000, "the 10 MB line is not echoed back");
}
