//! Published periods, as hints of how far to compute.
//!
//! `data/takebreak/periods.toml` (compiled in) lists games whose period and
//! preperiod are published. A hint is never taken on trust: it only says how
//! many heaps the Guy–Smith check needs, so that a query for a heap far
//! beyond what is computed by default (`grundy value 'octal[0.376](10^12)'`)
//! computes that far and has its proof checked, instead of giving up after
//! the default search.

use std::sync::OnceLock;

use super::period::guy_smith_bound;
use crate::takebreak::TakeBreak;

const PERIODS: &str = include_str!("../../../../data/takebreak/periods.toml");

#[derive(serde::Deserialize)]
struct File {
    game: Vec<Published>,
}

#[derive(serde::Deserialize)]
struct Published {
    code: String,
    period: u64,
    preperiod: u64,
}

fn published() -> &'static [(TakeBreak, u64, u64)] {
    static TABLE: OnceLock<Vec<(TakeBreak, u64, u64)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is part of the build and parsed by a test; an entry that
        // does not parse is skipped (it only costs a hint).
        let file: File = toml::from_str(PERIODS).unwrap_or(File { game: Vec::new() });
        file.game
            .into_iter()
            .filter_map(|g| Some((TakeBreak::from_code(&g.code).ok()?, g.preperiod, g.period)))
            .collect()
    })
}

/// The published `(preperiod, period)` of `rules`, if the data has it.
pub fn published_period(rules: &TakeBreak) -> Option<(u64, u64)> {
    published()
        .iter()
        .find(|(game, _, _)| game == rules)
        .map(|&(_, e, p)| (e, p))
}

/// How many heaps the Guy–Smith check needs to prove the published period
/// of `rules`: `None` when none is published or the theorem does not apply.
pub fn heaps_to_prove(rules: &TakeBreak) -> Option<u64> {
    let (e, p) = published_period(rules)?;
    guy_smith_bound(rules, e, p)?.checked_add(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_published_entry_is_read() {
        // As many entries as the file has `[[game]]` headers.
        let headers = PERIODS.matches("[[game]]").count();
        assert!(headers >= 11);
        assert_eq!(published().len(), headers);
        let o376 = TakeBreak::from_code("0.376").unwrap();
        assert_eq!(published_period(&o376), Some((2268248, 4)));
        // 2e + p + t, then p more heaps to compare.
        assert_eq!(heaps_to_prove(&o376), Some(2 * 2268248 + 4 + 3 + 4));
        assert_eq!(heaps_to_prove(&TakeBreak::officers()), None);
    }
}
