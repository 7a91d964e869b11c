//! Arc Kayles on paths (Schaefer, 1978), as CGSuite's
//! `game.graph.ArcKayles(Graph.Path(n))`.
//!
//! Expression syntax: `arc_kayles_path(n)` — a path of `n` vertices, `n`
//! at most [`MAX_ARC_KAYLES_PATH`]. A move picks an edge and removes its
//! two end vertices (with every edge at them), so a path of `n` vertices
//! becomes paths of `a` and `b` vertices with `a + b = n - 2`: this is the
//! octal game 0.07, Dawson's Kayles, on a heap of `n` (CGSuite's own test
//! "Arc Kayles paths are Dawson's Kayles heaps"; Huggan and Stevens,
//! INTEGERS 16 (2016) #A86, give the path sequence). The expression
//! language may therefore answer it with its 0.07 table, which knows the
//! period 34 and reaches any heap; this module is the plain rule.
//!
//! ```
//! use grundy::games::{arc_kayles_path, ArcKayles};
//! use grundy::{Limits, solvers::memo::MemoSolver, Nimber};
//! let mut s = MemoSolver::new(ArcKayles, Limits::default());
//! let path = arc_kayles_path(6).unwrap();
//! assert_eq!(s.sum(path.paths()).unwrap(), Nimber(3));
//! ```

use std::fmt;

use super::grid::position_error;
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;
use crate::vocab::rules::Rules;

/// The most vertices `arc_kayles_path(n)` accepts.
pub const MAX_ARC_KAYLES_PATH: u64 = 2000;

/// The rules of Arc Kayles on paths. As [`Rules`], a position is the number
/// of vertices of one path; as [`PartizanRules`] it is a [`PathSum`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ArcKayles;

/// A sum of paths, by their numbers of vertices, kept sorted; paths of
/// fewer than two vertices (no edge) are dropped. Printed
/// `arc_kayles_path(5) + arc_kayles_path(2)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PathSum(Vec<u32>);

/// A path of `n` vertices; an error above [`MAX_ARC_KAYLES_PATH`].
pub fn arc_kayles_path(n: u64) -> Result<PathSum, Error> {
    if n > MAX_ARC_KAYLES_PATH {
        return Err(position_error(
            "arc_kayles_path",
            &format!("arc_kayles_path({n})"),
            0,
            format!("{n} vertices"),
            "arc_kayles_path(n) with 0 <= n <= 2000 (for longer paths use dawson(n), the same game)",
        ));
    }
    // n <= 2000 fits in u32.
    Ok(PathSum::of(vec![n as u32]))
}

impl PathSum {
    fn of(mut paths: Vec<u32>) -> PathSum {
        paths.retain(|&n| n >= 2);
        paths.sort_unstable();
        PathSum(paths)
    }

    /// The paths' numbers of vertices.
    pub fn paths(&self) -> &[u32] {
        &self.0
    }
}

impl fmt::Display for PathSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("arc_kayles_path(0)");
        }
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "arc_kayles_path({n})")?;
        }
        Ok(())
    }
}

/// The two paths left by removing vertices `a` and `a + 1` of a path of
/// `n`; only `a <= (n - 2) / 2`, since the mirror move leaves the same sum.
fn moves(n: u32) -> impl Iterator<Item = (u32, u32)> {
    let rest = n.saturating_sub(2);
    (0..if n >= 2 { rest / 2 + 1 } else { 0 }).map(move |a| (a, rest - a))
}

impl Rules for ArcKayles {
    type Position = u32;

    fn options(&self, &n: &u32, visit: &mut dyn FnMut(&[u32])) {
        for (a, b) in moves(n) {
            let parts: Vec<u32> = [a, b].into_iter().filter(|&k| k >= 2).collect();
            visit(&parts);
        }
    }
}

impl PartizanRules for ArcKayles {
    type Position = PathSum;

    fn options(&self, p: &PathSum, _player: Player, out: &mut Vec<PathSum>) {
        for (i, &n) in p.0.iter().enumerate() {
            if i > 0 && p.0[i - 1] == n {
                continue;
            }
            for (a, b) in moves(n) {
                let mut rest = p.0.clone();
                rest.remove(i);
                rest.extend([a, b]);
                out.push(PathSum::of(rest));
            }
        }
    }

    /// Each path is a summand.
    fn split(&self, p: &PathSum, parts: &mut Vec<PathSum>) {
        if p.0.len() > 1 {
            parts.extend(p.0.iter().map(|&n| PathSum(vec![n])));
        }
    }
}

/// Arc Kayles on paths as a heap game, for the registry: a heap is a path of
/// n vertices, a move removes two adjacent vertices. That is move for move
/// Dawson's Kayles, octal 0.07 (remove two adjacent pins, leaving up to two
/// rows), so a heap's value is read from 0.07's sequence, whose period is
/// proved (Guy–Smith): any path, however long, is answered at once.
#[derive(Debug)]
pub struct PathHeaps;

impl super::heaps::HeapRuleset for PathHeaps {
    fn spec(&self) -> &'static crate::component::spec::GameSpec {
        &SPEC
    }

    fn heap_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        let rest = n.saturating_sub(2);
        if n >= 2 {
            for a in 0..=rest / 2 {
                let parts: Vec<u64> = [a, rest - a].into_iter().filter(|&k| k >= 2).collect();
                visit(&parts)?;
            }
        }
        std::ops::ControlFlow::Continue(())
    }

    fn heap_value(
        &self,
        n: u64,
        cx: &mut crate::component::Context,
    ) -> Result<crate::vocab::nimber::Nimber, crate::component::EvalError> {
        let rules = crate::takebreak::TakeBreak::dawsons_kayles();
        Ok(super::takebreak::sequence(cx, &rules, "dawson", n)?.get(n)?)
    }
}

/// The declaration of `arc_kayles_path`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "arc_kayles_path",
    kind: crate::component::spec::GameKind::Impartial,
    summary: "Arc Kayles on a path of n vertices: remove an edge's two ends (= Dawson's Kayles)",
    example: "arc_kayles_path(10)",
    build: |call| {
        call.no_params()?;
        super::heaps::build_heaps(call, std::sync::Arc::from("arc_kayles_path"), PathHeaps)
    },
    ruleset: Some(|call| {
        call.no_params()?;
        Ok(crate::component::BuiltinRuleset::Heap(
            crate::component::HeapRules {
                name: "arc_kayles_path".into(),
                kind: crate::component::HeapKind::TakeBreak(
                    crate::takebreak::TakeBreak::dawsons_kayles(),
                ),
            },
        ))
    }),
    says: Some(says),
    picture: crate::component::spec::Picture::Heaps,
};

/// "take the edge 3–4 and its two ends" (vertices of the path counted
/// from 1, "of path 2" when there are several): the edge whose ends the
/// move removed, found among the path's moves (paths too short to move in
/// are no longer written).
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::heaps::heaps_in;
    let (b, a) = (
        heaps_in::<PathHeaps>(before)?,
        heaps_in::<PathHeaps>(after)?,
    );
    for (i, &n) in b.iter().enumerate() {
        let rest = n.saturating_sub(2);
        for k in 0..=if n >= 2 { rest / 2 } else { continue } {
            let mut v: Vec<u64> = b[..i].to_vec();
            v.extend([k, rest - k].into_iter().filter(|&x| x >= 2));
            v.extend(&b[i + 1..]);
            if v == a {
                let of = if b.len() > 1 {
                    format!(" of path {}", i + 1)
                } else {
                    String::new()
                };
                return Some(format!(
                    "take the edge {}–{}{of} and its two ends",
                    k + 1,
                    k + 2
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_of_a_path() {
        let mut seen = Vec::new();
        Rules::options(&ArcKayles, &5, &mut |parts: &[u32]| {
            seen.push(parts.to_vec())
        });
        assert_eq!(
            seen,
            [vec![3], vec![2]],
            "P5 leaves P3, or P1 + P2 (P1 dropped)"
        );
        let mut out = Vec::new();
        PartizanRules::options(
            &ArcKayles,
            &arc_kayles_path(4).unwrap(),
            Player::Left,
            &mut out,
        );
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        assert_eq!(shown, ["arc_kayles_path(2)", "arc_kayles_path(0)"]);
    }

    #[test]
    fn long_paths_are_refused() {
        let e = arc_kayles_path(2001).unwrap_err().to_string();
        assert!(
            e.contains("2001 vertices") && e.contains("dawson(n)"),
            "{e}"
        );
    }
}
