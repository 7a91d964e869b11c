//! A counting allocator: the system's, plus a per-thread count of the bytes
//! allocated and not yet freed, so that work the library cannot size in
//! advance — a script's values, made by the interpreter — is held to
//! `--max-memory` as it grows.
//!
//! A program opts in by installing it (the `grundy` command does):
//!
//! ```
//! #[global_allocator]
//! static ALLOC: grundy::alloc::Counting = grundy::alloc::Counting(std::alloc::System);
//! # fn main() {
//! let before = grundy::alloc::thread_live_bytes();
//! let v = vec![0u8; 1 << 20];
//! assert!(grundy::alloc::thread_live_bytes() - before >= 1 << 20);
//! # drop(v);
//! # }
//! ```
//!
//! Any allocator can be counted: the Python module counts mimalloc's
//! (`Counting(mimalloc::MiMalloc)`). Without a counting allocator the count
//! stays 0 and scripts are bounded by their array and string sizes alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes allocated minus bytes freed on this thread (memory freed on
    /// another thread than the one that took it moves the counts, which is
    /// why only differences over one call on one thread are meaningful).
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// An allocator (the system's unless told), counting bytes per thread (see
/// the [module](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting<A = System>(pub A);

fn count(delta: isize) {
    // `try_with`: the count is gone while the thread's locals are torn down.
    let _ = LIVE.try_with(|c| c.set(c.get().wrapping_add(delta)));
}

/// Bytes allocated minus bytes freed so far on this thread, when
/// [`Counting`] is the global allocator (else 0).
pub fn thread_live_bytes() -> isize {
    LIVE.try_with(Cell::get).unwrap_or(0)
}

// SAFETY: every method forwards to the wrapped allocator with the caller's
// arguments, so it keeps that allocator's guarantees; the count is a
// thread-local integer that never allocates (a `const` thread local without
// a destructor).
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is the wrapped allocator's.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by the wrapped allocator with
        // `layout` (every method here forwards to it).
        unsafe { self.0.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and the caller's contract for `realloc`.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}
