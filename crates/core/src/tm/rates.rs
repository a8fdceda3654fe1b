//! Rate schemes and what an analysis costs: a price per new word, a percentage of it for each
//! match band (the weighted words), a minimum fee, and the machine translation provider's price
//! per character for the agency's own cost.
//!
//! * weighted words of a band = words × percentage / 100;
//! * price = Σ weighted words × price per word, rounded to cents, at least the minimum fee;
//! * MT cost = characters of the segments machine translation would translate (fuzzy 50–99 %
//!   and no match: repetitions and 100/101 % come from the memory) × price per million
//!   characters / 1,000,000.

use serde::{Deserialize, Serialize};

use super::{Band, analysis::MatchCounts};

/// The ISO 4217 codes a scheme may name (the active ones, with the precious metals and testing
/// codes left out).
const CURRENCIES: &[&str] = &[
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
    "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
    "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
    "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
    "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
    "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
    "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
    "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS",
    "VES", "VND", "VUV", "WST", "XAF", "XCD", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
];

/// Whether `code` is one of the ISO 4217 codes a price may be in (upper case, as stored).
pub fn is_currency(code: &str) -> bool {
    CURRENCIES.contains(&code)
}

/// The highest price, fee or percentage a scheme accepts: anything above is a typing slip.
const MAX_AMOUNT: f64 = 1_000_000.0;
const MAX_PERCENT: u16 = 1_000;

/// The percentage of the price per word charged for each band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BandPercentages {
    pub repetition: u16,
    pub context: u16,
    pub exact: u16,
    pub fuzzy95: u16,
    pub fuzzy85: u16,
    pub fuzzy75: u16,
    pub fuzzy50: u16,
    pub no_match: u16,
}

impl Default for BandPercentages {
    /// Common agency discounts (the grid most translation tools ship with).
    fn default() -> Self {
        BandPercentages {
            repetition: 10,
            context: 0,
            exact: 10,
            fuzzy95: 30,
            fuzzy85: 60,
            fuzzy75: 80,
            fuzzy50: 100,
            no_match: 100,
        }
    }
}

impl BandPercentages {
    pub fn of(&self, band: Band) -> u16 {
        match band {
            Band::Repetition => self.repetition,
            Band::Context => self.context,
            Band::Exact => self.exact,
            Band::Fuzzy95 => self.fuzzy95,
            Band::Fuzzy85 => self.fuzzy85,
            Band::Fuzzy75 => self.fuzzy75,
            Band::Fuzzy50 => self.fuzzy50,
            Band::NoMatch => self.no_match,
        }
    }

    fn named(&self) -> [(&'static str, u16); 8] {
        Band::ALL.map(|band| (band_field(band), self.of(band)))
    }
}

/// The JSON field of a band's percentage (for messages naming it).
fn band_field(band: Band) -> &'static str {
    match band {
        Band::Repetition => "percentages.repetition",
        Band::Context => "percentages.context",
        Band::Exact => "percentages.exact",
        Band::Fuzzy95 => "percentages.fuzzy95",
        Band::Fuzzy85 => "percentages.fuzzy85",
        Band::Fuzzy75 => "percentages.fuzzy75",
        Band::Fuzzy50 => "percentages.fuzzy50",
        Band::NoMatch => "percentages.no_match",
    }
}

/// What a client (or, by default, every client) pays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RateScheme {
    /// ISO 4217 code, upper case.
    pub currency: String,
    /// The price of one new (no match) word at 100 %.
    pub word_price: f64,
    pub percentages: BandPercentages,
    /// The least a quote comes to.
    pub minimum_fee: f64,
    /// What the machine translation provider charges per million characters (the agency's
    /// cost, not shown to the customer).
    pub mt_price_per_million_characters: f64,
}

impl Default for RateScheme {
    fn default() -> Self {
        RateScheme {
            currency: "EUR".into(),
            word_price: 0.12,
            percentages: BandPercentages::default(),
            minimum_fee: 0.0,
            mt_price_per_million_characters: 20.0,
        }
    }
}

/// A scheme that cannot be stored, naming its field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("{0} must be a number from 0 to {MAX_AMOUNT}")]
    Amount(&'static str),
    #[error("{0} must be a percentage from 0 to {MAX_PERCENT}")]
    Percent(&'static str),
    #[error("currency must be an ISO 4217 code such as EUR or USD, not {0:?}")]
    Currency(String),
}

impl RateScheme {
    /// The scheme with its currency in upper case, or what is wrong with it.
    pub fn validated(mut self) -> Result<RateScheme, RateError> {
        self.currency = self.currency.trim().to_ascii_uppercase();
        if !CURRENCIES.contains(&self.currency.as_str()) {
            return Err(RateError::Currency(self.currency));
        }
        for (field, amount) in [
            ("word_price", self.word_price),
            ("minimum_fee", self.minimum_fee),
            (
                "mt_price_per_million_characters",
                self.mt_price_per_million_characters,
            ),
        ] {
            if !(0.0..=MAX_AMOUNT).contains(&amount) {
                return Err(RateError::Amount(field));
            }
        }
        if let Some((field, _)) = self
            .percentages
            .named()
            .into_iter()
            .find(|(_, percent)| *percent > MAX_PERCENT)
        {
            return Err(RateError::Percent(field));
        }
        Ok(self)
    }

    /// What each band and the whole analysis cost under this scheme.
    pub fn price(&self, bands: &[(Band, MatchCounts)]) -> Priced {
        let lines: Vec<PricedBand> = bands
            .iter()
            .map(|&(band, counts)| {
                let percent = self.percentages.of(band);
                let weighted_words = f64::from(counts.words) * f64::from(percent) / 100.0;
                PricedBand {
                    band,
                    percent,
                    weighted_words: round2(weighted_words),
                    price: round2(weighted_words * self.word_price),
                }
            })
            .collect();
        let weighted_words: f64 = bands
            .iter()
            .map(|&(band, c)| f64::from(c.words) * f64::from(self.percentages.of(band)) / 100.0)
            .sum();
        // The sum of the lines as they are shown, in cents: a quote's lines add up to it.
        let subtotal = round2(lines.iter().map(|line| line.price).sum());
        let mt_characters: u64 = bands
            .iter()
            .filter(|(band, _)| machine_translated(*band))
            .map(|(_, c)| u64::from(c.characters))
            .sum();
        Priced {
            bands: lines,
            weighted_words: round2(weighted_words),
            subtotal,
            minimum_fee_applied: subtotal < self.minimum_fee,
            total: round2(subtotal.max(self.minimum_fee)),
            mt_characters,
            mt_cost: round2(mt_characters as f64 * self.mt_price_per_million_characters / 1e6),
        }
    }
}

/// Whether segments of the band go to machine translation (nothing in the memory to fill
/// them with, or only a fuzzy match).
fn machine_translated(band: Band) -> bool {
    !matches!(band, Band::Repetition | Band::Context | Band::Exact)
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// One band under a scheme.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PricedBand {
    pub band: Band,
    pub percent: u16,
    pub weighted_words: f64,
    pub price: f64,
}

/// An analysis under a scheme.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Priced {
    pub bands: Vec<PricedBand>,
    pub weighted_words: f64,
    /// The sum of the bands' prices before the minimum fee.
    pub subtotal: f64,
    pub minimum_fee_applied: bool,
    /// What the customer pays.
    pub total: f64,
    /// Characters of the segments machine translation would translate.
    pub mt_characters: u64,
    /// What machine translation costs the agency.
    pub mt_cost: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(words: u32, characters: u32) -> MatchCounts {
        MatchCounts {
            segments: 1,
            words,
            characters,
        }
    }

    #[test]
    fn the_subtotal_is_the_sum_of_the_lines_in_cents() {
        // 0.00959 + 0.02877 + 0.0959 = 0.13426 (0.13) before rounding each line: 0.01 + 0.03 + 0.10.
        let scheme = RateScheme {
            word_price: 0.0137,
            ..RateScheme::default()
        };
        let priced = scheme.price(&[
            (Band::Repetition, counts(7, 40)),
            (Band::Fuzzy95, counts(7, 40)),
            (Band::NoMatch, counts(7, 40)),
        ]);
        let prices: Vec<f64> = priced.bands.iter().map(|b| b.price).collect();
        assert_eq!(prices, [0.01, 0.03, 0.1]);
        assert_eq!(priced.subtotal, 0.14);
        assert_eq!(priced.total, 0.14);
    }

    #[test]
    fn weighted_words_and_prices_follow_the_band_percentages() {
        let scheme = RateScheme {
            word_price: 0.10,
            mt_price_per_million_characters: 20.0,
            ..RateScheme::default()
        };
        let priced = scheme.price(&[
            (Band::Repetition, counts(100, 500)),
            (Band::Exact, counts(50, 250)),
            (Band::Fuzzy85, counts(10, 60)),
            (Band::NoMatch, counts(200, 1_000)),
        ]);
        // 100 × 10 % + 50 × 10 % + 10 × 60 % + 200 × 100 % = 10 + 5 + 6 + 200.
        assert_eq!(priced.weighted_words, 221.0);
        assert_eq!(priced.subtotal, 22.10);
        assert_eq!(priced.total, 22.10);
        assert!(!priced.minimum_fee_applied);
        let prices: Vec<f64> = priced.bands.iter().map(|b| b.price).collect();
        assert_eq!(prices, [1.0, 0.5, 0.6, 20.0]);
        // Only the fuzzy and new segments go to MT: 1,060 characters at 20 per million.
        assert_eq!(priced.mt_characters, 1_060);
        assert_eq!(priced.mt_cost, 0.02);
    }

    #[test]
    fn the_minimum_fee_is_the_least_a_quote_comes_to() {
        let scheme = RateScheme {
            minimum_fee: 35.0,
            ..RateScheme::default()
        };
        let priced = scheme.price(&[(Band::NoMatch, counts(10, 50))]);
        assert_eq!(priced.subtotal, 1.2);
        assert_eq!(priced.total, 35.0);
        assert!(priced.minimum_fee_applied);
    }

    #[test]
    fn validation_names_the_field() {
        let bad = |change: fn(&mut RateScheme)| {
            let mut scheme = RateScheme::default();
            change(&mut scheme);
            scheme.validated().unwrap_err().to_string()
        };
        assert!(bad(|s| s.word_price = -0.01).starts_with("word_price "));
        assert!(bad(|s| s.minimum_fee = f64::NAN).starts_with("minimum_fee "));
        assert!(
            bad(|s| s.mt_price_per_million_characters = f64::INFINITY)
                .starts_with("mt_price_per_million_characters ")
        );
        assert!(bad(|s| s.percentages.fuzzy75 = 1_001).starts_with("percentages.fuzzy75 "));
        assert!(bad(|s| s.currency = "EURO".into()).contains("\"EURO\""));
        let fine = RateScheme {
            currency: " usd ".into(),
            ..RateScheme::default()
        };
        assert_eq!(fine.validated().unwrap().currency, "USD");
    }
}
