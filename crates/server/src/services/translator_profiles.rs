//! Translators' profiles (`translator_profiles`, `translator_pairs`), their only reader and
//! writer: the language pairs a translator works in (WPML codes, normalised as every import
//! and lookup normalises them), a rate per weighted word (a default and per-pair overrides),
//! the currency they are paid in and a note on when they are available. Staff who manage users
//! set all of it; the translator reads it and writes their availability. An offer priced by
//! the rate freezes rate, currency and weighted words on the assignment
//! (`services::assignments`), so a later change here moves no offer or order.

use std::collections::{BTreeSet, HashMap};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder, Set,
};
use time::OffsetDateTime;
use wordmark_core::{lang, tm::rates::is_currency};

use crate::{
    db::{
        begin_write,
        entities::{translator_pair, translator_profile},
    },
    services::{
        accounts::{self, Role, User},
        rates,
    },
};

/// The highest rate per weighted word: anything above is a typing slip (a rate in cents, an
/// amount for the whole job).
pub const MAX_RATE: f64 = 1_000.0;
/// The longest availability note, in characters.
pub const MAX_AVAILABILITY_CHARS: usize = 2_000;
/// The most pairs one translator has.
pub const MAX_PAIRS: usize = 200;

/// A language pair of a translator, with its own rate when it differs from the default.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    pub source_lang: String,
    pub target_lang: String,
    pub rate: Option<f64>,
}

/// A translator's profile as stored (or the empty one of a translator nobody set up yet).
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub user_id: i32,
    /// ISO 4217, upper case.
    pub currency: String,
    pub default_rate: Option<f64>,
    pub availability: Option<String>,
    /// Source then target order.
    pub pairs: Vec<Pair>,
    /// `None` until somebody saved it.
    pub updated_at: Option<OffsetDateTime>,
}

impl Profile {
    /// Whether the translator works from `source` into `target` (any code form).
    pub fn has_pair(&self, source: &str, target: &str) -> bool {
        self.pair(source, target).is_some()
    }

    fn pair(&self, source: &str, target: &str) -> Option<&Pair> {
        let (source, target) = (lang::normalize(source), lang::normalize(target));
        self.pairs
            .iter()
            .find(|p| p.source_lang == source && p.target_lang == target)
    }

    /// The rate per weighted word for the pair: its own, else the default; `None` when the
    /// translator does not work in it or has no rate for it.
    pub fn rate_for(&self, source: &str, target: &str) -> Option<f64> {
        self.pair(source, target)
            .and_then(|pair| pair.rate.or(self.default_rate))
    }
}

/// What staff send for a profile: the whole of it.
#[derive(Debug, Clone, Default)]
pub struct ProfileInput {
    pub currency: String,
    pub default_rate: Option<f64>,
    pub availability: Option<String>,
    pub pairs: Vec<Pair>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// A field breaks its rule: the field's name (`pairs[1].rate`) and what is wrong.
    #[error("The field {field} {problem}.")]
    Invalid { field: String, problem: String },
    /// Profiles are for translators' accounts only.
    #[error("{0} is not a translator.")]
    NotATranslator(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

fn invalid(field: impl Into<String>, problem: impl Into<String>) -> ProfileError {
    ProfileError::Invalid {
        field: field.into(),
        problem: problem.into(),
    }
}

fn checked_rate(field: &str, rate: Option<f64>) -> Result<Option<f64>, ProfileError> {
    match rate {
        Some(rate) if !rate.is_finite() || !(0.0..=MAX_RATE).contains(&rate) => Err(invalid(
            field,
            format!("must be a rate per weighted word from 0 to {MAX_RATE}"),
        )),
        rate => Ok(rate),
    }
}

/// `text` trimmed, `None` when blank; refused beyond [`MAX_AVAILABILITY_CHARS`].
pub fn checked_availability(text: Option<&str>) -> Result<Option<String>, ProfileError> {
    let text = text.map(str::trim).filter(|t| !t.is_empty());
    if text.is_some_and(|t| t.chars().count() > MAX_AVAILABILITY_CHARS) {
        return Err(invalid(
            "availability",
            format!("must have at most {MAX_AVAILABILITY_CHARS} characters"),
        ));
    }
    Ok(text.map(str::to_owned))
}

fn checked_lang(field: String, code: &str) -> Result<String, ProfileError> {
    if !lang::is_known(code) {
        return Err(invalid(
            field,
            format!("names no language WPML knows ({:?})", code.trim()),
        ));
    }
    Ok(lang::normalize(code))
}

/// The input with its codes normalised and its currency in upper case, or the first field
/// that breaks its rule.
pub fn validated(input: ProfileInput) -> Result<ProfileInput, ProfileError> {
    let currency = input.currency.trim().to_ascii_uppercase();
    if !is_currency(&currency) {
        return Err(invalid(
            "currency",
            format!(
                "must be an ISO 4217 code such as EUR or GBP, not {:?}",
                input.currency
            ),
        ));
    }
    let default_rate = checked_rate("default_rate", input.default_rate)?;
    let availability = checked_availability(input.availability.as_deref())?;
    if input.pairs.len() > MAX_PAIRS {
        return Err(invalid(
            "pairs",
            format!("may list at most {MAX_PAIRS} pairs"),
        ));
    }
    let mut seen = BTreeSet::new();
    let mut pairs = Vec::with_capacity(input.pairs.len());
    for (i, pair) in input.pairs.into_iter().enumerate() {
        let source_lang = checked_lang(format!("pairs[{i}].source_lang"), &pair.source_lang)?;
        let target_lang = checked_lang(format!("pairs[{i}].target_lang"), &pair.target_lang)?;
        if source_lang == target_lang {
            return Err(invalid(
                format!("pairs[{i}].target_lang"),
                "must differ from the source language",
            ));
        }
        if !seen.insert((source_lang.clone(), target_lang.clone())) {
            return Err(invalid(
                format!("pairs[{i}]"),
                format!("repeats {source_lang} → {target_lang}"),
            ));
        }
        let rate = checked_rate(&format!("pairs[{i}].rate"), pair.rate)?;
        pairs.push(Pair {
            source_lang,
            target_lang,
            rate,
        });
    }
    pairs.sort_by(|a, b| (&a.source_lang, &a.target_lang).cmp(&(&b.source_lang, &b.target_lang)));
    Ok(ProfileInput {
        currency,
        default_rate,
        availability,
        pairs,
    })
}

fn ensure_translator(user: &User) -> Result<(), ProfileError> {
    if user.role == Role::Translator {
        Ok(())
    } else {
        Err(ProfileError::NotATranslator(user.username.clone()))
    }
}

fn pair_of(row: translator_pair::Model) -> Pair {
    Pair {
        source_lang: row.source_lang,
        target_lang: row.target_lang,
        rate: row.rate,
    }
}

/// The stored profiles of `user_ids` with their pairs: two queries.
async fn stored(
    db: &impl ConnectionTrait,
    user_ids: &[i32],
) -> Result<HashMap<i32, Profile>, DbErr> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = translator_profile::Entity::find()
        .filter(translator_profile::Column::UserId.is_in(user_ids.iter().copied()))
        .all(db)
        .await?;
    let mut pairs: HashMap<i32, Vec<Pair>> = HashMap::new();
    for pair in translator_pair::Entity::find()
        .filter(translator_pair::Column::UserId.is_in(user_ids.iter().copied()))
        .order_by_asc(translator_pair::Column::SourceLang)
        .order_by_asc(translator_pair::Column::TargetLang)
        .all(db)
        .await?
    {
        pairs.entry(pair.user_id).or_default().push(pair_of(pair));
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let profile = Profile {
                user_id: row.user_id,
                currency: row.currency,
                default_rate: row.default_rate,
                availability: row.availability,
                pairs: pairs.remove(&row.user_id).unwrap_or_default(),
                updated_at: Some(row.updated_at),
            };
            (profile.user_id, profile)
        })
        .collect())
}

/// The profile nobody set yet: paid in the agency's currency, no pairs, no rate.
async fn empty(db: &impl ConnectionTrait, user_id: i32) -> Result<Profile, DbErr> {
    let (agency, _) = rates::applying(db, None).await?;
    Ok(Profile {
        user_id,
        currency: agency.currency,
        default_rate: None,
        availability: None,
        pairs: Vec::new(),
        updated_at: None,
    })
}

/// The profile of `user_id`, whatever their role (the empty one when nobody set it).
pub async fn of_id(db: &impl ConnectionTrait, user_id: i32) -> Result<Profile, DbErr> {
    match stored(db, &[user_id]).await?.remove(&user_id) {
        Some(profile) => Ok(profile),
        None => empty(db, user_id).await,
    }
}

/// The profile of the translator `user`; refused for any other role.
pub async fn of_user(db: &impl ConnectionTrait, user: &User) -> Result<Profile, ProfileError> {
    ensure_translator(user)?;
    Ok(of_id(db, user.id).await?)
}

/// Writes the profile row of `user_id` (inserted or updated) in the caller's transaction.
async fn write_row(
    db: &impl ConnectionTrait,
    user_id: i32,
    currency: String,
    default_rate: Option<f64>,
    availability: Option<String>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let row = translator_profile::ActiveModel {
        user_id: Set(user_id),
        currency: Set(currency),
        default_rate: Set(default_rate),
        availability: Set(availability),
        updated_at: Set(now),
    };
    if translator_profile::Entity::find_by_id(user_id)
        .one(db)
        .await?
        .is_some()
    {
        row.update(db).await?;
    } else {
        row.insert(db).await?;
    }
    Ok(())
}

/// Replaces the whole profile of the translator `user` with `input`, in one transaction.
pub async fn save(
    db: &DatabaseConnection,
    user: &User,
    input: ProfileInput,
    now: OffsetDateTime,
) -> Result<Profile, ProfileError> {
    ensure_translator(user)?;
    let input = validated(input)?;
    let txn = begin_write(db).await?;
    write_row(
        &txn,
        user.id,
        input.currency,
        input.default_rate,
        input.availability,
        now,
    )
    .await?;
    translator_pair::Entity::delete_many()
        .filter(translator_pair::Column::UserId.eq(user.id))
        .exec(&txn)
        .await?;
    if !input.pairs.is_empty() {
        translator_pair::Entity::insert_many(input.pairs.into_iter().map(|pair| {
            translator_pair::ActiveModel {
                user_id: Set(user.id),
                source_lang: Set(pair.source_lang),
                target_lang: Set(pair.target_lang),
                rate: Set(pair.rate),
                ..Default::default()
            }
        }))
        .exec(&txn)
        .await?;
    }
    let saved = of_id(&txn, user.id).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Sets the translator's own availability note (the rest is staff's), in one transaction.
pub async fn set_availability(
    db: &DatabaseConnection,
    user: &User,
    availability: Option<&str>,
    now: OffsetDateTime,
) -> Result<Profile, ProfileError> {
    ensure_translator(user)?;
    let availability = checked_availability(availability)?;
    let txn = begin_write(db).await?;
    let current = of_id(&txn, user.id).await?;
    write_row(
        &txn,
        user.id,
        current.currency,
        current.default_rate,
        availability,
        now,
    )
    .await?;
    let saved = of_id(&txn, user.id).await?;
    txn.commit().await?;
    Ok(saved)
}

/// The translators whose profiles list every pair of `pairs` (any code form), by username:
/// whom a job (one pair) or a project (its jobs' pairs) may be offered to.
pub async fn offering(
    db: &impl ConnectionTrait,
    pairs: &[(String, String)],
) -> Result<Vec<(User, Profile)>, DbErr> {
    let wanted: BTreeSet<(String, String)> = pairs
        .iter()
        .map(|(s, t)| (lang::normalize(s), lang::normalize(t)))
        .collect();
    let Some((source, target)) = wanted.first().cloned() else {
        return Ok(Vec::new());
    };
    let candidates: Vec<i32> = translator_pair::Entity::find()
        .filter(translator_pair::Column::SourceLang.eq(source))
        .filter(translator_pair::Column::TargetLang.eq(target))
        .all(db)
        .await?
        .into_iter()
        .map(|pair| pair.user_id)
        .collect();
    let mut profiles = stored(db, &candidates).await?;
    let mut users: Vec<User> = accounts::users_by_id(db, candidates)
        .await?
        .into_values()
        .filter(|user| user.role == Role::Translator)
        .collect();
    users.sort_by(|a, b| a.username.cmp(&b.username));
    Ok(users
        .into_iter()
        .filter_map(|user| {
            let profile = profiles.remove(&user.id)?;
            wanted
                .iter()
                .all(|(s, t)| profile.has_pair(s, t))
                .then_some((user, profile))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(pairs: &[(&str, &str, Option<f64>)]) -> ProfileInput {
        ProfileInput {
            currency: " gbp ".into(),
            default_rate: Some(0.08),
            availability: Some("  Mornings  ".into()),
            pairs: pairs
                .iter()
                .map(|&(s, t, rate)| Pair {
                    source_lang: s.into(),
                    target_lang: t.into(),
                    rate,
                })
                .collect(),
        }
    }

    fn field_of(err: ProfileError) -> String {
        match err {
            ProfileError::Invalid { field, .. } => field,
            other => panic!("{other}"),
        }
    }

    #[test]
    fn codes_are_normalised_currency_upper_case_and_notes_trimmed() {
        let valid = validated(input(&[("en-US", "pt_BR", None), ("EN", "de", Some(0.1))])).unwrap();
        assert_eq!(valid.currency, "GBP");
        assert_eq!(valid.availability.as_deref(), Some("Mornings"));
        let pairs: Vec<_> = valid
            .pairs
            .iter()
            .map(|p| (p.source_lang.as_str(), p.target_lang.as_str(), p.rate))
            .collect();
        assert_eq!(pairs, [("en", "de", Some(0.1)), ("en", "pt-br", None)]);
    }

    #[test]
    fn each_refusal_names_its_field() {
        let mut bad = input(&[]);
        bad.currency = "EURO".into();
        assert_eq!(field_of(validated(bad).unwrap_err()), "currency");
        let mut bad = input(&[]);
        bad.default_rate = Some(-0.01);
        assert_eq!(field_of(validated(bad).unwrap_err()), "default_rate");
        let mut bad = input(&[]);
        bad.default_rate = Some(MAX_RATE + 1.0);
        assert_eq!(field_of(validated(bad).unwrap_err()), "default_rate");
        let mut bad = input(&[]);
        bad.availability = Some("x".repeat(MAX_AVAILABILITY_CHARS + 1));
        assert_eq!(field_of(validated(bad).unwrap_err()), "availability");
        for (pairs, field) in [
            (vec![("en", "xx", None)], "pairs[0].target_lang"),
            (
                vec![("en", "de", None), ("klingon", "de", None)],
                "pairs[1].source_lang",
            ),
            (vec![("en", "de", Some(-1.0))], "pairs[0].rate"),
            (vec![("en-GB", "en", None)], "pairs[0].target_lang"),
            (
                vec![("en", "de", None), ("en-us", "de-DE", None)],
                "pairs[1]",
            ),
        ] {
            assert_eq!(field_of(validated(input(&pairs)).unwrap_err()), field);
        }
    }

    #[test]
    fn a_pair_s_own_rate_wins_over_the_default() {
        let profile = Profile {
            user_id: 1,
            currency: "EUR".into(),
            default_rate: Some(0.08),
            availability: None,
            pairs: validated(input(&[("en", "de", None), ("en", "fr", Some(0.12))]))
                .unwrap()
                .pairs,
            updated_at: None,
        };
        assert_eq!(profile.rate_for("en-US", "de"), Some(0.08));
        assert_eq!(profile.rate_for("en", "fr"), Some(0.12));
        assert_eq!(profile.rate_for("en", "it"), None);
        assert!(!profile.has_pair("de", "en"));
    }
}
