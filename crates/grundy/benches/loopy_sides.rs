//! Sides of loopy graphs against retrograde analysis of the same graph,
//! in the same run: Backsliding Toads and Frogs rows of growing length
//! and Fox and Geese positions (CGSuite's, and the 8×8 opening).
//!
//! `cargo bench -p grundy --bench loopy_sides` builds each game graph,
//! times the win/loss/draw retrograde analysis of it (each player moving
//! first) and the computation of its value (onside and offside by
//! sidling, one strongly connected component at a time, canonical
//! stoppers), and prints positions per second for both and their ratio.
//! Every case asserts that the outcome read from the value is the
//! retrograde analysis's, and those CGSuite valued assert CGSuite's
//! value. A case over its limits (4 GiB, two and a half minutes) is reported as
//! refused with the limit's error.

use std::time::{Duration, Instant};

use grundy::games::backsliding_toads_frogs::backsliding_toads_frogs;
use grundy::games::fox_geese::FoxGeese;
use grundy::loopy::{outcomes, LoopyGame, LoopyValue};
use grundy::{Budget, Limits};

fn budget() -> Budget {
    Budget::new(Limits {
        max_memory: 4 << 30,
        max_time: Some(Duration::from_secs(150)),
        ..Limits::default()
    })
}

/// Times one graph both ways, checks the value, prints a line.
fn run(name: &str, g: &LoopyGame, cgsuite: Option<&str>, budget: &Budget) {
    let n = g.len() as f64;
    let t = Instant::now();
    let retro = outcomes(g, budget).expect("retrograde analysis within limits");
    let retro_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let value = LoopyValue::of(g, budget);
    let sides_s = t.elapsed().as_secs_f64();
    match value {
        Ok(v) => {
            assert_eq!(v.outcomes(budget).expect("small"), retro, "{name}");
            let text = v.to_string();
            if let Some(want) = cgsuite {
                assert_eq!(text, want, "{name}: CGSuite's value");
            }
            let shown: String = text.chars().take(40).collect();
            println!(
                "{name:<16} {:>9} {:>13.0} {:>11.0} {:>7.0} {:>8.2}  {shown}",
                g.len(),
                n / retro_s,
                n / sides_s,
                sides_s / retro_s,
                sides_s
            );
        }
        Err(e) => println!(
            "{name:<16} {:>9} {:>13.0} {:>11} {:>7} {:>8.2}  refused: {e}",
            g.len(),
            n / retro_s,
            "-",
            "-",
            sides_s
        ),
    }
}

fn main() {
    println!(
        "{:<16} {:>9} {:>13} {:>11} {:>7} {:>8}  value",
        "game", "positions", "retrograde/s", "sides/s", "ratio", "sides s"
    );
    // CGSuite 2.2's GameStripTest.
    let rows = [
        ("tt..ff", None),
        ("tt...ff", None),
        ("ttt..fff", Some("{on||0|-1/2} & {1/2|0||off}")),
        ("ttt...fff", None),
        ("tttt..ffff", None),
        ("ttt....fff", None),
        ("tttt...ffff", None),
        ("tttt....ffff", None),
    ];
    for (row, cgsuite) in rows {
        let b = budget();
        let g = backsliding_toads_frogs(row, &b).expect("a row");
        run(row, &g, cgsuite, &b);
    }
    // CGSuite's GameGridTest (data/partizan/loopy_games.toml), then the
    // 8×8 opening: geese on the top row, the fox in the bottom corner.
    let boards: [(&str, u8, u8, &str, Option<&str>); 5] = [
        (
            "F&G (2,8)",
            8,
            1,
            "x.x.x.x.|.......o|........",
            Some("4over"),
        ),
        (
            "F&G 4 rows",
            8,
            1,
            ".x.x.x.x|........|........|o.......",
            Some("{4*|7/2}"),
        ),
        (
            "F&G[8,2] 4 rows",
            8,
            2,
            ".x.x.x.x|........|........|o.......",
            Some("{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"),
        ),
        (
            "F&G[10] 3 rows",
            10,
            1,
            "x.x.x.x.x.|..........|........o.",
            Some("{6over|5*}"),
        ),
        (
            "F&G 8x8 opening",
            8,
            1,
            ".x.x.x.x|........|........|........|........|........|........|o.......",
            None,
        ),
    ];
    for (name, width, range, grid, cgsuite) in boards {
        let b = budget();
        let rules = FoxGeese { width, range };
        let start = rules.parse_grid(grid).expect("a board");
        match LoopyGame::from_rules(&rules, start, &b) {
            Ok(g) => run(name, &g, cgsuite, &b),
            Err(e) => println!("{name:<16} refused: {e}"),
        }
    }
}
