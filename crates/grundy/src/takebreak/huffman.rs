//! Canonical Huffman coding of a chunk of values, for the store on disk.
//!
//! Values of take-and-break games are far from uniform (Grundy's game to
//! 2^28: 9 bits wide, 5.7 bits of entropy), so a code built from a chunk's
//! own frequencies comes within a fraction of a bit of the entropy where a
//! fixed width cannot.
//!
//! # Layout
//!
//! ```text
//! symbols:u32  (value:u32  length:u8) × symbols   codes, LSB first
//! ```
//!
//! Symbols are listed by (code length, value); the codes are canonical (each
//! length's codes consecutive, in that order), so lengths alone define them.
//! A code is written with its first bit lowest, as the fixed-width packing
//! of `store.rs` writes values.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::bits::write_lsb_first;
use super::values::ValueTable;

/// The longest code allowed: a chunk whose Huffman code would be longer is
/// written with a fixed width instead.
const MAX_LEN: u32 = 32;

/// Code lengths of a Huffman code for `(value, count)` pairs, or `None` if
/// a code would be longer than [`MAX_LEN`].
fn code_lengths(freq: &[(u32, u64)]) -> Option<Vec<u32>> {
    if freq.len() == 1 {
        return Some(vec![1]);
    }
    // Nodes 0..n are the symbols; merged nodes follow, each with a parent.
    let n = freq.len();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = freq
        .iter()
        .enumerate()
        .map(|(i, &(_, c))| Reverse((c, i)))
        .collect();
    let mut next = n;
    while heap.len() > 1 {
        let (Some(Reverse((ca, a))), Some(Reverse((cb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((ca + cb, next)));
        next += 1;
    }
    // Depths from the root down: parents have higher indices than children.
    let mut depth = vec![0u32; 2 * n - 1];
    for i in (0..2 * n - 2).rev() {
        depth[i] = depth[parent[i]] + 1;
    }
    let lengths = depth[..n].to_vec();
    (lengths.iter().all(|&l| l <= MAX_LEN)).then_some(lengths)
}

/// Symbols in canonical order, with their codes (MSB-first).
fn canonical(mut symbols: Vec<(u32, u32)>) -> Vec<(u32, u32, u64)> {
    symbols.sort_unstable_by_key(|&(value, len)| (len, value));
    let mut code = 0u64;
    let mut prev = 0;
    let mut out = Vec::with_capacity(symbols.len());
    for (value, len) in symbols {
        code <<= len - prev;
        prev = len;
        out.push((value, len, code));
        code += 1;
    }
    out
}

/// The Huffman coding of `values` (table and codes), if it is shorter than
/// `fixed_bytes`; otherwise `None`.
pub(super) fn encode(
    values: impl Iterator<Item = u32> + Clone,
    fixed_bytes: usize,
) -> Option<Vec<u8>> {
    let mut counts: HashMap<u32, u64> = HashMap::new();
    for v in values.clone() {
        *counts.entry(v).or_insert(0) += 1;
    }
    let mut freq: Vec<(u32, u64)> = counts.into_iter().collect();
    freq.sort_unstable();
    if freq.is_empty() {
        return None;
    }
    let lengths = code_lengths(&freq)?;
    let table_bytes = 4 + 5 * freq.len();
    let code_bits: u64 = freq
        .iter()
        .zip(&lengths)
        .map(|(&(_, c), &l)| c * u64::from(l))
        .sum();
    let total = table_bytes + code_bits.div_ceil(8) as usize;
    if total >= fixed_bytes {
        return None;
    }
    let codes = canonical(freq.iter().map(|&(v, _)| v).zip(lengths).collect());
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(&(codes.len() as u32).to_le_bytes());
    for &(value, len, _) in &codes {
        out.extend_from_slice(&value.to_le_bytes());
        out.push(len as u8);
    }
    // Each value's code, bit-reversed so that its first bit is written lowest.
    let reversed: HashMap<u32, (u64, u32)> = codes
        .iter()
        .map(|&(v, len, code)| (v, (code.reverse_bits() >> (64 - len), len)))
        .collect();
    write_lsb_first(&mut out, values.map(|v| reversed[&v]));
    Some(out)
}

/// Decodes `count` values from a coded payload onto `out`; a symbol above
/// `largest` (what the chunk's head declares) is an error.
pub(super) fn decode(
    payload: &[u8],
    count: usize,
    largest: u32,
    out: &mut ValueTable,
) -> Result<(), String> {
    let cut = || "a coded chunk is cut short".to_string();
    let nsym = payload
        .get(..4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or_else(cut)?;
    let table_end = nsym
        .checked_mul(5)
        .and_then(|t| t.checked_add(4))
        .filter(|&t| t <= payload.len())
        .ok_or_else(cut)?;
    if nsym == 0 {
        return if count == 0 {
            Ok(())
        } else {
            Err("a coded chunk has values but no symbols".into())
        };
    }
    let mut symbols = Vec::with_capacity(nsym);
    for entry in payload[4..table_end].chunks_exact(5) {
        let value = u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]);
        let len = u32::from(entry[4]);
        if value > largest {
            return Err(format!(
                "a coded value {value} is wider than the chunk declares (at most {largest})"
            ));
        }
        if len == 0 || len > MAX_LEN {
            return Err(format!("a code length of {len} bits (1 to {MAX_LEN})"));
        }
        symbols.push((value, len));
    }
    let codes = canonical(symbols);
    // Per length: the first code, and where its symbols start in `codes`.
    let mut first = [0u64; MAX_LEN as usize + 2];
    let mut start = [0usize; MAX_LEN as usize + 2];
    let mut number = [0usize; MAX_LEN as usize + 2];
    for (i, &(_, len, code)) in codes.iter().enumerate().rev() {
        first[len as usize] = code;
        start[len as usize] = i;
        number[len as usize] += 1;
    }
    let mut bits = payload[table_end..].iter();
    let (mut acc, mut filled) = (0u64, 0u32);
    for _ in 0..count {
        let (mut code, mut len) = (0u64, 0usize);
        loop {
            if filled == 0 {
                acc = u64::from(*bits.next().ok_or_else(cut)?);
                filled = 8;
            }
            code = code << 1 | (acc & 1);
            acc >>= 1;
            filled -= 1;
            len += 1;
            if len > MAX_LEN as usize {
                return Err("a code matches no symbol".into());
            }
            if number[len] > 0 && code >= first[len] && code - first[len] < number[len] as u64 {
                out.push(codes[start[len] + (code - first[len]) as usize].0);
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the values, decoding gives them back.
        #[test]
        fn coding_round_trips(
            values in proptest::collection::vec(
                prop_oneof![0u32..4, 0u32..300, any::<u32>()], 1..500),
        ) {
            if let Some(bytes) = encode(values.iter().copied(), usize::MAX) {
                let mut out = ValueTable::new();
                decode(&bytes, values.len(), u32::MAX, &mut out).unwrap();
                prop_assert_eq!(out.to_vec(), values);
            }
        }
    }

    #[test]
    fn skewed_values_cost_about_their_entropy() {
        // Half zeros, a quarter ones, a quarter twos: 1.5 bits a value.
        let values: Vec<u32> = (0..4000).map(|i| [0, 0, 1, 2][i % 4]).collect();
        let bytes = encode(values.iter().copied(), usize::MAX).unwrap();
        assert_eq!(bytes.len(), 4 + 3 * 5 + 4000 * 3 / 2 / 8);
        // Not shorter than a fixed width: not coded.
        assert!(encode(values.iter().copied(), 100).is_none());
        let one = encode(std::iter::repeat_n(7, 10), usize::MAX).unwrap();
        let mut out = ValueTable::new();
        decode(&one, 10, 7, &mut out).unwrap();
        assert!(decode(&one, 10, 6, &mut ValueTable::new()).is_err());
        assert_eq!(out, [7; 10]);
    }

    #[test]
    fn damaged_payloads_are_errors() {
        let values: Vec<u32> = (0..100).map(|i| i % 7).collect();
        let bytes = encode(values.iter().copied(), usize::MAX).unwrap();
        let mut out = ValueTable::new();
        assert!(decode(&bytes[..bytes.len() - 3], 100, 6, &mut out).is_err());
        assert!(decode(&bytes[..10], 100, 6, &mut ValueTable::new()).is_err());
        let mut bad = bytes.clone();
        bad[8] = 0; // a code length of 0
        assert!(decode(&bad, 100, 6, &mut ValueTable::new()).is_err());
    }
}
