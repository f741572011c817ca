//! The binaries' global allocator: mimalloc, entered through its plain
//! `malloc`/`free` whenever the layout allows (R programs allocate many small,
//! short-lived objects; glibc's allocator spent over half of a list-building
//! benchmark in malloc/free consolidation).
//!
//! Why not the `mimalloc` crate's allocator: it calls `mi_malloc_aligned` for
//! every layout, whose alignment handling cost about a third more
//! instructions per allocation than `mi_malloc` (callgrind, `runif(1)` in a
//! loop: seven allocations per call). Here, as in std's `System` allocator,
//! an alignment of at most 16 (`MI_MAX_ALIGN_SIZE`, what `mi_malloc`
//! guarantees) and at most the size takes the plain path.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every `mi_malloc` block has (for sizes of at least 16).
const PLAIN_ALIGN: usize = 16;

pub struct Allocator;

fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(layout.align(), new_size) {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}
