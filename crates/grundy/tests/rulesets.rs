//! The rulesets of issue 24: the published values of
//! data/partizan/rulesets.toml and data/impartial/turning.toml through the
//! engine (the expressions as a user writes them), and on every small
//! position each game's shortcuts (split, normalise, symmetry) against the
//! bare rules, its outcome against plain minimax search, and its printing
//! read back; coin strips against plain search of the coins themselves.

use std::collections::HashMap;
use std::fmt::Display;
use std::ops::ControlFlow;

use grundy::games::clobber_variants::{
    variant_board, GenClobber, ANTICLOBBER, DIAGONAL_CLOBBER, HOT_CLOBBER, KINGS, KNIGHTS, QUEENS,
    ROOKS,
};
use grundy::games::fission::{fission, Fission};
use grundy::games::gen_cutcake::{cake, GenCutcake, EATCAKE, MAUNDY_CAKE, TURN_AND_EATCAKE};
use grundy::games::gen_toads_frogs::{elephants_rhinos, gen_toads_frogs, GenToadsFrogs};
use grundy::games::konane::{konane, Konane};
use grundy::games::partizan_euclid::{Pair, PartizanEuclid};
use grundy::games::turning::TurningCode;
use grundy::partizan::{
    search_outcome, toads_frogs, CanonicalSolver, Error, Game, PartizanRules, ToadsFrogs,
};
use grundy::{parse_game, Engine, Limits, Player};
use serde::Deserialize;

// ------------------------------------------------------------ references

/// The rules with their options only: no split, no normalising, no
/// symmetry, so values over it do not share the shortcuts under test.
#[derive(Clone, Copy)]
struct Plain<R>(R);

impl<R: PartizanRules> PartizanRules for Plain<R> {
    type Position = R::Position;

    fn options(&self, p: &R::Position, player: Player, out: &mut Vec<R::Position>) {
        self.0.options(p, player, out)
    }
}

/// Checks a small position three ways: its value with the game's shortcuts
/// is the value of the bare rules; its outcome is plain minimax search's;
/// it prints as `name…("…")` and reads back through `parse`.
fn checked<R>(
    rules: R,
    bare: &mut CanonicalSolver<Plain<R>>,
    p: &R::Position,
    parse: &dyn Fn(&str) -> Result<R::Position, Error>,
) -> Game
where
    R: PartizanRules + Copy,
    R::Position: Display,
{
    let v = CanonicalSolver::new(rules).value(p).unwrap();
    assert_eq!(
        v,
        bare.value(p).unwrap(),
        "{p}: the shortcuts changed the value"
    );
    assert_eq!(
        v.outcome(),
        search_outcome(&Plain(rules), p).unwrap(),
        "{p}: outcome"
    );
    let shown = p.to_string();
    let inner = shown
        .split_once("(\"")
        .and_then(|(_, rest)| rest.strip_suffix("\")"))
        .unwrap_or_else(|| panic!("{shown} is not name(\"…\")"));
    assert_eq!(&parse(inner).unwrap(), p, "{shown} reads back");
    v
}

/// Every string of `len` characters from `alphabet`.
fn strings(alphabet: &str, len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..len {
        out = out
            .iter()
            .flat_map(|s| alphabet.chars().map(move |c| format!("{s}{c}")))
            .collect();
    }
    out
}

/// Every board of `rows x cols` cells from `alphabet`, as `"..|.."`.
fn boards(alphabet: &str, rows: usize, cols: usize) -> Vec<String> {
    strings(alphabet, rows * cols)
        .into_iter()
        .map(|s| {
            let chars: Vec<char> = s.chars().collect();
            chars
                .chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

fn data<T: for<'de> Deserialize<'de>>(file: &str) -> T {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn engine_value(expr: &str) -> Game {
    let g = parse_game(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    Engine::new(Limits::default())
        .partizan_value(&g)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

// ------------------------------------------------------------ published values

#[derive(Deserialize)]
struct Rulesets {
    record: Vec<Record>,
    row: Vec<Row>,
    left_options_8_8: HashMap<String, toml::Value>,
}

#[derive(Deserialize)]
struct Record {
    expr: String,
    written: String,
    value: String,
    source: String,
}

#[derive(Deserialize)]
struct Row {
    game: String,
    written: String,
    values: Vec<String>,
    source: String,
}

#[test]
fn published_values() {
    let file: Rulesets = data("partizan/rulesets.toml");
    assert!(file.record.len() >= 16, "the data file lost records");
    for r in &file.record {
        assert!(!r.source.trim().is_empty() && !r.written.is_empty());
        let want = Game::parse(&r.value).unwrap_or_else(|e| panic!("{}: {e}", r.value));
        assert_eq!(
            engine_value(&r.expr),
            want,
            "{} [{}: {}]",
            r.expr,
            r.source,
            r.written
        );
    }
    for games in [
        "konane",
        "fission",
        "clobber_",
        "anticlobber",
        "gen_toads",
        "elephants",
        "quelhas",
        "splittles",
        "digraph_placement",
    ] {
        assert!(
            file.record.iter().any(|r| r.expr.starts_with(games)),
            "no published value for {games}"
        );
    }
}

#[test]
fn published_cake_and_euclid_rows() {
    let file: Rulesets = data("partizan/rulesets.toml");
    assert_eq!(file.row.len(), 4);
    for row in &file.row {
        assert!(!row.source.is_empty() && !row.written.is_empty());
        assert_eq!(row.values.len(), 9);
        for (n, want) in row.values.iter().enumerate() {
            let expr = format!("{}(8,{n})", row.game);
            assert_eq!(
                engine_value(&expr),
                Game::parse(want).unwrap(),
                "{expr} [{}]",
                row.source
            );
        }
    }
    let counts = &file.left_options_8_8;
    let of = |name: &str| counts[name].as_integer().unwrap() as usize;
    assert_eq!(
        left_count(GenCutcake::<EATCAKE>, cake(8, 8).unwrap()),
        of("eatcake")
    );
    assert_eq!(
        left_count(GenCutcake::<MAUNDY_CAKE>, cake(8, 8).unwrap()),
        of("maundy_cake")
    );
    assert_eq!(
        left_count(GenCutcake::<TURN_AND_EATCAKE>, cake(8, 8).unwrap()),
        of("turn_and_eatcake")
    );
    assert_eq!(
        left_count(PartizanEuclid, Pair(8, 8)),
        of("partizan_euclid")
    );
}

fn left_count<R: PartizanRules>(rules: R, p: R::Position) -> usize {
    let mut out = Vec::new();
    rules.options(&p, Player::Left, &mut out);
    out.len()
}

// ------------------------------------------------------------ every small position

#[test]
fn konane_small_boards() {
    let mut bare = CanonicalSolver::new(Plain(Konane));
    for (r, c) in [(1, 6), (2, 2), (2, 3), (3, 2), (1, 7)] {
        for b in boards(".xo#", r, c) {
            checked(Konane, &mut bare, &konane(&b).unwrap(), &konane);
        }
    }
    // A longer line with multiple jumps, against search of the bare rules.
    for b in boards(".xo", 1, 9) {
        checked(Konane, &mut bare, &konane(&b).unwrap(), &konane);
    }
}

#[test]
fn fission_small_boards() {
    let mut bare = CanonicalSolver::new(Plain(Fission));
    for (r, c) in [(1, 7), (3, 3), (2, 4), (4, 2), (3, 4)] {
        for b in boards(".x#", r, c) {
            checked(Fission, &mut bare, &fission(&b).unwrap(), &fission);
        }
    }
}

fn variant_small_boards<const V: usize>(sizes: &[(usize, usize)]) {
    let rules = GenClobber::<V>;
    let mut bare = CanonicalSolver::new(Plain(rules));
    let alphabet = if V == ANTICLOBBER { ".xo#" } else { ".xo" };
    for &(r, c) in sizes {
        for b in boards(alphabet, r, c) {
            checked(
                rules,
                &mut bare,
                &variant_board::<V>(&b).unwrap(),
                &variant_board::<V>,
            );
        }
    }
}

#[test]
fn clobber_variants_small_boards() {
    let sizes = [(1, 6), (2, 3), (3, 2), (2, 4)];
    variant_small_boards::<HOT_CLOBBER>(&sizes);
    variant_small_boards::<KINGS>(&sizes);
    // A knight needs room to leap: every 3x3 board too.
    variant_small_boards::<KNIGHTS>(&[(1, 6), (2, 3), (3, 2), (2, 4), (3, 3)]);
    variant_small_boards::<ROOKS>(&sizes);
    variant_small_boards::<QUEENS>(&sizes);
    variant_small_boards::<DIAGONAL_CLOBBER>(&sizes);
    variant_small_boards::<ANTICLOBBER>(&[(1, 5), (2, 2), (2, 3)]);
}

/// Every Clobber variant that captures is all-small, as Clobber is: a
/// player can move exactly when some stone sees a stone the other way
/// too... except Hot Clobber, whose stones capture their own.
#[test]
fn capturing_variants_are_all_small() {
    fn all_small<const V: usize>() {
        let mut s = CanonicalSolver::new(GenClobber::<V>);
        for b in boards(".xo", 2, 3) {
            let v = s.value(&variant_board::<V>(&b).unwrap()).unwrap();
            assert!(v.is_all_small(), "{b}: {v}");
        }
    }
    all_small::<KINGS>();
    all_small::<KNIGHTS>();
    all_small::<ROOKS>();
    all_small::<QUEENS>();
    all_small::<DIAGONAL_CLOBBER>();
}

#[test]
fn gen_toads_frogs_small_rows() {
    let mut bare = CanonicalSolver::new(Plain(GenToadsFrogs));
    for (j, s, friendly) in [
        (0, 1, false),
        (1, 1, false),
        (2, 1, false),
        (1, 2, false),
        (2, 3, true),
        (0, 2, false),
    ] {
        let parse = move |t: &str| gen_toads_frogs(j, s, friendly, t);
        for len in 0..=7 {
            for row in strings("tf.", len) {
                checked(GenToadsFrogs, &mut bare, &parse(&row).unwrap(), &parse);
            }
        }
    }
    for len in 0..=7 {
        for row in strings("tf.", len) {
            checked(
                GenToadsFrogs,
                &mut bare,
                &elephants_rhinos(&row).unwrap(),
                &elephants_rhinos,
            );
        }
    }
}

/// With jumps over one piece and slides of one cell, the generalised game
/// is Toads and Frogs itself: its values are `toads_frogs`'s (whose solver
/// uses Erickson's theorems).
#[test]
fn gen_toads_frogs_with_one_jump_is_toads_and_frogs() {
    let mut gen = CanonicalSolver::new(GenToadsFrogs);
    let mut classic = CanonicalSolver::new(ToadsFrogs);
    for len in 0..=9 {
        for row in strings("tf.", len) {
            assert_eq!(
                gen.value(&gen_toads_frogs(1, 1, false, &row).unwrap())
                    .unwrap(),
                classic.value(&toads_frogs(&row).unwrap()).unwrap(),
                "{row}"
            );
        }
    }
}

#[test]
fn cakes_small() {
    fn each<const K: usize>() {
        let mut bare = CanonicalSolver::new(Plain(GenCutcake::<K>));
        let mut fast = CanonicalSolver::new(GenCutcake::<K>);
        for m in 0..=7 {
            for n in 0..=7 {
                let p = cake::<K>(m, n).unwrap();
                let v = fast.value(&p).unwrap();
                assert_eq!(v, bare.value(&p).unwrap(), "{p}");
                assert_eq!(
                    v.outcome(),
                    search_outcome(&Plain(GenCutcake::<K>), &p).unwrap(),
                    "{p}"
                );
                assert_eq!(engine_value(&p.to_string()), v, "{p} through the engine");
            }
        }
    }
    each::<EATCAKE>();
    each::<MAUNDY_CAKE>();
    each::<TURN_AND_EATCAKE>();
}

/// Partizan Euclid against plain search, and through the engine.
#[test]
fn partizan_euclid_small() {
    let mut s = CanonicalSolver::new(PartizanEuclid);
    for p in 0..=20 {
        for q in 0..=20 {
            let v = s.value(&Pair(p, q)).unwrap();
            assert_eq!(
                v.outcome(),
                search_outcome(&PartizanEuclid, &Pair(p, q)).unwrap()
            );
            assert_eq!(engine_value(&Pair(p, q).to_string()), v);
        }
    }
}

// ------------------------------------------------------------ coin turning

#[derive(Deserialize)]
struct Turning {
    code: Vec<CodeRecord>,
    strip: Vec<StripRecord>,
}

#[derive(Deserialize)]
struct CodeRecord {
    code: String,
    name: String,
    values: Vec<u64>,
    options_20: usize,
}

#[derive(Deserialize)]
struct StripRecord {
    expr: String,
    written: String,
    value: u64,
    source: String,
}

#[test]
fn cgsuite_turning_codes() {
    let file: Turning = data("impartial/turning.toml");
    assert_eq!(file.code.len(), 10);
    for r in &file.code {
        let code = TurningCode::parse(&r.code).unwrap();
        let g = code.heap_values(20, 1_000_000).unwrap();
        assert_eq!(&g[1..], r.values.as_slice(), "{} ({})", r.code, r.name);
        let mut count = 0;
        let _ = code.heap_options(20, &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(
            count, r.options_20,
            "{} ({}): moves from heap 20",
            r.code, r.name
        );
    }
    for s in &file.strip {
        assert!(!s.source.is_empty() && !s.written.is_empty());
        assert_eq!(
            engine_value(&s.expr),
            Game::nimber(s.value).unwrap(),
            "{}",
            s.expr
        );
    }
}

/// The Grundy value of a strip of coins by plain search of the coins (a
/// move turns a set of coins the code allows, the rightmost heads to
/// tails), over every strip of up to 9 coins, against the engine's value
/// through the heap representation.
#[test]
fn coin_strips_against_plain_search() {
    for text in [
        "1-2", "1-3", "3", "1+C", "1-3C(5)", "3E", "4FS", "1+S", "2-3,6C", "1-4E",
    ] {
        let code = TurningCode::parse(text).unwrap();
        let mut memo: HashMap<u32, u64> = HashMap::new();
        fn grundy(code: &TurningCode, mask: u32, len: u32, memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&v) = memo.get(&mask) {
                return v;
            }
            let mut seen = Vec::new();
            for n in 1..=len {
                if mask >> (n - 1) & 1 == 0 {
                    continue;
                }
                let _ = code.heap_options(u64::from(n), &mut |heaps| {
                    let mut next = mask ^ (1 << (n - 1));
                    for &h in heaps {
                        next ^= 1 << (h - 1);
                    }
                    seen.push(next);
                    ControlFlow::Continue(())
                });
            }
            let values: Vec<u64> = seen
                .into_iter()
                .map(|m| grundy(code, m, len, memo))
                .collect();
            let v = (0..).find(|v| !values.contains(v)).unwrap();
            memo.insert(mask, v);
            v
        }
        let len = 9;
        for mask in 0u32..1 << len {
            let coins: String = (0..len)
                .map(|i| if mask >> i & 1 == 1 { 'h' } else { 't' })
                .collect();
            let expr = format!("turning({text:?},\"{coins}\")");
            let want = grundy(&code, mask, len, &mut memo);
            assert_eq!(engine_value(&expr), Game::nimber(want).unwrap(), "{expr}");
        }
    }
}

/// Bad input through the expression language: each error names what was
/// wrong and what is accepted, with the limits.
#[test]
fn bad_input_is_refused_with_what_is_accepted() {
    for (expr, says) in [
        ("konane(\"xo|x\")", "row 2 has 1 cells"),
        ("konane(\"xq\")", "'#' (blocked)"),
        ("fission(\"x.o\")", "'x' (a stone)"),
        ("clobber_kings(\"xo#\")", "unexpected '#'"),
        ("gen_toads_frogs(\"tf\")", "in one pair of brackets"),
        ("gen_toads_frogs[200](\"tf\")", "0 to 120"),
        ("gen_toads_frogs[1,0](\"tf\")", "1 to 120"),
        ("elephants_rhinos(\"tq\")", "'t' (toad, Left)"),
        ("eatcake(5000,1)", "4096"),
        ("maundy_cake(1)", "two sides"),
        ("partizan_euclid(1,99999999999)", "4294967295"),
        ("turning(\"1-3Q\",\"hh\")", "unexpected 'Q'"),
        ("turning(\"1-3\",\"hxh\")", "'h' (heads)"),
        (
            "mock_turtles(\"hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh\")",
            "at most 64",
        ),
        (
            "turning(\"1+\",\"tttttttttttttttttttttttttttttttttth\")",
            "more than 1000000 moves",
        ),
        ("fibonacci_nim(10)", "a heap and a memory"),
        ("mem(100001,1)", "over 100000"),
        ("take_away(10,4)", "ratio in brackets"),
        ("take_away[0](10,4)", "from 1 to 1000"),
        ("quicksort(1,2,1)", "1 appears twice"),
    ] {
        let e = parse_game(expr).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(says), "{expr}: {e}");
    }
}

// ------------------------------------------------------------ memory games and Quicksort

#[derive(Deserialize)]
struct Impartial {
    row: Vec<MemRow>,
    record: Vec<NimRecord>,
    one_end: OneEnd,
}

#[derive(Deserialize)]
struct MemRow {
    expr: String,
    written: String,
    values: Vec<u64>,
    options_10_10: usize,
    source: String,
}

#[derive(Deserialize)]
struct NimRecord {
    expr: String,
    written: String,
    value: u64,
    source: String,
}

#[derive(Deserialize)]
struct OneEnd {
    first_n: u64,
    last_n: u64,
    source: String,
}

#[test]
fn published_impartial_values() {
    let file: Impartial = data("impartial/rulesets.toml");
    assert_eq!(file.row.len(), 3);
    for row in &file.row {
        assert!(!row.source.is_empty() && !row.written.is_empty());
        for (n, &want) in row.values.iter().enumerate() {
            let expr = row.expr.replace("{n}", &n.to_string());
            assert_eq!(
                engine_value(&expr),
                Game::nimber(want).unwrap(),
                "{expr} [{}]",
                row.source
            );
        }
        let at = row.expr.replace("{n}", "10");
        let g = parse_game(&at).unwrap();
        let grundy::Component::Impartial(p) = g.components()[0] else {
            panic!("{at} is impartial");
        };
        let mut count = 0;
        let _ = p.options(&mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(count, row.options_10_10, "{at}: moves [{}]", row.source);
    }
    for r in &file.record {
        assert!(!r.source.is_empty() && !r.written.is_empty());
        assert_eq!(
            engine_value(&r.expr),
            Game::nimber(r.value).unwrap(),
            "{}",
            r.expr
        );
    }
    assert!(!file.one_end.source.is_empty());
    for n in file.one_end.first_n..=file.one_end.last_n {
        let seq: Vec<String> = (2..=n).chain([1]).map(|x| x.to_string()).collect();
        let expr = format!("quicksort({})", seq.join(","));
        assert_eq!(engine_value(&expr), Game::nimber(n - 1).unwrap(), "{expr}");
    }
}

/// Whinihan's rule for Fibonacci Nim (Whinihan, 1963): the player to
/// move from a heap of n, allowed to take up to 2k, loses exactly when 2k
/// is less than the smallest term of n's Zeckendorf representation.
#[test]
fn fibonacci_nim_follows_zeckendorf() {
    use grundy::games::gen_mem::{GenMem, MemHeap, FIBONACCI_NIM};
    fn smallest_zeckendorf(mut n: u32) -> u32 {
        let mut fib = vec![1u32, 2];
        while fib[fib.len() - 1] <= n {
            let k = fib.len();
            fib.push(fib[k - 1] + fib[k - 2]);
        }
        let mut last = 0;
        for &f in fib.iter().rev() {
            if f <= n {
                n -= f;
                last = f;
            }
        }
        last
    }
    let mut s = grundy::solvers::memo::MemoSolver::new(GenMem::<FIBONACCI_NIM>, Limits::default());
    for n in 0..=80 {
        for k in 0..=45 {
            let lost = s.nimber(&MemHeap::new(n, k, 2)).unwrap() == grundy::Nimber(0);
            assert_eq!(
                lost,
                n == 0 || 2 * k < smallest_zeckendorf(n),
                "fibonacci_nim({n},{k})"
            );
        }
    }
}

/// Quicksort positions split where a prefix holds its smallest numbers:
/// values with the split against plain search of whole sequences, on
/// every permutation of up to 7 numbers.
#[test]
fn quicksort_parts_against_plain_search() {
    use grundy::games::quicksort::Sequence;
    fn plain(seq: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(seq) {
            return v;
        }
        let mut seen = Vec::new();
        for &pivot in seq {
            let mut next: Vec<u64> = seq.iter().copied().filter(|&x| x < pivot).collect();
            next.push(pivot);
            next.extend(seq.iter().copied().filter(|&x| x > pivot));
            if next != seq {
                seen.push(plain(&next, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(seq.to_vec(), v);
        v
    }
    fn permutations(n: u64) -> Vec<Vec<u64>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, n);
                out.push(q);
            }
        }
        out
    }
    let mut memo = HashMap::new();
    let mut solver = grundy::solvers::memo::MemoSolver::new(
        grundy::games::quicksort::Quicksort,
        Limits::default(),
    );
    for n in 0..=7 {
        for p in permutations(n) {
            let seq = Sequence::new(&p).unwrap();
            let got = solver.sum(&seq.parts()).unwrap();
            assert_eq!(got.0, plain(&p, &mut memo), "{seq}");
        }
    }
}

// ------------------------------------------------------------ Kayles on graphs

#[derive(Deserialize)]
struct Heaps {
    first_heap: u64,
    values: Vec<u64>,
}

/// On a path of n vertices Node Kayles is Dawson's chess (0.137: a move
/// takes an end vertex with its neighbour, or a vertex with both
/// neighbours) and Arc Kayles is Dawson's Kayles (0.07); their values are
/// OEIS A002187 (data/impartial/).
#[test]
fn kayles_on_paths_are_dawsons_games() {
    let chess: Heaps = data("impartial/dawsons_chess.toml");
    let kayles: Heaps = data("impartial/dawsons_kayles.toml");
    assert_eq!((chess.first_heap, kayles.first_heap), (0, 0));
    for n in 1..=40usize {
        let path = vec!["."; n].join("-");
        assert_eq!(
            engine_value(&format!("node_kayles(\"{path}\")")),
            Game::nimber(chess.values[n]).unwrap(),
            "node_kayles on {n} vertices vs A002187"
        );
        assert_eq!(
            engine_value(&format!("arc_kayles(\"{path}\")")),
            Game::nimber(kayles.values[n]).unwrap(),
            "arc_kayles on {n} vertices vs A002187 shifted"
        );
    }
}

/// Graphs with cycles and branches, against plain search of the whole
/// graph (a bit mask of the vertices left).
#[test]
fn kayles_on_graphs_against_plain_search() {
    use grundy::games::graph_kayles::{kayles_graph, ARC, NODE};
    fn plain(adj: &[u64], left: u64, arc: bool, memo: &mut HashMap<(u64, bool), u64>) -> u64 {
        if let Some(&v) = memo.get(&(left, arc)) {
            return v;
        }
        let mut seen = Vec::new();
        for v in 0..adj.len() {
            if left >> v & 1 == 0 {
                continue;
            }
            if arc {
                for u in v + 1..adj.len() {
                    if left >> u & 1 == 1 && adj[v] >> u & 1 == 1 {
                        seen.push(plain(adj, left & !(1 << u | 1 << v), arc, memo));
                    }
                }
            } else {
                seen.push(plain(adj, left & !(1 << v | adj[v]), arc, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert((left, arc), g);
        g
    }
    for text in [
        ".:A-.-.:A",
        ".:A-.-.-.-.:A",
        ".:A-.-.-.:A",
        ".:A(-.:B;-.:C;-.:D);.:B-.:C-.:D-.:A",
        ".-.(-.;-.(-.;-.))",
        ".:A-.:B-.-:A;.-:B",
        ".:A-.-.-.-.-.-:A;.-.-.",
        ".:A(-.:B(-.:C;-:C);-:C);.-:B",
    ] {
        let node = kayles_graph::<NODE>(text).unwrap();
        let g = node.graph();
        let adj: Vec<u64> = (0..g.len())
            .map(|v| {
                (0..g.len())
                    .filter(|&u| g.joined(u, v))
                    .fold(0, |a, u| a | 1 << u)
            })
            .collect();
        let all = (1u64 << g.len()) - 1;
        let mut memo = HashMap::new();
        for (name, arc) in [("node_kayles", false), ("arc_kayles", true)] {
            let expr = format!("{name}(\"{text}\")");
            assert_eq!(
                engine_value(&expr),
                Game::nimber(plain(&adj, all, arc, &mut memo)).unwrap(),
                "{expr}"
            );
        }
        assert!(kayles_graph::<ARC>(text).is_ok());
    }
}

// ------------------------------------------------------------ Quelhas

#[test]
fn quelhas_small_boards() {
    use grundy::games::quelhas::{quelhas, Quelhas};
    let mut bare = CanonicalSolver::new(Plain(Quelhas));
    for (r, c) in [(1, 8), (2, 3), (3, 2), (3, 3), (2, 4)] {
        for b in boards(".#", r, c) {
            checked(Quelhas, &mut bare, &quelhas(&b).unwrap(), &quelhas);
        }
    }
    // A strip is Domineering's strip: each player's best line is two cells.
    for n in 1..=9 {
        let row = ".".repeat(n);
        assert_eq!(
            engine_value(&format!("quelhas(\"{row}\")")),
            engine_value(&format!("domineering(\"{row}\")")),
            "a row of {n}"
        );
    }
}

// ------------------------------------------------------------ Splittles

#[test]
fn splittles_small_heaps() {
    use grundy::games::splittles::{splittles, Splittles};
    // With one set for both players it is the impartial game: Kayles is
    // CGSuite's TakeAndBreak("0.77"), Splittles([1,2]).
    for n in 0..=20 {
        assert_eq!(
            engine_value(&format!("splittles({n}, [1,2], [1,2])")),
            engine_value(&format!("kayles({n})")),
            "heap {n}"
        );
    }
    // Split into heaps and heaps sorted against the bare rules, and the
    // outcome against plain search.
    let sets: [&[u64]; 4] = [&[1], &[2], &[1, 3], &[2, 3]];
    for l in sets {
        for r in sets {
            let mut bare = CanonicalSolver::new(Plain(Splittles));
            for heaps in [&[7][..], &[8], &[3, 4], &[4, 2, 1], &[5, 5], &[2, 6]] {
                let p = splittles(heaps, l, r).unwrap();
                let v = CanonicalSolver::new(Splittles).value(&p).unwrap();
                assert_eq!(v, bare.value(&p).unwrap(), "{p}");
                assert_eq!(
                    v.outcome(),
                    search_outcome(&Plain(Splittles), &p).unwrap(),
                    "{p}"
                );
                assert_eq!(engine_value(&p.to_string()), v, "{p} reads back");
            }
        }
    }
}

// ------------------------------------------------------------ Digraph Placement

/// A digraph of `n` vertices written for `digraph_placement`: colour bits
/// (`L` where set) and arc bits (arc `v>w` at bit `v * n + w`, loops too).
fn digraph_text(n: usize, colours: u32, arcs: u64) -> String {
    let vertices: String = (0..n)
        .map(|v| if colours >> v & 1 == 1 { 'L' } else { 'R' })
        .collect();
    let listed: Vec<String> = (0..n * n)
        .filter(|&b| arcs >> b & 1 == 1)
        .map(|b| format!("{}>{}", b / n, b % n))
        .collect();
    format!("{vertices}:{}", listed.join(","))
}

#[test]
fn digraph_placement_small_graphs() {
    use grundy::games::digraph_placement::{digraph_placement, DigraphPlacement};
    let mut bare = CanonicalSolver::new(Plain(DigraphPlacement));
    // Every digraph on 3 vertices (loops too) in every colouring.
    for arcs in 0..1u64 << 9 {
        for colours in 0..8 {
            let p = digraph_placement(&digraph_text(3, colours, arcs)).unwrap();
            checked(DigraphPlacement, &mut bare, &p, &digraph_placement);
        }
    }
    // Sparse graphs on 6 vertices (weakly connected or not), pseudo-random.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..400 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let arcs = seed & (seed >> 5) & ((1 << 36) - 1);
        let p = digraph_placement(&digraph_text(6, (seed >> 40) as u32, arcs)).unwrap();
        checked(DigraphPlacement, &mut bare, &p, &digraph_placement);
    }
}

// ------------------------------------------------------------ Wind-up

/// The value the engine gives a Wind-up position: a nimber, or the loopy
/// value of retrograde analysis; and the loopy value whatever it is.
fn wind_up_values(expr: &str) -> (String, String) {
    use grundy::engine::Analysis;
    let g = parse_game(expr).unwrap();
    let mut engine = Engine::new(Limits::default());
    let shown = match engine.analyse_game(&g).unwrap() {
        Analysis::Impartial(e) => e.nimber.unwrap().0.to_string(),
        Analysis::Loopy(r) => r.gsg.unwrap().to_string(),
        other => panic!("{expr}: {other:?}"),
    };
    let Analysis::Loopy(r) = engine.analyse_loopy(&g).unwrap() else {
        panic!("{expr}: not analysed as loopy")
    };
    (shown, r.gsg.unwrap().to_string())
}

#[derive(Deserialize)]
struct WindUpFile {
    record: Vec<WindUpRecord>,
}

#[derive(Deserialize)]
struct WindUpRecord {
    expr: String,
    value: String,
    why: String,
    source: String,
}

#[test]
fn wind_up_values_by_hand_and_against_retrograde_analysis() {
    let file: WindUpFile = data("impartial/wind_up.toml");
    assert!(file.record.len() >= 4);
    for r in &file.record {
        assert!(!r.source.is_empty() && !r.why.is_empty());
        assert_eq!(wind_up_values(&r.expr).0, r.value, "{} [{}]", r.expr, r.why);
    }
    // The nimber of a position no play returns to is the Grundy value
    // retrograde analysis of the whole graph gives it.
    let mut finite = 0;
    for n in 1..=7u64 {
        for bits in 1..1u32 << n {
            let set: Vec<String> = (1..=n)
                .filter(|s| bits >> (s - 1) & 1 == 1)
                .map(|s| s.to_string())
                .collect();
            for x in 0..n {
                let expr = format!("wind_up({x}, {n}, [{}])", set.join(","));
                let (shown, loopy) = wind_up_values(&expr);
                assert_eq!(shown, loopy, "{expr}");
                finite += usize::from(!shown.starts_with('∞'));
            }
        }
    }
    assert!(finite > 100, "only {finite} finite positions");
}

// ------------------------------------------------------------ Ski-Jumps

/// Every small board: outcome against plain search, printing read back,
/// and the closed form, where it applies, against the searched value.
#[test]
fn ski_jumps_small_boards() {
    use grundy::games::ski_jumps::{ski_jumps, SkiJumps};
    let mut bare = CanonicalSolver::new(Plain(SkiJumps));
    let mut closed = 0;
    for (r, c) in [(1, 5), (2, 3), (3, 2), (4, 1), (3, 1)] {
        for b in boards(".LlRr", r, c) {
            let p = ski_jumps(&b).unwrap();
            let v = checked(SkiJumps, &mut bare, &p, &ski_jumps);
            if let Some(n) = p.closed_form() {
                assert_eq!(v, Game::integer(n).unwrap(), "{p}: closed form");
                closed += 1;
            }
            assert_eq!(engine_value(&p.to_string()), v, "{p} through the engine");
        }
    }
    assert!(
        closed > 1000,
        "the closed form applied to only {closed} boards"
    );
    // Skiers facing each other: not the integer cgt-tools' shortcut gives (0).
    assert_eq!(engine_value("ski_jumps(\"L.R\")"), Game::nimber(1).unwrap());
}

// ------------------------------------------------------------ Fjords

/// Every path of up to 7 vertices and some graphs with cycles: shortcuts
/// against the bare rules, outcome against plain search, printing read
/// back; a graph with no mark is 0, and one with marks of one colour only
/// is the integer count of that colour's moves.
#[test]
fn fjords_small_graphs() {
    use grundy::games::fjords::{fjords, Fjords};
    let mut bare = CanonicalSolver::new(Plain(Fjords));
    let mut graphs: Vec<String> = Vec::new();
    for len in 1..=7 {
        for s in strings("LR.", len) {
            graphs.push(s.chars().map(String::from).collect::<Vec<_>>().join("-"));
        }
    }
    for cycle in strings("LR.", 5) {
        let c: Vec<String> = cycle.chars().map(String::from).collect();
        // A name written again, with its mark, closes the cycle.
        graphs.push(format!("{0}:A-{1}-{0}:A", c[0], c[1..].join("-")));
        graphs.push(format!(
            "{0}:A-{1}-{2}-{0}:A;{3}-{4}",
            c[0], c[1], c[2], c[3], c[4]
        ));
    }
    for g in &graphs {
        let v = checked(Fjords, &mut bare, &fjords(g).unwrap(), &fjords);
        if !g.contains('L') || !g.contains('R') {
            let integer = v.is_number() && !v.to_string().contains('/');
            assert!(integer, "fjords({g:?}) = {v}");
        }
    }
}

// ------------------------------------------------------------ Bipartite Snort

/// Every graph of up to five vertices owned by Left or Right with any set of
/// edges between the two sides (each edge written `L:A-R:B`, components
/// apart): shortcuts against the bare rules, outcome against plain search,
/// printing read back; and the same value as Snort and Fjords on the same
/// graph, whose moves on a graph of owned vertices are Bipartite Snort's
/// (cgt-tools' `BipartiteSnort` tints every vertex and lets each player
/// move only on their own).
#[test]
fn bipartite_snort_small_graphs_agree_with_snort_and_fjords() {
    use grundy::games::bipartite_snort::{bipartite_snort, BipartiteSnort};
    use grundy::games::fjords::{fjords, Fjords};
    use grundy::games::{snort, Snort};
    let mut bare = CanonicalSolver::new(Plain(BipartiteSnort));
    let mut checked_graphs = 0;
    for n in 1..=5 {
        for owners in strings("LR", n) {
            let owners: Vec<char> = owners.chars().collect();
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .filter(|&(u, v)| owners[u] != owners[v])
                .collect();
            for mask in 0u32..1 << pairs.len() {
                let name = |v: usize| format!("{}:{}", owners[v], (b'A' + v as u8) as char);
                let mut used = vec![false; n];
                let mut parts: Vec<String> = Vec::new();
                for (i, &(u, v)) in pairs.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        parts.push(format!("{}-{}", name(u), name(v)));
                        used[u] = true;
                        used[v] = true;
                    }
                }
                parts.extend((0..n).filter(|&v| !used[v]).map(name));
                let text = parts.join(";");
                let g = bipartite_snort(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let v = checked(BipartiteSnort, &mut bare, &g, &bipartite_snort);
                let as_snort = CanonicalSolver::new(Snort)
                    .value(&snort(&text).unwrap())
                    .unwrap();
                let as_fjords = CanonicalSolver::new(Fjords)
                    .value(&fjords(&text).unwrap())
                    .unwrap();
                assert_eq!(v, as_snort, "{text}: Snort on the same graph");
                assert_eq!(v, as_fjords, "{text}: Fjords on the same graph");
                checked_graphs += 1;
            }
        }
    }
    assert!(checked_graphs > 1000, "only {checked_graphs} graphs");
}

// ------------------------------------------------------------ Childish Hackenbush

/// Small forests: the split against the bare rules, outcome against plain
/// search, printing read back; on green forests the game is Hackenbush
/// itself (only blue and red edges are childish).
#[test]
fn childish_hackenbush_small_forests() {
    use grundy::games::childish_hackenbush::{childish_hackenbush, ChildishHackenbush};
    use grundy::partizan::{hackenbush_tree, HackenbushTrees};
    let mut bare = CanonicalSolver::new(Plain(ChildishHackenbush));
    let mut stalks: Vec<String> = Vec::new();
    for len in 1..=3 {
        stalks.extend(strings("lre", len));
    }
    let mut forests: Vec<String> = stalks.clone();
    let short: Vec<&String> = stalks.iter().filter(|s| s.len() <= 2).collect();
    for a in &short {
        for b in &short {
            forests.push(format!("{a},{b}"));
            for c in ["l", "r", "e"] {
                forests.push(format!("{c}({a},{b})"));
            }
        }
    }
    let mut plain_hackenbush = CanonicalSolver::new(HackenbushTrees);
    for f in &forests {
        let v = checked(
            ChildishHackenbush,
            &mut bare,
            &childish_hackenbush(f).unwrap(),
            &childish_hackenbush,
        );
        if !f.contains('l') && !f.contains('r') {
            assert_eq!(
                v,
                plain_hackenbush
                    .value(&hackenbush_tree(f).unwrap())
                    .unwrap(),
                "{f}"
            );
        }
    }
}

// ------------------------------------------------------------ Hackenbush on graphs

/// Small graphs with cycles, loops and double edges (stalks, cycles on the
/// ground, lollipops, thetas, two parts at the ground): the split against
/// the bare rules, outcome against plain search, printing read back. On
/// trees both games equal the forest games written independently
/// (`hackenbush_tree`, `childish_hackenbush`).
#[test]
fn hackenbush_graphs_small() {
    use grundy::games::childish_hackenbush::{childish_hackenbush, ChildishHackenbush};
    use grundy::games::gen_hackenbush::{
        childish_hackenbush_graph, hackenbush_graph, GenHackenbush, CHILDISH, PLAIN,
    };
    use grundy::partizan::{hackenbush_tree, HackenbushTrees};
    let mut graphs: Vec<(String, bool)> = Vec::new();
    for len in 1..=3 {
        for w in strings("lre", len) {
            graphs.push((w.clone(), true));
            graphs.push((format!(":G{w}:G"), false));
            for a in ["l", "r", "e"] {
                graphs.push((format!("{a}:B{w}:B"), false));
                graphs.push((format!("{a}({w};{a})"), true));
                graphs.push((format!("({w}:B;{a}:B)"), false));
            }
        }
    }
    for x in strings("lre", 3) {
        let c: Vec<char> = x.chars().collect();
        graphs.push((format!("({}:B;{}:B;{}:B)", c[0], c[1], c[2]), false));
    }
    let mut bare = CanonicalSolver::new(Plain(GenHackenbush::<PLAIN>));
    let mut bare_childish = CanonicalSolver::new(Plain(GenHackenbush::<CHILDISH>));
    let mut trees = CanonicalSolver::new(HackenbushTrees);
    let mut childish_trees = CanonicalSolver::new(ChildishHackenbush);
    for (g, tree) in &graphs {
        let v = checked(
            GenHackenbush::<PLAIN>,
            &mut bare,
            &hackenbush_graph(g).unwrap(),
            &hackenbush_graph,
        );
        let c = checked(
            GenHackenbush::<CHILDISH>,
            &mut bare_childish,
            &childish_hackenbush_graph(g).unwrap(),
            &childish_hackenbush_graph,
        );
        if *tree {
            let forest = g.replace(';', ",");
            assert_eq!(
                v,
                trees.value(&hackenbush_tree(&forest).unwrap()).unwrap(),
                "{g}"
            );
            assert_eq!(
                c,
                childish_trees
                    .value(&childish_hackenbush(&forest).unwrap())
                    .unwrap(),
                "{g}"
            );
        }
        if !g.contains('l') && !g.contains('r') {
            assert_eq!(v, c, "{g}: green edges are not childish");
        }
    }
}
