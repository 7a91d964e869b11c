//! Value stores: round trips, damage, and a writer killed with SIGKILL.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::takebreak::{
    HeapSolver, SequenceConfig, SequenceStore, StoreError, TakeBreak, ValueTable,
};

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn config() -> SequenceConfig {
    SequenceConfig {
        stop_when_proved: false,
        threads: 1,
        ..SequenceConfig::default()
    }
}

/// Computes `to` heaps of `game` into the store at `path` in steps of `step`
/// heaps, resuming whatever the store holds: what the CLI's `--store` does.
fn run_into_store(path: &Path, game: &TakeBreak, to: u64, step: u64) -> SequenceStore {
    let mut store = if path.exists() {
        SequenceStore::open_append(path, game).unwrap()
    } else {
        SequenceStore::create(path, game).unwrap()
    };
    let mut solver = HeapSolver::resume(game.clone(), config(), store.take_values()).unwrap();
    while (solver.values().len() as u64) <= to {
        solver.try_extend(to, step).unwrap();
        store.append(solver.values()).unwrap();
    }
    store
}

/// Values as the table the store appends from.
fn table(values: &[u32]) -> ValueTable {
    ValueTable::from(values)
}

fn fresh(game: &TakeBreak, to: u64) -> Vec<u32> {
    let mut solver = HeapSolver::new(game.clone(), config()).unwrap();
    solver.try_extend(to, u64::MAX).unwrap();
    solver.values().to_vec()
}

#[test]
fn store_round_trips_and_answers_from_its_period() {
    let path = temp("kayles");
    let store = run_into_store(&path, &TakeBreak::kayles(), 400, 37);
    assert_eq!(store.len(), 401);
    // The writer keeps no copy of what it wrote.
    assert!(store.values().is_empty());
    let read = SequenceStore::open(&path).unwrap();
    assert_eq!(read.values(), &fresh(&TakeBreak::kayles(), 400)[..]);
    assert_eq!(read.rules(), &TakeBreak::kayles());
    assert!(read.recovery().is_none());
    let sequence = read.into_sequence();
    assert!(sequence.periodicity().unwrap().proved);
    assert_eq!(sequence.get(1_000_000_000_000).unwrap().0, 1);
    // Kayles' values fit in 4 bits: the file is far smaller than 4 bytes a value.
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size < 401 * 4 / 2, "{size} bytes");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn damage_is_reported_never_read() {
    let path = temp("damage");
    let game = TakeBreak::grundys_game();
    run_into_store(&path, &game, 3000, 1000);
    let bytes = std::fs::read(&path).unwrap();

    // A torn last chunk (a write cut short) is reported and cut on append.
    std::fs::write(&path, &bytes[..bytes.len() - 10]).unwrap();
    let torn = SequenceStore::open(&path).unwrap();
    let recovery = torn.recovery().unwrap();
    assert!(torn.len() < 3001);
    assert_eq!(torn.values(), &fresh(&game, 3000)[..torn.len() as usize]);
    assert!(recovery.dropped_bytes > 0);
    let resumed = run_into_store(&path, &game, 3000, 1000);
    assert_eq!(resumed.len(), 3001);
    assert_eq!(
        SequenceStore::open(&path).unwrap().values(),
        &fresh(&game, 3000)[..]
    );
    assert!(SequenceStore::open(&path).unwrap().recovery().is_none());

    // A flipped byte inside an earlier chunk is an error naming its offset.
    let mut bad = std::fs::read(&path).unwrap();
    let at = bad.len() / 3;
    bad[at] ^= 0x40;
    std::fs::write(&path, &bad).unwrap();
    match SequenceStore::open(&path) {
        Err(StoreError::Corrupt { offset, .. }) => assert!(offset <= at as u64),
        other => panic!("{other:?}"),
    }

    // A damaged header.
    let mut bad = bytes.clone();
    bad[13] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    assert!(matches!(
        SequenceStore::open(&path),
        Err(StoreError::Corrupt { offset: 0, .. })
    ));

    // Another game, and an existing file.
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        SequenceStore::open_append(&path, &TakeBreak::kayles()),
        Err(StoreError::OtherGame { .. })
    ));
    assert!(matches!(
        SequenceStore::create(&path, &game),
        Err(StoreError::Exists { .. })
    ));
    std::fs::write(&path, b"not a store at all").unwrap();
    assert!(matches!(
        SequenceStore::open(&path),
        Err(StoreError::NotAStore { .. })
    ));
    std::fs::remove_file(&path).unwrap();
}

const CHILD_ENV: &str = "GRUNDY_TAKEBREAK_STORE_CHILD";

/// The writer that the next test kills: does nothing unless spawned by it.
#[test]
fn store_writer_child() {
    if let Some(path) = std::env::var_os(CHILD_ENV) {
        run_into_store(Path::new(&path), &TakeBreak::grundys_game(), 2_000_000, 150);
    }
}

#[test]
fn killed_writer_resumes_from_its_last_checkpoint() {
    let path = temp("killed");
    let game = TakeBreak::grundys_game();
    let exe = std::env::current_exe().unwrap();
    for round in 0..3 {
        let mut child = Command::new(&exe)
            .args([
                "store_writer_child",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait until this round has added checkpoints, then kill -9 mid-run.
        let before = SequenceStore::open(&path).map_or(0, |s| s.len());
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            std::thread::sleep(Duration::from_millis(5));
            if SequenceStore::open(&path).is_ok_and(|s| s.len() >= before + 600) {
                break;
            }
            assert!(Instant::now() < deadline, "the child wrote nothing");
        }
        std::thread::sleep(Duration::from_millis(3 * round));
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let interrupted = SequenceStore::open(&path).unwrap();
    let reached = interrupted.len();
    assert!(reached >= 1800, "{reached}");
    let expected = fresh(&game, reached + 500);
    assert_eq!(interrupted.values(), &expected[..reached as usize]);
    let resumed = run_into_store(&path, &game, reached + 500, 400);
    assert_eq!(resumed.len(), reached + 501);
    assert_eq!(SequenceStore::open(&path).unwrap().values(), &expected[..]);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn appending_another_sequence_is_refused() {
    let path = temp("diverged");
    let game = TakeBreak::grundys_game();
    let values = fresh(&game, 500);
    let mut store = SequenceStore::create(&path, &game).unwrap();
    store.append(&table(&values[..300])).unwrap();
    store.append(&table(&values[..300])).unwrap();
    // A changed value in the stretch last written is caught, whichever it is.
    for at in [0, 150, 299] {
        let mut other = values.clone();
        other[at] ^= 1;
        match store.append(&table(&other)) {
            Err(StoreError::Diverged { from: 0, to: 300 }) => {}
            wrong => panic!("heap {at}: {wrong:?}"),
        }
    }
    // Fewer values than stored is a gap.
    assert!(matches!(
        store.append(&table(&values[..299])),
        Err(StoreError::Gap {
            expected: 300,
            found: 299
        })
    ));
    store.append(&table(&values[..400])).unwrap();
    let mut other = values.clone();
    other[350] ^= 1;
    assert!(matches!(
        store.append(&table(&other)),
        Err(StoreError::Diverged { from: 300, to: 400 })
    ));
    store.append(&table(&values)).unwrap();
    drop(store);

    // A resumed writer checks against the last chunk it read.
    let mut store = SequenceStore::open_append(&path, &game).unwrap();
    assert_eq!(store.take_values(), values);
    assert!(store.values().is_empty());
    assert_eq!(store.len(), 501);
    let mut other = fresh(&game, 600);
    other[450] ^= 1;
    assert!(matches!(
        store.append(&table(&other)),
        Err(StoreError::Diverged { from: 400, to: 501 })
    ));
    let more = fresh(&game, 600);
    store.append(&table(&more)).unwrap();
    assert_eq!(SequenceStore::open(&path).unwrap().values(), &more[..]);
    // Nothing refused was written.
    assert!(SequenceStore::open(&path).unwrap().recovery().is_none());
    std::fs::remove_file(&path).unwrap();
}

/// The bytes of a store of `game` holding `values`, and where its chunks start.
fn store_bytes(name: &str, game: &TakeBreak, values: &[u32]) -> (Vec<u8>, usize) {
    let path = temp(name);
    let mut store = SequenceStore::create(&path, game).unwrap();
    let header = std::fs::metadata(&path).unwrap().len() as usize;
    store.append(&table(values)).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    (bytes, header)
}

/// A chunk head claiming `count` values of `bits` bits from heap `start`,
/// with its payload and checksum left out.
fn fake_head(start: u64, count: u32, bits: u8) -> Vec<u8> {
    let mut head = b"CHNK".to_vec();
    head.extend_from_slice(&start.to_le_bytes());
    head.extend_from_slice(&count.to_le_bytes());
    head.push(bits);
    head
}

#[test]
fn damaged_stores_fail_fast_and_within_memory() {
    let game = TakeBreak::kayles();
    let (good, _) = store_bytes("bomb-base", &game, &fresh(&game, 300));
    let timed_open = |bytes: &[u8], budget: u64| {
        let path = temp("bomb");
        std::fs::write(&path, bytes).unwrap();
        let start = Instant::now();
        let result = SequenceStore::open_within(&path, budget);
        let took = start.elapsed();
        std::fs::remove_file(&path).unwrap();
        assert!(took < Duration::from_secs(5), "took {took:?}");
        result
    };

    // Thousands of heads claiming 2^22 values each, with no payloads: no
    // giant allocation (the claims are not trusted), a torn tail at most.
    let mut bomb = good.clone();
    for i in 0..65_536u64 {
        bomb.extend(fake_head(301 + i * (1 << 22), 1 << 22, 32));
    }
    match timed_open(&bomb, u64::MAX) {
        Ok(store) => assert_eq!(store.len(), 301),
        Err(StoreError::Corrupt { .. }) => {}
        other => panic!("{other:?}"),
    }

    // Valid all-zero chunks hold 2^22 values in a few bytes each: the
    // budget stops them before they are unpacked.
    let zeros = vec![0u32; 1 << 22];
    let (many, header) = store_bytes("zeros", &TakeBreak::from_code("0.0").unwrap(), &zeros);
    let chunk = many[header..].to_vec();
    assert!(chunk.len() < 100, "{}", chunk.len());
    let mut many = many.clone();
    for i in 1..64u64 {
        let mut next = chunk.clone();
        next[4..12].copy_from_slice(&(i << 22).to_le_bytes());
        let end = next.len() - 4;
        let crc = crc32fast::hash(&next[..end]);
        next[end..].copy_from_slice(&crc.to_le_bytes());
        many.extend(next);
    }
    match timed_open(&many, 1 << 26) {
        Err(StoreError::TooLarge { heaps, budget, .. }) => {
            assert!(heaps > budget && heaps <= budget + (1 << 22), "{heaps}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(timed_open(&many, 1 << 30).unwrap().len(), 64 << 22);

    // Heads claiming long payloads after a bad chunk: a maze, not a torn
    // tail; the scan for a good chunk gives up and calls it corrupt.
    let mut maze = good.clone();
    maze.extend(fake_head(301, 10, 8));
    while maze.len() < 8 << 20 {
        maze.extend(fake_head(0, 1 << 22, 8));
    }
    assert!(matches!(
        timed_open(&maze, u64::MAX),
        Err(StoreError::Corrupt { .. })
    ));
}
