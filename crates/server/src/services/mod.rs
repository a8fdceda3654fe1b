//! Services the features share: each owns its tables and knows no feature.

pub mod memory;
