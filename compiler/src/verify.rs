//! IR verifier.
