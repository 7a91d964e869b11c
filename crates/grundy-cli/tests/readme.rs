//! The README's examples run as written (issue 27): every `$ …grundy …`
//! line of its text blocks is run through bash with `grundy` on the PATH,
//! and where the README shows output under the line (up to the next `$`
//! line, a blank line or the end of the block) the command must print
//! exactly that — `...` in a shown line stands for any text, and a line
//! `...` alone for any lines, as the README uses them to shorten long
//! answers.
//!
//! The README is read when the test runs (other sections change while it
//! is edited), so a new example is checked as soon as it is written. Files
//! the README tells the reader to make ("Copy this into `pickup.rhai`:")
//! are made from the block that follows, in a fresh directory that also
//! holds `rules/` (the shipped scripts) and where the commands run. Each
//! command runs under a 4 GB address-space cap and a time guard.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Examples that are measurements rather than answers, and too long for a
/// test run: skipped, with the reason.
const SKIPPED: &[(&str, &str)] = &[
    (
        "grundy quotient dawson --heaps 34",
        "minutes and 1.5 GB: the README quotes it as a measurement",
    ),
    (
        "grundy seq grundy_game --at 16777215",
        "2^24 heaps: the README quotes it as a measurement",
    ),
];

/// One example: the command line and the output shown under it, if any.
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `$` lines of the README's fenced text blocks, with their output,
/// and the files it asks the reader to make (name, contents).
fn examples(readme: &str) -> (Vec<Example>, Vec<(String, String)>) {
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    let mut files = Vec::new();
    let mut i = 0;
    let mut copy_into: Option<String> = None;
    while i < lines.len() {
        let line = lines[i];
        if let Some(rest) = line.split("Copy this into `").nth(1) {
            copy_into = rest.split('`').next().map(str::to_string);
        }
        if !line.starts_with("```") {
            i += 1;
            continue;
        }
        // A fenced block: up to the closing fence.
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .unwrap_or(lines.len());
        let body = &lines[i + 1..end];
        if let Some(name) = copy_into.take() {
            files.push((name, body.join("\n") + "\n"));
        }
        let mut j = 0;
        while j < body.len() {
            let Some(command) = body[j].strip_prefix("$ ") else {
                j += 1;
                continue;
            };
            let mut shown = Vec::new();
            let mut k = j + 1;
            while k < body.len() && !body[k].starts_with("$ ") && !body[k].is_empty() {
                shown.push(body[k].to_string());
                k += 1;
            }
            if command.contains("grundy ") {
                out.push(Example {
                    line: i + 2 + j,
                    command: command.to_string(),
                    shown,
                });
            }
            j = k;
        }
        i = end + 1;
    }
    (out, files)
}

/// Whether `actual` is the line `shown`, `...` standing for any text.
fn matches(shown: &str, actual: &str) -> bool {
    let pieces: Vec<&str> = shown.split("...").collect();
    if pieces.len() == 1 {
        return shown.trim_end() == actual.trim_end();
    }
    let mut rest = actual.trim_end();
    let last = pieces.len() - 1;
    for (n, piece) in pieces.iter().enumerate() {
        if n == 0 {
            let Some(r) = rest.strip_prefix(piece) else {
                return false;
            };
            rest = r;
        } else if n == last {
            return rest.ends_with(piece.trim_end());
        } else {
            let Some(at) = rest.find(piece) else {
                return false;
            };
            rest = &rest[at + piece.len()..];
        }
    }
    true
}

#[test]
fn readme_examples_run_as_written() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("the README");
    let (examples, files) = examples(&readme);
    assert!(
        examples.len() > 20,
        "only {} examples found",
        examples.len()
    );
    let dir = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_grundy"), bin.join("grundy")).unwrap();
    std::os::unix::fs::symlink(repo().join("rules"), dir.join("rules")).unwrap();
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for ex in &examples {
        if let Some((_, why)) = SKIPPED.iter().find(|(p, _)| ex.command.contains(p)) {
            eprintln!("README line {}: skipped ({why}): {}", ex.line, ex.command);
            continue;
        }
        let script = format!(
            "ulimit -v 4000000; set -o pipefail; timeout 120 bash -c {}",
            shell_quote(&ex.command)
        );
        let out = Command::new("bash")
            .args(["-c", &script])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        // An example that shows an error shows its stderr (exit status 2).
        let shows_error = ex.shown.first().is_some_and(|l| l.starts_with("error:"));
        let printed = if shows_error { &stderr } else { &stdout };
        let ok_status = if shows_error {
            out.status.code() == Some(2)
        } else {
            out.status.success()
        };
        if !ok_status {
            failures.push(format!(
                "README line {}: `{}` ended with {}: {:.500}",
                ex.line, ex.command, out.status, stderr
            ));
            continue;
        }
        if ex.shown.is_empty() {
            continue;
        }
        let actual: Vec<&str> = printed.lines().collect();
        let shown: Vec<&str> = ex.shown.iter().map(String::as_str).collect();
        if !lines_match(&shown, &actual) {
            failures.push(format!(
                "README line {}: `{}` printed\n{}\nbut the README shows\n{}",
                ex.line,
                ex.command,
                printed.trim_end(),
                ex.shown.join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Whether the printed lines are the shown ones: a shown line `...` alone
/// stands for any number of lines (the README leaves a long middle out),
/// and within a line `...` for any text ([`matches`]).
fn lines_match(shown: &[&str], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| matches(first, a) && lines_match(rest, more)),
    }
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

#[test]
fn shown_lines_match_with_ellipses() {
    assert!(matches("a [...] b", "a [1,2] b"));
    assert!(matches("{\"x\":[...],\"y\":1}", "{\"x\":[\"q\"],\"y\":1}"));
    assert!(!matches("{\"x\":[...],\"y\":1}", "{\"x\":[\"q\"],\"y\":2}"));
    assert!(matches("plain", "plain  "));
    assert!(!matches("plain", "plain text"));
    assert!(lines_match(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(lines_match(&["a", "..."], &["a"]));
    assert!(!lines_match(&["a", "...", "d"], &["a", "b", "c"]));
}
