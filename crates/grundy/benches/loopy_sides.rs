//! Sides of Backsliding Toads and Frogs rows against retrograde analysis
//! of the same graph, in the same run.
//!
//! `cargo bench -p grundy --bench loopy_sides` builds each row's game
//! graph, times the win/loss/draw retrograde analysis of it (each player
//! moving first) and the computation of its value (the onside and offside
//! by sidling, canonical stoppers), and prints positions per second for
//! both. Every row asserts that the outcome read from the value is the
//! retrograde analysis's; `ttt..fff` asserts CGSuite's value. A row whose
//! comparison tables would pass the memory limit is reported as refused
//! (the sides take a table over pairs of positions), as is one that
//! takes over a minute.

use std::time::Instant;

use grundy::games::backsliding_toads_frogs::backsliding_toads_frogs;
use grundy::loopy::{outcomes, LoopyValue};
use grundy::{Budget, Limits};

fn main() {
    let rows = [
        "t.f",
        "tt.f",
        "t..f",
        "tt.ff",
        "tt..ff",
        "t.t.f.f",
        "tt...ff",
        "ttt.fff",
        "ttt..fff",
        "tt.t.f.ff",
        "ttt...fff",
        "tttt..ffff",
        "ttt....fff",
        "tttt...ffff",
        "tttt....ffff",
    ];
    println!(
        "{:<14} {:>9} {:>14} {:>14} {:>8}  value",
        "row", "positions", "retrograde/s", "sides/s", "ratio"
    );
    for row in rows {
        // A shared machine: half a gigabyte and a minute a row.
        let budget = Budget::new(Limits {
            max_memory: 512 << 20,
            max_time: Some(std::time::Duration::from_secs(60)),
            ..Limits::default()
        });
        let g = backsliding_toads_frogs(row, &budget).expect("a row");
        let n = g.len() as f64;
        let t = Instant::now();
        let retro = outcomes(&g, &budget).expect("retrograde analysis within limits");
        let retro_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let value = LoopyValue::of(&g, &budget);
        let sides_s = t.elapsed().as_secs_f64();
        match value {
            Ok(v) => {
                assert_eq!(v.outcomes(&budget).expect("small"), retro, "{row}");
                if row == "ttt..fff" {
                    // CGSuite 2.2's GameStripTest.
                    assert_eq!(v.to_string(), "{on||0|-1/2} & {1/2|0||off}");
                }
                let text = v.to_string();
                let shown: String = text.chars().take(50).collect();
                println!(
                    "{row:<14} {:>9} {:>14.0} {:>14.0} {:>8.0}  {shown}",
                    g.len(),
                    n / retro_s,
                    n / sides_s,
                    sides_s / retro_s
                );
            }
            Err(e) => println!(
                "{row:<14} {:>9} {:>14.0} {:>14} {:>8}  refused: {e}",
                g.len(),
                n / retro_s,
                "-",
                "-"
            ),
        }
    }
}
