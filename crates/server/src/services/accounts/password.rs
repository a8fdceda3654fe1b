//! Password rules and argon2id hashing. Hashing is deliberately slow, so it runs on the blocking
//! thread pool, never on the async workers.

use std::sync::LazyLock;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};

pub const MIN_CHARS: usize = 8;
/// Bounds the work one request can cause; no real password comes near it.
pub const MAX_CHARS: usize = 1024;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PasswordError {
    #[error("Passwords do not match")]
    Mismatch,
    #[error("The password must have at least {MIN_CHARS} characters.")]
    TooShort,
    #[error("The password must have at most {MAX_CHARS} characters.")]
    TooLong,
}

/// Checks a new password against the policy and, when given, its confirmation.
pub fn check_new(password: &str, confirmation: Option<&str>) -> Result<(), PasswordError> {
    if confirmation.is_some_and(|c| c != password) {
        return Err(PasswordError::Mismatch);
    }
    match password.chars().count() {
        n if n < MIN_CHARS => Err(PasswordError::TooShort),
        n if n > MAX_CHARS => Err(PasswordError::TooLong),
        _ => Ok(()),
    }
}

/// An argon2id PHC string for `password`, with a fresh random salt.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || hash_blocking(&password)).await?
}

fn hash_blocking(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("hashing a password failed: {e}"))
}

/// Verifies `password` against `stored`. Without a stored hash (unknown user) it verifies
/// against a dummy hash, so answering "unknown user" costs as long as "wrong password" and the
/// timing does not reveal which usernames exist.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        hash_blocking("not a password of anybody").expect("hashing a constant cannot fail")
    });
    Ok(tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| DUMMY.clone());
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok();
        known && matches
    })
    .await?)
}

/// A random password for generated accounts: 128 bits, hex.
pub fn generate() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_checks_confirmation_then_length() {
        assert_eq!(check_new("12345678", None), Ok(()));
        assert_eq!(check_new("12345678", Some("12345678")), Ok(()));
        assert_eq!(
            check_new("12345678", Some("12345679")),
            Err(PasswordError::Mismatch)
        );
        assert_eq!(check_new("1234567", None), Err(PasswordError::TooShort));
        // Characters, not bytes: eight umlauts are eight characters.
        assert_eq!(check_new("ääääääää", None), Ok(()));
        assert_eq!(
            check_new(&"x".repeat(MAX_CHARS + 1), None),
            Err(PasswordError::TooLong)
        );
    }

    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let hash = hash("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(
            verify("correct horse".into(), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(!verify("wrong horse".into(), Some(hash)).await.unwrap());
        assert!(
            !verify("not a password of anybody".into(), None)
                .await
                .unwrap()
        );
    }

    #[test]
    fn generated_passwords_differ_and_pass_the_policy() {
        let (a, b) = (generate(), generate());
        assert_ne!(a, b);
        assert_eq!(check_new(&a, None), Ok(()));
    }
}
