//! IR printer and parser (text IR).
