//! Published periods and rare values, read from data/takebreak/*.toml.

use grundy::api::ReadText;
use grundy::takebreak::{SequenceConfig, SequenceStats, SolverChoice, TakeBreak};

fn data(name: &str) -> toml::Table {
    let path = format!("{}/../../data/takebreak/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn int(record: &toml::Table, key: &str) -> u64 {
    record[key]
        .as_integer()
        .unwrap_or_else(|| panic!("{key} in {record:?}")) as u64
}

/// Checks the published sparse-space figures of `record` (those it has)
/// against the statistics of the computed values; returns how many it had.
fn check_tally(record: &toml::Table, stats: &SequenceStats, what: &str) -> usize {
    let mut checked = 0;
    let mut expect = |key: &str, found: u64| {
        if record.contains_key(key) {
            assert_eq!(found, int(record, key), "{what}: {key}");
            checked += 1;
        }
    };
    expect("largest", stats.largest);
    expect("largest_at", stats.largest_at);
    expect("rare_count", stats.rare_count);
    expect("last_rare", stats.last_rare_heap.unwrap_or(0));
    if record.contains_key("rare_mask") {
        // The same mask up to bits that no value reaches.
        let width = (stats.largest + 1).next_power_of_two() - 1;
        let found = stats.mask.unwrap_or_else(|| panic!("{what}: no mask"));
        assert_eq!(found & width, int(record, "rare_mask") & width, "{what}");
        checked += 1;
    }
    checked
}

#[test]
fn published_periods_are_found_and_proved() {
    let table = data("periods.toml");
    let games = table["game"].as_array().unwrap();
    assert!(games.len() >= 10);
    let mut tallied = 0;
    for record in games {
        let record = record.as_table().unwrap();
        assert!(record
            .get("source")
            .and_then(|s| s.as_str())
            .is_some_and(|s| !s.is_empty()));
        let code = record["code"].as_str().unwrap();
        let game = TakeBreak::from_code(code).unwrap();
        let (period, preperiod) = (int(record, "period"), int(record, "preperiod"));
        // The Guy–Smith check needs heaps up to 2e + 2p + t (t <= 5 here);
        // ask for twice that, to see the solver stop once it has a proof.
        let needed = 2 * (preperiod + period) + 5;
        let to = 2 * needed;
        let sequence = game.try_sequence(to, &SequenceConfig::default()).unwrap();
        let found = sequence
            .periodicity()
            .unwrap_or_else(|| panic!("{code}: no period"));
        assert!(found.proved, "{code}: {found:?}");
        assert_eq!(
            (found.period, found.preperiod),
            (period, preperiod),
            "{code}"
        );
        // The proof stops the computation soon after the bound is reached.
        // (It checks for a period each time the values grow by 1/16.)
        assert!(
            sequence.len() <= needed + needed / 16 + 16,
            "{code}: {}",
            sequence.len()
        );
        let far = 1u64 << 62;
        let lap = preperiod + (far - preperiod) % period;
        assert_eq!(sequence.get(far).unwrap(), sequence.get(lap).unwrap());
        tallied += check_tally(record, &sequence.stats(), code);
    }
    assert!(
        tallied >= 5,
        "published sparse-space figures checked: {tallied}"
    );
}

#[test]
fn grundys_game_sparse_figures_to_2_21_are_published_ones() {
    let table = data("grundys_game_rare.toml");
    let tally = table["tally"].as_table().unwrap();
    assert!(tally["source"].as_str().is_some_and(|s| !s.is_empty()));
    let heaps = int(tally, "heaps");
    let sequence = TakeBreak::grundys_game()
        .try_sequence(heaps - 1, &SequenceConfig::default())
        .unwrap();
    assert_eq!(sequence.len(), heaps);
    assert_eq!(check_tally(tally, &sequence.stats(), "Grundy's game"), 5);
}

#[test]
fn named_games_match_their_codes() {
    assert_eq!(TakeBreak::kayles(), TakeBreak::from_code("0.77").unwrap());
    assert_eq!(
        TakeBreak::dawsons_kayles(),
        TakeBreak::from_code("0.07").unwrap()
    );
    assert_eq!(
        TakeBreak::dawsons_chess(),
        TakeBreak::from_code("0.137").unwrap()
    );
    assert_eq!(TakeBreak::officers(), TakeBreak::from_code("0.6").unwrap());
    assert_eq!(TakeBreak::nim(), TakeBreak::from_code("0.(3)").unwrap());
}

#[test]
fn grundys_game_rare_values_are_flammenkamps() {
    let table = data("grundys_game_rare.toml");
    assert!(table["source"]
        .as_str()
        .is_some_and(|s| s.contains("Flammenkamp")));
    let mask = int(&table, "mask");
    let up_to = int(&table, "up_to");
    let expected: Vec<(u64, u64)> = table["rare"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            let pair = pair.as_array().unwrap();
            (
                pair[0].as_integer().unwrap() as u64,
                pair[1].as_integer().unwrap() as u64,
            )
        })
        .collect();
    for solver in [SolverChoice::Plain, SolverChoice::Sparse] {
        let config = SequenceConfig {
            solver,
            ..SequenceConfig::default()
        };
        let sequence = TakeBreak::grundys_game()
            .try_sequence(up_to, &config)
            .unwrap();
        let rare: Vec<(u64, u64)> = sequence
            .values()
            .iter()
            .enumerate()
            .map(|(n, v)| (n as u64, u64::from(v)))
            .filter(|&(_, v)| (v & mask).count_ones() & 1 == 0)
            .collect();
        assert_eq!(rare, expected, "{solver:?}");
    }
    // The statistics find the same mask (up to bits no value reaches).
    let sequence = TakeBreak::grundys_game()
        .try_sequence(20_000, &SequenceConfig::default())
        .unwrap();
    let stats = sequence.stats();
    let found = stats.mask.unwrap();
    let width = (stats.largest + 1).next_power_of_two() - 1;
    assert_eq!(found & width, mask & width, "{stats:?}");
    let heaps: Vec<u64> = expected.iter().map(|p| p.0).collect();
    assert_eq!(stats.rare_heaps[..heaps.len()], heaps[..]);
}

/// A heap far beyond the default search is answered when a published period
/// says how far its proof needs: 0.376 is proved at 4.6 million heaps.
#[test]
fn the_engine_computes_as_far_as_a_published_proof_needs() {
    let mut engine = grundy::Engine::new(grundy::Limits::default());
    let far = engine.evaluate("octal[0.376](1000000000000)").unwrap();
    let game = TakeBreak::from_code("0.376").unwrap();
    let sequence = engine.heap_sequence(&game, 0).unwrap();
    let p = sequence.periodicity().unwrap();
    assert!(p.proved && p.period == 4 && p.preperiod == 2268248, "{p:?}");
    let lap = p.preperiod + (1_000_000_000_000u64 - p.preperiod) % p.period;
    assert_eq!(far.nimber, Some(sequence.get(lap).unwrap()));
}
