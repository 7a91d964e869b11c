//! The Python package's tests (`crates/grundy-py/tests`, pytest), reached by
//! the README's one test command: this test builds the package from this
//! checkout into a venv under `target/` (maturin and pytest from PyPI, PyO3
//! and the rest from crates.io) and runs pytest there, with the binary this
//! test command built for the tests that compare answers with the CLI.
//!
//! Where `python3 -m venv` does not work the test says so and is skipped;
//! with `GRUNDY_REQUIRE_PYTHON=1` (CI sets it) that is a failure instead.

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace directory")
}

/// The workspace's target directory (CARGO_TARGET_DIR when it is set).
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        Some(dir) => workspace().join(dir),
        None => workspace().join("target"),
    }
}

fn required() -> bool {
    std::env::var("GRUNDY_REQUIRE_PYTHON").as_deref() == Ok("1")
}

/// Runs `cmd`, returning whether it succeeded; its output goes to the
/// test's output (shown when the test fails).
fn run(what: &str, cmd: &mut Command) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{what}: could not start: {e}"))?;
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{what}: {}", out.status))
    }
}

/// What the venv gets from PyPI: pytest, the notebook runner, and pandas
/// and tqdm, which the package uses where installed (so that their tests
/// run rather than skip).
const TOOLS: &str = "pytest nbclient ipykernel pandas tqdm\n";

/// A venv with pytest and the notebook runner, made once and kept under
/// `target/` (git ignores it); `None` when Python cannot make one.
fn venv() -> Option<PathBuf> {
    let dir = target_dir().join("py-test-venv");
    let python = dir.join("bin/python");
    if !python.is_file() {
        let made = run(
            "python3 -m venv",
            Command::new("python3").args(["-m", "venv"]).arg(&dir),
        );
        if let Err(e) = made {
            let why = format!(
                "the Python package's tests need python3 (3.9 or later) with venv: {e}; on \
                 Debian, `apt-get install -y python3-venv`"
            );
            assert!(!required(), "{why} (GRUNDY_REQUIRE_PYTHON=1)");
            eprintln!("python_package_tests: SKIPPED: {why}");
            return None;
        }
    }
    // The marker lists the tools, so a venv made with fewer catches up.
    let ready = dir.join(".test-tools");
    if std::fs::read_to_string(&ready).ok().as_deref() != Some(TOOLS) {
        run(
            "pip install pytest nbclient ipykernel pandas tqdm",
            Command::new(&python).args([
                "-m",
                "pip",
                "install",
                "-q",
                "pytest",
                "nbclient",
                "ipykernel",
                "pandas",
                "tqdm",
            ]),
        )
        .unwrap_or_else(|e| panic!("{e}: PyPI must be reachable for the Python tests"));
        std::fs::write(&ready, TOOLS).expect("mark the venv ready");
    }
    Some(python)
}

#[test]
fn python_package_tests() {
    let Some(python) = venv() else { return };
    // The package is built by maturin in a target directory of its own, so
    // that it never waits on the lock of the build running this test.
    run(
        "pip install ./crates/grundy-py",
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "-q",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(workspace().join("crates/grundy-py"))
            .env("CARGO_TARGET_DIR", target_dir().join("py-build")),
    )
    .unwrap_or_else(|e| panic!("{e}: the package did not build"));
    let tests = workspace().join("crates/grundy-py");
    let status = Command::new(&python)
        .args(["-m", "pytest", "-q", "tests"])
        .current_dir(&tests)
        .env("GRUNDY_BIN", env!("CARGO_BIN_EXE_grundy"))
        .status()
        .expect("run pytest");
    // pytest's 5 means it collected no test: a failure here too.
    assert!(status.success(), "pytest in crates/grundy-py: {status}");
}
