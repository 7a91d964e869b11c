//! grundy's canonical forms against the `cgt` crate's, in the same run.
//!
//! `cargo bench -p grundy --bench versus_cgt` times each workload once per
//! engine — grundy's [`CanonicalSolver`] on a fresh thread (empty
//! per-thread tables), `cgt` 0.11 single-threaded (no `rayon` feature) with
//! a fresh transposition table — asserts that the two canonical forms are
//! the same form, and prints the ratio cgt / grundy.
//!
//! The forms are compared structurally: cgt's form is rebuilt in grundy's
//! table node by node, and at every node the options cgt lists must be
//! exactly grundy's canonical options there (no dominated or reversible
//! option on either side, none missing); the root must then be grundy's
//! value. Equal outcomes or equal printed values would not be enough.
//!
//! Each workload runs in a process of its own (the bench starts itself once
//! a workload): grundy's table of values is process-wide, and after the
//! 5x6 board has filled it a small workload run in the same process took up
//! to three times as long as on its own (Toads and Frogs length 12: 20 ms
//! against 6-7 ms), which measured the order of the list, not the engines.
//!
//! `VERSUS_CGT_ONLY=dom_5x5,toads_12` runs only the named workloads
//! (`dom_6x6`, which grundy alone runs, only when named);
//! `VERSUS_CGT_SKIP_CGT=1` times grundy alone (no comparison: for profiling).

use std::collections::HashMap;
use std::hash::Hash;
use std::str::FromStr;
use std::time::{Duration, Instant};

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use cgt::total::TotalWrapper;
use grundy::partizan::{
    hackenbush_tree, toads_frogs, CanonicalSolver, Domineering, DomineeringBoard, Game,
    HackenbushTrees, PartizanRules, ToadsFrogs,
};

/// One position, as each engine writes it.
struct Workload {
    name: &'static str,
    what: String,
    grundy: Box<dyn Fn() -> (Game, usize) + Send + Sync>,
    /// `None` for a workload grundy alone runs (cgt would take hours).
    cgt: Option<Box<dyn Fn() -> CanonicalForm>>,
}

/// grundy's value of `position` with a fresh solver, and how many
/// positions it memoised.
fn grundy_value<R>(rules: R, position: R::Position) -> (Game, usize)
where
    R: PartizanRules,
{
    let mut solver = CanonicalSolver::new(rules);
    let g = solver.value(&position).expect("within the default limits");
    (g, solver.positions())
}

/// cgt's canonical form of `position` with a fresh transposition table.
fn cgt_value<G: PartizanGame>(position: &G) -> CanonicalForm {
    position.canonical_form(&ParallelTranspositionTable::new())
}

fn domineering(rows: usize, cols: usize) -> Workload {
    let text = vec![".".repeat(cols); rows].join("|");
    let board = DomineeringBoard::empty(rows, cols).expect("small");
    let cgt_board: cgt::short::partizan::games::domineering::Domineering =
        cgt::short::partizan::games::domineering::Domineering::from_str(&text).expect("valid");
    Workload {
        name: leak(format!("dom_{rows}x{cols}")),
        what: format!("Domineering, empty {rows}x{cols}"),
        grundy: Box::new(move || grundy_value(Domineering, board)),
        cgt: Some(Box::new(move || cgt_value(&cgt_board))),
    }
}

fn toads(name: &'static str, row: &'static str) -> Workload {
    let cgt_row =
        cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs::from_str(&row.to_uppercase())
            .expect("valid");
    Workload {
        name,
        what: format!("Toads and Frogs {row:?} (length {})", row.len()),
        grundy: Box::new(move || grundy_value(ToadsFrogs, toads_frogs(row).expect("valid"))),
        cgt: Some(Box::new(move || cgt_value(&cgt_row))),
    }
}

fn hackenbush(name: &'static str, tree: String) -> Workload {
    let edges = tree
        .chars()
        .filter(|c| matches!(c, 'l' | 'r' | 'e'))
        .count();
    let cgt_tree = Forest::parse(&tree);
    let text = tree.clone();
    Workload {
        name,
        what: format!("Hackenbush tree of {edges} edges {tree:?}"),
        grundy: Box::new(move || {
            grundy_value(HackenbushTrees, hackenbush_tree(&text).expect("valid"))
        }),
        cgt: Some(Box::new(move || cgt_value(&cgt_tree))),
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

// ------------------------------------------------ Hackenbush trees for cgt
//
// cgt 0.11 has no Hackenbush, so the game is written here on its
// `PartizanGame` trait, independently of grundy's rules: a forest is a sorted
// list of trees, a tree an edge colour with the sorted trees on its top.
// Trees on the ground are its decomposition, as in grundy.

/// An edge's colour as grundy writes it: `b'l'` blue (Left's), `b'r'` red
/// (Right's), `b'e'` green (either player's).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Tree {
    colour: u8,
    above: Vec<Tree>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Forest(Vec<Tree>);

impl Forest {
    /// Parses grundy's syntax (`l(r,lr),e`).
    fn parse(text: &str) -> Forest {
        fn forest(s: &[u8], at: &mut usize) -> Vec<Tree> {
            let mut trees = Vec::new();
            while *at < s.len() && s[*at] != b')' {
                trees.push(path(s, at));
                if *at < s.len() && s[*at] == b',' {
                    *at += 1;
                }
            }
            trees.sort();
            trees
        }
        fn path(s: &[u8], at: &mut usize) -> Tree {
            let mut colours = Vec::new();
            while *at < s.len() && matches!(s[*at], b'l' | b'r' | b'e') {
                colours.push(s[*at]);
                *at += 1;
            }
            let mut above = Vec::new();
            if *at < s.len() && s[*at] == b'(' {
                *at += 1;
                above = forest(s, at);
                *at += 1; // ')'
            }
            let mut tree = Tree {
                colour: colours.pop().expect("an edge"),
                above,
            };
            while let Some(colour) = colours.pop() {
                tree = Tree {
                    colour,
                    above: vec![tree],
                };
            }
            tree
        }
        let mut at = 0;
        Forest(forest(text.as_bytes(), &mut at))
    }

    /// The forests the player whose colour is `mine` leaves by cutting one
    /// of their edges or a green one.
    fn moves(&self, mine: u8) -> Vec<Forest> {
        fn cuts(t: &Tree, mine: u8, out: &mut Vec<Option<Tree>>) {
            if t.colour == mine || t.colour == b'e' {
                out.push(None);
            }
            for i in 0..t.above.len() {
                let mut sub = Vec::new();
                cuts(&t.above[i], mine, &mut sub);
                for s in sub {
                    let mut above = t.above.clone();
                    match s {
                        None => {
                            above.remove(i);
                        }
                        Some(u) => above[i] = u,
                    }
                    above.sort();
                    out.push(Some(Tree {
                        colour: t.colour,
                        above,
                    }));
                }
            }
        }
        let mut out = Vec::new();
        for i in 0..self.0.len() {
            let mut sub = Vec::new();
            cuts(&self.0[i], mine, &mut sub);
            for s in sub {
                let mut trees = self.0.clone();
                match s {
                    None => {
                        trees.remove(i);
                    }
                    Some(u) => trees[i] = u,
                }
                trees.sort();
                out.push(Forest(trees));
            }
        }
        out
    }
}

impl PartizanGame for Forest {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(b'l')
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(b'r')
    }

    fn decompositions(&self) -> Vec<Self> {
        self.0.iter().map(|t| Forest(vec![t.clone()])).collect()
    }
}

/// A random tree of `edges` edges, each of a colour drawn from `colours`
/// (grundy's letters), standing on one edge on the ground (so that it does
/// not fall apart at once): each new edge is put on top of an edge chosen
/// uniformly among those placed, from a fixed seed.
fn random_tree(edges: usize, seed: u64, colours: &[char]) -> String {
    let mut state = seed;
    let mut next = || {
        // xorshift64*: deterministic, no dependency.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); edges];
    let mut colour = vec!['l'; edges];
    for (e, c) in colour.iter_mut().enumerate() {
        *c = colours[(next() % colours.len() as u64) as usize];
        if e > 0 {
            let parent = (next() % e as u64) as usize;
            children[parent].push(e);
        }
    }
    fn write(e: usize, children: &[Vec<usize>], colour: &[char], out: &mut String) {
        out.push(colour[e]);
        match children[e].as_slice() {
            [] => {}
            [one] => write(*one, children, colour, out),
            many => {
                out.push('(');
                for (i, &c) in many.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(c, children, colour, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    write(0, &children, &colour, &mut out);
    out
}

// ------------------------------------------------ comparing the forms

/// Rebuilds cgt's canonical form `c` in grundy's table, checking at every
/// node that cgt's options are exactly grundy's canonical options.
struct Rebuild {
    done: HashMap<TotalWrapper<CanonicalForm>, Game>,
    nodes: usize,
}

impl Rebuild {
    fn game(&mut self, c: &CanonicalForm) -> Game {
        let key = TotalWrapper::new(c.clone());
        if let Some(&g) = self.done.get(&key) {
            return g;
        }
        let left: Vec<Game> = c.left_moves().map(|o| self.game(&o)).collect();
        let right: Vec<Game> = c.right_moves().map(|o| self.game(&o)).collect();
        let g = Game::from_options(&left, &right).expect("small");
        let same = |mut a: Vec<Game>, mut b: Vec<Game>| {
            a.sort();
            b.sort();
            a == b
        };
        assert!(
            same(left, g.left_options()) && same(right, g.right_options()),
            "cgt's form {c} is not grundy's canonical form {g} (as options)"
        );
        self.nodes += 1;
        self.done.insert(key, g);
        g
    }
}

/// The value as written, or what it is when that runs long.
fn short(g: Game) -> String {
    let text = g.to_string();
    if text.len() <= 120 {
        return text;
    }
    format!(
        "of outcome {:?}, birthday {}, {} characters long",
        g.outcome(),
        g.birthday(),
        text.len()
    )
}

/// Runs the workload `name` in a new process of this bench, passes its
/// report through, and returns its two times (zero for cgt's if it did not
/// run).
fn in_own_process(name: &str) -> (Duration, Duration) {
    let exe = std::env::current_exe().expect("the bench knows its own path");
    let out = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(CHILD, "1")
        .env("VERSUS_CGT_ONLY", name)
        .stderr(std::process::Stdio::inherit())
        .output()
        .expect("the bench can start itself");
    assert!(
        out.status.success(),
        "workload {name} failed: {}",
        out.status
    );
    let text = String::from_utf8(out.stdout).expect("the report is text");
    let mut times = (Duration::ZERO, Duration::ZERO);
    for line in text.lines() {
        match line.strip_prefix(TIMES) {
            Some(t) => {
                let ns: Vec<u64> = t
                    .split_whitespace()
                    .map(|n| n.parse().expect("nanoseconds"))
                    .collect();
                times = (Duration::from_nanos(ns[0]), Duration::from_nanos(ns[1]));
            }
            None => println!("{line}"),
        }
    }
    times
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed())
}

/// Set in the process the bench starts for one workload.
const CHILD: &str = "VERSUS_CGT_CHILD";
/// The line a workload's process ends with: its two times in nanoseconds.
const TIMES: &str = "times:";

fn main() {
    let only: Option<Vec<String>> = std::env::var("VERSUS_CGT_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let skip_cgt = std::env::var_os("VERSUS_CGT_SKIP_CGT").is_some();
    let child = std::env::var_os(CHILD).is_some();
    let workloads = vec![
        domineering(5, 5),
        domineering(4, 7),
        domineering(3, 8),
        domineering(5, 6),
        Workload {
            cgt: None,
            ..domineering(6, 6)
        },
        toads("toads_12", "tttt....ffff"),
        toads("toads_13", "tttt.....ffff"),
        toads("toads_14", "ttttt....fffff"),
        toads("toads_14_mixed", "tt.t.t..f.f.ff"),
        toads("toads_15", "ttttt.....fffff"),
        toads("toads_16_mixed", "ttt.t.t..f.f.fff"),
        hackenbush("hackenbush_30", random_tree(30, 12, &['l', 'r'])),
        hackenbush("hackenbush_30_green", random_tree(30, 12, &['l', 'r', 'e'])),
    ];
    let mut grundy_total = Duration::ZERO;
    let mut cgt_total = Duration::ZERO;
    for w in workloads {
        let named = only.as_ref().is_some_and(|o| o.iter().any(|n| n == w.name));
        // grundy-only workloads run when named.
        if (only.is_some() || w.cgt.is_none()) && !named {
            continue;
        }
        if !child {
            let (tg, tc) = in_own_process(w.name);
            grundy_total += tg;
            cgt_total += tc;
            continue;
        }
        let grundy = &w.grundy;
        let ((g, positions), tg) = std::thread::scope(|s| {
            s.spawn(|| timed(grundy))
                .join()
                .expect("grundy did not panic")
        });
        grundy_total += tg;
        let Some(cgt) = w.cgt.as_ref().filter(|_| !skip_cgt) else {
            println!(
                "{:<14} {}: grundy {tg:.3?} ({positions} positions), value {}",
                w.name,
                w.what,
                short(g)
            );
            continue;
        };
        let (c, tc) = timed(cgt);
        cgt_total += tc;
        println!("{TIMES} {} {}", tg.as_nanos(), tc.as_nanos());
        let mut rebuild = Rebuild {
            done: HashMap::new(),
            nodes: 0,
        };
        let from_cgt = rebuild.game(&c);
        assert_eq!(
            from_cgt, g,
            "{}: cgt's value {c} differs from grundy's {g}",
            w.what
        );
        println!(
            "{:<14} {}: grundy {tg:.3?} ({positions} positions), cgt {tc:.3?}, cgt/grundy {:.1}x (same canonical form, {} nodes)",
            w.name,
            w.what,
            tc.as_secs_f64() / tg.as_secs_f64(),
            rebuild.nodes
        );
    }
    if !child && !skip_cgt && cgt_total > Duration::ZERO {
        println!(
            "total: grundy {grundy_total:.3?}, cgt {cgt_total:.3?}, cgt/grundy {:.1}x",
            cgt_total.as_secs_f64() / grundy_total.as_secs_f64()
        );
    }
}
