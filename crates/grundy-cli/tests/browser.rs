//! End-to-end tests of the page `grundy serve` serves, in Debian's headless
//! Chromium driven through chromedriver (WebDriver, with `fantoccini`).
//!
//! Each test starts its own server (`grundy serve --port 0`), chromedriver on a
//! free port and a browser with a fresh profile, and a guard ends them all when
//! the test ends, failed or not. Tests run one at a time: the machine that runs
//! them may have two cores. Every wait is bounded, so a broken page fails rather
//! than hangs, and each stage leaves a PNG screenshot in
//! `target/browser-artifacts/`.
//!
//! They need Chromium and chromedriver (`apt-get install chromium
//! chromium-driver`). Without them each test says so and is skipped, so that
//! the README's test command works on a fresh machine; with
//! `GRUNDY_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs them) a
//! missing browser is a failure, so CI cannot pass without running them.
//! `GRUNDY_BROWSER_SERVER=http://127.0.0.1:PORT/` runs them against a server
//! that is already running instead of starting one.
#![cfg(unix)]

use anyhow::{anyhow, bail, Context, Result};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::future::Future;
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The longest any one wait may take.
const WAIT: Duration = Duration::from_secs(20);
/// The longest a whole test may take.
const TEST_TIME: Duration = Duration::from_secs(240);

/// One test at a time: each has a browser, a driver and a server of its own.
static SERIAL: Mutex<()> = Mutex::new(());

// ------------------------------------------------------------------ processes

/// Ends the processes a test started and removes its browser profile when
/// dropped, so a failing test leaves nothing running.
#[derive(Default)]
struct Processes {
    /// Each child leads its own process group (chromedriver's browser is in it).
    children: Vec<Child>,
    dirs: Vec<PathBuf>,
}

impl Drop for Processes {
    fn drop(&mut self) {
        for child in self.children.iter_mut().rev() {
            // The whole group: chromedriver's Chromium would outlive it otherwise.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
        for dir in &self.dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

struct Tools {
    chromium: PathBuf,
    chromedriver: PathBuf,
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain([PathBuf::from("/usr/bin")]);
    for dir in dirs {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Chromium and chromedriver, or `None` (the test is skipped) when they are
/// missing; missing with `GRUNDY_REQUIRE_BROWSER=1` is a failure.
fn tools(test: &str) -> Option<Tools> {
    let chromium = find_program(&["chromium", "chromium-browser"]);
    let chromedriver = find_program(&["chromedriver"]);
    match (chromium, chromedriver) {
        (Some(chromium), Some(chromedriver)) => Some(Tools {
            chromium,
            chromedriver,
        }),
        (chromium, chromedriver) => {
            let missing: Vec<&str> = [
                chromium.is_none().then_some("chromium"),
                chromedriver.is_none().then_some("chromedriver"),
            ]
            .into_iter()
            .flatten()
            .collect();
            if std::env::var("GRUNDY_REQUIRE_BROWSER").as_deref() == Ok("1") {
                panic!(
                    "{test}: {} not found, and GRUNDY_REQUIRE_BROWSER=1: the browser tests need \
                     Debian's Chromium and its driver: `apt-get install -y chromium chromium-driver`",
                    missing.join(" and ")
                );
            }
            eprintln!(
                "{test}: SKIPPED: {} not found; the browser tests need Debian's Chromium and its \
                 driver: `apt-get install -y chromium chromium-driver` (.ci/run installs them and \
                 sets GRUNDY_REQUIRE_BROWSER=1)",
                missing.join(" and ")
            );
            None
        }
    }
}

/// `target/browser-artifacts`, under CARGO_TARGET_DIR when it is set.
fn artifacts_dir() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        Some(dir) => workspace.join(dir),
        None => workspace.join("target"),
    };
    let dir = target.join("browser-artifacts");
    std::fs::create_dir_all(&dir).expect("create target/browser-artifacts");
    dir
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// Starts `grundy serve --port 0` and returns the address it prints first.
fn start_server(procs: &mut Processes) -> String {
    if let Ok(url) = std::env::var("GRUNDY_BROWSER_SERVER") {
        return url;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start grundy serve");
    let stdout = child.stdout.take().expect("the server's stdout");
    procs.children.push(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let _ = tx.send(lines.next());
        // Keep reading, so the server never blocks on a full pipe.
        for _ in lines {}
    });
    let line = match rx.recv_timeout(WAIT) {
        Ok(Some(Ok(line))) => line,
        Ok(other) => panic!("grundy serve printed no address: {other:?}"),
        Err(_) => panic!("grundy serve printed nothing in {WAIT:?}"),
    };
    let url = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("grundy serve's first line is not `listening on URL`: {line:?}"))
        .trim()
        .to_string();
    assert!(url.starts_with("http://"), "not an address: {url}");
    url
}

/// Starts chromedriver on a free port and waits until it accepts connections.
fn start_chromedriver(procs: &mut Processes, tools: &Tools) -> String {
    let port = free_port();
    let mut command = Command::new(&tools.chromedriver);
    command
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0);
    let child = command.spawn().expect("start chromedriver");
    procs.children.push(child);
    let deadline = Instant::now() + WAIT;
    loop {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return format!("http://127.0.0.1:{port}");
        }
        if let Some(status) = procs
            .children
            .last_mut()
            .and_then(|c| c.try_wait().ok().flatten())
        {
            panic!("chromedriver exited at start: {status}");
        }
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen within {WAIT:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

async fn connect(driver: &str, chromium: &Path, profile: &Path) -> Result<Client> {
    let args = [
        "--headless".to_string(),
        "--no-sandbox".to_string(),
        "--disable-gpu".to_string(),
        "--disable-quic".to_string(),
        "--no-first-run".to_string(),
        "--disable-background-networking".to_string(),
        "--disable-component-update".to_string(),
        "--disable-sync".to_string(),
        "--window-size=1280,900".to_string(),
        format!("--user-data-dir={}", profile.display()),
    ];
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": { "binary": chromium, "args": args },
        "timeouts": { "pageLoad": WAIT.as_millis() as u64, "script": WAIT.as_millis() as u64 },
    });
    let Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = tokio::time::timeout(
        WAIT,
        ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(driver),
    )
    .await
    .map_err(|_| anyhow!("no browser session within {WAIT:?}"))?
    .context("start a browser session")?;
    Ok(client)
}

/// Runs `test` against a fresh server, driver and browser, all ended after it.
fn run<F, Fut>(name: &'static str, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = Result<()>> + Send + 'static,
{
    let _serial = SERIAL.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(tools) = tools(name) else { return };
    let artifacts = artifacts_dir();
    let mut procs = Processes::default();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let profile = std::env::temp_dir().join(format!(
        "grundy-browser-{}-{name}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&profile).expect("create the browser profile directory");
    procs.dirs.push(profile.clone());
    let base = start_server(&mut procs);
    let driver = start_chromedriver(&mut procs, &tools);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let outcome = runtime.block_on(async {
        let client = connect(&driver, &tools.chromium, &profile).await?;
        let page = Page {
            client: client.clone(),
            base,
            artifacts,
            name,
        };
        // A task of its own, so that a failed assertion still leaves a screenshot.
        let task = tokio::spawn(test(page.clone()));
        let (result, panic) = match tokio::time::timeout(TEST_TIME, task).await {
            Ok(Ok(result)) => (result, None),
            Ok(Err(join)) if join.is_panic() => (Ok(()), Some(join.into_panic())),
            Ok(Err(join)) => (Err(anyhow!("the test was cancelled: {join}")), None),
            Err(_) => (
                Err(anyhow!("the test took longer than {TEST_TIME:?}")),
                None,
            ),
        };
        if result.is_err() || panic.is_some() {
            let _ = page.shot("failed").await;
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), client.close()).await;
        if let Some(panic) = panic {
            std::panic::resume_unwind(panic);
        }
        result
    });
    drop(runtime);
    drop(procs);
    if let Err(e) = outcome {
        panic!(
            "{name}: {e:#}\n(screenshots in {})",
            artifacts_dir().display()
        );
    }
}

// ------------------------------------------------------------------ the page

#[derive(Clone)]
struct Page {
    client: Client,
    base: String,
    artifacts: PathBuf,
    name: &'static str,
}

impl Page {
    /// Loads the page at `hash` (may be empty) and waits for it to be ready.
    async fn open(&self, hash: &str) -> Result<()> {
        // From a blank page, so a change of the hash alone is a full load too.
        self.client.goto("about:blank").await?;
        let url = format!("{}{hash}", self.base);
        self.client.goto(&url).await?;
        self.wait(
            "the page to be ready",
            "return document.body.dataset.ready === 'true';",
            vec![],
        )
        .await?;
        Ok(())
    }

    async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        Ok(self.client.execute(script, args).await?)
    }

    /// Polls `script` until it returns something truthy; fails after WAIT.
    async fn wait(&self, what: &str, script: &str, args: Vec<Value>) -> Result<Value> {
        let deadline = Instant::now() + WAIT;
        loop {
            let value = self.js(script, args.clone()).await?;
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                Value::Number(n) => n.as_f64() != Some(0.0),
                _ => true,
            };
            if truthy {
                return Ok(value);
            }
            if Instant::now() > deadline {
                let error = self
                    .js(
                        "const e = document.getElementById('expr-error'); return e ? e.textContent : '';",
                        vec![],
                    )
                    .await
                    .unwrap_or_default();
                bail!("waited {WAIT:?} for {what}; the page's error box says {error}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn click(&self, css: &str) -> Result<()> {
        self.client
            .find(Locator::Css(css))
            .await
            .with_context(|| format!("find {css}"))?
            .click()
            .await
            .with_context(|| format!("click {css}"))?;
        Ok(())
    }

    /// Chooses `value` in the `<select>` at `css`.
    async fn select(&self, css: &str, value: &str) -> Result<()> {
        self.client
            .find(Locator::Css(css))
            .await
            .with_context(|| format!("find {css}"))?
            .select_by_value(value)
            .await
            .with_context(|| format!("select {value} in {css}"))?;
        Ok(())
    }

    /// Who the page says won the game that just ended.
    async fn winner(&self) -> Result<Value> {
        assert_eq!(self.play_state().await?, "over");
        self.js(
            "return document.getElementById('game-status').dataset.winner;",
            vec![],
        )
        .await
    }

    async fn text(&self, css: &str) -> Result<String> {
        Ok(self.client.find(Locator::Css(css)).await?.text().await?)
    }

    async fn type_into(&self, css: &str, text: &str) -> Result<()> {
        let input = self.client.find(Locator::Css(css)).await?;
        input.clear().await?;
        input.send_keys(text).await?;
        Ok(())
    }

    /// Waits until the analysis shows `q` and returns its state ("ready" or "error").
    async fn analysed(&self, q: &str) -> Result<String> {
        let state = self
            .wait(
                &format!("the analysis of {q}"),
                "const a = document.getElementById('analysis');
                 return a.dataset.q === arguments[0] && a.dataset.state !== 'loading'
                     ? a.dataset.state : null;",
                vec![json!(q)],
            )
            .await?;
        Ok(state.as_str().unwrap_or_default().to_string())
    }

    /// Types `q` into the expression box, evaluates it and waits for the answer.
    async fn set_expression(&self, q: &str) -> Result<String> {
        self.type_into("#expr", q).await?;
        self.click("#evaluate").await?;
        self.analysed(q).await
    }

    /// Opens the page on `q`, and starts a game on the play tab with the
    /// user as `side`, and `first` to move where the game asks.
    async fn start_play(&self, q: &str, side: &str, first: Option<&str>) -> Result<()> {
        self.open("").await?;
        self.set_expression(q).await?;
        self.click("#tab-play").await?;
        self.select("#play-side", side).await?;
        if let Some(first) = first {
            self.select("#play-first", first).await?;
        }
        self.click("#play-start").await
    }

    /// Waits for the history to hold more than `before` moves (`what`:
    /// which move, for the message if it never comes).
    async fn history_grew(&self, what: &str, before: usize) -> Result<()> {
        self.wait(
            what,
            "return document.querySelectorAll('#history li[data-testid=history-move]').length > arguments[0];",
            vec![json!(before)],
        )
        .await?;
        Ok(())
    }

    /// Clicks the board cell at row `r`, column `c`, and if no move was
    /// played (`before` moves in the history), the cell to its right: a
    /// domino or a skier's move is played from either cell.
    async fn click_cell_or_next(&self, r: u32, c: u32, before: usize) -> Result<()> {
        let cell = |c: u32| format!("#editor rect[data-row='{r}'][data-col='{c}']");
        self.click(&cell(c)).await?;
        if self.history_len().await? == before {
            self.click(&cell(c + 1)).await?;
        }
        Ok(())
    }

    async fn expression(&self) -> Result<String> {
        Ok(self
            .js("return document.getElementById('expr').value;", vec![])
            .await?
            .as_str()
            .unwrap_or_default()
            .to_string())
    }

    async fn count(&self, css: &str) -> Result<usize> {
        let n = self
            .js(
                "return document.querySelectorAll(arguments[0]).length;",
                vec![json!(css)],
            )
            .await?;
        Ok(n.as_u64().unwrap_or(0) as usize)
    }

    /// Saves a screenshot of the window as `<test>-<stage>.png`.
    async fn shot(&self, stage: &str) -> Result<()> {
        let png = self.client.screenshot().await?;
        let path = self.artifacts.join(format!("{}-{stage}.png", self.name));
        std::fs::write(&path, png).with_context(|| format!("write {}", path.display()))?;
        Ok(())
    }

    /// Scrolls `css` into view, then saves a screenshot.
    async fn shot_of(&self, css: &str, stage: &str) -> Result<()> {
        self.js(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'start'});",
            vec![json!(css)],
        )
        .await?;
        self.shot(stage).await
    }

    /// The state of the play area: user, computer, loading, over or error.
    async fn play_state(&self) -> Result<String> {
        let v = self
            .js(
                "return document.getElementById('play-area').dataset.state;",
                vec![],
            )
            .await?;
        Ok(v.as_str().unwrap_or_default().to_string())
    }

    /// Waits until the game waits for the user or is over; returns which.
    async fn settled(&self) -> Result<String> {
        let v = self
            .wait(
                "the computer's move",
                "const s = document.getElementById('play-area').dataset.state;
                 return ['user', 'over', 'error'].includes(s) ? s : null;",
                vec![],
            )
            .await?;
        let state = v.as_str().unwrap_or_default().to_string();
        if state == "error" {
            bail!(
                "the game stopped on an error: {}",
                self.text("#game-status").await?
            );
        }
        Ok(state)
    }

    async fn history_len(&self) -> Result<usize> {
        self.count("#history li[data-testid=history-move]").await
    }
}

// ------------------------------------------------------------------ tests

#[test]
fn page_loads_with_the_games_grouped() {
    run("load", |page| async move {
        page.open("").await?;
        assert_eq!(page.client.title().await?, "grundy");
        let groups = page
            .js(
                "return [...document.querySelectorAll('#game-select optgroup')].map(g => g.label);",
                vec![],
            )
            .await?;
        assert_eq!(groups, json!(["Impartial", "Partizan"]));
        let games = page.count("#game-select optgroup option").await?;
        assert!(games >= 20, "only {games} games in the list");
        // With no position in the URL the page starts on Nim's example.
        let q = page.expression().await?;
        assert_eq!(page.analysed(&q).await?, "ready");
        page.shot("page").await?;
        Ok(())
    });
}

#[test]
fn nim_position_from_the_heap_editor_shows_value_and_winning_moves() {
    run("nim", |page| async move {
        page.open("").await?;
        page.select("#game-select", "nim").await?;
        page.analysed("nim(3,5,7)").await?;
        page.click("#heap-add").await?;
        page.analysed("nim(3,5,7,7)").await?;
        page.type_into("#heaps-editor input[data-index='3']", "2")
            .await?;
        assert_eq!(page.analysed("nim(3,5,7,2)").await?, "ready");
        assert_eq!(page.expression().await?, "nim(3,5,7,2)");
        assert_eq!(page.text("#value").await?, "*3");
        let outcome = page
            .js(
                "return document.getElementById('outcome').dataset.outcome;",
                vec![],
            )
            .await?;
        assert_eq!(outcome, json!("N"));
        let moves = page
            .js(
                "return [...document.querySelectorAll('#winning-moves li[data-testid=winning-move] code')]
                    .map(c => c.textContent);",
                vec![],
            )
            .await?;
        assert_eq!(moves, json!(["nim(5,7,2)", "nim(3,5,4,2)", "nim(3,5,7,1)"]));
        page.shot("value").await?;

        // A sum lists its components with their values.
        page.set_expression("nim(3) + kayles(4)").await?;
        page.wait(
            "the components",
            "return document.getElementById('components').dataset.state === 'ready';",
            vec![],
        )
        .await?;
        let values = page
            .js(
                "return [...document.querySelectorAll('#components-body tr')]
                    .map(r => r.cells[1].textContent);",
                vec![],
            )
            .await?;
        assert_eq!(values, json!(["*3", "*"]));

        // A bad expression gets the server's message and a caret under its column.
        assert_eq!(page.set_expression("nim(3,").await?, "error");
        let caret = page.text("#expr-error pre").await?;
        let lines: Vec<&str> = caret.lines().collect();
        assert_eq!(lines.first().copied(), Some("nim(3,"), "{caret:?}");
        assert_eq!(
            lines.get(1).map(|l| l.trim_end()),
            Some("      ^"),
            "{caret:?}"
        );
        page.shot("error").await?;
        Ok(())
    });
}

#[test]
fn domineering_board_from_the_grid_editor() {
    run("domineering", |page| async move {
        page.open("").await?;
        page.select("#game-select", "domineering").await?;
        page.analysed("domineering(\"....|....\")").await?;
        page.click("#grid-remove-col").await?;
        page.analysed("domineering(\"...|...\")").await?;
        page.click("#grid-remove-col").await?;
        page.analysed("domineering(\"..|..\")").await?;
        page.click("#grid-add-row").await?;
        page.analysed("domineering(\"..|..|..\")").await?;
        page.click("#grid-editor rect[data-row='0'][data-col='0']")
            .await?;
        assert_eq!(page.analysed("domineering(\"#.|..|..\")").await?, "ready");
        assert_eq!(page.count("#grid-editor rect[data-testid=cell]").await?, 6);
        let look = page
            .js(
                "return document.querySelector(\"#grid-editor rect[data-row='0'][data-col='0']\").dataset.look;",
                vec![],
            )
            .await?;
        assert_eq!(look, json!("blocked"));
        // As `grundy value` says: Left has two vertical moves, Right one horizontal.
        assert_eq!(page.text("#value").await?, "+-1");
        let left = page.count("#winning-moves li[data-player=left]").await?;
        let right = page.count("#winning-moves li[data-player=right]").await?;
        assert_eq!((left, right), (2, 1));
        page.shot("editor").await?;
        Ok(())
    });
}

#[test]
fn nim_game_against_the_server_from_an_n_position() {
    run("play-nim", |page| async move {
        page.open("").await?;

        // The hint marks the one winning move of nim(1,2) when the user starts.
        page.set_expression("nim(1,2)").await?;
        page.click("#tab-play").await?;
        page.select("#play-side", "first").await?;
        page.click("#play-start").await?;
        assert_eq!(page.settled().await?, "user");
        page.click("#hint").await?;
        let winning = page
            .wait(
                "the hint",
                "const w = [...document.querySelectorAll('#options button[data-winning=true]')];
                 return w.length ? w.map(b => b.dataset.game) : null;",
                vec![],
            )
            .await?;
        assert_eq!(winning, json!(["nim(1,1)"]));
        // Every move of the list is marked in words too: "✓ wins" on the
        // one move to a P-position, nim(1,1), and "✗ loses" on the other two
        // (nim(0,2) and nim(1,0)).
        let marks = page
            .js(
                "return [...document.querySelectorAll('#options button[data-testid=option]')]
                    .map(b => [b.dataset.game, (b.querySelector('.badge') || {}).textContent || '']);",
                vec![],
            )
            .await?;
        let marks = marks.as_array().context("the options")?;
        assert_eq!(marks.len(), 3, "{marks:?}");
        for m in marks {
            let want = if m[0] == "nim(1,1)" {
                "✓ wins"
            } else {
                "✗ loses"
            };
            assert_eq!(m[1], want, "{m:?}");
        }
        page.shot("hint").await?;
        page.click("#play-stop").await?;

        // nim(1,2,4) is an N-position: moving first, the server wins.
        page.set_expression("nim(1,2,4)").await?;
        page.select("#play-side", "second").await?;
        page.click("#play-start").await?;
        let mut undone = false;
        for turn in 0..40 {
            if page.settled().await? == "over" {
                break;
            }
            let before = page.history_len().await?;
            if turn % 2 == 0 {
                // On the board: the top token of the first heap that has one.
                let token = page
                    .js(
                        "const t = [...document.querySelectorAll('#editor rect[data-testid=token]')];
                         const h = Math.min(...t.map(x => +x.dataset.heap));
                         const k = Math.max(...t.filter(x => +x.dataset.heap === h).map(x => +x.dataset.k));
                         return `#editor rect[data-testid=token][data-heap='${h}'][data-k='${k}']`;",
                        vec![],
                    )
                    .await?;
                page.click(token.as_str().unwrap_or_default()).await?;
            } else {
                page.click("#options button[data-testid=option]").await?;
            }
            page.history_grew("the user's move in the history", before)
                .await?;
            if !undone && turn == 0 {
                // Undo takes back the user's move and the server's answer.
                let state = page.settled().await?;
                if state == "user" {
                    undone = true;
                    let q_before = page.expression().await?;
                    let len = page.history_len().await?;
                    page.click("#undo").await?;
                    page.wait(
                        "the undo",
                        "return document.querySelectorAll('#history li[data-testid=history-move]').length === arguments[0] - 2
                            && document.getElementById('play-area').dataset.state === 'user';",
                        vec![json!(len)],
                    )
                    .await?;
                    let q = page.expression().await?;
                    assert_ne!(q, q_before);
                    // The URL holds the game: loading it resumes at the same position.
                    let url = page.client.current_url().await?;
                    let hash = format!("#{}", url.fragment().unwrap_or_default());
                    assert!(hash.contains("side=second"), "{hash}");
                    assert!(hash.contains("turn=you"), "{hash}");
                    page.open(&hash).await?;
                    assert_eq!(page.settled().await?, "user");
                    assert_eq!(page.expression().await?, q);
                    page.shot("resumed").await?;
                }
            }
        }
        assert_eq!(page.winner().await?, json!("computer"));
        let status = page.text("#game-status").await?;
        assert!(status.contains("Nim: the computer wins."), "{status}");
        assert!(status.contains("Play again?"), "{status}");
        assert!(undone, "the game ended before the undo could be tried");
        // The game stays the game it was, and the link shares where it began.
        assert_eq!(
            page.js(
                "return document.getElementById('game-select').value;",
                vec![]
            )
            .await?,
            json!("nim")
        );
        let url = page.client.current_url().await?;
        // (It was resumed from a link after the undo, so it began there.)
        assert!(
            url.fragment().unwrap_or_default().contains("q=nim%28"),
            "{url}"
        );
        // Each move in the history is said in words.
        let said = page
            .js(
                "return [...document.querySelectorAll('#history .says')].map(s => s.textContent);",
                vec![],
            )
            .await?;
        let said: Vec<String> = serde_json::from_value(said)?;
        assert!(
            !said.is_empty() && said.iter().all(|s| s.starts_with("take ")),
            "{said:?}"
        );
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn domineering_game_played_by_clicking_the_board() {
    run("play-domineering", |page| async move {
        // The server is Left and starts from an N-position: Left wins.
        page.start_play("domineering(\"...|...|...\")", "right", Some("left"))
            .await?;
        let mut user_moves = 0;
        for _ in 0..20 {
            if page.settled().await? == "over" {
                break;
            }
            // Right lays a horizontal domino: two empty cells side by side.
            let pair = page
                .js(
                    "const free = new Set([...document.querySelectorAll('#editor rect[data-testid=cell]')]
                        .filter(c => c.dataset.look === 'empty').map(c => c.dataset.row + ',' + c.dataset.col));
                     for (const k of free) {
                       const [r, c] = k.split(',').map(Number);
                       if (free.has(r + ',' + (c + 1))) return [r, c];
                     }
                     return null;",
                    vec![],
                )
                .await?;
            let Some([r, c]) = serde_json::from_value::<Option<[u32; 2]>>(pair)? else {
                bail!("the page waits for a move of Right but the board has none");
            };
            let before = page.history_len().await?;
            page.click_cell_or_next(r, c, before).await?;
            page.history_grew("the click's move in the history", before)
                .await?;
            user_moves += 1;
            page.shot(&format!("move-{user_moves}")).await?;
        }
        assert_eq!(page.winner().await?, json!("computer"));
        assert!(user_moves >= 1, "the user never moved");
        // Every domino played stays drawn, in its player's colour and letter.
        let placed = page.count("#editor rect[data-testid=domino]").await?;
        assert_eq!(placed, page.history_len().await?);
        assert!(
            page.count("#editor rect[data-testid=domino][data-who=left]")
                .await?
                >= 1
        );
        assert!(
            page.count("#editor rect[data-testid=domino][data-who=right]")
                .await?
                >= 1
        );
        let said = page
            .js(
                "return [...document.querySelectorAll('#history .says')].map(s => s.textContent);",
                vec![],
            )
            .await?;
        let said: Vec<String> = serde_json::from_value(said)?;
        assert!(said.iter().all(|s| s.contains(" domino on ")), "{said:?}");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn queen_game_played_by_clicking_squares() {
    run("play-queen", |page| async move {
        // queen(3,5) is a P-position of Wythoff's game: moving first, the user loses.
        page.start_play("queen(3,5)", "first", None).await?;
        let mut user_moves = 0;
        for _ in 0..20 {
            if page.settled().await? == "over" {
                break;
            }
            // The first square the queen may go to, as the board marks it.
            let before = page.history_len().await?;
            page.click("#editor rect[data-testid=square][data-marks~=legal]")
                .await?;
            page.history_grew("the click's move in the history", before)
                .await?;
            user_moves += 1;
        }
        assert_eq!(page.winner().await?, json!("computer"));
        assert!(user_moves >= 1, "the user never moved");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn table_sequence_and_thermograph_pictures() {
    run("explore", |page| async move {
        page.open("#tab=explore").await?;
        page.type_into("#table-ruleset", "queen").await?;
        page.type_into("#table-size", "8").await?;
        page.click("#table-show").await?;
        page.wait(
            "the table",
            "const p = document.getElementById('table-picture');
             return p.dataset.state === 'ready'
                 && p.querySelectorAll('rect[data-testid=table-cell]').length === 64;",
            vec![],
        )
        .await?;
        // Wythoff's P-positions (1,2) and (2,1) are 0; (1,1) is 2.
        let cells = page
            .js(
                "const v = (x, y) => document.querySelector(
                    `#table-picture rect[data-x='${x}'][data-y='${y}']`).dataset.value;
                 return [v(1, 2), v(2, 1), v(1, 1),
                   document.querySelector(`#table-picture rect[data-x='3'][data-y='5'] title`).textContent];",
                vec![],
            )
            .await?;
        assert_eq!(cells, json!(["0", "0", "2", "(3, 5): 0"]));
        page.shot_of("#table-title", "table").await?;

        // A family of partizan positions: canonical forms, outcome letters.
        page.type_into("#table-ruleset", "cutcake").await?;
        page.type_into("#table-size", "4").await?;
        page.click("#table-show").await?;
        let forms = page
            .wait(
                "the table of forms",
                "const p = document.getElementById('table-picture');
                 const cells = p.querySelectorAll('td[data-testid=form-cell]');
                 if (p.dataset.state !== 'ready' || cells.length !== 16) return null;
                 return [cells[1].querySelector('code').textContent, cells[1].dataset.outcome,
                         cells[4].querySelector('code').textContent, cells[4].dataset.outcome];",
                vec![],
            )
            .await?;
        // cutcake(1,2) = -1 (Right wins), cutcake(2,1) = 1 (Left wins).
        assert_eq!(forms, json!(["-1", "R", "1", "L"]));
        page.shot_of("#table-title", "table-forms").await?;

        page.type_into("#seq-ruleset", "sub[1,3,4]").await?;
        page.type_into("#seq-to", "40").await?;
        page.click("#seq-show").await?;
        page.wait(
            "the sequence plot",
            "const p = document.getElementById('seq-picture');
             return p.dataset.state === 'ready'
                 && p.querySelectorAll('circle[data-testid=seq-point]').length === 41;",
            vec![],
        )
        .await?;
        // Period 7 from heap 0: marks at 0, 7, ..., 35.
        assert_eq!(
            page.count("#seq-picture [data-testid=period-line]").await?,
            6
        );
        assert_eq!(
            page.count("#seq-picture [data-testid=period-band]").await?,
            1
        );
        page.shot_of("#seq-title", "sequence").await?;

        page.type_into("#thermo-expr", "{3||2*|1*}").await?;
        page.click("#thermo-show").await?;
        let walls = page
            .wait(
                "the thermograph",
                "const p = document.getElementById('thermo-picture');
                 if (p.dataset.state !== 'ready') return null;
                 return ['left', 'right'].map(s =>
                     p.querySelector(`path[data-testid=thermo-${s}]`).getAttribute('d'));",
                vec![],
            )
            .await?;
        for wall in walls.as_array().context("two walls")? {
            let d = wall.as_str().unwrap_or_default();
            assert!(d.starts_with('M') && d.contains('L'), "not a wall: {d:?}");
        }
        let caption = page
            .text("#thermo-picture [data-testid=thermo-caption]")
            .await?;
        assert!(caption.contains("temperature 3/4"), "{caption}");
        page.shot_of("#thermo-title", "thermograph").await?;
        Ok(())
    });
}

/// Plays the game on the page to its end, the user's moves chosen by
/// `pick` (a script returning a CSS selector to click, or null to play the
/// first move of the list); returns the number of the user's moves.
async fn play_out(page: &Page, pick: &str) -> Result<usize> {
    let mut user_moves = 0;
    #[allow(clippy::explicit_counter_loop)] // the count is returned from inside the loop
    for _ in 0..60 {
        if page.settled().await? == "over" {
            return Ok(user_moves);
        }
        let before = page.history_len().await?;
        let target = page.js(pick, vec![]).await?;
        match target.as_str() {
            Some(css) => page.click(css).await?,
            None => page.click("#options button[data-testid=option]").await?,
        }
        page.history_grew("the user's move in the history", before)
            .await?;
        user_moves += 1;
    }
    bail!("the game did not end in 60 moves")
}

/// The words of the moves in the history.
async fn history_words(page: &Page) -> Result<Vec<String>> {
    let said = page
        .js(
            "return [...document.querySelectorAll('#history .says')].map(s => s.textContent);",
            vec![],
        )
        .await?;
    Ok(serde_json::from_value(said)?)
}

#[test]
fn kayles_game_played_by_clicking_pins() {
    run("play-kayles", |page| async move {
        page.open("").await?;
        // kayles(3,4) has value 3 xor 1 = 2: the server, moving first, wins.
        page.set_expression("kayles(3,4)").await?;
        assert_eq!(page.count("#editor [data-testid=pins-picture]").await?, 1);
        page.click("#tab-play").await?;
        page.select("#play-side", "second").await?;
        page.click("#play-start").await?;
        assert_eq!(page.settled().await?, "user");
        // The moves are said as a player says them.
        let words = page
            .js("return [...document.querySelectorAll('#options button[data-testid=option]')].map(b => b.dataset.says);", vec![])
            .await?;
        let words: Vec<String> = serde_json::from_value(words)?;
        assert!(
            words.iter().all(|w| w.starts_with("knock down")),
            "{words:?}"
        );
        // The hint marks exactly one move on the board, and every move in the
        // list by what it leads to (a word as well as a colour).
        page.click("#hint").await?;
        page.wait(
            "the hint",
            "return document.querySelector('#options .badge');",
            vec![],
        )
        .await?;
        let marked = page.count("#editor .pin.mark-hint").await?;
        let winners = page.count("#options button[data-winning=true]").await?;
        if winners > 0 {
            assert!(
                (1..=2).contains(&marked),
                "{marked} pins marked for one move"
            );
        }
        page.shot("hint").await?;
        page.click("#hint").await?;
        // Every move of the user: a click on the first pin standing.
        let n = play_out(
            &page,
            "const p = document.querySelector('#editor [data-testid=pins-picture] .pin rect');
             return p ? `#editor .pin[data-row='${p.parentNode.dataset.row}'][data-pin='${p.parentNode.dataset.pin}'] rect` : null;",
        )
        .await?;
        assert!(n >= 1);
        assert_eq!(page.winner().await?, json!("computer"));
        let status = page.text("#game-status").await?;
        assert!(status.starts_with("Kayles: the computer wins."), "{status}");
        let said = history_words(&page).await?;
        assert!(said.iter().all(|s| s.starts_with("knock down")), "{said:?}");
        assert_eq!(
            page.js(
                "return document.getElementById('game-select').value;",
                vec![]
            )
            .await?,
            json!("kayles")
        );
        page.shot("over").await?;
        // Play again starts the same game over.
        page.click("#play-again").await?;
        // The server moves first again, from kayles(3,4).
        page.wait(
            "the game to start again",
            "return document.getElementById('play-area').dataset.state === 'user'
                && document.querySelectorAll('#history li[data-testid=history-move]').length === 1;",
            vec![],
        )
        .await?;
        Ok(())
    });
}

#[test]
fn clobber_game_played_by_clicking_stones() {
    run("play-clobber", |page| async move {
        page.start_play("clobber(\"xoxo|oxox\")", "left", Some("left"))
            .await?;
        // Left (x) clicks one of its stones, then the stone it clobbers.
        let mut moves = 0;
        for _ in 0..20 {
            if page.settled().await? == "over" {
                break;
            }
            let pair = page
                .js(
                    "const cells = [...document.querySelectorAll('#editor rect[data-testid=cell]')];
                     const at = (r, c) => cells.find(x => +x.dataset.row === r && +x.dataset.col === c);
                     for (const x of cells.filter(x => x.dataset.char === 'x')) {
                       const r = +x.dataset.row, c = +x.dataset.col;
                       for (const [dr, dc] of [[0,1],[1,0],[0,-1],[-1,0]]) {
                         const o = at(r + dr, c + dc);
                         if (o && o.dataset.char === 'o') return [r, c, r + dr, c + dc];
                       }
                     }
                     return null;",
                    vec![],
                )
                .await?;
            let Some([r0, c0, r1, c1]) = serde_json::from_value::<Option<[u32; 4]>>(pair)? else {
                bail!("the page waits for Left but no x touches an o");
            };
            let before = page.history_len().await?;
            page.click(&format!("#editor rect[data-row='{r0}'][data-col='{c0}']"))
                .await?;
            if page.history_len().await? == before {
                page.click(&format!("#editor rect[data-row='{r1}'][data-col='{c1}']"))
                    .await?;
            }
            page.history_grew("the click's move in the history", before)
                .await?;
            moves += 1;
        }
        assert!(moves >= 1);
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(said.iter().all(|s| s.contains(" clobbers ")), "{said:?}");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn hackenbush_string_played_by_cutting_edges() {
    run("play-hackenbush", |page| async move {
        page.start_play("hackenbush(\"lrlerrl\")", "left", Some("left"))
            .await?;
        assert_eq!(page.settled().await?, "user");
        assert!(page.count("#editor [data-testid=edge]").await? == 7);
        // Left cuts its highest blue or green edge.
        play_out(
            &page,
            "const e = [...document.querySelectorAll('#editor [data-testid=edge]')]
                .filter(e => e.dataset.look === 'left' || e.dataset.look === 'neutral');
             return e.length ? `#editor [data-testid=edge][data-k='${e[e.length - 1].dataset.k}'] rect` : null;",
        )
        .await?;
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(said.iter().all(|s| s.starts_with("cut the ")), "{said:?}");
        page.shot("over").await?;
        Ok(())
    });
}

/// Plays the game on the page to its end by clicks on the graph alone: each
/// of the user's moves is a click on the first vertex (or edge) the page
/// marks as having a move; returns the number of the user's moves.
async fn play_by_graph_clicks(page: &Page, what: &str) -> Result<usize> {
    let (item, target) = match what {
        "vertex" => ("graph-vertex", "circle"),
        _ => ("graph-edge", "path.graph-edge-hit"),
    };
    let mut moves = 0;
    #[allow(clippy::explicit_counter_loop)] // the count is returned from inside the loop
    for _ in 0..40 {
        if page.settled().await? == "over" {
            return Ok(moves);
        }
        let k = page
            .wait(
                "a vertex or edge marked as a move",
                "const x = document.querySelector(`#editor [data-testid=${arguments[0]}].mark-legal`);
                 return x ? x.dataset.k : null;",
                vec![json!(item)],
            )
            .await?;
        let k = k.as_str().unwrap_or_default().to_string();
        let before = page.history_len().await?;
        page.click(&format!(
            "#editor [data-testid={item}][data-k='{k}'] {target}"
        ))
        .await?;
        page.history_grew("the click's move in the history", before)
            .await?;
        moves += 1;
    }
    bail!("the game did not end in 40 moves")
}

/// Starts `q` on the play tab (the user as `side`, `first` to move where
/// asked), plays it to its end by clicks on `what` (vertices or edges)
/// alone, checks that every move in the history is told in words starting
/// with `words`, and returns the user's moves and the history's words.
async fn graph_game_played_out(
    page: &Page,
    q: &str,
    (side, first): (&str, Option<&str>),
    what: &str,
    words: &str,
) -> Result<(usize, Vec<String>)> {
    page.start_play(q, side, first).await?;
    let n = play_by_graph_clicks(page, what).await?;
    assert!(n >= 1);
    assert_eq!(page.play_state().await?, "over");
    let said = history_words(page).await?;
    assert!(said.iter().all(|s| s.starts_with(words)), "{said:?}");
    page.shot("over").await?;
    Ok((n, said))
}

#[test]
fn col_game_played_by_clicking_vertices() {
    run("play-col", |page| async move {
        let game = "col(\".-.-.-.-.-.\")";
        let (n, said) = graph_game_played_out(
            &page,
            game,
            ("left", Some("left")),
            "vertex",
            "colour vertex ",
        )
        .await?;
        assert!(said.len() > n, "{said:?}");
        Ok(())
    });
}

#[test]
fn node_kayles_game_played_by_clicking_vertices() {
    run("play-node-kayles", |page| async move {
        let game = "node_kayles(\".-.-.(-.;-.-.)\")";
        graph_game_played_out(&page, game, ("first", None), "vertex", "take vertex ").await?;
        Ok(())
    });
}

#[test]
fn arc_kayles_game_played_by_clicking_edges() {
    run("play-arc-kayles", |page| async move {
        let game = "arc_kayles(\".-.-.(-.;-.-.)\")";
        graph_game_played_out(&page, game, ("first", None), "edge", "take the edge ").await?;
        Ok(())
    });
}

/// Plays the game on the page to its end by clicks on the figures alone
/// (cakes, cards, bars): each of the user's moves is a click on the first
/// target the page marks as one of the user's moves, and, when the click
/// names several moves, on the first of the moves offered in words; returns
/// the number of the user's moves. A screenshot after the first move.
async fn play_by_figure_clicks(page: &Page) -> Result<usize> {
    let mut moves = 0;
    for _ in 0..40 {
        if page.settled().await? == "over" {
            return Ok(moves);
        }
        let css = page
            .wait(
                "a target of a figure marked as a move",
                "const g = document.querySelector('#editor g[data-target].mark-legal');
                 if (!g) return null;
                 const part = g.closest('[data-testid=part]').dataset.part;
                 return `#editor [data-testid=part][data-part='${part}'] g[data-target='${g.dataset.target}'] .hit`;",
                vec![],
            )
            .await?;
        let before = page.history_len().await?;
        page.click(css.as_str().unwrap_or_default()).await?;
        let offered = page
            .wait(
                "the click's move in the history, or the moves it names offered",
                "if (document.querySelectorAll('#history li[data-testid=history-move]').length > arguments[0]) return 'played';
                 return document.querySelector('[data-testid=choice]') ? 'choice' : null;",
                vec![json!(before)],
            )
            .await?;
        if offered == "choice" {
            page.click("[data-testid=choice]").await?;
            page.history_grew("the chosen move in the history", before)
                .await?;
        }
        moves += 1;
        if moves == 1 {
            page.shot("first-move").await?;
        }
    }
    bail!("the game did not end in 40 moves")
}

#[test]
fn cutcake_played_by_clicking_cut_lines() {
    run("play-cutcake", |page| async move {
        page.open("").await?;
        page.set_expression("cutcake(4,3)").await?;
        // Before play: the cake drawn, its inner lines the cuts.
        page.wait(
            "the cake drawn",
            "return document.querySelectorAll('#editor [data-testid=figure-line]').length === 5;",
            vec![],
        )
        .await?;
        page.click("#tab-play").await?;
        page.select("#play-side", "left").await?;
        page.select("#play-first", "left").await?;
        page.click("#play-start").await?;
        assert_eq!(page.settled().await?, "user");
        // Left cuts along the vertical lines only: three of them.
        let legal = page
            .wait(
                "Left's lines marked",
                "const n = document.querySelectorAll('#editor g[data-target].mark-legal').length;
                 return n > 0 ? n : null;",
                vec![],
            )
            .await?;
        assert_eq!(legal, json!(3));
        page.shot("start").await?;
        let n = play_by_figure_clicks(&page).await?;
        assert!(n >= 1);
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(said.len() >= n, "{said:?}");
        assert!(said.iter().all(|s| s.starts_with("cut the ")), "{said:?}");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn quicksort_played_by_clicking_cards() {
    run("play-quicksort", |page| async move {
        page.start_play("quicksort(4,1,6,5,7,3,8,2)", "first", None)
            .await?;
        assert_eq!(page.settled().await?, "user");
        let cards = page
            .wait(
                "the cards drawn",
                "const c = [...document.querySelectorAll('#editor [data-testid=figure-rect] text')].map(t => t.textContent);
                 return c.length ? c.join(',') : null;",
                vec![],
            )
            .await?;
        assert_eq!(cards, json!("4,1,6,5,7,3,8,2"));
        page.shot("start").await?;
        let n = play_by_figure_clicks(&page).await?;
        assert!(n >= 1);
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(said.iter().all(|s| s.starts_with("pivot on ")), "{said:?}");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn maundy_cake_and_partizan_euclid_played_by_clicks() {
    run("play-maundy-euclid", |page| async move {
        for (game, words) in [
            ("maundy_cake(8,6)", "cut the "),
            ("eatcake(3,4)", "eat a strip "),
            ("partizan_euclid(13,5)", "take "),
        ] {
            page.start_play(game, "left", Some("left")).await?;
            if game.starts_with("maundy") {
                // Line 2 of the six columns: the cut into 3 and the cut into
                // 6 both run along it, so the page offers the two in words.
                page.wait(
                    "Left's lines marked",
                    "return document.querySelector('#editor g[data-target].mark-legal') !== null;",
                    vec![],
                )
                .await?;
                page.click("#editor g[data-target='1'] .hit").await?;
                let offered = page
                    .wait(
                        "the two cuts offered",
                        "const c = [...document.querySelectorAll('[data-testid=choice]')].map(b => b.textContent);
                         return c.length ? c : null;",
                        vec![],
                    )
                    .await?;
                assert_eq!(
                    offered,
                    json!([
                        "cut the (8, 6) cake into 3 equal pieces (8, 2)",
                        "cut the (8, 6) cake into 6 equal pieces (8, 1)"
                    ])
                );
                page.shot("maundy-choice").await?;
            }
            let n = play_by_figure_clicks(&page).await?;
            assert!(n >= 1, "{game}");
            assert_eq!(page.play_state().await?, "over", "{game}");
            let said = history_words(&page).await?;
            assert!(
                said.iter().all(|s| s.starts_with(words)),
                "{game}: {said:?}"
            );
            page.shot(game.split('(').next().unwrap_or(game)).await?;
        }
        Ok(())
    });
}

#[test]
fn the_last_move_leaves_a_ghost_where_pins_and_edges_stood() {
    run("last-move-ghosts", |page| async move {
        // Kayles, the computer first: the pins it knocks down stay drawn
        // as dashed ghosts, marked with a cross, where they stood.
        page.start_play("kayles(7)", "second", None).await?;
        assert_eq!(page.settled().await?, "user");
        let ghosts = page
            .wait(
                "the knocked-down pins drawn as ghosts",
                "const g = document.querySelectorAll('#editor [data-testid=ghost-pin]');
                 return g.length ? g.length : null;",
                vec![],
            )
            .await?;
        let pins = page.count("#editor [data-testid=pin]").await?;
        assert_eq!(pins + ghosts.as_u64().unwrap_or(0) as usize, 7, "{ghosts}");
        assert!(page.count("#editor .ghost-mark").await? >= 1);
        page.shot("kayles").await?;
        // A Hackenbush string, the computer (Right) first: the red edge it
        // cut and those that fell with it, dashed, with the word "cut".
        page.start_play("hackenbush(\"lrlr\")", "left", Some("right"))
            .await?;
        assert_eq!(page.settled().await?, "user");
        let cut = page
            .wait(
                "the cut edges drawn as ghosts",
                "const g = document.querySelectorAll('#editor [data-testid=ghost-edge]');
                 return g.length ? g.length : null;",
                vec![],
            )
            .await?;
        let left = page.count("#editor [data-testid=edge]").await?;
        assert_eq!(left + cut.as_u64().unwrap_or(0) as usize, 4, "{cut}");
        let said = page
            .js(
                "return document.querySelector('#editor .ghost-mark').textContent;",
                vec![],
            )
            .await?;
        assert_eq!(said, json!("✂ cut: R red"));
        page.shot("hackenbush").await?;
        Ok(())
    });
}

#[test]
fn a_phone_wide_page_played_with_the_keyboard_alone() {
    run("phone-keyboard", |page| async move {
        page.client.set_window_size(375, 800).await?;
        page.open("#q=nim(1%2C2%2C3)&tab=play&side=first&teacher=1")
            .await?;
        assert_eq!(page.settled().await?, "user");
        // A teacher's link: no hint, no analysis tab.
        for id in ["hint-label", "tab-analyse", "tab-explore"] {
            let shown = page
                .js(
                    "return document.getElementById(arguments[0]).offsetParent !== null;",
                    vec![json!(id)],
                )
                .await?;
            assert_eq!(shown, json!(false), "#{id} is shown to students");
        }
        // Nothing wider than the phone.
        let wide = page
            .js("return document.documentElement.scrollWidth;", vec![])
            .await?;
        assert!(
            wide.as_u64().unwrap_or(9999) <= 375,
            "the page is {wide} px wide"
        );
        page.shot("start").await?;
        // Tab to the first move and play it with Enter, until the game ends.
        for _ in 0..20 {
            if page.settled().await? == "over" {
                break;
            }
            let before = page.history_len().await?;
            page.js("document.activeElement && document.activeElement.blur(); document.getElementById('options').previousElementSibling.setAttribute('tabindex', '-1'); document.getElementById('options').previousElementSibling.focus();", vec![]).await?;
            let active = page.client.active_element().await?;
            active.send_keys("\u{e004}").await?; // Tab
            let focused = page
                .js("return document.activeElement.dataset.testid;", vec![])
                .await?;
            assert_eq!(
                focused,
                json!("option"),
                "Tab from the heading reaches the first move"
            );
            page.client
                .active_element()
                .await?
                .send_keys("\u{e007}")
                .await?; // Enter
            page.history_grew("the move in the history", before).await?;
        }
        assert_eq!(page.play_state().await?, "over");
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn ski_jumps_played_by_clicks_on_a_board_of_skiers() {
    run("play-ski-jumps", |page| async move {
        page.open("").await?;
        // Fox and Geese is drawn as a draughts board with discs for the fox
        // and the geese, labelled as the moves' words name squares.
        page.set_expression("fox_geese[4](\"x.x.|....|..o.\")")
            .await?;
        assert_eq!(
            page.count("#editor svg[data-style=draughts] [data-testid=token]")
                .await?,
            3
        );
        let letters = page
            .js(
                "return [...document.querySelectorAll('#editor [data-testid=token]')]
                    .map(t => t.nextSibling.textContent).join('');",
                vec![],
            )
            .await?;
        assert_eq!(letters, json!("GGF"));
        page.shot_of("#editor", "fox-geese").await?;
        // Ski-Jumps: skiers as discs on free cells, columns a–d, rows 1–2.
        page.set_expression("ski_jumps(\"L...|...R\")").await?;
        assert_eq!(
            page.count("#editor svg[data-style=tokens] [data-testid=token]")
                .await?,
            2
        );
        let labels = page
            .js(
                "return [...document.querySelectorAll('#editor [data-testid=column-label]')].map(t => t.textContent).join('')
                    + '/' + [...document.querySelectorAll('#editor [data-testid=row-label]')].map(t => t.textContent).join('');",
                vec![],
            )
            .await?;
        assert_eq!(labels, json!("abcd/12"));
        page.click("#tab-play").await?;
        page.select("#play-side", "left").await?;
        page.select("#play-first", "left").await?;
        page.click("#play-start").await?;
        // Left clicks its skier (which slides off the slope when the way is
        // clear), else the free cell to its right.
        let mut moves = 0;
        for _ in 0..20 {
            if page.settled().await? == "over" {
                break;
            }
            let at = page
                .js(
                    "const s = [...document.querySelectorAll('#editor rect[data-testid=cell]')]
                        .find(x => x.dataset.char === 'L' || x.dataset.char === 'l');
                     return s ? [+s.dataset.row, +s.dataset.col] : null;",
                    vec![],
                )
                .await?;
            let Some([r, c]) = serde_json::from_value::<Option<[u32; 2]>>(at)? else {
                bail!("the page waits for Left but Left has no skier");
            };
            let before = page.history_len().await?;
            page.click_cell_or_next(r, c, before).await?;
            page.history_grew("the click's move in the history", before)
                .await?;
            moves += 1;
        }
        assert!(moves >= 1);
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(
            said.iter()
                .all(|s| s.starts_with("jumper ") && s.contains(" slides ")),
            "{said:?}"
        );
        // A skier that slid is not a domino placed.
        assert_eq!(page.count("#editor [data-testid=domino]").await?, 0);
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn partizan_positions_are_explained_part_by_part() {
    run("explain-partizan", |page| async move {
        page.open("").await?;
        // The explanation once it says `marker` (the one before it may
        // still be on the page while the new one loads).
        let explained = |q: &'static str, marker: &'static str| {
            let page = page.clone();
            async move {
                page.set_expression(q).await?;
                let text = page
                    .wait(
                        &format!("the explanation of {q}"),
                        "const e = document.getElementById('explain');
                         return e.dataset.state === 'ready' && e.textContent.includes(arguments[0])
                             ? e.textContent : null;",
                        vec![json!(marker)],
                    )
                    .await?;
                Ok::<String, anyhow::Error>(text.as_str().unwrap_or_default().to_string())
            }
        };
        // A sum: each part's value, the total, and why the total is hot.
        let text = explained("domineering(\"..|..\") + 3/2", "together").await?;
        let parts = page
            .js(
                "return [...document.querySelectorAll('#explain [data-testid=explain-part] code')]
                    .map(c => c.textContent);",
                vec![],
            )
            .await?;
        assert_eq!(
            parts,
            json!(["domineering(\"..|..\")", "+-1", "3/2", "3/2"]),
            "{text}"
        );
        assert_eq!(
            page.text("#explain [data-testid=explain-total]").await?,
            "{5/2|1/2}"
        );
        assert!(
            text.contains("hot: each player wants to move first"),
            "{text}"
        );
        assert!(
            text.contains("settles at 5/2 (Left 5/2 moves ahead)"),
            "{text}"
        );
        assert!(text.contains("if Right moves first, at 1/2"), "{text}");
        assert_eq!(page.count("#explain [data-testid=explain-link]").await?, 1);
        page.shot_of("#explain", "hot-sum").await?;
        // A number: free moves.
        let text = explained("cutcake(4,1)", "free moves").await?;
        assert!(text.contains("Left is ahead by 3 free moves"), "{text}");
        // An infinitesimal: who moves last.
        let text = explained("^", "any number of moves").await?;
        assert!(text.contains("smaller than any number of moves"), "{text}");
        assert!(text.contains("Left wins, whoever starts"), "{text}");
        Ok(())
    });
}

#[test]
fn misere_nim_is_explained_in_words_a_class_understands() {
    run("explain-misere-nim", |page| async move {
        page.open("").await?;
        page.set_expression("misere(nim(1,1,3))").await?;
        let text = page
            .wait(
                "the explanation",
                "const e = document.getElementById('explain');
                 return e.dataset.state === 'ready' ? e.textContent : null;",
                vec![],
            )
            .await?;
        let text = text.as_str().unwrap_or_default().to_string();
        // The rule, and why this position is the moment it changes.
        assert!(
            text.contains("whoever takes the last counter loses"),
            "{text}"
        );
        assert!(text.contains("leave an odd number of them"), "{text}");
        assert!(
            text.contains("Only heap 3 (3 counters) has more than one counter"),
            "{text}"
        );
        assert_eq!(
            page.text("#explain [data-testid=explain-move]").await?,
            "take 2 from heap 3, leaving 1"
        );
        // No jargon outside the expert tab, where each term has a tooltip.
        for word in [
            "nim-sum",
            "Grundy",
            "remoteness",
            "birthday",
            "canonical",
            "nimber",
        ] {
            assert!(!text.contains(word), "{word} in {text}");
        }
        page.click("#details summary").await?;
        let tips = page
            .js(
                "return [...document.querySelectorAll('#details [data-testid=jargon]')].every(a => a.title.length > 20)
                    && document.querySelectorAll('#details [data-testid=jargon]').length;",
                vec![],
            )
            .await?;
        assert!(tips.as_u64().unwrap_or(0) >= 1, "{tips}");
        page.shot_of("#explain", "misere").await?;
        // Ordinary Nim: the binary columns and their parities.
        page.set_expression("nim(3,5,7)").await?;
        page.wait(
            "the binary table",
            "const e = document.getElementById('explain');
             return e.dataset.state === 'ready' && e.querySelector('[data-testid=binary-table]');",
            vec![],
        )
        .await?;
        let parities = page
            .js(
                "return [...document.querySelectorAll('#explain [data-parity]')].map(c => c.dataset.parity).join(',');",
                vec![],
            )
            .await?;
        // 3, 5, 7 = 011, 101, 111: the 4s and 2s columns even, the 1s odd.
        assert_eq!(parities, json!("even,even,odd"));
        page.shot_of("#explain", "nim").await?;
        Ok(())
    });
}

#[test]
fn mock_turtles_played_by_clicking_coins() {
    run("play-coins", |page| async move {
        page.open("").await?;
        page.set_expression("mock_turtles(\"htththtth\")").await?;
        // A row of coins, heads and tails, numbered as the words count them.
        assert_eq!(page.count("#editor [data-testid=coin]").await?, 9);
        assert_eq!(
            page.count("#editor [data-testid=coin].coin-heads").await?,
            4
        );
        page.click("#tab-play").await?;
        page.select("#play-side", "first").await?;
        page.click("#play-start").await?;
        assert_eq!(page.settled().await?, "user");
        // The hint marks the coins of one move (one to three coins).
        page.click("#hint").await?;
        page.wait(
            "the hint",
            "return document.querySelector('#options .badge');",
            vec![],
        )
        .await?;
        let marked = page.count("#editor [data-mark=hint]").await?;
        assert!((1..=3).contains(&marked), "{marked} coins marked");
        page.shot("hint").await?;
        page.click("#hint").await?;
        // Each move of the user: a click on the rightmost heads coin (the
        // coin a move turns from heads to tails); when several moves end
        // there, the page asks which, and the user takes the last offered.
        let (mut moves, mut asked) = (0, 0);
        for _ in 0..30 {
            if page.settled().await? == "over" {
                break;
            }
            let before = page.history_len().await?;
            let coin = page
                .js(
                    "const h = [...document.querySelectorAll('#editor rect[data-testid=cell]')]
                        .filter(x => x.dataset.char === 'h');
                     return h.length ? +h[h.length - 1].dataset.col : null;",
                    vec![],
                )
                .await?;
            let Some(coin) = coin.as_u64() else {
                bail!("the page waits for the user but no coin shows heads");
            };
            page.click(&format!(
                "#editor rect[data-testid=cell][data-col='{coin}']"
            ))
            .await?;
            let what = page
                .wait(
                    "the move played or a choice offered",
                    "if (document.querySelectorAll('#history li[data-testid=history-move]').length > arguments[0]) return 'played';
                     return document.querySelector('#play-help [data-testid=choice]') ? 'asked' : null;",
                    vec![json!(before)],
                )
                .await?;
            if what == json!("asked") {
                asked += 1;
                let offered = page
                    .js(
                        "return [...document.querySelectorAll('#play-help [data-testid=choice]')].map(b => b.dataset.says);",
                        vec![],
                    )
                    .await?;
                let offered: Vec<String> = serde_json::from_value(offered)?;
                // Every move offered turns the clicked coin, counted from 1.
                let named = format!("{}", coin + 1);
                assert!(offered.len() >= 2, "{offered:?}");
                assert!(
                    offered.iter().all(|s| s.starts_with("turn over coin")
                        && s.split(|c: char| !c.is_ascii_digit()).any(|w| w == named)),
                    "{offered:?}"
                );
                if asked == 1 {
                    page.shot("choice").await?;
                    // A click on another coin keeps the moves that turn it too.
                    let other = (0..coin)
                        .find(|k| {
                            offered
                                .iter()
                                .any(|s| s.contains(&format!("coins {} ", k + 1)))
                        })
                        .unwrap_or(0);
                    page.click(&format!(
                        "#editor rect[data-testid=cell][data-col='{other}']"
                    ))
                    .await?;
                    let narrowed = page
                        .wait(
                            "fewer moves offered, or the move played",
                            "if (document.querySelectorAll('#history li[data-testid=history-move]').length > arguments[0]) return 0;
                             const n = document.querySelectorAll('#play-help [data-testid=choice]').length;
                             return n < arguments[1] ? n : null;",
                            vec![json!(before), json!(offered.len())],
                        )
                        .await?;
                    assert!(narrowed.as_u64().is_some(), "{narrowed:?}");
                }
                if page.history_len().await? == before {
                    page.click("#play-help [data-testid=choice]:last-child")
                        .await?;
                }
                page.history_grew("the chosen move in the history", before)
                    .await?;
            }
            moves += 1;
        }
        assert!(moves >= 1 && asked >= 1, "{moves} moves, {asked} choices");
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(
            said.iter().all(|s| s.starts_with("turn over coin")),
            "{said:?}"
        );
        page.shot("over").await?;
        Ok(())
    });
}

#[test]
fn fibonacci_nim_played_by_clicking_counters_and_other_new_pictures() {
    run("play-memory", |page| async move {
        page.open("").await?;
        // One heap, the last move's take written under it.
        page.set_expression("fibonacci_nim(10,4)").await?;
        assert_eq!(page.count("#editor [data-testid=memory-picture]").await?, 1);
        assert_eq!(page.count("#editor [data-testid=token]").await?, 10);
        page.click("#tab-play").await?;
        page.select("#play-side", "first").await?;
        page.click("#play-start").await?;
        // Every move of the user: a click on the top counter (take 1,
        // always allowed: the last move took at least 1).
        let n = play_out(
            &page,
            "const t = document.querySelectorAll('#editor [data-testid=token]');
             return t.length ? `#editor [data-testid=token][data-k='${t.length - 1}']` : null;",
        )
        .await?;
        assert!(n >= 1);
        assert_eq!(page.play_state().await?, "over");
        let said = history_words(&page).await?;
        assert!(said.iter().all(|s| s.starts_with("take ")), "{said:?}");
        assert!(said.iter().any(|s| s == "take 1, leaving 9"), "{said:?}");
        // The last move is marked where its taking began (the server says
        // what it did: /api/picture with `to`).
        page.wait(
            "the last move's mark",
            "return document.querySelectorAll('#editor [data-testid=last-take]').length === 1;",
            vec![],
        )
        .await?;
        page.shot("over").await?;
        page.click("#play-stop").await?;
        // Toads and Frogs with longer jumps: a strip of cells.
        page.set_expression("gen_toads_frogs[2](\"tttt..fff\")")
            .await?;
        assert_eq!(page.count("#editor rect[data-testid=cell]").await?, 9);
        // A compound: each of its sums drawn in a frame of its own.
        page.set_expression("conjunctive(nim(3) + kayles(2), col(\".-.\"))")
            .await?;
        page.wait(
            "the compound's parts",
            "return document.querySelectorAll('#editor [data-testid=compound-group]').length === 2;",
            vec![],
        )
        .await?;
        assert_eq!(page.count("#editor [data-testid=heaps-picture]").await?, 1);
        assert_eq!(page.count("#editor [data-testid=pins-picture]").await?, 1);
        page.wait(
            "the graph of col",
            "return document.querySelectorAll('#editor [data-testid=graph-picture]').length === 1;",
            vec![],
        )
        .await?;
        page.shot_of("#editor", "compound").await?;
        Ok(())
    });
}
