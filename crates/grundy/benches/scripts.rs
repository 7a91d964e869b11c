//! Scripted games against the same games built in, in the same run: the
//! subtraction game {1,3,4} to N heaps (`rules/sub134.rhai` against
//! `sub[1,3,4]`'s heap solver), the corner knight's N×N table
//! (`rules/knight_corner.rhai` against the `knight` board table) and the
//! partizan subtraction game's values to 200 (`rules/lr_subtraction.rhai`
//! against `subtraction(n,[1,2],[1,3])`). Asserts the answers are equal and
//! prints positions a second and the ratios. Run:
//! `cargo bench -p grundy --bench scripts` (GRUNDY_BENCH_N sets the heap count, default 10^6).

use std::path::Path;
use std::time::Instant;

use grundy::board::Piece;
use grundy::registry::Registry;
use grundy::takebreak::TakeBreak;
use grundy::{Budget, Engine, Limits};

fn rules(file: &str) -> &'static grundy::script::ScriptGame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../rules")
        .join(file);
    let mut reg = Registry::default();
    reg.load(&path, &Limits::default())
        .expect("the example loads")[0]
}

fn main() {
    let n: u64 = std::env::var("GRUNDY_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let budget = Budget::new(Limits::default());

    // sub134 to n heaps.
    let sub134 = rules("sub134.rhai");
    let t = Instant::now();
    let scripted = sub134.sequence(n, &budget).expect("within limits");
    let script_s = t.elapsed().as_secs_f64();
    let rules_134 = TakeBreak::subtraction(&[1, 3, 4]).expect("a subtraction set");
    let t = Instant::now();
    let mut engine = Engine::new(Limits::default());
    let built = engine
        .heap_sequence(&rules_134, n)
        .expect("within limits")
        .clone();
    let built_s = t.elapsed().as_secs_f64();
    for (h, &v) in scripted.iter().enumerate() {
        assert_eq!(built.get(h as u64), Ok(grundy::Nimber(v)), "sub134({h})");
        assert_eq!(v, [0, 1, 0, 1, 2, 3, 2][h % 7], "sub134({h})");
    }
    println!(
        "sub134 to {n}: script {script_s:.3} s ({:.0} positions/s), built-in {built_s:.4} s, \
         ratio {:.0}x",
        (n + 1) as f64 / script_s,
        script_s / built_s
    );

    // knight_corner, side 1000.
    let side = 1000;
    let knight = rules("knight_corner.rhai");
    let t = Instant::now();
    let table = knight.table(side, side, &budget).expect("within limits");
    let script_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let built = grundy::board::BoardTable::compute(&Piece::knight(), side, &Limits::default())
        .expect("within limits");
    let built_s = t.elapsed().as_secs_f64();
    for (x, row) in table.iter().enumerate() {
        let want: Vec<u64> = built.row(x as u64)[..side as usize]
            .iter()
            .map(|&v| v as u64)
            .collect();
        assert_eq!(*row, want, "knight_corner row {x}");
    }
    println!(
        "knight_corner {side}x{side}: script {script_s:.3} s ({:.0} positions/s), built-in \
         {built_s:.4} s, ratio {:.0}x",
        (side * side) as f64 / script_s,
        script_s / built_s
    );

    // lr_subtraction to 200: every canonical value, each heap in a fresh engine.
    let lr = rules("lr_subtraction.rhai");
    let mut reg = Registry::default();
    reg.add(&[lr]).expect("a new name");
    let values = |text: &dyn Fn(u64) -> String, reg: &Registry| {
        let t = Instant::now();
        let mut engine = Engine::new(Limits::default());
        engine.set_registry(reg.clone());
        let v: Vec<String> = (0..=200)
            .map(|h| {
                let g = grundy::language::expr::parse_game_in(&text(h), reg).expect("a position");
                engine.partizan_value(&g).expect("a value").to_string()
            })
            .collect();
        (v, t.elapsed().as_secs_f64())
    };
    let (scripted, script_s) = values(&|h| format!("lr_subtraction({h})"), &reg);
    let (built, built_s) = values(
        &|h| format!("subtraction({h},[1,2],[1,3])"),
        Registry::builtin(),
    );
    assert_eq!(scripted, built);
    println!(
        "lr_subtraction 0..=200: script {script_s:.4} s, built-in {built_s:.4} s, ratio {:.1}x",
        script_s / built_s
    );
}
