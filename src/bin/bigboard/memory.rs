//! Out of memory is an error, not an abort: the program's allocator prints
//! `error: out of memory` and exits with status 2 when an allocation fails,
//! except inside [`fallible`], where the failure goes back to the caller
//! (a hash table whose size a user typed is refused and the program goes
//! on).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;

pub struct Allocator;

thread_local! {
    /// Inside [`fallible`]: a failed allocation is returned, not fatal.
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, in which allocations that fail are reported to their caller
/// (`try_reserve`) instead of ending the program.
pub fn fallible<T>(f: impl FnOnce() -> T) -> T {
    let before = FALLIBLE.with(|c| c.replace(true));
    let out = f();
    FALLIBLE.with(|c| c.set(before));
    out
}

#[inline]
fn checked(p: *mut u8, layout: Layout) -> *mut u8 {
    if p.is_null() && !FALLIBLE.try_with(Cell::get).unwrap_or(false) {
        // No allocation from here on: the message is written as it is.
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(b"error: out of memory (an allocation of ");
        let mut digits = [0u8; 20];
        let mut n = layout.size();
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let _ = err.write_all(&digits[i..]);
        let _ = err.write_all(b" bytes failed)\n");
        std::process::exit(2);
    }
    p
}

// SAFETY: every call is passed to the system allocator unchanged; only a
// null result is acted on.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        checked(unsafe { System.alloc(layout) }, layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        checked(unsafe { System.alloc_zeroed(layout) }, layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        checked(p, Layout::from_size_align(new_size, layout.align()).unwrap_or(layout))
    }
}
