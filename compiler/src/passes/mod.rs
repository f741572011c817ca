//! IR passes (one module per pass).
