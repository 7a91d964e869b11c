//! A file of computed values that survives interruption.
//!
//! # Format (version 2, little-endian)
//!
//! ```text
//! header:  "GRUNDYSQ"  version:u32  tail:u8  unequal:u8  ndigits:u32  digits:[u8; ndigits]  crc32:u32
//! chunk:   "CHNK"  start:u64  count:u32  bits:u8  payload:[u8; ceil(count·bits/8)]  crc32:u32
//! coded:   "CHNK"  start:u64  count:u32  bits|0x80:u8  length:u32  payload:[u8; length]  crc32:u32
//! ```
//!
//! A chunk is written coded (canonical Huffman code of its own values, see
//! `huffman.rs`) when that is shorter than the fixed width, which it is
//! wherever values are skewed: Grundy's game to 2^28 takes 5.8 bits a value
//! coded, 8.2 packed to width. `bits` is the width of the chunk's largest
//! value either way. Version 1 files (fixed width only) are read, and
//! appended to with fixed-width chunks so that they stay version 1.
//!
//! The header names the game (its digits, tail digit, and whether splits
//! must be unequal) and is written to a temporary file named for the
//! process, synced and hard-linked into place (which, unlike a rename, never
//! replaces a store another process made meanwhile), so a store either has
//! a whole header or does not exist.
//!
//! # Sharing
//!
//! A store has one writer at a time: a writer holds the file's advisory
//! lock (`flock` on Unix, `LockFileEx` on Windows, through
//! [`File::try_lock`]) from opening to drop, and reads the values under
//! it, so a second writer continues exactly where the first stopped
//! ([`SequenceStore::open_writer`]; the lock is released by the system if
//! the holder dies). Readers take no lock: they read the chunks there were
//! when they opened, and check what they read — the header's checksum, each
//! chunk's, and the values against the rules of the header's game (the
//! first heaps, and the last heap of chunks within a budget), so a file
//! whose header and values come from two games is refused
//! ([`StoreError::Inconsistent`]), not answered from. Values follow in
//! append-only chunks: chunk `i` starts at the heap where chunk `i − 1`
//! ended; its values are coded, or packed with `bits` bits each (the width
//! of its largest value), whichever is shorter. Each chunk ends with the CRC-32 of its bytes and is synced to
//! disk before the writer goes on: that is the checkpoint.
//!
//! A process killed while appending leaves at most one torn chunk, at the
//! end. Opening reports it ([`SequenceStore::recovery`]); opening to append
//! cuts it off, and the work is redone from the last checkpoint. A bad chunk
//! that is *not* the last one means the file was damaged some other way and
//! is an error naming the offset: values are never read from a corrupt file.
//!
//! # Memory
//!
//! A store opened for reading holds its values in a [`ValueTable`] (1, 2 or
//! 4 bytes a heap, the narrowest that holds the largest value) so that it
//! can answer [`SequenceStore::values`]. The file is read a chunk at a
//! time: a first pass over the chunk heads counts the values and finds
//! their width, so the table is allocated once at its final size, and the
//! second pass checks and unpacks each chunk into it; the file's bytes are
//! never all in memory. The values read count against a memory budget
//! ([`SequenceStore::open_within`]; [`DEFAULT_STORE_MEMORY`] otherwise), so
//! a store claiming more values than fit is an error, not an allocation
//! failure. A bad chunk followed by more bytes than one chunk can hold, or
//! by a good chunk, is damage (a write leaves at most one torn chunk). [`SequenceStore::into_sequence`] hands the table on
//! without a copy.
//!
//! A store being written holds no values: it keeps the count and a
//! checksum of the values it last appended, so a long run keeps a single
//! copy of its sequence, the solver's. The values read by
//! [`SequenceStore::open_append`] are handed on to the resuming solver by
//! move with [`SequenceStore::take_values`].

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::bits::write_lsb_first;
use super::huffman;
use super::period::find_periodicity;
use super::sequence::HeapSequence;
use super::values::ValueTable;
use crate::takebreak::rules::MAX_CODE_DIGITS;
use crate::takebreak::TakeBreak;
use crate::vocab::rules::Rules;

const MAGIC: &[u8; 8] = b"GRUNDYSQ";
const CHUNK_MAGIC: &[u8; 4] = b"CHNK";
const VERSION: u32 = 2;
/// The version before coded chunks, still read and appended to.
const VERSION_FIXED: u32 = 1;
/// The flag on a chunk's `bits` byte that marks it coded.
const CODED: u8 = 0x80;
/// Chunk bytes before the payload.
const CHUNK_HEAD: usize = 4 + 8 + 4 + 1;
/// Values per chunk at most, so that one chunk is a modest allocation.
const MAX_CHUNK_VALUES: usize = 1 << 22;
/// The most bytes a writer puts in one chunk (a coded one at its longest).
const MAX_CHUNK_BYTES: u64 = (CHUNK_HEAD + 4 + 4 + 9 * MAX_CHUNK_VALUES + 4) as u64;
/// Bytes a damaged store's scan for a good chunk after the bad one may
/// checksum before giving up (and calling the file corrupt).
const SCAN_BUDGET: usize = 1 << 28;
/// Heaps at the start of every store whose values are recomputed from the
/// game's rules (and the stored values of smaller heaps) when it is read.
const CHECKED_PREFIX: usize = 256;
/// Options a reader may evaluate to check the last heap of chunks against
/// the rules, beyond [`CHECKED_PREFIX`].
const CHECK_BUDGET: u64 = 1 << 22;
/// Memory the values of a store may take when opened with
/// [`SequenceStore::open`] or [`SequenceStore::open_append`].
pub const DEFAULT_STORE_MEMORY: u64 = 4 << 30;

/// Why a store could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The operating system refused an operation.
    #[error("{op} `{path}`: {source}")]
    Io {
        /// What was being done.
        op: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
    /// The file is not a grundy store.
    #[error("`{path}` is not a grundy value store (it does not start with GRUNDYSQ)")]
    NotAStore {
        /// The file.
        path: PathBuf,
    },
    /// The file has a version this build cannot read.
    #[error(
        "`{path}` is a store of format version {found}; this build reads versions 1 to {supported}"
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: u32,
        /// The version supported.
        supported: u32,
    },
    /// The file's bytes fail a check.
    #[error("`{path}` is corrupt at byte {offset}: {reason}; the file cannot be trusted")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Where the bad bytes start.
        offset: u64,
        /// What is wrong there.
        reason: String,
    },
    /// The store holds another game's values.
    #[error("`{path}` holds values of `{stored}`, not of `{requested}`")]
    OtherGame {
        /// The file.
        path: PathBuf,
        /// The stored game.
        stored: String,
        /// The game asked for.
        requested: String,
    },
    /// Creating a store over an existing file.
    #[error("`{path}` already exists: resume it, or remove it to start again")]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// Values appended out of order.
    #[error("values must be appended from heap {expected}, got heap {found}")]
    Gap {
        /// The next heap the store expects.
        expected: u64,
        /// The heap given.
        found: u64,
    },
    /// Values appended that differ from those already stored: the sequence
    /// given is not a continuation of the stored one.
    #[error(
        "the values given for heaps {from}..{to} differ from those already stored; append \
         the stored sequence's continuation (resume the solver from the store's values)"
    )]
    Diverged {
        /// The first heap of the range checked.
        from: u64,
        /// One past the last heap of the range checked.
        to: u64,
    },
    /// The stored values do not fit the memory budget.
    #[error(
        "`{path}` holds more values than fit in the memory budget: heaps 0..{heaps} need \
         {needed} bytes, over {budget}; raise the budget (`--memory-mb` for seq, \
         `--max-memory` for value)"
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The heaps read so far, with the chunk that did not fit.
        heaps: u64,
        /// Bytes they need in memory.
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// Another process holds the store's writer lock.
    #[error(
        "`{path}` is being written by {}: a store has one writer at a time; wait for it to \
         finish (then --resume continues from its values), or name another file",
        match .holder { Some(pid) => format!("process {pid}"), None => "another process".into() }
    )]
    Locked {
        /// The file.
        path: PathBuf,
        /// The process holding the lock, where the system tells (Linux).
        holder: Option<u32>,
    },
    /// The stored values are not those of the game the header names.
    #[error(
        "`{path}` is not a consistent store of `{game}`: it gives G({heap}) = {stored}, but the \
         rules of `{game}` with the stored values of smaller heaps give {expected}; its values \
         belong to another game (two writers without a lock?): remove it and compute it again"
    )]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// The game its header names.
        game: String,
        /// The first heap found wrong.
        heap: u64,
        /// Its stored value.
        stored: u32,
        /// Its value by the rules.
        expected: u32,
    },
    /// Writing to a store opened for reading only.
    #[error("`{path}` was opened for reading only")]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
}

/// What a writer does when another process holds the store's lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockWait {
    /// Fail at once with [`StoreError::Locked`].
    Fail,
    /// Wait until the lock is free.
    Block,
}

/// The process holding a lock on `file`, from `/proc/locks` (Linux only:
/// elsewhere, and where the line is not found, `None`).
fn lock_holder(file: &File) -> Option<u32> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = file.metadata().ok()?;
        let dev = meta.dev();
        // glibc's encoding of a device number (gnu_dev_major / gnu_dev_minor).
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
        let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
        let id = format!("{major:02x}:{minor:02x}:{}", meta.ino());
        // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"
        std::fs::read_to_string("/proc/locks")
            .ok()?
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|f| f.len() > 5 && f[5] == id && f[1] == "FLOCK")
            .and_then(|f| f[4].parse().ok())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = file;
        None
    }
}

/// Options of heap `n` of `rules`, bounded above: what checking it costs.
fn options_cost(rules: &TakeBreak, n: u64) -> u64 {
    let (mut pairs, mut triples) = (0u64, 0u64);
    for &d in rules.digits() {
        pairs += u64::from(d & 4 != 0);
        triples += u64::from(d & 8 != 0);
    }
    let tail = if rules.is_finite() {
        0
    } else {
        rules.tail_digit()
    };
    if tail & 4 != 0 {
        pairs = pairs.saturating_add(n);
    }
    if tail & 8 != 0 {
        triples = triples.saturating_add(n);
    }
    let n2 = n.saturating_mul(n);
    // `Rules::options` visits every removal up to `n`, whatever the code.
    n.saturating_add(pairs.saturating_mul(n))
        .saturating_add(triples.saturating_mul(n2))
        .saturating_add(rules.digits().len() as u64)
}

/// The first heap whose stored value differs from the value the rules give
/// from the stored values of smaller heaps (`(heap, stored, by the rules)`),
/// among heaps `0..CHECKED_PREFIX` and, newest first and within
/// [`CHECK_BUDGET`] options, the last heap of each chunk. Checksums prove
/// the bytes are those written; this proves they were written for this
/// game, catching a file whose header and values come from two writers.
fn inconsistency(
    rules: &TakeBreak,
    values: &ValueTable,
    chunk_ends: &[usize],
) -> Option<(u64, u32, u32)> {
    let mut seen = Vec::new();
    let mut check = |n: usize| -> Option<(u64, u32, u32)> {
        let stored = values.get(n)?;
        seen.clear();
        let mut bad_index = false;
        rules.options(&(n as u64), &mut |parts| {
            let mut g = 0u32;
            for &p in parts {
                match usize::try_from(p).ok().and_then(|p| values.get(p)) {
                    Some(v) => g ^= v,
                    None => bad_index = true,
                }
            }
            let g = g as usize;
            if g >= seen.len() {
                seen.resize(g + 1, false);
            }
            seen[g] = true;
        });
        let expected = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        (!bad_index && expected != stored).then_some((n as u64, stored, expected))
    };
    for n in 0..values.len().min(CHECKED_PREFIX) {
        if let Some(bad) = check(n) {
            return Some(bad);
        }
    }
    let mut budget = CHECK_BUDGET;
    for &end in chunk_ends.iter().rev() {
        let n = end.saturating_sub(1);
        let cost = options_cost(rules, n as u64);
        if n < CHECKED_PREFIX || cost > budget {
            continue;
        }
        budget -= cost;
        if let Some(bad) = check(n) {
            return Some(bad);
        }
    }
    None
}

/// Reads and checks a store's header: its game, format version, and length.
fn read_header(reader: &mut impl Read, path: &Path) -> Result<(TakeBreak, u32, u64), StoreError> {
    let corrupt = |offset: u64, reason: &str| StoreError::Corrupt {
        path: path.to_owned(),
        offset,
        reason: reason.to_owned(),
    };
    let mut header = Vec::new();
    read_up_to(reader, &mut header, 18).map_err(io_error("read", path))?;
    if header.len() < 8 || &header[..8] != MAGIC {
        return Err(StoreError::NotAStore {
            path: path.to_owned(),
        });
    }
    if header.len() < 18 {
        return Err(corrupt(8, "the header is cut short"));
    }
    let version = u32_at(&header, 8);
    if version != VERSION && version != VERSION_FIXED {
        return Err(StoreError::Version {
            path: path.to_owned(),
            found: version,
            supported: VERSION,
        });
    }
    let ndigits = u32_at(&header, 14) as usize;
    if ndigits > MAX_CODE_DIGITS + 1 {
        return Err(corrupt(
            14,
            &format!("the header claims {ndigits} digits (at most {MAX_CODE_DIGITS})"),
        ));
    }
    read_up_to(reader, &mut header, ndigits + 4).map_err(io_error("read", path))?;
    let header_end = 18 + ndigits;
    if header.len() < header_end + 4 {
        return Err(corrupt(0, "the header is cut short"));
    }
    if crc32fast::hash(&header[..header_end]) != u32_at(&header, header_end) {
        return Err(corrupt(0, "header checksum mismatch"));
    }
    let rules = TakeBreak::from_parts(&header[18..header_end], header[12], header[13] != 0)
        .ok_or_else(|| corrupt(12, "the header does not describe a valid game"))?;
    Ok((rules, version, header.len() as u64))
}

/// A torn last chunk found on opening a store: the trace of an interrupted write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreRecovery {
    /// Where the torn chunk starts (the end of the good data).
    pub offset: u64,
    /// Bytes after that offset that were ignored (and cut off when appending).
    pub dropped_bytes: u64,
}

/// The values of one game on disk; see the module docs for the format.
///
/// ```
/// use grundy::{takebreak::SequenceStore, takebreak::TakeBreak, takebreak::ValueTable};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-store-{}", std::process::id()));
/// let _ = std::fs::remove_file(&dir);
/// let mut store = SequenceStore::create(&dir, &TakeBreak::kayles()).unwrap();
/// store.append(&ValueTable::from(vec![0, 1, 2, 3, 1, 4])).unwrap();
/// let read = SequenceStore::open(&dir).unwrap();
/// assert_eq!(*read.values(), [0, 1, 2, 3, 1, 4]);
/// std::fs::remove_file(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct SequenceStore {
    path: PathBuf,
    rules: TakeBreak,
    /// Read from the file: all of it for a reader; for a writer, only what
    /// `open_append` read, until [`SequenceStore::take_values`] moves it out.
    values: ValueTable,
    /// How many values the file holds.
    count: u64,
    /// The last stretch written (or read) and the CRC-32 of its values: what
    /// `append` checks the caller's prefix against, at a cost proportional
    /// to the new values rather than to the whole sequence.
    tail: TailCheck,
    file: Option<File>,
    recovery: Option<StoreRecovery>,
    /// The file's format version: appends to a version 1 file stay fixed-width.
    version: u32,
}

/// The checksum of the values `G(start..end)` last written or read.
#[derive(Clone, Copy, Debug, Default)]
struct TailCheck {
    start: u64,
    end: u64,
    crc: u32,
}

impl TailCheck {
    /// The check of `values[start..end]`.
    fn of(values: &ValueTable, start: usize, end: usize) -> TailCheck {
        TailCheck {
            start: start as u64,
            end: end as u64,
            crc: values_crc(values.iter_range(start..end)),
        }
    }
}

/// CRC-32 of values as little-endian 4-byte words, whatever the width they
/// are held in (the same on every platform).
fn values_crc(values: impl Iterator<Item = u32>) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    let mut bytes = [0u8; 4096];
    let mut filled = 0;
    for v in values {
        bytes[filled..filled + 4].copy_from_slice(&v.to_le_bytes());
        filled += 4;
        if filled == bytes.len() {
            hasher.update(&bytes);
            filled = 0;
        }
    }
    hasher.update(&bytes[..filled]);
    hasher.finalize()
}

fn io_error<'a>(op: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> StoreError + 'a {
    move |source| StoreError::Io {
        op,
        path: path.to_owned(),
        source,
    }
}

fn header_bytes(rules: &TakeBreak) -> Vec<u8> {
    let digits = rules.digits();
    let mut out = Vec::with_capacity(24 + digits.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(rules.tail_digit());
    out.push(u8::from(rules.is_grundys_game()));
    out.extend_from_slice(&(digits.len() as u32).to_le_bytes());
    out.extend_from_slice(digits);
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// The bytes of a chunk holding `values`, which start at heap `start`:
/// coded if `may_code` and coding is shorter, else packed to a fixed width.
fn chunk_bytes(
    start: u64,
    values: impl ExactSizeIterator<Item = u32> + Clone,
    may_code: bool,
) -> Vec<u8> {
    let largest = values.clone().max().unwrap_or(0);
    let bits = (32 - largest.leading_zeros()) as u8;
    let payload = (values.len() * usize::from(bits)).div_ceil(8);
    let mut out = Vec::with_capacity(CHUNK_HEAD + payload + 4);
    out.extend_from_slice(CHUNK_MAGIC);
    out.extend_from_slice(&start.to_le_bytes());
    out.extend_from_slice(&(values.len() as u32).to_le_bytes());
    if let Some(coded) = may_code
        .then(|| huffman::encode(values.clone(), payload))
        .flatten()
    {
        out.push(bits | CODED);
        out.extend_from_slice(&(coded.len() as u32).to_le_bytes());
        out.extend_from_slice(&coded);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        return out;
    }
    out.push(bits);
    write_lsb_first(&mut out, values.map(|v| (u64::from(v), u32::from(bits))));
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

fn unpack(payload: &[u8], count: usize, bits: u8, out: &mut ValueTable) {
    let mask = if bits == 32 {
        u64::from(u32::MAX)
    } else {
        (1u64 << bits) - 1
    };
    let mut acc: u64 = 0;
    let mut filled = 0;
    let mut bytes = payload.iter();
    for _ in 0..count {
        while filled < u32::from(bits) {
            acc |= u64::from(*bytes.next().unwrap_or(&0)) << filled;
            filled += 8;
        }
        out.push((acc & mask) as u32);
        acc >>= bits;
        filled -= u32::from(bits);
    }
}

/// The largest value of `bits` bits.
fn largest_of_width(bits: u8) -> u32 {
    match bits {
        0 => 0,
        b => u32::MAX >> (32 - u32::from(b.min(32))),
    }
}

/// The little-endian `u32` at `at` (the caller checked the length).
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Reads up to `n` more bytes onto the end of `buf` (fewer only at the end
/// of the file).
fn read_up_to(reader: &mut impl Read, buf: &mut Vec<u8>, n: usize) -> io::Result<()> {
    reader.take(n as u64).read_to_end(buf).map(|_| ())
}

/// Reads a chunk's head onto the end of `buf`: its fixed part, and the
/// payload length that follows it in a coded chunk.
fn read_head(reader: &mut impl Read, buf: &mut Vec<u8>) -> io::Result<()> {
    let from = buf.len();
    read_up_to(reader, buf, CHUNK_HEAD)?;
    if buf.len() == from + CHUNK_HEAD && buf[from + 16] & CODED != 0 {
        read_up_to(reader, buf, 4)?;
    }
    Ok(())
}

/// What a chunk's head says.
#[derive(Clone, Copy, Debug)]
struct ChunkHead {
    start: u64,
    count: usize,
    /// The width of the largest value.
    bits: u8,
    /// For a coded chunk, the length of its payload.
    coded: Option<usize>,
}

impl ChunkHead {
    /// The head at the start of `bytes`, if it is one a writer could make.
    fn parse(bytes: &[u8]) -> Result<ChunkHead, String> {
        if bytes.len() < CHUNK_HEAD {
            return Err("a chunk is cut short".into());
        }
        if &bytes[..4] != CHUNK_MAGIC {
            return Err("no chunk marker where a chunk should start".into());
        }
        let mut start = [0u8; 8];
        start.copy_from_slice(&bytes[4..12]);
        let count = u32_at(bytes, 12) as usize;
        let bits = bytes[16] & !CODED;
        let coded = if bytes[16] & CODED != 0 {
            if bytes.len() < CHUNK_HEAD + 4 {
                return Err("a chunk is cut short".into());
            }
            let length = u32_at(bytes, CHUNK_HEAD) as usize;
            // A writer codes a chunk only when that is shorter than its
            // fixed width, with a table entry of 5 bytes and at least one bit
            // a value.
            let least = 9 + count.div_ceil(8);
            let fixed = (count * usize::from(bits)).div_ceil(8);
            if count == 0 || length < least || length >= fixed {
                return Err(format!(
                    "a coded chunk of {count} values of {bits} bits claims {length} bytes \
                     (from {least} to {fixed}, exclusive)"
                ));
            }
            Some(length)
        } else {
            None
        };
        if count > MAX_CHUNK_VALUES {
            // No writer makes such a chunk; refusing it keeps a damaged
            // count from asking for gigabytes before the checksum is seen.
            return Err(format!(
                "a chunk claims {count} values (at most {MAX_CHUNK_VALUES})"
            ));
        }
        if bits > 32 {
            return Err(format!("a chunk claims {bits} bits per value (at most 32)"));
        }
        Ok(ChunkHead {
            start: u64::from_le_bytes(start),
            count,
            bits,
            coded,
        })
    }

    /// Bytes of the head: 4 more for a coded chunk's length.
    fn len(&self) -> usize {
        CHUNK_HEAD + if self.coded.is_some() { 4 } else { 0 }
    }

    /// Bytes of packed or coded values.
    fn payload(&self) -> usize {
        self.coded
            .unwrap_or_else(|| (self.count * usize::from(self.bits)).div_ceil(8))
    }

    /// The values of the chunk `bytes` (whose head this is) onto `out`.
    fn values_into(&self, bytes: &[u8], out: &mut ValueTable) -> Result<(), String> {
        let payload = &bytes[self.len()..self.len() + self.payload()];
        match self.coded {
            Some(_) => huffman::decode(payload, self.count, largest_of_width(self.bits), out),
            None => {
                unpack(payload, self.count, self.bits, out);
                Ok(())
            }
        }
    }
}

impl SequenceStore {
    /// Creates a new store for `rules` at `path` (an error if the file
    /// exists), and holds its writer's lock: see [`SequenceStore::open_writer`].
    /// Another writer holding the lock already (it opened the file in the
    /// instant after its creation) is [`StoreError::Locked`].
    pub fn create(path: impl AsRef<Path>, rules: &TakeBreak) -> Result<SequenceStore, StoreError> {
        Self::writer(
            path.as_ref(),
            rules,
            DEFAULT_STORE_MEMORY,
            LockWait::Fail,
            true,
        )
    }

    /// Opens the store of `rules` at `path` to write to it, creating it if it
    /// does not exist, as its only writer: the file's advisory lock is taken
    /// first (failing with [`StoreError::Locked`] if another process holds
    /// it, or waiting for it, as `wait` says) and kept until the store is
    /// dropped. Everything is read under the lock, so a writer always
    /// continues exactly where the previous one stopped: concurrent runs
    /// lose no work and never interleave chunks. A torn last chunk is cut
    /// off (and reported by [`SequenceStore::recovery`]); the values read
    /// are checked against the rules of `rules` (see [`SequenceStore::open`]).
    pub fn open_writer(
        path: impl AsRef<Path>,
        rules: &TakeBreak,
        budget: u64,
        wait: LockWait,
    ) -> Result<SequenceStore, StoreError> {
        Self::writer(path.as_ref(), rules, budget, wait, false)
    }

    fn writer(
        path: &Path,
        rules: &TakeBreak,
        budget: u64,
        wait: LockWait,
        must_create: bool,
    ) -> Result<SequenceStore, StoreError> {
        if !path.exists() {
            match Self::write_header(path, rules) {
                Ok(()) => {}
                // Another writer created it first: this one takes its turn.
                Err(StoreError::Exists { .. }) if !must_create => {}
                Err(e) => return Err(e),
            }
        } else if must_create {
            return Err(StoreError::Exists {
                path: path.to_owned(),
            });
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(io_error("open", path))?;
        // The header never changes once in place: another game is refused
        // at once, without waiting for the lock.
        let (stored, _, _) = read_header(&mut BufReader::new(&file), path)?;
        if stored != *rules {
            return Err(StoreError::OtherGame {
                path: path.to_owned(),
                stored: stored.to_string(),
                requested: rules.to_string(),
            });
        }
        (&file)
            .seek(SeekFrom::Start(0))
            .map_err(io_error("seek", path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) if wait == LockWait::Block => {
                file.lock().map_err(io_error("lock", path))?
            }
            Err(TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    path: path.to_owned(),
                    holder: lock_holder(&file),
                })
            }
            Err(TryLockError::Error(e)) => return Err(io_error("lock", path)(e)),
        }
        let mut store = Self::read_from(&file, path, budget)?;
        if store.rules != *rules {
            return Err(StoreError::OtherGame {
                path: path.to_owned(),
                stored: store.rules.to_string(),
                requested: rules.to_string(),
            });
        }
        if let Some(recovery) = store.recovery {
            file.set_len(recovery.offset)
                .map_err(io_error("cut the torn chunk from", path))?;
            file.sync_all().map_err(io_error("sync", path))?;
        }
        let mut file = file;
        file.seek(SeekFrom::End(0))
            .map_err(io_error("seek", path))?;
        store.file = Some(file);
        Ok(store)
    }

    /// Puts a file holding only the header of `rules` at `path`, atomically
    /// and never over an existing file: the header goes to a temporary file
    /// named for this process and call, synced, then hard-linked into place
    /// (which fails if `path` exists, where a rename would replace it).
    /// Where the file system has no hard links, a rename is the fallback:
    /// atomic still, but two writers creating the same store at the same
    /// instant may then both succeed, the second replacing the first.
    fn write_header(path: &Path, rules: &TakeBreak) -> Result<(), StoreError> {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(
            ".tmp.{}.{}",
            std::process::id(),
            CALLS.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = PathBuf::from(tmp);
        let written = (|| {
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
                .map_err(io_error("create", &tmp))?;
            file.write_all(&header_bytes(rules))
                .map_err(io_error("write", &tmp))?;
            file.sync_all().map_err(io_error("sync", &tmp))?;
            match std::fs::hard_link(&tmp, path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(StoreError::Exists {
                    path: path.to_owned(),
                }),
                Err(_) if !path.exists() => {
                    std::fs::rename(&tmp, path).map_err(io_error("rename into place", path))
                }
                Err(_) => Err(StoreError::Exists {
                    path: path.to_owned(),
                }),
            }
        })();
        let _ = std::fs::remove_file(&tmp);
        written?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the link itself durable; not all systems allow syncing a directory.
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }

    /// Opens a store to read it, verifying every checksum, with at most
    /// [`DEFAULT_STORE_MEMORY`] bytes for its values. A torn last chunk is
    /// left in place and reported by [`SequenceStore::recovery`].
    pub fn open(path: impl AsRef<Path>) -> Result<SequenceStore, StoreError> {
        Self::read(path.as_ref(), DEFAULT_STORE_MEMORY)
    }

    /// [`SequenceStore::open`] with at most `budget` bytes for the values.
    pub fn open_within(path: impl AsRef<Path>, budget: u64) -> Result<SequenceStore, StoreError> {
        Self::read(path.as_ref(), budget)
    }

    /// Opens a store of `rules` to append to it, failing with
    /// [`StoreError::Locked`] if another process is writing it: a torn last
    /// chunk is cut off (and reported by [`SequenceStore::recovery`]).
    pub fn open_append(
        path: impl AsRef<Path>,
        rules: &TakeBreak,
    ) -> Result<SequenceStore, StoreError> {
        Self::open_append_within(path, rules, DEFAULT_STORE_MEMORY)
    }

    /// [`SequenceStore::open_append`] with at most `budget` bytes for the
    /// values read.
    pub fn open_append_within(
        path: impl AsRef<Path>,
        rules: &TakeBreak,
        budget: u64,
    ) -> Result<SequenceStore, StoreError> {
        let path = path.as_ref();
        if !path.exists() {
            // Opening to append never creates: say so as opening would.
            File::open(path).map_err(io_error("open", path))?;
        }
        Self::open_writer(path, rules, budget, LockWait::Fail)
    }

    fn read(path: &Path, budget: u64) -> Result<SequenceStore, StoreError> {
        let file = File::open(path).map_err(io_error("open", path))?;
        Self::read_from(&file, path, budget)
    }

    /// Reads and checks the store in `file` (named `path` in errors): its
    /// header, every chunk, and its values against its game's rules.
    fn read_from(file: &File, path: &Path, budget: u64) -> Result<SequenceStore, StoreError> {
        let file_len = file.metadata().map_err(io_error("read", path))?.len();
        let mut reader = BufReader::with_capacity(1 << 20, file);
        let corrupt = |offset: u64, reason: &str| StoreError::Corrupt {
            path: path.to_owned(),
            offset,
            reason: reason.to_owned(),
        };
        let read_err = io_error("read", path);
        let (rules, version, first_chunk) = read_header(&mut reader, path)?;

        // Pass 1: the chunk heads alone, for the number of values and their
        // width: a hint to size the table once, never trusted further (pass 2
        // checks every chunk, and the budget as it goes). It stops at the
        // first head that is malformed or whose chunk would end past the file.
        let (mut total, mut bits) = (0usize, 0u8);
        let mut head = Vec::new();
        let mut pos = first_chunk;
        loop {
            head.clear();
            read_head(&mut reader, &mut head).map_err(io_error("read", path))?;
            let Ok(info) = ChunkHead::parse(&head) else {
                break;
            };
            let end = pos + (info.len() + info.payload() + 4) as u64;
            if end > file_len || reader.seek_relative(info.payload() as i64 + 4).is_err() {
                break;
            }
            pos = end;
            total = total.saturating_add(info.count);
            bits = bits.max(info.bits);
        }
        let width = ValueTable::bytes_for(largest_of_width(bits));
        let capacity = total.min(usize::try_from(budget / width as u64).unwrap_or(usize::MAX));
        let mut values = ValueTable::with_capacity(capacity, width);

        // Pass 2: every chunk checked, then unpacked into the table. Only
        // the bytes there were at opening are read: a writer appending
        // meanwhile adds chunks this reader does not see (nor half-sees).
        reader
            .seek(SeekFrom::Start(first_chunk))
            .map_err(io_error("seek", path))?;
        let mut reader = reader.take(file_len.saturating_sub(first_chunk));
        let mut at = first_chunk;
        let mut recovery = None;
        let mut last_chunk_start = 0;
        let mut chunk_ends = Vec::new();
        let mut chunk = Vec::new();
        loop {
            chunk.clear();
            read_head(&mut reader, &mut chunk).map_err(io_error("read", path))?;
            if chunk.is_empty() {
                break;
            }
            if let Ok(info) = ChunkHead::parse(&chunk) {
                read_up_to(&mut reader, &mut chunk, info.payload() + 4)
                    .map_err(io_error("read", path))?;
            }
            match Self::check_chunk(&chunk, values.len() as u64) {
                Ok(info) => {
                    let heaps = values.len() + info.count;
                    let bytes = values
                        .bytes_per_value()
                        .max(ValueTable::bytes_for(largest_of_width(info.bits)));
                    let needed = (heaps as u64).saturating_mul(bytes as u64);
                    if needed > budget {
                        return Err(StoreError::TooLarge {
                            path: path.to_owned(),
                            heaps: heaps as u64,
                            needed,
                            budget,
                        });
                    }
                    last_chunk_start = values.len();
                    chunk_ends.push(values.len() + info.count);
                    info.values_into(&chunk, &mut values)
                        .map_err(|reason| corrupt(at, &reason))?;
                    at += chunk.len() as u64;
                }
                Err(reason) => {
                    // Damage in the middle, or the torn tail of an
                    // interrupted write? A write leaves at most one chunk,
                    // so more bytes than a chunk can hold, or a good chunk
                    // among them, mean damage.
                    if file_len.saturating_sub(at) > MAX_CHUNK_BYTES {
                        return Err(corrupt(at, &reason));
                    }
                    (&mut reader)
                        .take(MAX_CHUNK_BYTES)
                        .read_to_end(&mut chunk)
                        .map_err(read_err)?;
                    if Self::good_chunk_follows(&chunk) {
                        return Err(corrupt(at, &reason));
                    }
                    recovery = Some(StoreRecovery {
                        offset: at,
                        dropped_bytes: chunk.len() as u64,
                    });
                    break;
                }
            }
        }
        if let Some((heap, stored, expected)) = inconsistency(&rules, &values, &chunk_ends) {
            return Err(StoreError::Inconsistent {
                path: path.to_owned(),
                game: rules.to_string(),
                heap,
                stored,
                expected,
            });
        }
        Ok(SequenceStore {
            path: path.to_owned(),
            rules,
            count: values.len() as u64,
            tail: TailCheck::of(&values, last_chunk_start, values.len()),
            values,
            file: None,
            recovery,
            version,
        })
    }

    /// Whether a well-formed chunk starts anywhere after the first byte of
    /// `bytes` (so that the bad chunk there is not a torn tail but damage in
    /// the middle). Past [`SCAN_BUDGET`] bytes checksummed it answers yes:
    /// a torn tail is one chunk, not a maze of chunk heads.
    fn good_chunk_follows(bytes: &[u8]) -> bool {
        let mut hashed = 0usize;
        for i in 1..bytes.len().saturating_sub(CHUNK_HEAD + 4) {
            if &bytes[i..i + 4] != CHUNK_MAGIC {
                continue;
            }
            let Ok(info) = ChunkHead::parse(&bytes[i..]) else {
                continue;
            };
            hashed += info.len() + info.payload();
            if hashed > SCAN_BUDGET {
                return true;
            }
            if Self::check_chunk(&bytes[i..], info.start).is_ok() {
                return true;
            }
        }
        false
    }

    /// Checks the chunk at the start of `bytes`, which must start at heap
    /// `expected`: its head, its length and its checksum.
    fn check_chunk(bytes: &[u8], expected: u64) -> Result<ChunkHead, String> {
        let info = ChunkHead::parse(bytes)?;
        let end = info.len() + info.payload();
        if bytes.len() < end + 4 {
            return Err("a chunk is cut short".into());
        }
        if crc32fast::hash(&bytes[..end]) != u32_at(bytes, end) {
            return Err("chunk checksum mismatch".into());
        }
        if info.start != expected {
            return Err(format!(
                "chunk starts at heap {}, expected heap {expected}",
                info.start
            ));
        }
        Ok(info)
    }

    /// Appends `values[self.len()..]`: `values` is the whole sequence so far
    /// (as [`crate::takebreak::HeapSolver::values`] gives it), and is synced to disk
    /// before returning.
    ///
    /// The store keeps no copy of the values: it checks that `values`
    /// continues the stored sequence by the checksum of the stretch it last
    /// wrote (or read), which catches a caller that hands it another
    /// sequence; the values written are checksummed on disk as always.
    pub fn append(&mut self, values: &ValueTable) -> Result<(), StoreError> {
        let Some(file) = self.file.as_mut() else {
            return Err(StoreError::ReadOnly {
                path: self.path.clone(),
            });
        };
        let from = self.count as usize;
        if values.len() < from {
            return Err(StoreError::Gap {
                expected: from as u64,
                found: values.len() as u64,
            });
        }
        let tail = self.tail;
        if values_crc(values.iter_range(tail.start as usize..tail.end as usize)) != tail.crc {
            return Err(StoreError::Diverged {
                from: tail.start,
                to: tail.end,
            });
        }
        for start in (from..values.len()).step_by(MAX_CHUNK_VALUES) {
            let end = (start + MAX_CHUNK_VALUES).min(values.len());
            let may_code = self.version >= VERSION;
            file.write_all(&chunk_bytes(
                start as u64,
                values.iter_range(start..end),
                may_code,
            ))
            .map_err(io_error("append to", &self.path))?;
        }
        file.sync_data().map_err(io_error("sync", &self.path))?;
        if values.len() > from {
            self.tail = TailCheck::of(values, from, values.len());
        }
        self.count = values.len() as u64;
        Ok(())
    }

    /// The game whose values are stored.
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }

    /// The values read from the file, `G(0..n)`: for a store opened with
    /// [`SequenceStore::open`], all of them (`n` = [`SequenceStore::len`]).
    /// A store being written keeps no copy of what it appends, so for it
    /// this is only what [`SequenceStore::open_append`] read, and empty once
    /// [`SequenceStore::take_values`] has moved that out.
    pub fn values(&self) -> &ValueTable {
        &self.values
    }

    /// Moves the values read from the file out of the store (leaving
    /// [`SequenceStore::values`] empty, [`SequenceStore::len`] unchanged):
    /// how a resuming solver gets them without a second copy in memory.
    ///
    /// ```
    /// use grundy::{takebreak::HeapSolver, takebreak::SequenceConfig, takebreak::SequenceStore, takebreak::TakeBreak, takebreak::ValueTable};
    /// let path = std::env::temp_dir().join(format!("grundy-doc-take-{}", std::process::id()));
    /// let _ = std::fs::remove_file(&path);
    /// let game = TakeBreak::kayles();
    /// let first = ValueTable::from(vec![0, 1, 2]);
    /// SequenceStore::create(&path, &game).unwrap().append(&first).unwrap();
    /// let mut store = SequenceStore::open_append(&path, &game).unwrap();
    /// let mut solver =
    ///     HeapSolver::resume(game, SequenceConfig::default(), store.take_values()).unwrap();
    /// assert!(store.values().is_empty());
    /// solver.try_extend(9, u64::MAX).unwrap();
    /// store.append(solver.values()).unwrap();
    /// assert_eq!(store.len(), 10);
    /// assert_eq!(SequenceStore::open(&path).unwrap().values(), solver.values());
    /// assert_eq!(*solver.values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn take_values(&mut self) -> ValueTable {
        std::mem::take(&mut self.values)
    }

    /// The number of stored values.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The torn chunk found when opening, if any.
    pub fn recovery(&self) -> Option<StoreRecovery> {
        self.recovery
    }

    /// The stored values as a sequence, with the periodicity they show
    /// (proved where the Guy–Smith check covers it), without copying them.
    /// Meant for a store opened for reading: see [`SequenceStore::values`].
    pub fn into_sequence(self) -> HeapSequence {
        let periodicity = find_periodicity(&self.rules, &self.values);
        HeapSequence::new(self.rules, self.values, periodicity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_at_every_width() {
        for bits in 0..=32u32 {
            let top = if bits == 0 {
                0
            } else {
                u32::MAX >> (32 - bits)
            };
            let values: Vec<u32> = (0..37u32)
                .map(|i| top.wrapping_sub(i.wrapping_mul(7919)) & top)
                .collect();
            for may_code in [false, true] {
                let bytes = chunk_bytes(5, values.iter().copied(), may_code);
                let info = SequenceStore::check_chunk(&bytes, 5).unwrap();
                assert_eq!(info.len() + info.payload() + 4, bytes.len());
                assert_eq!(info.bits, bits as u8);
                let mut out = ValueTable::new();
                info.values_into(&bytes, &mut out).unwrap();
                assert_eq!(out, values, "bits {bits}");
            }
        }
    }

    /// The `bits` bytes of every chunk of a store file.
    fn chunk_flags(bytes: &[u8], first: usize) -> Vec<u8> {
        let mut at = first;
        let mut flags = Vec::new();
        while at < bytes.len() {
            let info = ChunkHead::parse(&bytes[at..]).unwrap();
            flags.push(bytes[at + 16]);
            at += info.len() + info.payload() + 4;
        }
        flags
    }

    #[test]
    fn version_1_files_are_read_and_stay_version_1() {
        let path = std::env::temp_dir().join(format!("grundy-v1-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let game = TakeBreak::grundys_game();
        // A version 1 file as the first builds wrote it: fixed-width chunks.
        let mut header = header_bytes(&game);
        let end = header.len() - 4;
        header[8..12].copy_from_slice(&VERSION_FIXED.to_le_bytes());
        let crc = crc32fast::hash(&header[..end]);
        header[end..].copy_from_slice(&crc.to_le_bytes());
        // Grundy's game: its values are skewed (mostly 0, 1 and 2), as
        // coding likes, and are its own (a reader checks them).
        let config = crate::takebreak::SequenceConfig {
            stop_when_proved: false,
            ..crate::takebreak::SequenceConfig::default()
        };
        let skewed = game.try_sequence(2999, &config).unwrap().values().to_vec();
        let mut bytes = header.clone();
        bytes.extend(chunk_bytes(0, skewed[..1000].iter().copied(), false));
        std::fs::write(&path, &bytes).unwrap();

        let mut store = SequenceStore::open_append(&path, &game).unwrap();
        assert_eq!(store.take_values(), skewed[..1000]);
        store.append(&ValueTable::from(&skewed[..])).unwrap();
        let written = std::fs::read(&path).unwrap();
        assert_eq!(u32_at(&written, 8), VERSION_FIXED);
        assert!(chunk_flags(&written, header.len())
            .iter()
            .all(|f| f & CODED == 0));
        assert_eq!(*SequenceStore::open(&path).unwrap().values(), skewed[..]);
        std::fs::remove_file(&path).unwrap();

        // A new store codes the same skewed values, in fewer bytes.
        let mut store = SequenceStore::create(&path, &game).unwrap();
        store.append(&ValueTable::from(&skewed[..])).unwrap();
        let coded = std::fs::read(&path).unwrap();
        assert_eq!(u32_at(&coded, 8), VERSION);
        assert!(chunk_flags(&coded, header.len())
            .iter()
            .all(|f| f & CODED != 0));
        assert!(
            coded.len() < written.len(),
            "{} vs {}",
            coded.len(),
            written.len()
        );
        assert_eq!(*SequenceStore::open(&path).unwrap().values(), skewed[..]);
        std::fs::remove_file(&path).unwrap();
    }
}
