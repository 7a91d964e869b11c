//! `grundy serve` from outside: its API answers exactly what the commands
//! print, errors included; hostile requests get clear statuses; under load
//! (20 clients × 20 light queries beside an 8×8 Domineering board) light
//! queries stay fast and the server's memory comes back.
//!
//! The server runs as its own process under an address-space cap, so a
//! regression fails here instead of taking the machine down.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

/// The server's address space: its request threads reserve deep stacks
/// (256 MiB each, touched only as deep as used), so the cap is generous in
/// address space and still far below the machine.
const SERVER_CAP: u64 = 12 << 30;

/// A running server, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(extra: &[&str]) -> Server {
    let mut cmd = Command::new(BIN);
    cmd.args(["serve", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                let cap = libc::rlimit {
                    rlim_cur: SERVER_CAP,
                    rlim_max: SERVER_CAP,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().expect("start grundy serve");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read the server's first line");
    let addr = first
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_string();
    Server { child, addr }
}

/// A response: status and body.
struct Reply {
    status: u16,
    body: String,
    content_type: String,
}

/// Percent-encodes a query value.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Sends raw request bytes and reads the whole answer (Connection: close).
fn raw(addr: &str, request: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    s.write_all(request).expect("send");
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).expect("read the answer");
    let text = String::from_utf8(bytes).expect("UTF-8 answer");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head[9..12].parse().expect("status");
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(str::to_string)
        })
        .unwrap_or_default();
    Reply {
        status,
        body: body.to_string(),
        content_type,
    }
}

fn get(addr: &str, path: &str) -> Reply {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

/// What the command prints: (exit status, stdout, stderr).
fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().expect("run grundy");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// Positions of every kind the engine answers.
const POSITIONS: &[&str] = &[
    "nim(3,5,7)",
    "kayles(10) + queen(3,4)",
    "octal[0.137](12) + knight(5,4)",
    "misere(nim(3,5,1))",
    "misere(kayles(12) + dawson(7))",
    "selective(nim(2), kayles(3))",
    "conjunctive(nim(3), nim(4))",
    "domineering(\"...|...\")",
    "domineering(\"..|..\") + {3||2*|1*} + ^",
    "clobber(\"xox|ox.\")",
    "toads_frogs(\"tt..ff\")",
    "hackenbush(\"lrlerrr\")",
    "misere(domineering(\"....|....\"))",
    "{1|0} + 1/2",
    "staircase(0,3,1,4)",
    "loopy_climb(2)",
    "cool({3|-1}, 1) + reduced(^*)",
    "conway_product(*19, *23) + nim(2)",
];

const RULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/loopy_climb.rhai");

#[test]
fn the_api_answers_what_the_commands_print() {
    let server = start(&["--rules", RULES]);
    let a = &server.addr;
    for q in POSITIONS {
        for (path, cmd) in [("/api/value", "value"), ("/api/options", "options")] {
            let reply = get(a, &format!("{path}?q={}", enc(q)));
            let (code, out, err) = cli(&["--rules", RULES, cmd, "--json", "--", q]);
            assert_eq!(code, 0, "{cmd} {q}: {err}");
            assert_eq!(reply.status, 200, "{path} {q}: {}", reply.body);
            assert_eq!(reply.content_type, "application/json");
            assert_eq!(json(&reply.body), json(&out), "{path} {q}");
            assert_eq!(reply.body, out, "{path} {q}: the same bytes");
        }
    }
    let pairs: &[(&str, Vec<&str>)] = &[
        (
            "/api/seq?ruleset=kayles&to=120",
            vec!["seq", "kayles", "--to", "120", "--json"],
        ),
        (
            "/api/seq?ruleset=octal%5B0.137%5D&to=40",
            vec!["seq", "octal[0.137]", "--to", "40", "--json"],
        ),
        (
            "/api/table?ruleset=queen&size=12",
            vec!["table", "queen", "--size", "12", "--json"],
        ),
        (
            "/api/table?ruleset=knight&size=8",
            vec!["table", "knight", "--size", "8", "--json"],
        ),
        (
            "/api/table?ruleset=cutcake&size=5",
            vec!["table", "cutcake", "--size", "5", "--json"],
        ),
        (
            "/api/seq?ruleset=subtraction(n%2C%20%5B1%5D%2C%20%5B2%5D)&to=20",
            vec!["seq", "subtraction(n, [1], [2])", "--to", "20", "--json"],
        ),
        (
            "/api/compare?g=%5E&h=*",
            vec!["compare", "^", "*", "--json"],
        ),
        (
            "/api/compare?g=-1&h=0",
            vec!["compare", "--json", "--", "-1", "0"],
        ),
        (
            "/api/thermograph?q=%7B3%7C%7C2*%7C1*%7D",
            vec!["thermograph", "{3||2*|1*}", "--json"],
        ),
        ("/api/games", vec!["--rules", RULES, "games", "--json"]),
    ];
    for (path, args) in pairs {
        let reply = get(a, path);
        let (code, out, err) = cli(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        assert_eq!(reply.body, out, "{path}");
    }
    let svg = get(a, "/svg/thermograph?q=%7B3%7C-1%7D");
    assert_eq!(svg.status, 200);
    assert_eq!(svg.content_type, "image/svg+xml");
    assert!(svg.body.starts_with("<svg"), "{}", svg.body);
    let (_, out, _) = cli(&["thermograph", "{3|-1}", "--svg", "-"]);
    assert_eq!(svg.body, out);
}

#[test]
fn bad_input_gets_the_commands_message_and_column() {
    let server = start(&[]);
    let a = &server.addr;
    for q in [
        "nim(3",
        "nim(3,x)",
        "kayles(10) + ",
        "domineering(\"..|.\")",
        "misere(queen(3,4)",
        "foo(3)",
    ] {
        let reply = get(a, &format!("/api/value?q={}", enc(q)));
        let (code, _, err) = cli(&["value", "--json", "--", q]);
        assert_eq!(code, 2, "{q}");
        assert_eq!(reply.status, 400, "{q}: {}", reply.body);
        let body = json(&reply.body);
        let message = err.trim_end().strip_prefix("error: ").unwrap();
        assert_eq!(body["error"], message, "{q}");
        let column: usize = message
            .strip_prefix("at column ")
            .and_then(|m| m.split(':').next()?.parse().ok())
            .unwrap_or_else(|| panic!("{q}: no column in {message}"));
        assert_eq!(body["column"], column, "{q}");
    }
    let reply = get(a, "/api/seq?ruleset=queen&to=10");
    let (_, _, err) = cli(&["seq", "--to", "10", "--json", "--", "queen"]);
    assert_eq!(reply.status, 400);
    assert_eq!(
        json(&reply.body)["error"],
        err.trim_end().strip_prefix("error: ").unwrap()
    );
    // Parameters: missing, not a number, not a player.
    for (path, needle) in [
        ("/api/value", "missing parameter `q`"),
        (
            "/api/seq?ruleset=kayles&to=x",
            "invalid value 'x' for '--to <N>'",
        ),
        (
            "/api/move?q=nim(3)&player=center",
            "player `center` is not a player",
        ),
        (
            "/api/move?q=domineering(%22..%22)",
            "say which player moves",
        ),
        ("/api/value?q=%FF%FE", "expected a game"),
        ("/api/value?q=%", "expected a game"),
    ] {
        let reply = get(a, path);
        assert_eq!(reply.status, 400, "{path}: {}", reply.body);
        let e = json(&reply.body)["error"].as_str().unwrap().to_string();
        assert!(e.contains(needle), "{path}: {e}");
    }
    let reply = get(a, "/nowhere");
    assert_eq!(reply.status, 404);
    assert!(json(&reply.body)["error"].is_string());
}

#[test]
fn hostile_requests_get_clear_statuses() {
    let server = start(&["--max-time", "3s"]);
    let a = &server.addr;
    // Longer than --max-request (16 KiB).
    let long = format!("/api/value?q={}", "1".repeat(20_000));
    let reply = get(a, &long);
    assert_eq!(reply.status, 414, "{}", reply.body);
    let big = format!(
        "GET /api/value?q=nim(1) HTTP/1.1\r\nHost: {a}\r\nContent-Length: 1000000\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(raw(a, big.as_bytes()).status, 413);
    // Huge numbers, deep nesting, long sums: a limit or an input error, never a crash.
    let long_sum = "kayles(3)+".repeat(1000);
    let deep = format!("{}0{}", "{".repeat(1000), "|}".repeat(1000));
    let hostile = [
        "nim(18446744073709551615) + kayles(18446744073709551615)",
        "misere(octal[4.3(3)](9223372036854775807) + toads_frogs(\"\"))",
        &deep,
        long_sum.trim_end_matches('+'),
        "misere_canonical(kayles(1000000))",
    ];
    for q in hostile {
        let t = Instant::now();
        let reply = get(a, &format!("/api/value?q={}", enc(q)));
        assert!(
            [200, 400, 422].contains(&reply.status),
            "{}: {} {}",
            &q[..q.len().min(60)],
            reply.status,
            reply.body
        );
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{}",
            &q[..q.len().min(60)]
        );
    }
    // The server still answers.
    let reply = get(a, "/api/value?q=nim(1,2)");
    assert_eq!(reply.status, 200);
}

#[test]
fn perfect_play_moves() {
    let server = start(&[]);
    let a = &server.addr;
    // A winning move from an N-position leaves a P-position.
    let m = json(&get(a, "/api/move?q=nim(3,5,7)").body);
    assert_eq!(m["wins"], true);
    let next = m["move"].as_str().unwrap();
    let v = json(&get(a, &format!("/api/value?q={}", enc(next))).body);
    assert_eq!(v["outcome"], "P");
    // From a P-position: the longest-lasting option.
    let m = json(&get(a, "/api/move?q=nim(1,2,3)").body);
    assert_eq!(m["wins"], false);
    assert!(m["why"].as_str().unwrap().contains("remoteness"), "{m}");
    // No move: the game is over.
    let m = json(&get(a, "/api/move?q=nim(0)").body);
    assert!(m["move"].is_null());
    // Partizan: Left's winning move in 2×3 Domineering.
    let m = json(
        &get(
            a,
            &format!(
                "/api/move?q={}&player=left",
                enc("domineering(\"...|...\")")
            ),
        )
        .body,
    );
    assert_eq!(m["wins"], true);
    assert_eq!(m["move"], "domineering(\".#.|.#.\")");
}

/// The load test: 20 clients × 20 light queries while an 8×8
/// Domineering board (a heavy request) is being computed.
#[test]
fn light_queries_stay_fast_beside_a_heavy_one() {
    let server = start(&["--max-time", "20s"]);
    let addr = server.addr.clone();
    let pid = server.child.id();
    let board = ["........"; 8].join("|");
    let heavy_addr = addr.clone();
    let heavy = std::thread::spawn(move || {
        let t = Instant::now();
        let reply = get(
            &heavy_addr,
            &format!("/api/value?q={}", enc(&format!("domineering(\"{board}\")"))),
        );
        (reply.status, reply.body, t.elapsed())
    });
    // Let the heavy request start and pass its light time.
    std::thread::sleep(Duration::from_millis(500));
    let queries: Vec<(String, String)> = (0..20u64)
        .map(|i| {
            let q = format!("nim({},{},{})", i + 1, 2 * i + 3, 7);
            let nimber = (i + 1) ^ (2 * i + 3) ^ 7;
            (q, nimber.to_string())
        })
        .collect();
    let clients: Vec<_> = (0..20)
        .map(|c| {
            let addr = addr.clone();
            let queries = queries.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                for k in 0..20 {
                    let (q, nimber) = &queries[(c + k) % queries.len()];
                    let t = Instant::now();
                    let reply = get(&addr, &format!("/api/value?q={}", enc(q)));
                    latencies.push(t.elapsed());
                    assert_eq!(reply.status, 200, "{q}: {}", reply.body);
                    assert_eq!(json(&reply.body)["nimber"].to_string(), *nimber, "{q}");
                }
                latencies
            })
        })
        .collect();
    let mut all: Vec<Duration> = clients
        .into_iter()
        .flat_map(|c| c.join().expect("a client failed"))
        .collect();
    all.sort();
    let p99 = all[all.len() * 99 / 100 - 1];
    let (status, body, took) = heavy.join().expect("the heavy request");
    println!(
        "light: {} queries, median {:?}, p99 {:?}, max {:?}; heavy: status {status} after {took:?}",
        all.len(),
        all[all.len() / 2],
        p99,
        all[all.len() - 1]
    );
    assert_eq!(all.len(), 400);
    assert!(p99 < Duration::from_secs(1), "p99 {p99:?}");
    // The heavy request is bounded: an answer or a limit, within its time.
    assert!([200, 422].contains(&status), "{status} {body}");
    assert!(took < Duration::from_secs(35), "{took:?}");
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))?
                .split_whitespace()
                .nth(1)?
                .parse::<u64>()
                .ok()
        })
        .expect("the server's resident size");
    println!("server resident afterwards: {} MiB", rss >> 10);
    assert!(rss < 1 << 20, "{} MiB resident after the load", rss >> 10);
}

/// The process-wide tables of values only grow; past --max-tables the
/// server says so (503) instead of growing until the machine runs out.
#[test]
fn a_server_whose_tables_are_full_says_so() {
    let server = start(&["--max-tables", "64K"]);
    let a = &server.addr;
    // Fills the table past 64 KiB (over 128 values).
    let board = format!("domineering(\"{}\")", ["....."; 4].join("|"));
    let first = get(a, &format!("/api/value?q={}", enc(&board)));
    assert_eq!(first.status, 200, "{}", first.body);
    let next = get(a, "/api/value?q=nim(1,2)");
    assert_eq!(next.status, 503, "{}", next.body);
    let e = json(&next.body)["error"].as_str().unwrap().to_string();
    assert!(e.contains("--max-tables") && e.contains("restarted"), "{e}");
}

/// Whether the server closed `s` (end of stream or a reset) within `within`.
fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    s.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue, // an answer before the close
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                )
            }
        }
    }
}

/// Issue 27: a connection that sends no complete request head within the
/// header timeout is closed — silent from the start, stopped halfway
/// through a head, or idle after a kept-alive request — so a slow client
/// cannot hold the server's file descriptors.
#[test]
fn idle_connections_are_closed_after_the_header_timeout() {
    let server = start(&["--header-timeout", "1s"]);
    let start = Instant::now();
    let mut silent: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let mut halfway = TcpStream::connect(&server.addr).unwrap();
    halfway
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let mut kept = TcpStream::connect(&server.addr).unwrap();
    kept.write_all(format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).as_bytes())
        .unwrap();
    for s in silent.iter_mut().chain([&mut halfway, &mut kept]) {
        assert!(closed_within(s, Duration::from_secs(10)), "still open");
    }
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    // The server still answers.
    assert_eq!(get(&server.addr, "/api/games").status, 200);
}

/// Issue 27: one client address holds at most --max-connections-per-client
/// connections; more are closed as they arrive, and a closed one frees its
/// place.
#[test]
fn connections_per_client_are_capped() {
    let server = start(&[
        "--max-connections-per-client",
        "4",
        "--header-timeout",
        "60s",
    ]);
    let held: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    // Give the server time to accept the four.
    std::thread::sleep(Duration::from_millis(300));
    let mut fifth = TcpStream::connect(&server.addr).unwrap();
    assert!(
        closed_within(&mut fifth, Duration::from_secs(5)),
        "a fifth connection was kept"
    );
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(get(&server.addr, "/api/games").status, 200);
}

#[test]
fn loopy_games_play_to_a_draw() {
    // A first try of 1 ms cannot finish the loopy values (Hare and Hounds'
    // sides alone take about 0.2 s): the answer it writes without the value
    // must not be sent, but tried again with the whole budget, which gives
    // the value.
    let server = start(&["--max-time", "20s", "--light-time", "1ms"]);
    let a = &server.addr;
    for q in [
        "backsliding_toads_frogs(\"tt..ff\")",
        "hare_hounds(\"xx.x......o\")",
        "fox_geese[4](\"x.x.|....|..o.\")",
        "{0|pass}",
    ] {
        // Each move says what it leads to for its mover, and those agree
        // with who wins (or draws) moving first.
        let o = json(&get(a, &format!("/api/options?q={}", enc(q))).body);
        let v = json(&get(a, &format!("/api/value?q={}", enc(q))).body);
        assert!(
            v.get("value_error").is_none(),
            "{q}: the first try's answer without its value was sent: {v}"
        );
        for (side, first) in [("left", "left_first"), ("right", "right_first")] {
            let moves = o[side].as_array().unwrap_or_else(|| panic!("{q}: {o}"));
            let leads: Vec<&str> = moves
                .iter()
                .map(|m| m["leads_to"].as_str().unwrap_or_else(|| panic!("{q}: {m}")))
                .collect();
            let result = v[first]
                .as_str()
                .unwrap_or_else(|| panic!("{q}: {first} in {v}"));
            let want = if result == side {
                "win"
            } else if result == "draw" {
                "draw"
            } else {
                "loss"
            };
            let best = if leads.contains(&"win") {
                "win"
            } else if leads.contains(&"draw") {
                "draw"
            } else {
                "loss"
            };
            assert_eq!(best, want, "{q}, {side} first: {leads:?} against {v}");
        }
        // The command gives the same JSON.
        let (code, out, _) = cli(&["options", "--json", q]);
        assert_eq!(code, 0);
        assert_eq!(json(&out), o, "{q}");
    }
    // A value that is not a stopper: the options of each side.
    let o = json(&get(a, "/api/options?q=dud").body);
    assert_eq!(o["sides"][0]["side"], "onside", "{o}");
    assert_eq!(o["sides"][0]["left"][0]["leads_to"], "win", "{o}");
    // Where no move wins, perfect play keeps the draw: `ttt...fff` is dud.
    let q = enc("backsliding_toads_frogs(\"ttt...fff\")");
    let m = json(&get(a, &format!("/api/move?q={q}&player=left")).body);
    assert_eq!(m["wins"], false, "{m}");
    assert!(m["why"].as_str().unwrap().contains("drawing move"), "{m}");
}
