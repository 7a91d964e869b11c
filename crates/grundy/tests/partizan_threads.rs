//! Partizan values cross threads (issue 9, point 5): the types are `Send +
//! Sync`, and values computed on several threads at once, into the one
//! shared table, are the same values a single thread computes.

use grundy::api::ReadText;
use std::sync::Barrier;
use std::thread;

use grundy::engine::{Analysis, PartizanReport};
use grundy::partizan::{
    domineering, search_outcome, toads_frogs, CanonicalSolver, Comparison, Domineering,
    DomineeringBoard, Dyadic, Game, Thermograph, ToadsFrogs, Trajectory,
};
use grundy::{Component, Engine, Outcome};

/// The engine's report on a sum of Domineering boards.
fn analyse(boards: &[&str]) -> PartizanReport {
    let text: Vec<String> = boards
        .iter()
        .map(|b| format!("domineering({b:?})"))
        .collect();
    match Engine::new(grundy::Limits::default()).analyse(&text.join(" + ")) {
        Ok(Analysis::Partizan { report, .. }) => report,
        other => panic!("{text:?} is a partizan sum: {other:?}"),
    }
}

fn assert_send_sync<T: Send + Sync>() {}

/// Fails to compile if a partizan type loses `Send` or `Sync`.
#[test]
fn partizan_types_are_send_and_sync() {
    assert_send_sync::<Game>();
    assert_send_sync::<Dyadic>();
    assert_send_sync::<Thermograph>();
    assert_send_sync::<Trajectory>();
    assert_send_sync::<Comparison>();
    assert_send_sync::<Component>();
    assert_send_sync::<PartizanReport>();
    assert_send_sync::<Engine>();
    assert_send_sync::<grundy::partizan::Error>();
    assert_send_sync::<CanonicalSolver<Domineering>>();
    assert_send_sync::<CanonicalSolver<ToadsFrogs>>();
    // Issue 9 point 5 names the engine's types too; they hold partizan
    // values, so they are Send + Sync once Game is.
    assert_send_sync::<grundy::GameExpr>();
    assert_send_sync::<grundy::engine::Evaluation>();
    assert_send_sync::<grundy::engine::Analysis>();
}

/// Every Domineering rectangle up to 3x4 and a few irregular boards.
fn boards() -> Vec<DomineeringBoard> {
    let mut v: Vec<DomineeringBoard> = (1..=3)
        .flat_map(|r| (1..=4).map(move |c| (r, c)))
        .map(|(r, c)| DomineeringBoard::empty(r, c).unwrap())
        .collect();
    for text in [
        "..#|...|.#.",
        "...|.#.|...",
        "#..|...|..#|...",
        "....|.##.|....",
    ] {
        v.push(domineering(text).unwrap());
    }
    v
}

/// Every Toads and Frogs row of length 6.
fn rows() -> Vec<String> {
    let mut layer = vec![String::new()];
    for _ in 0..6 {
        layer = layer
            .iter()
            .flat_map(|s| ['t', 'f', '.'].map(|c| format!("{s}{c}")))
            .collect();
    }
    layer
}

/// What one thread computes: every value, in the order given by `turn`
/// (so that threads meet the forms in different orders), then pairwise
/// sums and negatives of some of them; returned in a fixed order.
fn work(turn: usize) -> Vec<Game> {
    let boards = boards();
    let rows = rows();
    let mut values = vec![Game::zero(); boards.len() + rows.len()];
    let n = values.len();
    let mut dom = CanonicalSolver::new(Domineering);
    let mut toads = CanonicalSolver::new(ToadsFrogs);
    for k in 0..n {
        // Thread `turn` walks the list from a different start, every other
        // thread backwards.
        let i = if turn.is_multiple_of(2) {
            (k + turn * 7) % n
        } else {
            (n - 1 - k + turn * 11) % n
        };
        values[i] = if i < boards.len() {
            dom.value(&boards[i]).unwrap()
        } else {
            toads
                .value(&toads_frogs(&rows[i - boards.len()]).unwrap())
                .unwrap()
        };
    }
    let mut out = values.clone();
    for w in values.windows(2).step_by(5) {
        out.push(w[0].try_add(w[1]).unwrap());
        out.push(w[0].try_sub(w[1]).unwrap());
    }
    out
}

#[test]
fn values_computed_on_many_threads_agree_with_one_thread() {
    const THREADS: usize = 4;
    // Concurrent first, so that the threads race to intern the same new
    // forms (a barrier starts them together).
    let barrier = Barrier::new(THREADS);
    let concurrent: Vec<Vec<Game>> = thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let barrier = &barrier;
                s.spawn(move || {
                    barrier.wait();
                    work(t)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    // Then one fresh thread, with empty per-thread memo tables.
    let single = thread::spawn(|| work(0)).join().unwrap();
    for (t, values) in concurrent.iter().enumerate() {
        assert_eq!(values, &single, "thread {t} differs from the single run");
    }
    // Equal values have one id: no race interned a form twice. Checked
    // through the order, which works on the forms, not the ids.
    let distinct: std::collections::BTreeSet<Game> = single.iter().copied().collect();
    let distinct: Vec<Game> = distinct.into_iter().collect();
    for (i, &a) in distinct.iter().enumerate() {
        for &b in &distinct[i + 1..] {
            assert_ne!(
                a.compare(b),
                Comparison::Equal,
                "{a} and {b} are one value with two ids"
            );
        }
    }
    // And the values are right: outcomes agree with plain search.
    let boards = boards();
    for (b, g) in boards.iter().zip(&single) {
        assert_eq!(
            g.outcome(),
            search_outcome(&Domineering, b).unwrap(),
            "{b:?}"
        );
    }
    for (r, g) in rows().iter().zip(&single[boards.len()..]) {
        let p = toads_frogs(r).unwrap();
        assert_eq!(g.outcome(), search_outcome(&ToadsFrogs, &p).unwrap(), "{r}");
    }
}

#[test]
fn values_made_on_one_thread_are_used_on_another() {
    let (g, h, text) = thread::spawn(|| {
        let g = Game::parse("{3||2*|1*}").unwrap();
        let h = CanonicalSolver::new(Domineering)
            .value(&DomineeringBoard::empty(2, 3).unwrap())
            .unwrap();
        (g, h, g.to_string())
    })
    .join()
    .unwrap();
    // This thread's memo tables have never seen g or h.
    assert_eq!(g.to_string(), text);
    assert_eq!(h.to_string(), "{2|-1/2}");
    assert_eq!(g.try_sub(g).unwrap(), Game::zero());
    assert_eq!(g.outcome(), Outcome::L);
    assert_eq!(g.thermograph().unwrap().mast.to_string(), "9/4");
    let s = g.try_add(h).unwrap();
    let back = thread::spawn(move || s.try_sub(h).unwrap()).join().unwrap();
    assert_eq!(back, g);
    // A report made on another thread.
    let report = thread::spawn(|| analyse(&["..|.."])).join().unwrap();
    assert_eq!(report.value.to_string(), "+-1");
}

#[test]
fn analyses_of_sums_agree_across_threads() {
    let sums = [
        ["...|...", "..|..|.."],
        ["....|....", "...|..."],
        ["..#|...", ".|.|."],
    ];
    let reports: Vec<Vec<String>> = thread::scope(|s| {
        let hs: Vec<_> = (0..3)
            .map(|_| {
                s.spawn(|| {
                    sums.iter()
                        .map(|c| {
                            let r = analyse(c);
                            format!(
                                "{} {} {:?} {:?}",
                                r.value, r.outcome, r.left_moves, r.right_moves
                            )
                        })
                        .collect()
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(reports.windows(2).all(|w| w[0] == w[1]), "{reports:?}");
}
