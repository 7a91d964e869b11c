//! The table of values `G(0), G(1), …` held in memory, one cell per heap in
//! the narrowest of 1, 2 or 4 bytes that holds every value so far.
//!
//! # Why cells of whole bytes
//!
//! The solvers' hot loops read `G(a)` and `G(s − a)` for runs of `a` and XOR
//! them: a byte-aligned cell is one load, where a bit-packed one (9 bits for
//! values below 512) needs a shift and a mask per read, in the loop that
//! takes nearly all the time. So the table narrows to the byte widths and
//! leaves the last bits to the store on disk, which packs each chunk to its
//! largest value's width (see `store.rs`). Grundy's game to heap `2^24`
//! (largest value 255 or less) is one byte a heap; Officers (0.6), whose
//! values pass 255 at heap 1 274 955 on the way to 319, two.
//!
//! A table widens itself when a value no longer fits (a copy of the cells
//! into the wider form, once per width), and never narrows.

use std::fmt;

/// The values of heaps `0..len` (see the module docs).
///
/// ```
/// use grundy::takebreak::ValueTable;
/// let mut table = ValueTable::from(vec![0, 1, 2]);
/// assert_eq!(table.bytes_per_value(), 1);
/// table.push(300);
/// assert_eq!(table.bytes_per_value(), 2);
/// assert_eq!(table.get(3), Some(300));
/// assert_eq!(table, [0, 1, 2, 300][..]);
/// ```
#[derive(Clone, Default)]
pub struct ValueTable {
    cells: Cells,
}

#[derive(Clone)]
enum Cells {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Default for Cells {
    fn default() -> Cells {
        Cells::U8(Vec::new())
    }
}

/// The width of a table's cells, for code that works on them directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    U8,
    U16,
    U32,
}

/// A cell type of a [`ValueTable`]: what the solvers' generic loops read.
pub(crate) trait Cell:
    Copy + Eq + Send + Sync + std::ops::BitXor<Output = Self> + 'static
{
    /// The cell's value.
    fn get(self) -> u32;
    /// `v` as a cell, if it fits one.
    fn from_u32(v: u32) -> Option<Self>;
    /// The table's cells, which must be of this width (the caller chose the
    /// type by [`ValueTable::width`]).
    fn cells(table: &ValueTable) -> &[Self];
}

macro_rules! cell {
    ($t:ty, $variant:ident) => {
        impl Cell for $t {
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline]
            fn cells(table: &ValueTable) -> &[$t] {
                match &table.cells {
                    Cells::$variant(v) => v,
                    _ => panic!(
                        "internal error: cells of {} bytes read from a table of {} bytes",
                        std::mem::size_of::<$t>(),
                        table.bytes_per_value()
                    ),
                }
            }
        }
    };
}
cell!(u8, U8);
cell!(u16, U16);
cell!(u32, U32);

/// Runs `$body` with `$V` the cell type of `$table`: the one place where a
/// table's width picks the monomorphised code.
macro_rules! with_cells {
    ($table:expr, $V:ident => $body:expr) => {
        match $table.width() {
            $crate::takebreak::values::Width::U8 => {
                type $V = u8;
                $body
            }
            $crate::takebreak::values::Width::U16 => {
                type $V = u16;
                $body
            }
            $crate::takebreak::values::Width::U32 => {
                type $V = u32;
                $body
            }
        }
    };
}
pub(crate) use with_cells;

impl ValueTable {
    /// An empty table.
    pub fn new() -> ValueTable {
        ValueTable::default()
    }

    /// An empty table with room for `capacity` values in cells of `bytes`
    /// bytes (1, 2 or 4; anything else is read as the next of these).
    pub fn with_capacity(capacity: usize, bytes: usize) -> ValueTable {
        let cells = match bytes {
            0 | 1 => Cells::U8(Vec::with_capacity(capacity)),
            2 => Cells::U16(Vec::with_capacity(capacity)),
            _ => Cells::U32(Vec::with_capacity(capacity)),
        };
        ValueTable { cells }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        match &self.cells {
            Cells::U8(v) => v.len(),
            Cells::U16(v) => v.len(),
            Cells::U32(v) => v.len(),
        }
    }

    /// Whether the table holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, if computed.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u32> {
        match &self.cells {
            Cells::U8(v) => v.get(i).map(|&x| u32::from(x)),
            Cells::U16(v) => v.get(i).map(|&x| u32::from(x)),
            Cells::U32(v) => v.get(i).copied(),
        }
    }

    /// The last value.
    pub fn last(&self) -> Option<u32> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Bytes per cell now: 1, 2 or 4.
    pub fn bytes_per_value(&self) -> usize {
        match self.cells {
            Cells::U8(_) => 1,
            Cells::U16(_) => 2,
            Cells::U32(_) => 4,
        }
    }

    /// Bytes allocated for the cells (capacity, not length).
    pub fn allocated_bytes(&self) -> usize {
        match &self.cells {
            Cells::U8(v) => v.capacity(),
            Cells::U16(v) => 2 * v.capacity(),
            Cells::U32(v) => 4 * v.capacity(),
        }
    }

    /// Room for values, counted in cells.
    pub fn capacity(&self) -> usize {
        match &self.cells {
            Cells::U8(v) => v.capacity(),
            Cells::U16(v) => v.capacity(),
            Cells::U32(v) => v.capacity(),
        }
    }

    /// Bytes a cell needs to hold `v`.
    pub fn bytes_for(v: u32) -> usize {
        match v {
            0..=0xff => 1,
            0x100..=0xffff => 2,
            _ => 4,
        }
    }

    pub(crate) fn width(&self) -> Width {
        match self.cells {
            Cells::U8(_) => Width::U8,
            Cells::U16(_) => Width::U16,
            Cells::U32(_) => Width::U32,
        }
    }

    /// Makes room for `additional` more values of the current width.
    pub fn reserve_exact(&mut self, additional: usize) {
        match &mut self.cells {
            Cells::U8(v) => v.reserve_exact(additional),
            Cells::U16(v) => v.reserve_exact(additional),
            Cells::U32(v) => v.reserve_exact(additional),
        }
    }

    /// Appends `G(len)`, widening the cells first if `v` does not fit.
    pub fn push(&mut self, v: u32) {
        if ValueTable::bytes_for(v) > self.bytes_per_value() {
            self.widen_to(ValueTable::bytes_for(v));
        }
        match &mut self.cells {
            Cells::U8(c) => c.push(v as u8),
            Cells::U16(c) => c.push(v as u16),
            Cells::U32(c) => c.push(v),
        }
    }

    /// Converts the cells to `bytes` bytes each (never narrower), with room
    /// for one more value: the wide copy is made before the narrow one is
    /// freed, so it is made no larger than needed.
    fn widen_to(&mut self, bytes: usize) {
        if bytes <= self.bytes_per_value() {
            return;
        }
        let capacity = self.len() + 1;
        self.cells = match bytes {
            2 => {
                let mut wide = Vec::with_capacity(capacity);
                wide.extend(self.iter().map(|x| x as u16));
                Cells::U16(wide)
            }
            _ => {
                let mut wide = Vec::with_capacity(capacity);
                wide.extend(self.iter());
                Cells::U32(wide)
            }
        };
    }

    /// The values in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = u32> + Clone + '_ {
        self.iter_range(0..self.len())
    }

    /// The values of heaps `range` (clamped to the table).
    pub fn iter_range(
        &self,
        range: std::ops::Range<usize>,
    ) -> impl ExactSizeIterator<Item = u32> + Clone + '_ {
        let end = range.end.min(self.len());
        let start = range.start.min(end);
        let (a, b, c): (&[u8], &[u16], &[u32]) = match &self.cells {
            Cells::U8(v) => (&v[start..end], &[], &[]),
            Cells::U16(v) => (&[], &v[start..end], &[]),
            Cells::U32(v) => (&[], &[], &v[start..end]),
        };
        Iter { a, b, c }
    }

    /// The values as plain numbers (4 bytes each).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The largest value (0 for an empty table).
    pub fn largest(&self) -> u32 {
        with_cells!(self, V => V::cells(self).iter().map(|&x| x.get()).max().unwrap_or(0))
    }
}

/// The values of one of the three cell widths (the other two are empty).
#[derive(Clone)]
struct Iter<'a> {
    a: &'a [u8],
    b: &'a [u16],
    c: &'a [u32],
}

impl Iterator for Iter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if let Some((&x, rest)) = self.a.split_first() {
            self.a = rest;
            Some(u32::from(x))
        } else if let Some((&x, rest)) = self.b.split_first() {
            self.b = rest;
            Some(u32::from(x))
        } else if let Some((&x, rest)) = self.c.split_first() {
            self.c = rest;
            Some(x)
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.a.len() + self.b.len() + self.c.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl From<&[u32]> for ValueTable {
    /// The narrowest table holding `values`.
    fn from(values: &[u32]) -> ValueTable {
        let bytes = ValueTable::bytes_for(values.iter().copied().max().unwrap_or(0));
        let cells = match bytes {
            1 => Cells::U8(values.iter().map(|&v| v as u8).collect()),
            2 => Cells::U16(values.iter().map(|&v| v as u16).collect()),
            _ => Cells::U32(values.to_vec()),
        };
        ValueTable { cells }
    }
}

impl From<Vec<u32>> for ValueTable {
    fn from(values: Vec<u32>) -> ValueTable {
        ValueTable::from(&values[..])
    }
}

impl FromIterator<u32> for ValueTable {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> ValueTable {
        let mut table = ValueTable::new();
        for v in iter {
            table.push(v);
        }
        table
    }
}

impl PartialEq for ValueTable {
    /// Equal values, whatever the cell widths.
    fn eq(&self, other: &ValueTable) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for ValueTable {}

impl PartialEq<[u32]> for ValueTable {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<Vec<u32>> for ValueTable {
    fn eq(&self, other: &Vec<u32>) -> bool {
        *self == other[..]
    }
}

impl<const N: usize> PartialEq<[u32; N]> for ValueTable {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

impl fmt::Debug for ValueTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Pushing any values one by one gives the same table as building
        /// it at once, with the narrowest width that holds them.
        #[test]
        fn pushes_widen_and_keep_every_value(
            values in proptest::collection::vec(
                prop_oneof![0u32..256, 0u32..70_000, any::<u32>()], 0..200),
        ) {
            let mut table = ValueTable::new();
            for (i, &v) in values.iter().enumerate() {
                table.push(v);
                prop_assert_eq!(table.get(i), Some(v));
            }
            prop_assert_eq!(&table.to_vec(), &values);
            let largest = values.iter().copied().max().unwrap_or(0);
            prop_assert_eq!(table.bytes_per_value(), ValueTable::bytes_for(largest));
            prop_assert_eq!(&ValueTable::from(&values[..]), &table);
            prop_assert_eq!(table.largest(), largest);
            let cut = values.len() / 3;
            prop_assert!(table.iter_range(cut..values.len()).eq(values[cut..].iter().copied()));
        }
    }

    #[test]
    fn widths_follow_the_largest_value() {
        assert_eq!(ValueTable::from(vec![255]).bytes_per_value(), 1);
        assert_eq!(ValueTable::from(vec![256]).bytes_per_value(), 2);
        assert_eq!(ValueTable::from(vec![65_535]).bytes_per_value(), 2);
        assert_eq!(ValueTable::from(vec![65_536]).bytes_per_value(), 4);
        assert_eq!(ValueTable::new().get(0), None);
    }

    #[test]
    fn tables_of_other_widths_with_equal_values_are_equal() {
        let narrow = ValueTable::from(vec![3, 0, 7]);
        let mut wide = narrow.clone();
        wide.widen_to(4);
        assert_eq!((narrow.bytes_per_value(), wide.bytes_per_value()), (1, 4));
        assert_eq!(narrow, wide);
        assert_eq!(wide, [3, 0, 7]);
        assert_ne!(wide, ValueTable::from(vec![3, 0]));
    }
}
