//! Packing segments into requests within a provider's limits.

use crate::error::MtError;
use crate::provider::BatchLimits;

/// One segment to translate; `id` is the caller's (e.g. a segment row id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub id: u64,
    pub text: String,
}

/// Request-sized groups of items, and the items that cannot fit any request.
#[derive(Debug, Default)]
pub(crate) struct Packed {
    pub batches: Vec<Vec<Item>>,
    pub too_long: Vec<(u64, MtError)>,
}

/// Greedy packing in input order (neighbouring segments of a job stay together): a batch is
/// closed when one more item would pass `max_texts` or the body size, computed as
/// `empty_bytes` plus each text's `text_bytes`.
pub(crate) fn pack(
    items: Vec<Item>,
    limits: BatchLimits,
    empty_bytes: usize,
    text_bytes: impl Fn(&str) -> usize,
) -> Packed {
    let mut packed = Packed::default();
    let mut current: Vec<Item> = Vec::new();
    let mut current_bytes = empty_bytes;
    let room = limits.max_request_bytes.saturating_sub(empty_bytes);
    for item in items {
        let bytes = text_bytes(&item.text);
        if bytes > room {
            packed
                .too_long
                .push((item.id, MtError::TextTooLong { bytes, limit: room }));
            continue;
        }
        let full = current.len() >= limits.max_texts
            || current_bytes.saturating_add(bytes) > limits.max_request_bytes;
        if full {
            packed.batches.push(std::mem::take(&mut current));
            current_bytes = empty_bytes;
        }
        current_bytes = current_bytes.saturating_add(bytes);
        current.push(item);
    }
    if !current.is_empty() {
        packed.batches.push(current);
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(lengths: &[usize]) -> Vec<Item> {
        lengths
            .iter()
            .enumerate()
            .map(|(i, &len)| Item {
                id: i as u64,
                text: "a".repeat(len),
            })
            .collect()
    }

    fn sizes(packed: &Packed) -> Vec<usize> {
        packed.batches.iter().map(Vec::len).collect()
    }

    #[test]
    fn respects_the_text_count() {
        let limits = BatchLimits {
            max_texts: 50,
            max_request_bytes: usize::MAX,
        };
        let packed = pack(items(&[1; 120]), limits, 10, |t| t.len());
        assert_eq!(sizes(&packed), vec![50, 50, 20]);
    }

    #[test]
    fn respects_the_byte_size_and_keeps_order() {
        let limits = BatchLimits {
            max_texts: 50,
            max_request_bytes: 100,
        };
        let packed = pack(items(&[40, 40, 30, 50, 10]), limits, 20, |t| t.len());
        assert_eq!(sizes(&packed), vec![2, 2, 1]);
        let ids: Vec<u64> = packed.batches.iter().flatten().map(|i| i.id).collect();
        assert_eq!(ids, vec![0, 1, 2, 3, 4]);
        for batch in &packed.batches {
            assert!(20 + batch.iter().map(|i| i.text.len()).sum::<usize>() <= 100);
        }
    }

    #[test]
    fn an_oversized_text_fails_alone() {
        let limits = BatchLimits {
            max_texts: 50,
            max_request_bytes: 100,
        };
        let packed = pack(items(&[10, 81, 10]), limits, 20, |t| t.len());
        assert_eq!(sizes(&packed), vec![2]);
        assert_eq!(
            packed.too_long,
            vec![(
                1,
                MtError::TextTooLong {
                    bytes: 81,
                    limit: 80
                }
            )]
        );
    }
}
