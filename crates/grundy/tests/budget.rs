//! Every generic solver honours one budget: it stops with the error naming
//! the right flag when positions, memory or time run out, when the work is
//! cancelled, and (for the recursive ones) when a line of play is too deep —
//! and a big search under an address-space cap ends with a clear error
//! instead of being killed.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::partizan::{
    search_outcome, search_outcome_within, CanonicalSolver, Domineering, DomineeringBoard,
    Error as PartizanError, Game, PartizanRules,
};
use grundy::solvers::compound::{CompoundError, CompoundKind, CompoundSolver};
use grundy::solvers::loopy::{analyse_loopy_within, LoopyError};
use grundy::solvers::memo::{MemoSolver, SolveError};
use grundy::solvers::search::{PlainSearch, Play, SearchError};
use grundy::vocab::rules::{GameGraph, Rules};
use grundy::{Budget, LimitError, Limits, Nimber, Outcome, Player};

/// A long road: from `n` a move steps 1, 2 or 3 towards 0. Positions are
/// cheap, and there are as many as the start says.
#[derive(Clone)]
struct Road;
impl GameGraph for Road {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend((1..=3).filter(|&k| k <= n).map(|k| n - k));
    }
}
impl Rules for Road {
    type Position = u64;
    fn options(&self, &n: &u64, visit: &mut dyn FnMut(&[u64])) {
        for k in (1..=3).filter(|&k| k <= n) {
            visit(&[n - k]);
        }
    }
}

/// A ring of 10^12 positions with no end: every move goes on round it.
struct Ring;
impl GameGraph for Ring {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([(n + 1) % 1_000_000_000_000, (n + 2) % 1_000_000_000_000]);
    }
}

/// A partizan ladder: Left steps down one rung, Right jumps to the bottom.
/// Its lines of play are as long as the start, and its values are not
/// numbers (`{G(n-1) | 0}`), so canonical forms are built at every depth.
struct Ladder;
impl PartizanRules for Ladder {
    type Position = u64;
    fn options(&self, &n: &u64, player: Player, out: &mut Vec<u64>) {
        if n > 0 {
            out.push(match player {
                Player::Left => n - 1,
                Player::Right => 0,
            });
        }
    }
}

/// Stairs: both players step down one stair, so a minimax search has to
/// follow the whole line of play.
struct Stairs;
impl PartizanRules for Stairs {
    type Position = u64;
    fn options(&self, &n: &u64, _: Player, out: &mut Vec<u64>) {
        out.extend(n.checked_sub(1));
    }
}

const BIG: u64 = 1_000_000_000_000;

fn limits(f: impl FnOnce(&mut Limits)) -> Budget {
    let mut l = Limits::default();
    f(&mut l);
    Budget::new(l)
}

/// The kinds of limits a test runs every solver against, with the flag the
/// error must name (none for a cancellation).
fn budgets() -> Vec<(&'static str, Budget, Option<&'static str>)> {
    let cancelled = Budget::default();
    cancelled.cancel();
    vec![
        (
            "positions",
            limits(|l| l.max_positions = 1000),
            Some("--max-positions"),
        ),
        (
            "bytes",
            limits(|l| l.max_memory = 64 << 10),
            Some("--max-memory"),
        ),
        (
            "time",
            limits(|l| l.max_time = Some(Duration::from_millis(50))),
            Some("--max-time"),
        ),
        ("cancel", cancelled, None),
    ]
}

/// Runs `solve` on each kind of budget and checks that it stops in time with
/// the right error.
fn check_solver(name: &str, solve: impl Fn(&Budget) -> Option<LimitError>) {
    for (kind, budget, flag) in budgets() {
        let start = Instant::now();
        let e = solve(&budget).unwrap_or_else(|| panic!("{name}: no {kind} error"));
        let took = start.elapsed();
        assert!(took < Duration::from_secs(1), "{name}, {kind}: {took:?}");
        assert_eq!(e.flag(), flag, "{name}, {kind}: {e}");
        if let Some(flag) = flag {
            assert!(e.to_string().contains(flag), "{name}, {kind}: {e}");
        } else {
            assert!(matches!(e, LimitError::Cancelled { .. }), "{name}: {e}");
        }
    }
}

#[test]
fn memo_solver_stops_within_its_budget() {
    check_solver("memo", |b| {
        match MemoSolver::with_budget(Road, b).nimber(&BIG) {
            Err(SolveError::Limit(e)) => Some(e),
            _ => None,
        }
    });
}

#[test]
fn plain_search_stops_within_its_budget() {
    check_solver("plain search", |b| {
        match PlainSearch::with_budget(Road, b).outcome(&BIG, Play::Normal) {
            Err(SearchError::Limit(e)) => Some(e),
            _ => None,
        }
    });
}

#[test]
fn loopy_analysis_stops_within_its_budget() {
    check_solver("loopy", |b| {
        match analyse_loopy_within(&Ring, &0, Play::Normal, b) {
            Err(LoopyError::Limit(e)) => Some(e),
            _ => None,
        }
    });
}

#[test]
fn compound_solver_stops_within_its_budget() {
    // Components through the theory, the misère not-all compound through
    // the fallback search of the whole compound.
    for (kind, play, parts) in [
        (CompoundKind::Selective, Play::Normal, vec![BIG, 5]),
        (CompoundKind::Conjunctive, Play::Misere, vec![5, BIG]),
        (CompoundKind::NotAll, Play::Misere, vec![BIG, BIG, BIG]),
    ] {
        check_solver(
            &format!("{kind:?} {play:?}"),
            |b| match CompoundSolver::with_budget(Road, b).outcome(kind, &parts, play) {
                Err(CompoundError::Search(SearchError::Limit(e))) => Some(e),
                _ => None,
            },
        );
    }
}

/// A Nim heap as a graph: heap `n` has `n` options.
#[derive(Clone)]
struct Heap;
impl GameGraph for Heap {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(0..n);
    }
}

#[test]
fn compound_search_refuses_positions_with_too_many_moves() {
    // The misère not-all compound is searched whole; its first position has
    // 10^18 moves, refused before any is listed.
    let mut s = CompoundSolver::with_budget(Heap, &Budget::default());
    let start = Instant::now();
    let e = s
        .outcome(CompoundKind::NotAll, &[1_000_000; 3], Play::Misere)
        .unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(1));
    assert!(e.to_string().contains("--max-positions"), "{e}");
    // The solver goes on answering what fits, as brute force does.
    let small = s
        .outcome(CompoundKind::NotAll, &[2, 2], Play::Misere)
        .unwrap();
    let mut brute = PlainSearch::with_budget(
        grundy::solvers::compound::Compound::new(Heap, CompoundKind::NotAll),
        &Budget::default(),
    );
    assert_eq!(small, brute.outcome(&vec![2, 2], Play::Misere).unwrap());
}

#[test]
fn compound_move_lists_are_bounded_before_listing() {
    let b = limits(|l| l.max_positions = 1000);
    let mut s = CompoundSolver::with_budget(Road, &b);
    // 4^20 combinations of moves.
    let parts = vec![5u64; 20];
    let e = s
        .winning_moves(CompoundKind::Selective, &parts, Play::Normal)
        .unwrap_err();
    assert!(e.to_string().contains("--max-positions"), "{e}");
}

#[test]
fn canonical_solver_stops_within_its_budget() {
    let board = DomineeringBoard::empty(8, 8).unwrap();
    check_solver("canonical", |b| {
        match CanonicalSolver::with_budget(Domineering, b).value(&board) {
            Err(PartizanError::Limit(e)) => Some(e),
            _ => None,
        }
    });
}

#[test]
fn minimax_search_stops_within_its_budget() {
    let board = DomineeringBoard::empty(8, 8).unwrap();
    check_solver("minimax", |b| {
        match search_outcome_within(&Domineering, &board, b) {
            Err(PartizanError::Limit(e)) => Some(e),
            _ => None,
        }
    });
}

#[test]
fn cancel_from_another_thread_stops_a_running_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let budget = Budget::default().with_cancel_flag(flag.clone());
    let start = Instant::now();
    let result = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        });
        PlainSearch::with_budget(Road, &budget).outcome(&BIG, Play::Normal)
    });
    assert!(start.elapsed() < Duration::from_secs(1));
    assert!(matches!(
        result,
        Err(SearchError::Limit(LimitError::Cancelled { .. }))
    ));
}

#[test]
fn solvers_sharing_a_budget_share_its_positions() {
    let b = limits(|l| l.max_positions = 150);
    let mut a = PlainSearch::with_budget(Road, &b);
    let mut c = MemoSolver::with_budget(Road, &b);
    assert!(a.outcome(&99, Play::Normal).is_ok()); // 100 positions
    assert_eq!(c.nimber(&40).unwrap(), Nimber(0)); // 41 more
    assert!(matches!(
        c.nimber(&60),
        Err(SolveError::Limit(LimitError::Positions { limit: 150, .. }))
    ));
    assert_eq!(b.positions(), 150);
}

#[test]
fn progress_reaches_the_sink_during_a_long_search() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = seen.clone();
    let budget = limits(|l| l.max_time = Some(Duration::from_millis(700)))
        .with_progress(Arc::new(move |p| s.lock().unwrap().push(p)));
    let e = PlainSearch::with_budget(Road, &budget)
        .outcome(&BIG, Play::Normal)
        .unwrap_err();
    assert!(
        matches!(e, SearchError::Limit(LimitError::Time { .. })),
        "{e}"
    );
    let seen = seen.lock().unwrap();
    // At least one report in 0.7 s (a loaded machine may run the search
    // late), and no flood: reports are spaced, not one per check.
    assert!((1..=4).contains(&seen.len()), "{} reports", seen.len());
    assert!(seen.iter().all(|p| p.what == "plain search"));
    assert!(seen.windows(2).all(|w| w[0].positions < w[1].positions));
}

/// The recursive partizan algorithms keep their own stack: at the default
/// depth limit they answer, and beyond it they fail, in a thread with the
/// 8 MiB stack of a main thread and in one with the 2 MiB of a spawned one.
#[test]
fn partizan_solvers_are_depth_bounded_on_small_stacks() {
    for stack in [8 << 20, 2 << 20] {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn(|| {
                let depth = Limits::default().max_depth as u64;
                let mut s = CanonicalSolver::new(Ladder);
                let v = s.value(&(depth - 1)).unwrap();
                let mut expect = Game::zero();
                for _ in 1..depth {
                    expect = Game::from_options(&[expect], &[Game::zero()]).unwrap();
                }
                assert_eq!(v, expect);
                let e = CanonicalSolver::new(Ladder)
                    .value(&(depth + 1))
                    .unwrap_err();
                assert!(e.to_string().contains("--max-depth"), "{e}");
                assert_eq!(search_outcome(&Stairs, &(depth - 1)).unwrap(), Outcome::N);
                assert_eq!(search_outcome(&Stairs, &(depth - 2)).unwrap(), Outcome::P);
                let e = search_outcome(&Stairs, &100_000).unwrap_err();
                assert!(e.to_string().contains("--max-depth"), "{e}");
            })
            .unwrap()
            .join()
            .unwrap_or_else(|_| panic!("failed with a stack of {stack} bytes"));
    }
}

/// Big searches with a memory limit below an address-space cap stop with
/// the memory error; with the default limits (4 GiB, above the cap) the
/// system's refusal is an error naming --max-memory, not an abort. Runs this
/// test binary again as a child under `ulimit -v`.
#[test]
fn big_searches_under_an_address_space_cap() {
    const CHILD: &str = "GRUNDY_BUDGET_TEST_CHILD";
    if std::env::var_os(CHILD).is_some() {
        return hostile_child();
    }
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("bash")
        .arg("-c")
        .arg(
            "ulimit -v 600000; exec \"$0\" big_searches_under_an_address_space_cap \
             --exact --nocapture --test-threads=1",
        )
        .arg(exe)
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for line in [
        "memo: memory",
        "plain search: memory",
        "loopy: memory",
        "compound: memory",
        "canonical: memory",
        "plain search, default limits: ",
    ] {
        assert!(
            stdout.contains(line),
            "{line:?} missing from\n{stdout}\n{stderr}"
        );
    }
}

fn hostile_child() {
    // A time limit too, so that a regression fails instead of running on.
    let capped = || {
        limits(|l| {
            l.max_memory = 32 << 20;
            l.max_time = Some(Duration::from_secs(60));
        })
    };
    let report = |name: &str, e: LimitError| {
        let kind = match e {
            LimitError::Memory { .. } => "memory",
            _ => panic!("{name}: expected the memory limit, got {e}"),
        };
        assert!(e.to_string().contains("--max-memory"), "{e}");
        println!("{name}: {kind}: {e}");
    };
    match MemoSolver::with_budget(Road, &capped()).nimber(&BIG) {
        Err(SolveError::Limit(e)) => report("memo", e),
        other => panic!("memo: {other:?}"),
    }
    match PlainSearch::with_budget(Road, &capped()).outcome(&BIG, Play::Normal) {
        Err(SearchError::Limit(e)) => report("plain search", e),
        other => panic!("plain search: {other:?}"),
    }
    match analyse_loopy_within(&Ring, &0, Play::Normal, &capped()) {
        Err(LoopyError::Limit(e)) => report("loopy", e),
        other => panic!("loopy: {:?}", other.map(|a| a.len())),
    }
    let mut c = CompoundSolver::with_budget(Road, &capped());
    match c.outcome(CompoundKind::NotAll, &[BIG, BIG], Play::Misere) {
        Err(CompoundError::Search(SearchError::Limit(e))) => report("compound", e),
        other => panic!("compound: {other:?}"),
    }
    // Positions of a partizan game that never repeat a value: a road with a
    // number at each rung.
    struct Wide;
    impl PartizanRules for Wide {
        type Position = u64;
        fn options(&self, &n: &u64, player: Player, out: &mut Vec<u64>) {
            if n > 0 && player == Player::Left {
                out.push(n - 1);
            }
        }
    }
    let b = limits(|l| {
        l.max_memory = 32 << 20;
        l.max_depth = usize::MAX;
        l.max_time = Some(Duration::from_secs(60));
    });
    match CanonicalSolver::with_budget(Wide, &b).value(&BIG) {
        Err(PartizanError::Limit(e)) => report("canonical", e),
        other => panic!("canonical: {other:?}"),
    }
    // The default limits allow more than the cap: whichever comes first,
    // the answer is an error, never an abort.
    let b = limits(|l| l.max_time = Some(Duration::from_secs(60)));
    match PlainSearch::with_budget(Road, &b).outcome(&BIG, Play::Normal) {
        Err(SearchError::Limit(e)) => println!("plain search, default limits: {e}"),
        other => panic!("plain search, default limits: {other:?}"),
    }
}
