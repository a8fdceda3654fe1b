//! The brand package: one flat zip with every file an agency needs to apply the brand.

use serde::Serialize;

use super::BrandError;
use super::ase::colors_ase;
use super::css::{colors_css, colors_scss};
use super::gpl::colors_gpl;
use super::imprint::{imprint_html, imprint_md};
use super::model::{RebrandingData, complete_colours};
use super::pdf::brand_sheet_pdf;
use super::readme::{Entry, readme_txt};
use super::sheet::SheetInfo;
use super::signature::signature_html;
use super::swatch::swatches;
use super::tokens::tokens_json;
use super::validate::validate;
use super::vcard::location_vcard;
use crate::archive::write_zip;
use crate::svg::render_png;

/// Edge lengths of the logo PNGs: favicon/app icon sources, web, print previews.
pub const LOGO_PNG_SIZES: [u32; 3] = [256, 512, 1024];

/// Everything the package is built from.
#[derive(Debug, Clone)]
pub struct PackageInput {
    pub data: RebrandingData,
    pub client_name: String,
    /// The client's logo as stored, i.e. already passed through `svg::sanitize_svg`.
    pub client_logo_svg: Option<String>,
    /// The project author's name, as shown in the app.
    pub author: String,
    /// The project's creation date, as shown in the app.
    pub created: String,
    /// When the package is generated (written into README, brand.json and the sheet).
    pub generated_at: String,
}

/// `brand.json`: the project with the package's context.
#[derive(Serialize)]
struct BrandJson<'a> {
    generator: &'static str,
    generated_at: &'a str,
    client_name: &'a str,
    author: &'a str,
    date_created: &'a str,
    #[serde(flatten)]
    data: &'a RebrandingData,
}

/// The package's file name, `{display name}-rebranding.zip`, safe for Content-Disposition and
/// every file system (path separators, control and reserved characters replaced).
pub fn package_file_name(display_name: &str) -> String {
    let name: String = display_name
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    let name = name.trim_matches(['.', ' ']);
    format!(
        "{}-rebranding.zip",
        if name.is_empty() { "brand" } else { name }
    )
}

/// Builds the zip. The project is validated first (a package is never made from data the wizard
/// would refuse) and its colours completed, so stale RGB or missing CMYK never reach a file.
pub fn build_package(input: &PackageInput) -> Result<Vec<u8>, BrandError> {
    validate(&input.data).map_err(BrandError::Invalid)?;
    let mut data = input.data.clone();
    complete_colours(&mut data);
    let groups = swatches(&data.color_scheme);
    let display = data.display_name.trim();
    let logo = input
        .client_logo_svg
        .as_deref()
        .filter(|s| !s.trim().is_empty());

    let mut files: Vec<(Entry, Vec<u8>)> = Vec::new();
    let mut add = |file: String, purpose: &str, bytes: Vec<u8>| {
        let purpose = purpose.to_owned();
        files.push((Entry { file, purpose }, bytes));
    };
    let brand = BrandJson {
        generator: "Wordmark",
        generated_at: &input.generated_at,
        client_name: &input.client_name,
        author: &input.author,
        date_created: &input.created,
        data: &data,
    };
    add(
        "brand.json".into(),
        "The whole project (names, colours in HEX/RGB/CMYK, fonts, locations) as JSON.",
        serde_json::to_vec_pretty(&brand)?,
    );
    add(
        "tokens.json".into(),
        "Design tokens (W3C Design Tokens format) for Figma/Tokens Studio, Style Dictionary.",
        serde_json::to_vec_pretty(&tokens_json(display, &groups, &data.font_scheme))?,
    );
    add(
        "colors.css".into(),
        "CSS custom properties (--brand-prio1-1 …) for websites.",
        colors_css(display, &groups).into_bytes(),
    );
    add(
        "_colors.scss".into(),
        "Sass variables ($brand-prio1-1 …) for websites built with Sass.",
        colors_scss(display, &groups).into_bytes(),
    );
    add(
        "colors.ase".into(),
        "Adobe Swatch Exchange: RGB and CMYK swatches for Illustrator, InDesign, Photoshop, Affinity.",
        colors_ase(&groups),
    );
    add(
        "colors.gpl".into(),
        "GIMP palette, also for Inkscape, Krita and Scribus.",
        colors_gpl(display, &groups).into_bytes(),
    );
    if let Some(svg) = logo {
        add(
            "logo.svg".into(),
            "The client logo (vector, cleaned of scripts and external references).",
            svg.as_bytes().to_vec(),
        );
        for size in LOGO_PNG_SIZES {
            add(
                format!("logo-{size}.png"),
                "The logo as a square PNG with transparent background.",
                render_png(svg, size)?,
            );
        }
    }
    for (n, location) in data.locations.iter().enumerate() {
        add(
            format!("location-{n}.vcf"),
            &format!("Contact card (vCard) of location {n}, for address books."),
            location_vcard(&data.legal_name, location).into_bytes(),
        );
        add(
            format!("imprint-{n}.html"),
            &format!("Legal notice (imprint) of location {n} as a web page."),
            imprint_html(&data.legal_name, location).into_bytes(),
        );
        add(
            format!("imprint-{n}.md"),
            "The same legal notice in Markdown, for CMS and static sites.",
            imprint_md(&data.legal_name, location).into_bytes(),
        );
        add(
            format!("signature-{n}.html"),
            &format!(
                "E-mail signature of location {n}; open in a browser, copy into the mail client."
            ),
            signature_html(&data, location).into_bytes(),
        );
    }
    let sheet = SheetInfo {
        data: &data,
        groups: &groups,
        client_name: &input.client_name,
        has_logo: logo.is_some(),
        generated_at: &input.generated_at,
    };
    add(
        "brand-sheet.pdf".into(),
        "Printable brand sheet: logo, colour swatches with HEX/RGB/CMYK, fonts, locations.",
        brand_sheet_pdf(&sheet, logo)?,
    );

    let entries: Vec<&Entry> = files.iter().map(|(e, _)| e).collect();
    let readme = readme_txt(display, &input.generated_at, &entries, logo.is_some());
    let mut zip_entries = vec![("README.txt".to_owned(), readme.into_bytes())];
    zip_entries.extend(files.into_iter().map(|(e, bytes)| (e.file, bytes)));
    Ok(write_zip(zip_entries)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_are_safe_file_names() {
        assert_eq!(
            package_file_name("Café Müller"),
            "Café Müller-rebranding.zip"
        );
        assert_eq!(package_file_name("a/b:c"), "a_b_c-rebranding.zip");
        assert_eq!(package_file_name(" .. "), "brand-rebranding.zip");
    }
}
