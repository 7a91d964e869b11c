//! The `grundy` command as a user types it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn value_prints_value_outcome_and_winning_moves() {
    let o = grundy(&["value", "nim(3,5,7)"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("value:   *\n"), "{out}");
    assert!(out.contains("outcome: N"), "{out}");
    for m in ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"] {
        assert!(out.contains(m), "{out}");
    }
}

#[test]
fn value_json_has_the_documented_fields() {
    let v = json(&["value", "--json", "nim(3,5,7)"]);
    assert_eq!(v["value"], "*");
    assert_eq!(v["nimber"], 1);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    // every winning move is accepted back by `value` and is a P-position
    for m in v["winning_moves"].as_array().unwrap() {
        let w = json(&["value", "--json", m.as_str().unwrap()]);
        assert_eq!(w["outcome"], "P", "{m}");
    }
}

#[test]
fn misere_json_has_no_nimber() {
    // SPOJ MMMGAME sample: 3 5 1 -> John (first player) wins; 1 -> Brother.
    let v = json(&["value", "--json", "misere(nim(3,5,1))"]);
    assert_eq!(v["outcome"], "N");
    assert!(v.get("nimber").is_none());
    assert_eq!(json(&["value", "--json", "misere(nim(1))"])["outcome"], "P");
}

#[test]
fn the_issue_examples_all_evaluate() {
    for e in [
        "sub[1,3,4](10)",
        "allbut[1,3](10)",
        "octal[0.77](10)",
        "octal[0.137](12)",
        "octal[4.007](9)",
        "kayles(5) + dawson(4) + officers(6)",
        "grundy_game(7)",
        "queen(3,4) + knight(5,4) + rook(2,2) + bishop(3,1) + king(4,4)",
        "piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8](3,3) + piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8](3,3)",
    ] {
        let v = json(&["value", "--json", e]);
        assert!(v["outcome"] == "P" || v["outcome"] == "N", "{e}");
    }
    // two equal pieces cancel
    let v = json(&["value", "--json", "knight(6,7) + knight(6,7)"]);
    assert_eq!(v["nimber"], 0);
}

#[test]
fn bad_input_is_answered_with_where_and_what() {
    for (args, says) in [
        (vec!["value", "nim(3,"], "column 7"),
        (vec!["value", "frobnicate(3)"], "known games are"),
        (vec!["value", "nim(-2)"], "cannot be negative"),
        (
            vec!["value", "queen(1000000,1000001) + nim(1)"],
            "--max-positions",
        ),
        (vec!["value", "piece[(1,0),(-1,0); 5](1,1)"], "loopy"),
        (vec!["seq", "queen", "--to", "5"], "grundy table"),
        (vec!["table", "kayles", "--size", "5"], "grundy seq"),
        (vec!["table", "piece[(-1,-2); 8]", "--size", "9"], "8×8"),
        (vec!["table", "queen", "--size", "0"], "at least 1"),
        (
            vec!["seq", "domineering", "--to", "3"],
            "not an impartial heap or board ruleset",
        ),
        (
            vec!["verify", "hackenbush + nim", "--bound", "1"],
            "not an impartial heap or board ruleset",
        ),
        (
            vec!["table", "knight", "--size", "100000"],
            "--max-positions",
        ),
        // A value past a limit says the limit and what reads.
        (
            vec!["value", "^[1000000]"],
            "beyond the limit 20; a value within those limits",
        ),
        (
            vec!["value", "*99999999999"],
            "*4096 for written nimbers; a value",
        ),
    ] {
        let o = grundy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn seq_and_table_print_values() {
    let v = json(&["seq", "sub[1,3,4]", "--to", "20", "--json"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(&values[..8], [0, 1, 0, 1, 2, 3, 2, 0]);
    let t = json(&["table", "queen", "--size", "3", "--json"]);
    assert_eq!(
        t["values"],
        serde_json::json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    );
    let o = grundy(&[
        "table",
        "piece[(-2,1),(-2,-1),(1,-2),(-1,-2); 8]",
        "--size",
        "8",
    ]);
    assert!(o.status.success());
    // Eight rows, then what holds on them.
    let text = stdout(&o);
    let (table, seen) = text
        .split_once("seen on the table (not proved):\n")
        .unwrap();
    assert_eq!(table.lines().count(), 8, "{text}");
    assert!(seen.contains("G(x,y) = G(y,x) on 0<=x<8, 0<=y<8"), "{text}");
}

#[test]
fn batch_answers_every_line_and_survives_bad_ones() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "--batch", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"nim(1,2)\nnim(3,\nknight(5,4) + queen(3,3)\n\nmisere(nim(1,1))\nnim(\xff)\nnim(2)\n",
        )
        .unwrap();
    let o = child.wait_with_output().unwrap();
    // Every line is answered, and the bad ones make the exit status non-zero.
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["nimber"], 3);
    assert!(lines[1]["error"].as_str().unwrap().contains("column 7"));
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[2]["outcome"].is_string());
    assert!(lines[3]["error"].is_string());
    assert_eq!(lines[4]["outcome"], "N");
    assert!(
        lines[5]["error"].as_str().unwrap().contains("not UTF-8"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[5]["line"], 6);
    assert_eq!(lines[6]["nimber"], 2);
}

/// Issue 27: every input line gets exactly one output line, so answers
/// line up with inputs.
#[test]
fn batch_text_answers_line_up_with_inputs() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"nim(1,2)\nnim(3,\nqueen(2,1)\n\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("N *3"), "{out}");
    assert!(lines[1].starts_with("error: at column 7"), "{out}");
    assert!(lines[2].starts_with("P 0"), "{out}");
    assert!(lines[3].starts_with("error: empty line"), "{out}");
}

#[test]
fn batch_text_reports_bad_lines_on_stderr_with_their_number() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = b"nim(1,2)\nnimm(3)\n".to_vec();
    // A 2 MB garbage line is reported without being echoed whole.
    input.extend(std::iter::repeat_n(b'x', 2 << 20));
    input.extend(b"(\nnim(3)\n");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("N *3"), "{out}");
    assert!(
        lines[1].starts_with("error: ") && lines[2].starts_with("error: "),
        "{out}"
    );
    assert!(lines[3].starts_with("N *3"), "{out}");
    assert!(
        out.len() < 4000,
        "the long line was echoed: {} bytes",
        out.len()
    );
    let err = stderr(&o);
    assert!(
        err.contains("line 2:") && err.contains("did you mean 'nim'"),
        "{err}"
    );
    assert!(err.contains("line 3:"), "{err}");
    assert!(
        err.len() < 4000,
        "the long line was echoed: {} bytes",
        err.len()
    );
}

#[test]
fn compare_echoes_what_was_written() {
    let o = grundy(&["compare", "{0|1}", "1/2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{0|1} = 1/2\n");
    let v = json(&["compare", "--json", "{0|1}", "1/2"]);
    assert_eq!(v["g"], "{0|1}");
    assert_eq!(v["g_value"], "1/2");
    assert_eq!(v["relation"], "=");
}

#[test]
fn compounds_report_outcome_moves_and_remoteness() {
    let v = json(&["value", "--json", "conjunctive(kayles(5), nim(3))"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["remoteness"], 1);
    for m in v["winning_moves"].as_array().unwrap() {
        assert_eq!(
            json(&["value", "--json", m.as_str().unwrap()])["outcome"],
            "P",
            "{m}"
        );
    }
    let v = json(&[
        "value",
        "--json",
        "continued_conjunctive(staircase(0,3,1), knight(4,4))",
    ]);
    assert!(v["suspense"].is_u64());
    // seed 001: selective is P iff every component is P; not_all iff all values are equal
    assert_eq!(
        json(&["value", "--json", "selective(nim(3), nim(3))"])["outcome"],
        "N"
    );
    assert_eq!(
        json(&["value", "--json", "not_all(nim(3), nim(3))"])["outcome"],
        "P"
    );
    assert_eq!(
        json(&["value", "--json", "misere(selective(nim(1), nim(1)))"])["outcome"],
        "N"
    );
}

#[test]
fn staircase_is_nim_on_the_odd_steps() {
    // seed 003: the XOR of the coins on odd steps decides
    assert_eq!(
        json(&["value", "--json", "staircase(5,3,0,3)"])["nimber"],
        0
    );
    let v = json(&["value", "--json", "staircase(0,3,1,4)"]);
    assert_eq!(v["nimber"], 3 ^ 4);
    for m in v["winning_moves"].as_array().unwrap() {
        assert_eq!(
            json(&["value", "--json", m.as_str().unwrap()])["nimber"],
            0,
            "{m}"
        );
    }
}

#[test]
fn verify_checks_families_against_search() {
    let o = grundy(&["verify", "kayles + nim", "--bound", "10"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("holds: "), "{}", stdout(&o));
    let v = json(&[
        "verify",
        "misere(selective(queen, sub[1,3,4]))",
        "--bound",
        "3",
        "--json",
    ]);
    assert_eq!(v["holds"], true);
    assert_eq!(v["checked"], 4 * 4 * 4);
    let o = grundy(&["verify", "nim(3)", "--bound", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no ruleset is left free"));
    let o = grundy(&[
        "verify",
        "kayles + kayles + kayles",
        "--bound",
        "1000",
        "--max-positions",
        "1000000",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--max-positions"), "{}", stderr(&o));
}

/// The literature's sequences and tables (data/impartial, with their sources) through the command.
mod literature {
    use super::*;

    fn data(name: &str) -> toml::Value {
        let path = format!("{}/../../data/impartial/{name}", env!("CARGO_MANIFEST_DIR"));
        toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
    }

    fn ints(v: &toml::Value) -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_integer().unwrap() as u64)
            .collect()
    }

    #[test]
    fn seq_prints_the_oeis_sequences() {
        for (file, ruleset) in [
            ("kayles.toml", "kayles"),
            ("kayles.toml", "octal[0.77]"),
            ("dawsons_chess.toml", "octal[0.137]"),
            ("dawsons_chess.toml", "dawsons_chess"),
            ("dawsons_kayles.toml", "dawson"),
            ("grundys_game.toml", "grundy_game"),
        ] {
            let want = ints(&data(file)["values"]);
            let to = (want.len() - 1).to_string();
            let v = json(&["seq", ruleset, "--to", &to, "--json"]);
            let got: Vec<u64> = v["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            assert_eq!(got, want, "{ruleset}");
        }
    }

    #[test]
    fn table_prints_the_wythoff_table() {
        let d = data("wythoff.toml");
        let block: Vec<Vec<u64>> = d["block"]["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(ints)
            .collect();
        let v = json(&[
            "table",
            "queen",
            "--size",
            &block.len().to_string(),
            "--json",
        ]);
        assert_eq!(v["values"], serde_json::json!(block));
    }
}

#[test]
fn partizan_values_and_games() {
    // CGSuite notation in, CGSuite's printed form, stops, mean and temperature out
    let v = json(&["value", "--json", "{3||2*|1*}"]);
    assert_eq!(v["value"], "{3||2*|1*}");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "2");
    assert_eq!(v["mean"], "9/4");
    assert_eq!(v["temperature"], "3/4");
    // the 2×2 Domineering board is ±1; with *2 beside it, every winning move is re-readable
    let v = json(&["value", "--json", "domineering(\"..|..\") + nim(2)"]);
    assert_eq!(v["outcome"], "N");
    for side in ["left_moves", "right_moves"] {
        let moves = v[side].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let after = json(&["value", "--json", m.as_str().unwrap()]);
            let want = if side == "left_moves" {
                ["L", "P"]
            } else {
                ["R", "P"]
            };
            assert!(
                want.contains(&after["outcome"].as_str().unwrap()),
                "{side} {m}: {after}"
            );
        }
    }
    // an impartial value written in notation still has its nimber
    let v = json(&["value", "--json", "*2 + nim(3)"]);
    assert_eq!(v["nimber"], 1);
    // the CodeChef A/B game (seed 002): "A..B.A...B" is *, A (Left) moving first wins
    assert_eq!(
        json(&["value", "--json", "ab_game(\"A..B.A...B\")"])["value"],
        "*"
    );
}

#[test]
fn compare_prints_the_order_relation() {
    for (g, h, rel) in [
        ("^", "*", "<>"),
        ("{1|0}", "1/2", "<>"),
        ("1/2", "1", "<"),
        ("domineering(\"..|..\")", "+-1", "="),
    ] {
        let v = json(&["compare", g, h, "--json"]);
        assert_eq!(v["relation"], rel, "{g} vs {h}");
    }
    let o = grundy(&["compare", "{1|", "0"]);
    assert_eq!(o.status.code(), Some(2));
    // The selective and conjunctive compounds of partizan games have values
    // (the game tree's canonical form); the others are for impartial games.
    // selective(-1, *): Left moves in * only, to -1; Right to *, -1 or 0:
    // {-1 | *, -1, 0} = -1*.
    assert_eq!(
        json(&["value", "--json", "selective(domineering(\"..\"), nim(1))"])["value"],
        "-1*"
    );
    let o = grundy(&["value", "not_all(domineering(\"..\"), nim(1))"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("partizan"), "{}", stderr(&o));
    // Misère play of a partizan game is searched (it was refused).
    let v = json(&["value", "--json", "misere(domineering(\"..\"))"]);
    assert_eq!(v["outcome"], "L");
}

#[test]
fn proved_periods_answer_huge_heaps() {
    // Kayles: period 12 from heap 71, proved by the Guy–Smith check (Guy & Smith 1956)
    let v = json(&["seq", "kayles", "--to", "200", "--json"]);
    assert_eq!(v["period"], 12);
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["proved"], true);
    let v = json(&["value", "--json", "kayles(1000000000000)"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert_eq!(
        v["moves_complete"], false,
        "10^12 pins have more winning moves than are listed"
    );
    // a winning move of a huge heap leads to a P-position, checked through the period again
    assert_eq!(
        json(&["value", "--json", moves[0].as_str().unwrap()])["outcome"],
        "P"
    );
    // Grundy's game is not known to be periodic: a clear error, not a hang
    let o = grundy(&[
        "value",
        "grundy_game(1000000000000)",
        "--max-positions",
        "100000",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no period is proved"), "{}", stderr(&o));
}

/// The partizan literature values (data/partizan/values.toml, each with its source) through `value`.
#[test]
fn partizan_literature_values_through_the_command() {
    let path = format!(
        "{}/../../data/partizan/values.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let data: toml::Value = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut checked = 0;
    for r in data["record"].as_array().unwrap() {
        let game = r["game"].as_str().unwrap();
        let pos = r["position"].as_str().unwrap();
        assert!(r.get("source").is_some(), "{pos} cites no source");
        let text = match game {
            "value" => pos.to_string(),
            "cutcake" => format!("cutcake({pos})"),
            other => format!("{other}(\"{pos}\")"),
        };
        let v = json(&["value", "--json", &text]);
        assert_eq!(v["value"], r["value"].as_str().unwrap(), "{text}");
        for key in ["outcome", "temperature", "mean", "left_stop", "right_stop"] {
            if let Some(want) = r.get(key) {
                assert_eq!(v[key], want.as_str().unwrap(), "{text}: {key}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 30);
}

#[test]
fn thermograph_and_transforms() {
    let dir = std::env::temp_dir().join(format!("grundy-thermo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    let v = json(&[
        "thermograph",
        "{3||2*|1*}",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(v["thermograph"]["temperature"], "3/4");
    assert_eq!(v["thermograph"]["mast"], "9/4");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") || picture.contains("<svg"),
        "an SVG picture"
    );
    // Winning Ways: {3|-1} cooled by 1 is {2|0}; *, heated by 1, is +-1; ^* has atomic weight 1
    assert_eq!(
        json(&["transform", "{3|-1}", "--cool", "1", "--json"])["result"],
        "{2|0}"
    );
    assert_eq!(
        json(&["transform", "*", "--heat", "1", "--json"])["result"],
        "+-1"
    );
    assert_eq!(
        json(&["transform", "^*", "--atomic-weight", "--json"])["result"],
        "1"
    );
    let o = grundy(&["transform", "{3|-1}", "--atomic-weight"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("all-small"), "{}", stderr(&o));
    let o = grundy(&["transform", "^", "--cool", "x"]);
    assert_eq!(o.status.code(), Some(2));
    // Issue 14: these panicked; now an overflow error (exit 2).
    for (g, t) in [
        ("^", "4611686018427387904"),
        ("v*", "9223372036854775807"),
        ("{0|*}", "9223372036854775807"),
        ("{0|-1}", "9223372036854775807"),
    ] {
        let o = grundy(&["transform", g, "--heat", t]);
        assert_eq!(o.status.code(), Some(2), "{g} --heat {t}: {}", stderr(&o));
        assert!(stderr(&o).contains("overflow"), "{}", stderr(&o));
    }
    // Heating takes any number; cooling takes t > -1, as CGSuite's Cool
    // (CGSuite GameTest.scala: (1/4).Cool(-3/8) = {3/8|1/8}), and says why
    // not below.
    assert_eq!(
        json(&["transform", "{3|-1}", "--heat", "-1", "--json"])["result"],
        "{2|0}"
    );
    assert_eq!(
        json(&["transform", "1/4", "--cool=-3/8", "--json"])["result"],
        "{3/8|1/8}"
    );
    let o = grundy(&["transform", "^", "--cool", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("t > -1"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn value_reads_heap_values_from_a_store() {
    let dir = std::env::temp_dir().join(format!("grundy-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = dir.join("officers.store");
    let o = grundy(&[
        "seq",
        "officers",
        "--to",
        "3000",
        "--store",
        store.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let from_store = json(&[
        "value",
        "--json",
        "--store",
        store.to_str().unwrap(),
        "officers(2999) + officers(1234)",
    ]);
    let computed = json(&["value", "--json", "officers(2999) + officers(1234)"]);
    assert_eq!(from_store, computed);

    // `seq` answers stored heaps from the store, leaving the file as it is;
    // its memory budget covers the values read.
    let path = store.to_str().unwrap();
    let before = std::fs::read(&store).unwrap();
    let read = grundy(&["seq", "officers", "--at", "2500", "--store", path]);
    assert!(read.status.success(), "{}", stderr(&read));
    assert_eq!(std::fs::read(&store).unwrap(), before);
    let fresh = grundy(&["seq", "officers", "--at", "2500"]);
    // The same value; the period line says how far the store reaches.
    let first = |o: &Output| stdout(o).lines().next().unwrap_or_default().to_owned();
    assert_eq!(first(&read), first(&fresh));
    let no_memory = grundy(&[
        "seq",
        "officers",
        "--at",
        "2500",
        "--store",
        path,
        "--memory-mb",
        "0",
    ]);
    assert_eq!(no_memory.status.code(), Some(2));
    assert!(
        stderr(&no_memory).contains("--memory-mb"),
        "{}",
        stderr(&no_memory)
    );

    // Reading never writes: a torn tail is reported, read up to, and left.
    let mut torn_bytes = before.clone();
    torn_bytes.extend_from_slice(b"CHNK\0\0");
    std::fs::write(&store, &torn_bytes).unwrap();
    let torn = grundy(&["seq", "officers", "--at", "5", "--store", path]);
    assert!(torn.status.success(), "{}", stderr(&torn));
    assert!(stderr(&torn).contains("torn chunk"), "{}", stderr(&torn));
    assert_eq!(std::fs::read(&store).unwrap(), torn_bytes);
    assert!(
        stdout(&read).contains("heaps 0..=3000"),
        "{}",
        stdout(&read)
    );
    // Heaps beyond it need --resume, which computes them into the store.
    let beyond = grundy(&["seq", "officers", "--at", "4000", "--store", path]);
    assert_eq!(beyond.status.code(), Some(2));
    assert!(
        stderr(&beyond).contains("0..3001 only") && stderr(&beyond).contains("--resume"),
        "{}",
        stderr(&beyond)
    );
    let resumed = grundy(&[
        "seq", "officers", "--at", "4000", "--store", path, "--resume",
    ]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(
        stdout(&resumed),
        stdout(&grundy(&["seq", "officers", "--at", "4000"]))
    );
    let o = grundy(&[
        "value",
        "--store",
        dir.join("missing").to_str().unwrap(),
        "nim(1)",
    ]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// Ctrl-C (SIGINT) on a long `seq --store` run: the run writes a last
/// checkpoint, says where it stopped, exits with 130, and `--resume`
/// continues with the same values.
#[cfg(unix)]
#[test]
fn ctrl_c_checkpoints_and_resume_continues() {
    use std::time::{Duration, Instant};
    let path = std::env::temp_dir().join(format!("grundy-cli-sigint-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let store = path.to_str().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", "grundy_game", "--at", "4000000000", "--store", store])
        .args(["--checkpoint-secs", "3600"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // With checkpoints an hour apart, only the interrupt can write values.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !path.exists() {
        assert!(Instant::now() < deadline, "no store was created");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));

    let stopped = grundy::takebreak::SequenceStore::open(&path).unwrap();
    assert!(stopped.recovery().is_none());
    let reached = stopped.len();
    assert!(reached > 10_000, "{reached}");
    let said = format!("interrupted after heap {}", reached - 1);
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));

    let at = (reached + 100).to_string();
    let resumed = grundy(&[
        "seq",
        "grundy_game",
        "--at",
        &at,
        "--store",
        store,
        "--resume",
    ]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let fresh = grundy(&["seq", "grundy_game", "--at", &at]);
    let first_line = |o: &Output| stdout(o).lines().next().unwrap_or_default().to_owned();
    assert_eq!(first_line(&resumed), first_line(&fresh));
    assert_eq!(
        grundy::takebreak::SequenceStore::open(&path).unwrap().len(),
        reached + 101
    );
    std::fs::remove_file(&path).unwrap();
}

/// A heap over the position limit, in a game with no proved period, gets
/// the command that computes it into a store.
#[test]
fn a_heap_beyond_the_limit_names_the_store_command() {
    let o = grundy(&["value", "officers(5000)", "--max-positions", "1000"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("grundy seq 'officers' --at 5000 --store FILE")
            && err.contains("--store FILE"),
        "{err}"
    );
}

/// A store whose proved period answers every heap still takes the values
/// asked for past it with --no-early-stop, which then need --resume.
#[test]
fn no_early_stop_past_a_stored_period_is_stored() {
    let path = std::env::temp_dir().join(format!("grundy-cli-nes-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let store = path.to_str().unwrap();
    let first = grundy(&["seq", "kayles", "--to", "300", "--store", store]);
    assert!(first.status.success(), "{}", stderr(&first));
    let size = std::fs::metadata(&path).unwrap().len();
    let args = [
        "seq",
        "kayles",
        "--to",
        "5000",
        "--store",
        store,
        "--no-early-stop",
    ];
    let refused = grundy(&args);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--resume"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    let resumed = grundy(&[&args[..], &["--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(
        grundy::takebreak::SequenceStore::open(&path).unwrap().len(),
        5001
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn misere_answers_carry_the_misere_value_genus_and_form() {
    let v = json(&["value", "--json", "misere(kayles(5))"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["misere_value"], 1);
    assert_eq!(v["genus"], "4^146");
    assert_eq!(v["misere_canonical"], "*[2[2]321]");
    // Misère Kayles values begin 1,0,2,3,0,1,3,2 (issue 13); per heap with its genus.
    let s = json(&["seq", "kayles", "--misere", "--to", "20", "--json"]);
    let values: Vec<u64> = s["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(&values[..8], [1, 0, 2, 3, 0, 1, 3, 2]);
    assert_eq!(s["genus"][5], "4^146");
    // Misère Kayles of 40 pins by forms, with its genus (plain search took 0.7 s).
    let v = json(&["value", "--json", "misere(kayles(40))"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["genus"].is_string(), "{v}");
}

#[test]
fn misere_canonical_forms_are_games() {
    // Kayles(5)'s misère form, as CGSuite prints it, and as a game.
    let v = json(&["value", "--json", "misere_canonical(kayles(5))"]);
    assert_eq!(v["game"], "*[2[2]321]");
    // In misère play the form equals the game: the same outcome beside anything.
    for other in ["nim(1)", "nim(2)", "kayles(3)", "nim(1,1)"] {
        let a = json(&["value", "--json", &format!("misere(kayles(5) + {other})")]);
        let b = json(&[
            "value",
            "--json",
            &format!("misere(misere_canonical(kayles(5)) + {other})"),
        ]);
        assert_eq!(a["outcome"], b["outcome"], "{other}");
        assert_eq!(a["genus"], b["genus"], "{other}");
    }
    // CGSuite's input notation reads, and so does what it prints: the form
    // printed above is the game again.
    let v = json(&["value", "--json", "misere(*[[2],1])"]);
    assert_eq!(v["misere_canonical"], "*[2#1]");
    let printed = json(&["value", "--json", "misere(*[2[2]321] + nim(2))"]);
    let game = json(&["value", "--json", "misere(kayles(5) + nim(2))"]);
    assert_eq!(printed["genus"], game["genus"]);
    assert_eq!(printed["misere_canonical"], game["misere_canonical"]);
    // A printed string of digits is a heap when typed (as in CGSuite), the
    // printed form when quoted; a bad printed form is refused with a hint.
    let heap = json(&["value", "--json", "*[42]"]);
    assert_eq!(heap["nimber"], 42);
    let form = json(&["value", "--json", "misere_canonical(\"*[42]\")"]);
    assert_eq!(form["game"], "*[4,2]");
    assert_eq!(form["nimber"], 0);
    let o = grundy(&["value", "misere(*[2[2]32x])"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("as CGSuite prints it"),
        "{}",
        stderr(&o)
    );
    let o = grundy(&["value", "misere_canonical(domineering(\"..\"))"]);
    assert!(stderr(&o).contains("partizan"), "{}", stderr(&o));
}

#[test]
fn misere_quotients_are_printed_and_answer_sums() {
    // 0.75's quotient is R8 (Plambeck–Siegel; data/misere/quotients.toml).
    let out = stdout(&grundy(&["quotient", "octal[0.75]", "--heaps", "40"]));
    assert!(out.contains("|Q| = 8, |P| = 2"), "{out}");
    assert!(out.contains("P-portion: {a, b^2}"), "{out}");
    assert!(out.contains("proved"), "{out}");
    let q = json(&["quotient", "dawson", "--heaps", "30", "--json"]);
    assert_eq!(q["order"], 360);
    // Sums far past plain search, at once through the quotient.
    let v = json(&[
        "value",
        "--json",
        "misere(octal[0.75](1000) + octal[0.75](77) + octal[0.75](5))",
    ]);
    assert_eq!(v["outcome"], "N");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    // The engine (now the quotient) against plain search on every small sum.
    for family in [
        "misere(dawson + dawson + dawson)",
        "misere(kayles + kayles)",
    ] {
        let o = grundy(&["verify", family, "--bound", "9"]);
        assert!(o.status.success(), "{family}: {}", stdout(&o));
    }
    let o = grundy(&["quotient", "queen"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn options_lists_each_players_moves_and_what_they_change() {
    let o = grundy(&["options", "nim(2) + kayles(2)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "nim(2) + kayles(2)\noptions (4):\n  kayles(2)\n  nim(1) + kayles(2)\n  nim(2) + kayles(1)\n  nim(2)\n"
    );
    let v = json(&["options", "--json", "domineering(\"..|..\") + *"]);
    assert_eq!(v["kind"], "partizan");
    assert_eq!(
        v["parts"],
        serde_json::json!(["domineering(\"..|..\")", "*"])
    );
    assert_eq!(v["left"].as_array().unwrap().len(), 3);
    assert_eq!(v["right"][0]["part"], 0);
    assert_eq!(v["right"][0]["to"], "domineering(\"##|..\")");
    assert_eq!(v["complete"], true);
    let f = json(&["options", "--followers", "--json", "nim(2,1)"]);
    assert_eq!(f["count"], 5);
    let bad = grundy(&["options", "nim(2"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("at column 6"), "{}", stderr(&bad));
}

/// Issue 12: CGSuite's analysis functions as expression functions, printed
/// by `value` (values from CGSuite 2.2's GameTest.scala and
/// CanonicalShortGameTestCase.scala).
#[test]
fn analysis_functions_in_expressions() {
    for (expr, want) in [
        ("cool({3|-1},1)", "{2|0}"),
        ("cool({3||2*|1*}, 1/4)", "{11/4||2|3/2}"),
        ("cool(1/4, -3/8)", "{3/8|1/8}"),
        ("heat({3||2*|1*}, *)", "{3*||2|1}"),
        ("reduced({3||2*|1*})", "{3||2|1}"),
        ("freeze({3||2*|1*})", "9/4*"),
        ("overheat(7/16, 0, 0)", "^[3]"),
        ("atomic_weight({^^^|vv})", "{1|0}"),
        ("stop_count(*8)", "4374"),
        ("ordinal_product(1/2, 1/4)", "11/32"),
        ("ordinal_sum(1/2, 1/4)", "9/16"),
        ("conway_product(*19, *23)", "*86"),
        ("norton_product(1/2, ^)", "{^^*|v*}"),
        ("conjunctive(+-1, ^^)", "{0|-1}"),
        // nested, in sums, negated
        ("cool({3|-1}, 1) + reduced(^*)", "{2|0}"),
        ("-freeze({3||2*|1*})", "-9/4*"),
    ] {
        // Equal values (the printed form is CGSuite's notation, which may
        // spell a value otherwise).
        let v = json(&["compare", "--json", "--", expr, want]);
        assert_eq!(v["relation"], "=", "{expr}: {v}");
    }
    for (expr, want) in [
        ("cool({3|-1},1)", "{2|0}"),
        ("freeze({3||2*|1*})", "9/4*"),
        ("stop_count(*8)", "4374"),
        ("conway_product(*19, *23)", "*86"),
        ("ordinal_product(1/2, 1/4)", "11/32"),
    ] {
        assert_eq!(json(&["value", "--json", expr])["value"], want, "{expr}");
    }
    let o = grundy(&["value", "cool({3|-1},1)"]);
    assert!(
        stdout(&o).starts_with("cool({3|-1}, 1)\nvalue:   {2|0}\n"),
        "{}",
        stdout(&o)
    );
    // A list prints one game a line, each reading back as that game (issue
    // 27: CGSuite's set notation {{2*|1*||0}} is no game); its JSON has the
    // items and the set as CGSuite writes it.
    let text = stdout(&grundy(&["value", "incentives(*8)"]));
    let items: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("  ")).collect();
    assert_eq!(
        items,
        ["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"],
        "{text}"
    );
    let o = grundy(&["value", "incentives({3||2*|1*})"]);
    let item = stdout(&o)
        .lines()
        .find_map(|l| l.strip_prefix("  "))
        .map(str::to_string);
    assert_eq!(item.as_deref(), Some("{2*|1*||0}"), "{}", stdout(&o));
    let back = json(&["value", "--json", "{2*|1*||0}"]);
    assert_eq!(back["value"], "{2*|1*||0}");
    let v = json(&["value", "--json", "incentives({3||2*|1*})"]);
    assert_eq!(v["kind"], "list");
    assert_eq!(v["list"][0], "{2*|1*||0}");
    // No field is a value that does not read back: CGSuite's set notation
    // is the `cgsuite` field, for CGSuite, and every item reads back.
    assert!(v.get("value").is_none(), "{v}");
    let set = v["cgsuite"].as_str().unwrap_or_default();
    assert!(set.starts_with("{{2*|1*||0}"), "{v}");
    for item in v["list"].as_array().unwrap() {
        let back = json(&["value", "--json", item.as_str().unwrap()]);
        assert_eq!(back["value"], *item);
    }
    // Errors say what was wrong and what is accepted (exit 2).
    for (expr, says) in [
        ("atomic_weight({1|^^^||^})", "not atomic"),
        ("cool(^, -1)", "t > -1"),
        ("norton_product(1, v)", "not positive"),
        ("cool({1|0})", "takes 2 arguments"),
        ("incentives(^) + 1", "whole expression"),
        ("reduced(misere(nim(1)))", "must be a game with a value"),
    ] {
        let o = grundy(&["value", expr]);
        assert_eq!(o.status.code(), Some(2), "{expr}");
        assert!(stderr(&o).contains(says), "{expr}: {}", stderr(&o));
    }
    // Deep recursion stops at --max-depth, huge heats at overflow.
    let o = grundy(&["value", "ordinal_sum(^, 100000)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--max-depth"), "{}", stderr(&o));
    let o = grundy(&["value", "heat({1|-1}, 9223372036854775807)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("overflow"), "{}", stderr(&o));
    // `grundy games` lists the functions from their declarations.
    let list = stdout(&grundy(&["games"]));
    for f in ["cool(G, t)", "norton_product(G, U)", "incentives(G)"] {
        assert!(list.contains(f), "{list}");
    }
}

/// Issue 12: values print as CGSuite 2.2 prints them, uptimals compact;
/// `--notation expanded` writes those uptimals in braces, as grundy did,
/// in text and JSON, and on every command that prints values.
#[test]
fn notation_expanded_writes_uptimals_in_braces() {
    let o = grundy(&["value", "{^|*||*|||*}"]);
    assert!(stdout(&o).contains("value:   ^[4]\n"), "{}", stdout(&o));
    let o = grundy(&["value", "--notation", "expanded", "^[4]"]);
    assert!(
        stdout(&o).contains("value:   {^|*||*|||*}\n"),
        "{}",
        stdout(&o)
    );
    let v = json(&["value", "--json", "--notation", "expanded", "v<2> + 3/4"]);
    assert_eq!(v["value"], "{3/4^*|3/4}");
    let v = json(&["value", "--json", "v<2> + 3/4"]);
    assert_eq!(v["value"], "3/4v<2>");
    // The flag is global: options and transform print in it too.
    let o = grundy(&["--notation", "expanded", "transform", "^<2>", "--heat", "0"]);
    assert!(stdout(&o).contains("{0|v*}"), "{}", stdout(&o));
    let o = grundy(&["value", "--notation", "braces", "^"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("expanded"), "{}", stderr(&o));
}

/// Issue 12: codes as CGSuite spells them read where codes are read, and
/// codes print CGSuite's way (brackets for the repeating digit, `!` for
/// unequal splits).
#[test]
fn codes_read_and_print_as_cgsuite_spells_them() {
    let seq = |ruleset: &str| stdout(&grundy(&["seq", ruleset, "--to", "30"]));
    assert_eq!(seq("octal[4!.0]"), seq("grundy_game"));
    assert_eq!(seq("octal[0.[3]]"), seq("nim"));
    assert_eq!(seq("octal[0.3003330[3]]"), seq("allbut[2,3,7]"));
    let v = json(&["seq", "grundy_game", "--to", "5", "--json"]);
    assert_eq!(v["code"], "4!.0");
    let v = json(&["seq", "octal[0.(3)]", "--to", "5", "--json"]);
    assert_eq!(v["code"], "0.[3]");
    let o = grundy(&["value", "octal[4!.0](9) + grundy_game(9)"]);
    assert!(stdout(&o).contains("value:   0"), "{}", stdout(&o));
    // Issue 24: the general codes too (a period of several digits, heap
    // lists, marks on any digit), valued by plain mex, the period seen.
    let o = grundy(&["seq", "octal[0.[37]]", "--to", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("0 1 2 3 4 5\n"), "{}", stdout(&o));
    assert!(stdout(&o).contains("not proved"), "{}", stdout(&o));
    let v = json(&["seq", "octal[0.{0,2+}]", "--to", "5", "--json"]);
    assert_eq!(v["code"], "0.{0,2+}");
    let o = grundy(&["value", "octal[4=.0](6) + octal[0.g](9)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = grundy(&["seq", "octal[0.[37]]", "--to", "5", "--stats"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("general take-and-break code"),
        "{}",
        stderr(&o)
    );
    let o = grundy(&["value", "octal[0.{0,9+}](1000000)"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--max-positions"), "{}", stderr(&o));
}

/// Issue 27: a game or value that starts with a minus is taken as written,
/// without `--`, by every command that takes one; flags still read.
#[test]
fn games_and_values_may_start_with_a_minus() {
    for (args, says) in [
        (vec!["value", "-1/2"], "value:   -1/2"),
        (vec!["value", "--json", "-1/2"], "\"value\":\"-1/2\""),
        (vec!["value", "-2", "--max-moves", "3"], "value:   -2"),
        (vec!["compare", "{1|0}", "-2"], "{1|0} > -2"),
        (vec!["compare", "-2", "{1|0}"], "-2 < {1|0}"),
        (vec!["options", "-1"], "Right's options (1)"),
        (vec!["thermograph", "-{1|-1}"], "temperature"),
        (
            vec!["transform", "-1", "--heat", "-1/2"],
            "-1 heated by -1/2: -1",
        ),
    ] {
        let o = grundy(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).contains(says), "{args:?}: {}", stdout(&o));
    }
}

/// Issue 27: `seq` says in its help that text wraps at 32 values a line,
/// and writes one value a line with --one-per-line, for piping.
#[test]
fn seq_writes_one_value_a_line_on_request() {
    // clap wraps help at the terminal's width (or 100 columns without one),
    // so the words are compared with the line breaks taken out.
    let help = stdout(&grundy(&["seq", "--help"]));
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("32 values a line") && words.contains("--one-per-line"),
        "{help}"
    );
    let wrapped = stdout(&grundy(&["seq", "kayles", "--to", "40"]));
    let lines: Vec<&str> = wrapped.lines().collect();
    assert_eq!(lines[0].split(' ').count(), 32, "{wrapped}");
    assert_eq!(lines[1].split(' ').count(), 9, "{wrapped}");
    let one = stdout(&grundy(&["seq", "kayles", "--to", "40", "--one-per-line"]));
    let values: Vec<&str> = one.lines().take(41).collect();
    assert!(values.iter().all(|v| v.parse::<u64>().is_ok()), "{one}");
    assert_eq!(values.join(" "), format!("{} {}", lines[0], lines[1]));
    assert!(
        one.lines().nth(41).is_some_and(|l| l.starts_with("period")),
        "{one}"
    );
}

/// Issue 27: an all-green Hackenbush tree (every option open to both
/// players) lists its winning moves once, not as two identical lists.
#[test]
fn an_impartial_position_lists_its_winning_moves_once() {
    let out = stdout(&grundy(&["value", "hackenbush_tree(\"e(e,e)\")"]));
    assert!(
        out.contains("Either player's winning moves (moving first):"),
        "{out}"
    );
    assert!(!out.contains("Left's") && !out.contains("Right's"), "{out}");
    assert_eq!(out.matches("hackenbush_tree(\"\")").count(), 1, "{out}");
    // A blue edge: the lists differ and are both shown.
    let out = stdout(&grundy(&["value", "hackenbush_tree(\"l(e,e)\")"]));
    assert!(
        out.contains("Left's winning moves") && out.contains("Right's winning moves"),
        "{out}"
    );
}

/// A ruleset's impartial variant played misère: both players have the union
/// of moves, and the last to move loses. `impartial(clobber("xo"))` has one
/// move to the end (Left's or Right's capture), so misère it is a loss for
/// the player to move, and beside a heap of one it is misère Nim's `1 + 1`,
/// a win; `clobber("xoxo")`'s impartial variant is decided by search.
#[test]
fn impartial_variants_play_misere() {
    let outcome = |q: &str| json(&["value", "--json", q])["outcome"].clone();
    assert_eq!(outcome(r#"impartial(clobber("xo"))"#), "N");
    assert_eq!(outcome(r#"misere(impartial(clobber("xo")))"#), "P");
    assert_eq!(outcome(r#"misere(impartial(clobber("xo")) + nim(1))"#), "N");
    assert_eq!(outcome("misere(nim(1,1))"), "N");
    // Misère Nim with three heaps of one is P, and so it stays with one heap
    // replaced by the one-move variant above.
    assert_eq!(outcome("misere(nim(1,1,1))"), "P");
    assert_eq!(
        outcome(r#"misere(impartial(clobber("xo")) + nim(1,1))"#),
        "P"
    );
}

/// The limits a large set's error names are `seq`'s own flags: a period
/// whose check needs more heaps than `--max-positions` allows is refused
/// naming it, and proved once it is raised (or by default).
#[test]
fn seq_of_a_large_set_takes_the_limits_its_errors_name() {
    let set = "allbut[5,100000,100005]";
    let o = grundy(&[
        "seq",
        set,
        "--at",
        "1000000000000",
        "--max-positions",
        "100000",
    ]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("no arithmetic period of allbut[5,100000,100005]"),
        "{e}"
    );
    assert!(
        e.contains("100000 heaps computed one by one (--max-positions"),
        "{e}"
    );
    let o = grundy(&["seq", set, "--at", "1000000000000", "--max-memory", "1M"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--max-memory"), "{}", stderr(&o));
    let o = grundy(&["seq", set, "--at", "1000000000000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("arithmetic period 300000, saltus 100000, preperiod 0: proved"),
        "{}",
        stdout(&o)
    );
    let o = grundy(&["seq", "sub[1,2,4097]", "--at", "10", "--max-memory", "1G"]);
    assert!(o.status.success(), "{}", stderr(&o));
}
