//! Word and character counts, the units an analysis and a quote are priced in.
//!
//! Words: a run of letters, digits and joiners (`'`, `’`, `-`, `.`, `,` between two of them) is
//! one word, so "don't", "e-mail" and "1,250.50" count once. Scripts written without spaces
//! count by characters: each Chinese or Japanese character (ideographs, kana) and each Thai
//! character (Thai has no spaces, and no dictionary is at hand to split it) is one word, as
//! agencies price these languages. Mixed text ("iPhone 15 対応") counts each part by its own
//! rule. Korean separates words with spaces and counts by the word rule.
//!
//! Characters: every character of the text without markup except whitespace.

/// Scripts written without spaces: counted, and indexed, one word per character.
pub(crate) fn counted_by_character(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0E7F            // Thai
        | 0x3040..=0x30FF          // Hiragana, Katakana
        | 0x3400..=0x4DBF          // CJK Extension A
        | 0x4E00..=0x9FFF          // CJK Unified Ideographs
        | 0xF900..=0xFAFF          // CJK Compatibility Ideographs
        | 0xFF66..=0xFF9F          // half-width Katakana
        | 0x20000..=0x2FA1F        // CJK Extensions B–F, compatibility supplement
    )
}

fn joiner(c: char) -> bool {
    matches!(c, '\'' | '’' | '-' | '.' | ',' | '_' | '/')
}

/// The words of a text without markup (see the module's documentation).
pub fn count_words(text: &str) -> u32 {
    let chars: Vec<char> = text.chars().collect();
    let mut words = 0;
    let mut in_word = false;
    for (i, &c) in chars.iter().enumerate() {
        if counted_by_character(c) {
            words += 1;
            in_word = false;
        } else if c.is_alphanumeric() {
            if !in_word {
                words += 1;
                in_word = true;
            }
        } else if in_word && joiner(c) {
            // A joiner keeps the word going only between two word characters.
            let next = chars.get(i + 1).copied();
            in_word = next.is_some_and(|n| n.is_alphanumeric() && !counted_by_character(n));
        } else {
            in_word = false;
        }
    }
    words
}

/// The characters of a text without markup, whitespace not counted.
pub fn count_chars(text: &str) -> u32 {
    text.chars().filter(|c| !c.is_whitespace()).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_spaced_scripts() {
        for (text, words) in [
            ("", 0),
            ("Add to cart", 3),
            ("  Add   to cart! ", 3),
            ("Don't e-mail me", 3),
            ("Only 1,250.50 € today", 3),
            ("Kaufen Sie jetzt – günstig", 4),
            ("Добавить в корзину", 3),
            ("장바구니에 담기", 2),
            ("a - b", 2),
            ("end.", 1),
        ] {
            assert_eq!(count_words(text), words, "{text:?}");
        }
    }

    #[test]
    fn cjk_and_thai_count_by_character() {
        for (text, words) in [
            ("カートに追加", 6),
            ("加入购物车", 5),
            ("เพิ่มลงตะกร้า", 13),
            ("iPhone 15 対応", 4),
            ("価格：100円", 4),
        ] {
            assert_eq!(count_words(text), words, "{text:?}");
        }
    }

    #[test]
    fn characters_leave_out_whitespace() {
        assert_eq!(count_chars("Add to cart"), 9);
        assert_eq!(count_chars(" カート に "), 4);
    }
}
