//! The R lexer.
