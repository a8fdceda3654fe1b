//! Rebranding projects: the data model, its validation, and the brand package built from it.

mod ase;
mod css;
mod gpl;
mod html;
mod imprint;
pub mod model;
mod package;
pub(crate) mod pdf;
mod readme;
pub(crate) mod sheet;
mod signature;
mod swatch;
mod tokens;
pub mod validate;
mod vcard;

pub use package::{LOGO_PNG_SIZES, PackageInput, build_package, package_file_name};

use thiserror::Error;

use crate::archive::ArchiveError;
use crate::svg::SvgError;
use validate::FieldError;

#[derive(Debug, Error)]
pub enum BrandError {
    #[error("the project has errors: {}", .0.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join(" "))]
    Invalid(Vec<FieldError>),
    #[error("the client logo cannot be used: {0}")]
    Logo(#[from] SvgError),
    #[error("the brand sheet PDF could not be written: {0}")]
    Pdf(String),
    #[error("brand.json could not be written: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the package archive could not be written: {0}")]
    Archive(#[from] ArchiveError),
}
