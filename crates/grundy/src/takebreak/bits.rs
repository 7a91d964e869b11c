//! Writing bit fields into bytes, first bit lowest: how a store's chunks
//! pack fixed-width values and Huffman codes alike.

/// Appends `fields` — `(bits, length)` pairs, each `length <= 32` bits and
/// `bits < 2^length` — to `out`, the first field's lowest bit first; the
/// last byte is padded with zeros.
pub(super) fn write_lsb_first(out: &mut Vec<u8>, fields: impl Iterator<Item = (u64, u32)>) {
    let mut acc: u64 = 0;
    let mut filled = 0u32;
    for (bits, len) in fields {
        acc |= bits << filled;
        filled += len;
        while filled >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            filled -= 8;
        }
    }
    if filled > 0 {
        out.push(acc as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_packed_lowest_bit_first() {
        let mut out = Vec::new();
        // 1 (1 bit), 0b10 (2 bits), 0b11111 (5 bits), then 0xabc (12 bits).
        write_lsb_first(
            &mut out,
            [(1, 1), (0b10, 2), (0b11111, 5), (0xabc, 12)].into_iter(),
        );
        assert_eq!(out, [0b1111_1101, 0xbc, 0x0a]);
        let mut wide = Vec::new();
        write_lsb_first(&mut wide, [(u64::from(u32::MAX), 32), (1, 1)].into_iter());
        assert_eq!(wide, [0xff, 0xff, 0xff, 0xff, 1]);
    }
}
