//! A fast non-cryptographic hasher for the builtins' hash tables (`match`,
//! `unique`, `duplicated`, grouping in `tapply`/`split`/`table`): the
//! multiply-rotate hash of rustc's `FxHasher`, with the final rotation of
//! `rustc-hash` 2 so that hashbrown's top bits are well mixed. The keys are
//! the program's own data, not adversarial input, and the standard SipHash
//! cost more than the rest of `match` on short strings.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0xf135_7aea_2e62_a9c5;

#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.hash = self.hash.wrapping_add(w).wrapping_mul(K);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
        // The length, so that "a" and "a\0" differ.
        self.add(bytes.len() as u64);
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn write_i32(&mut self, i: i32) {
        self.add(i as u32 as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxHashMap<K, V> = HashMap<K, V, FxBuild>;
pub type FxHashSet<K> = HashSet<K, FxBuild>;

/// An empty map with room for `n` entries.
pub fn map_with_capacity<K, V>(n: usize) -> FxHashMap<K, V> {
    HashMap::with_capacity_and_hasher(n, FxBuild::default())
}

/// An empty set with room for `n` entries.
pub fn set_with_capacity<K>(n: usize) -> FxHashSet<K> {
    HashSet::with_capacity_and_hasher(n, FxBuild::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_find_what_they_hold() {
        let words: Vec<String> = (0..2000).map(|i| format!("w{i}")).collect();
        let mut m = map_with_capacity(0);
        for (i, w) in words.iter().enumerate() {
            m.insert(w.as_str(), i);
        }
        for (i, w) in words.iter().enumerate() {
            assert_eq!(m[w.as_str()], i);
        }
        assert!(!m.contains_key("w2000"));
        let mut s = set_with_capacity(4);
        assert!(s.insert(""));
        assert!(!s.insert(""));
        assert!(s.insert("\0"));
    }
}
