//! The Wordmark Connector plugin as this server offers it: the folder
//! `connectors/wordpress/wordmark-connector/` packed by `build.rs` at compile time, so the
//! plugin a staff member downloads is the one this server's client was written against.

use serde::Serialize;
use utoipa::ToSchema;

use super::wordpress::{MIN_PLUGIN_VERSION, version_below};

/// The bundled plugin's version, from its main file's `Version:` header.
pub const VERSION: &str = env!("WORDMARK_PLUGIN_VERSION");

/// The zip: one top folder `wordmark-connector/`, as WordPress's "Upload Plugin" expects.
pub static ZIP: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/wordmark-connector.zip"));

/// The plugin offered for download.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BundledPlugin {
    /// The version in the zip.
    pub version: &'static str,
    /// The oldest version Wordmark works with; a site with an older one is refused.
    pub min_version: &'static str,
    /// `wordmark-connector-<version>.zip`.
    pub file_name: String,
}

/// What this server offers.
pub fn bundled() -> BundledPlugin {
    BundledPlugin {
        version: VERSION,
        min_version: MIN_PLUGIN_VERSION,
        file_name: format!("wordmark-connector-{VERSION}.zip"),
    }
}

/// Whether a site whose plugin is `on_site` should install the bundled one: it is older (a
/// site never checked, or whose version cannot be read, is not told to update).
pub fn update_available(on_site: Option<&str>) -> bool {
    on_site.is_some_and(|found| {
        found
            .split(['.', '-', '+'])
            .next()
            .is_some_and(|major| major.parse::<u64>().is_ok())
            && version_below(found, VERSION)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_version_is_the_plugin_headers() {
        let header = include_str!(
            "../../../../../connectors/wordpress/wordmark-connector/wordmark-connector.php"
        );
        assert!(
            header.contains(&format!("Version:           {VERSION}\n")),
            "{VERSION}"
        );
        assert!(!version_below(VERSION, MIN_PLUGIN_VERSION));
    }

    #[test]
    fn an_older_plugin_on_the_site_is_told_to_update() {
        assert!(update_available(Some("0.9.0")));
        assert!(!update_available(Some(VERSION)));
        assert!(!update_available(Some("99.0.0")));
        assert!(!update_available(None));
        assert!(!update_available(Some("garbage")));
    }
}
