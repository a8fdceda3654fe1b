//! Secrets at rest: values such as a provider's API key are sealed with AES-256-GCM before they
//! reach the database, so a copy of the database file (a backup, a stolen disk) does not give
//! them away.
//!
//! The key comes from `WORDMARK_SECRET_KEY` or from a key file (`WORDMARK_SECRET_KEY_FILE`),
//! created with owner-only permissions on the first start. Either may hold several keys, one
//! per line or comma-separated: the first seals, every one opens. That is what makes rotation
//! crash-safe: `wordmark rotate-secret-key` first writes the file as "new key, old key", then
//! re-seals the database in one transaction, then drops the old key. At every moment the file
//! opens everything the database holds.
//!
//! A sealed value reads `sealed:v1:<key id>:<hex of nonce and ciphertext>`. The key id (the
//! first bytes of the key's SHA-256) picks the key to open it with; the purpose (e.g. `mt`) is
//! authenticated with it, so a sealed value cannot be moved to another setting.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
};

use aes_gcm::{
    Aes256Gcm, Key, KeyInit,
    aead::{Aead, Nonce, Payload},
};
use sha2::{Digest, Sha256};

use crate::config::SecretKeySource as KeySource;

const PREFIX: &str = "sealed:v1:";

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("{origin}: a secret key must be 64 hexadecimal characters (32 bytes)")]
    BadKey { origin: String },
    #[error("{origin} holds no key")]
    NoKey { origin: String },
    #[error("cannot read or create the key file {path}: {source}")]
    KeyFile {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "a stored secret was sealed with a key this installation does not have (key id {key_id}); \
         set WORDMARK_SECRET_KEY or WORDMARK_SECRET_KEY_FILE to the key it was written with"
    )]
    UnknownKey { key_id: String },
    #[error("a stored secret is damaged or was not sealed for '{purpose}'")]
    Damaged { purpose: String },
}

/// One 256-bit key and its id.
#[derive(Clone)]
struct SealingKey {
    id: String,
    cipher: Aes256Gcm,
}

impl SealingKey {
    fn new(bytes: [u8; 32]) -> Self {
        Self {
            id: hex::encode(&Sha256::digest(bytes)[..4]),
            cipher: Aes256Gcm::new(&Key::<Aes256Gcm>::from(bytes)),
        }
    }
}

/// Seals with the first key, opens with any.
#[derive(Clone)]
pub struct SecretBox {
    keys: Vec<SealingKey>,
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|k| k.id.as_str()).collect();
        f.debug_struct("SecretBox").field("key_ids", &ids).finish()
    }
}

impl SecretBox {
    /// From raw keys, the sealing one first.
    pub fn from_keys(keys: &[[u8; 32]]) -> Self {
        assert!(!keys.is_empty(), "a secret box needs a key");
        Self {
            keys: keys.iter().copied().map(SealingKey::new).collect(),
        }
    }

    /// The keys of `source`; a missing key file is created with a new key (mode 0600).
    pub fn load_or_create(source: &KeySource) -> Result<Self, SecretError> {
        match source {
            KeySource::Environment(value) => Ok(Self::from_keys(&parse_keys(
                value.expose(),
                "WORDMARK_SECRET_KEY",
            )?)),
            KeySource::File(path) => {
                if !path.exists() {
                    write_key_file(path, &[new_key()])?;
                }
                read_key_file(path)
            }
        }
    }

    pub fn key_count(&self) -> usize {
        self.keys.len()
    }

    /// `sealed:v1:…` for `plain`, bound to `purpose`.
    pub fn seal(&self, purpose: &str, plain: &str) -> String {
        let key = &self.keys[0];
        let nonce = Nonce::<Aes256Gcm>::from(rand::random::<[u8; 12]>());
        let sealed = key
            .cipher
            .encrypt(
                &nonce,
                Payload {
                    msg: plain.as_bytes(),
                    aad: purpose.as_bytes(),
                },
            )
            .expect("AES-GCM encrypts any text shorter than 64 GiB");
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("{PREFIX}{}:{}", key.id, hex::encode(bytes))
    }

    /// The plain text of a value `seal` wrote for `purpose`.
    pub fn open(&self, purpose: &str, value: &str) -> Result<String, SecretError> {
        let damaged = || SecretError::Damaged {
            purpose: purpose.to_owned(),
        };
        let rest = value.strip_prefix(PREFIX).ok_or_else(damaged)?;
        let (key_id, data) = rest.split_once(':').ok_or_else(damaged)?;
        let key =
            self.keys
                .iter()
                .find(|k| k.id == key_id)
                .ok_or_else(|| SecretError::UnknownKey {
                    key_id: key_id.to_owned(),
                })?;
        let bytes = hex::decode(data).map_err(|_| damaged())?;
        if bytes.len() < 12 {
            return Err(damaged());
        }
        let (nonce, sealed) = bytes.split_at(12);
        let nonce = Nonce::<Aes256Gcm>::try_from(nonce).map_err(|_| damaged())?;
        let plain = key
            .cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: sealed,
                    aad: purpose.as_bytes(),
                },
            )
            .map_err(|_| damaged())?;
        String::from_utf8(plain).map_err(|_| damaged())
    }

    /// Whether `value` was written by `seal` (older installations stored secrets in plain text).
    pub fn is_sealed(value: &str) -> bool {
        value.starts_with(PREFIX)
    }
}

/// A new random key.
pub fn new_key() -> [u8; 32] {
    rand::random()
}

/// Keys as the key file and `WORDMARK_SECRET_KEY` write them: hex, comma or line separated.
fn parse_keys(text: &str, origin: &str) -> Result<Vec<[u8; 32]>, SecretError> {
    let keys = text
        .split([',', '\n'])
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| {
            let mut key = [0u8; 32];
            hex::decode_to_slice(k, &mut key).map_err(|_| SecretError::BadKey {
                origin: origin.to_owned(),
            })?;
            Ok(key)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if keys.is_empty() {
        return Err(SecretError::NoKey {
            origin: origin.to_owned(),
        });
    }
    Ok(keys)
}

fn read_key_file(path: &Path) -> Result<SecretBox, SecretError> {
    Ok(SecretBox::from_keys(&read_keys(path)?))
}

/// The raw keys of a key file, the sealing one first.
pub fn read_keys(path: &Path) -> Result<Vec<[u8; 32]>, SecretError> {
    let text = fs::read_to_string(path).map_err(|source| SecretError::KeyFile {
        path: path.to_owned(),
        source,
    })?;
    parse_keys(&text, &path.display().to_string())
}

/// Replaces the key file with `keys` (sealing key first): written beside it with owner-only
/// permissions, synced, then renamed over it, so a crash leaves the old file or the new one.
pub fn write_key_file(path: &Path, keys: &[[u8; 32]]) -> Result<(), SecretError> {
    let error = |source| SecretError::KeyFile {
        path: path.to_owned(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(error)?;
    }
    let temporary = path.with_extension("new");
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temporary).map_err(error)?;
    let text: String = keys.iter().map(|k| hex::encode(k) + "\n").collect();
    file.write_all(text.as_bytes()).map_err(error)?;
    file.sync_all().map_err(error)?;
    fs::rename(&temporary, path).map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_open_with_the_same_purpose_only() {
        let secrets = SecretBox::from_keys(&[new_key()]);
        let sealed = secrets.seal("mt", "deepl-key:fx");
        assert!(SecretBox::is_sealed(&sealed));
        assert!(!sealed.contains("deepl-key"), "{sealed}");
        assert_eq!(secrets.open("mt", &sealed).unwrap(), "deepl-key:fx");
        assert!(matches!(
            secrets.open("smtp", &sealed),
            Err(SecretError::Damaged { .. })
        ));
        // Two seals of one text differ (a fresh nonce each time).
        assert_ne!(secrets.seal("mt", "same"), secrets.seal("mt", "same"));
    }

    #[test]
    fn a_tampered_value_is_refused() {
        let secrets = SecretBox::from_keys(&[new_key()]);
        let sealed = secrets.seal("mt", "key");
        let last = sealed.chars().last().unwrap();
        let flipped = format!(
            "{}{}",
            &sealed[..sealed.len() - 1],
            if last == '0' { '1' } else { '0' }
        );
        assert!(matches!(
            secrets.open("mt", &flipped),
            Err(SecretError::Damaged { .. })
        ));
    }

    #[test]
    fn older_keys_open_and_the_first_seals() {
        let (old, new) = (new_key(), new_key());
        let before = SecretBox::from_keys(&[old]).seal("mt", "k");
        let rotated = SecretBox::from_keys(&[new, old]);
        assert_eq!(rotated.open("mt", &before).unwrap(), "k");
        let after = rotated.seal("mt", "k");
        assert_eq!(
            SecretBox::from_keys(&[new]).open("mt", &after).unwrap(),
            "k"
        );
        assert!(matches!(
            SecretBox::from_keys(&[new]).open("mt", &before),
            Err(SecretError::UnknownKey { .. })
        ));
    }

    #[test]
    fn the_key_file_is_created_once_with_owner_only_permissions() {
        let dir = std::env::temp_dir().join(format!("wordmark-key-{}", uuid::Uuid::new_v4()));
        let path = dir.join("keys/secret.key");
        let first = SecretBox::load_or_create(&KeySource::File(path.clone())).unwrap();
        let sealed = first.seal("mt", "k");
        let again = SecretBox::load_or_create(&KeySource::File(path.clone())).unwrap();
        assert_eq!(again.open("mt", &sealed).unwrap(), "k");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn environment_keys_are_checked() {
        let env = |v: &str| KeySource::Environment(crate::config::Secret::new(v));
        assert!(matches!(
            SecretBox::load_or_create(&env("abc")),
            Err(SecretError::BadKey { .. })
        ));
        assert!(matches!(
            SecretBox::load_or_create(&env(" , ")),
            Err(SecretError::NoKey { .. })
        ));
        let two = format!("{},{}", hex::encode(new_key()), hex::encode(new_key()));
        assert_eq!(SecretBox::load_or_create(&env(&two)).unwrap().keys.len(), 2);
    }
}
