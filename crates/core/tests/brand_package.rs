//! The brand package: every file is parsed back and checked against the project it came from.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};
use std::process::Command;

use resvg::tiny_skia::Pixmap;
use serde_json::Value;
use wordmark_core::brand::model::RebrandingData;
use wordmark_core::brand::{BrandError, PackageInput, build_package};
use wordmark_core::svg::sanitize_svg;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn project() -> RebrandingData {
    let json = std::fs::read(fixtures().join("brand/project.json")).unwrap();
    serde_json::from_slice(&json).unwrap()
}

fn input(with_logo: bool) -> PackageInput {
    let logo = std::fs::read(fixtures().join("svg/logo-gradient-text.svg")).unwrap();
    PackageInput {
        data: project(),
        client_name: "Müller & Söhne Holding".into(),
        client_logo_svg: with_logo.then(|| sanitize_svg(&logo).unwrap()),
        author: "Zoë Ångström".into(),
        created: "2026-11-20".into(),
        generated_at: "2026-11-22 08:15 UTC".into(),
    }
}

/// The zip's files by name, in archive order checked separately.
fn unzip(bytes: &[u8]) -> (Vec<String>, BTreeMap<String, Vec<u8>>) {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut names = Vec::new();
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        let name = file.name().unwrap().into_owned();
        names.push(name.clone());
        files.insert(name, content);
    }
    (names, files)
}

fn package(with_logo: bool) -> BTreeMap<String, Vec<u8>> {
    unzip(&build_package(&input(with_logo)).unwrap()).1
}

fn text(files: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8(files[name].clone()).unwrap_or_else(|_| panic!("{name} is not UTF-8"))
}

const TEXT_FILES: &[&str] = &[
    "README.txt",
    "brand.json",
    "tokens.json",
    "colors.css",
    "_colors.scss",
    "colors.gpl",
    "logo.svg",
    "location-0.vcf",
    "location-1.vcf",
    "imprint-0.html",
    "imprint-0.md",
    "imprint-1.html",
    "imprint-1.md",
    "signature-0.html",
    "signature-1.html",
];

#[test]
fn the_package_holds_every_file_flat_with_the_readme_first() {
    let (names, _) = unzip(&build_package(&input(true)).unwrap());
    let mut expected: Vec<&str> = vec!["README.txt", "brand.json", "tokens.json", "colors.css"];
    expected.extend(["_colors.scss", "colors.ase", "colors.gpl", "logo.svg"]);
    expected.extend(["logo-256.png", "logo-512.png", "logo-1024.png"]);
    for n in 0..2 {
        for kind in [
            "location-{n}.vcf",
            "imprint-{n}.html",
            "imprint-{n}.md",
            "signature-{n}.html",
        ] {
            expected.push(Box::leak(
                kind.replace("{n}", &n.to_string()).into_boxed_str(),
            ));
        }
    }
    expected.push("brand-sheet.pdf");
    assert_eq!(names, expected);
}

#[test]
fn the_readme_explains_every_file() {
    let files = package(true);
    let readme = text(&files, "README.txt");
    for name in files.keys().filter(|n| *n != "README.txt") {
        let line = readme.lines().find(|l| l.starts_with(name.as_str()));
        let purpose = line
            .unwrap_or_else(|| panic!("{name} missing in README"))
            .len()
            - name.len();
        assert!(purpose > 20, "{name} has no explanation");
    }
    assert!(
        readme.starts_with("Brand package: Müller & Söhne\n"),
        "{readme}"
    );
}

#[test]
fn without_a_logo_the_logo_files_are_left_out_and_the_readme_says_so() {
    let files = package(false);
    assert!(
        files.keys().all(|n| !n.starts_with("logo")),
        "{:?}",
        files.keys()
    );
    assert!(text(&files, "README.txt").contains("The client has no logo yet"));
    assert!(files["brand-sheet.pdf"].starts_with(b"%PDF-"));
}

#[test]
fn non_ascii_names_survive_in_every_text_file() {
    let files = package(true);
    for name in TEXT_FILES.iter().filter(|n| !n.starts_with("logo")) {
        let content = text(&files, name);
        let escaped = content.replace("&amp;", "&");
        assert!(
            escaped.contains("Müller & Söhne") || escaped.contains("Müller \\& Söhne"),
            "{name}"
        );
    }
    for name in [
        "location-0.vcf",
        "imprint-0.html",
        "imprint-0.md",
        "signature-0.html",
    ] {
        assert!(text(&files, name).contains("Hauptstraße 12"), "{name}");
    }
    for name in [
        "location-1.vcf",
        "imprint-1.html",
        "imprint-1.md",
        "signature-1.html",
    ] {
        let content = text(&files, name);
        assert!(
            content.contains("Café") && content.contains("Élodie"),
            "{name}"
        );
    }
    assert!(text(&files, "logo.svg").contains("Söhne"));
}

#[test]
fn brand_json_has_the_completed_project_and_its_context() {
    let brand: Value = serde_json::from_slice(&package(true)["brand.json"]).unwrap();
    assert_eq!(brand["client_name"], "Müller & Söhne Holding");
    assert_eq!(brand["author"], "Zoë Ångström");
    assert_eq!(brand["date_created"], "2026-11-20");
    let first = &brand["color_scheme"]["prio1_colors"][0];
    assert_eq!(first["hex"], "#0A3D62");
    assert_eq!(first["rgb"], serde_json::json!({"r": 10, "g": 61, "b": 98}));
    assert_eq!(first["cmyk_computed"], true);
    let entered = &brand["color_scheme"]["prio1_colors"][1];
    assert_eq!(
        entered["cymk"],
        serde_json::json!({"c": 53, "y": 0, "m": 24, "k": 49})
    );
    assert_eq!(entered["cmyk_computed"], false);
    assert_eq!(brand["locations"].as_array().unwrap().len(), 2);
    let reread: RebrandingData = serde_json::from_value(brand).unwrap();
    assert_eq!(reread.locations[1].contact_details.fax, "");
}

#[test]
fn tokens_follow_the_design_tokens_format() {
    let tokens: Value = serde_json::from_slice(&package(true)["tokens.json"]).unwrap();
    let color = tokens["color"].as_object().unwrap();
    assert_eq!(
        color.keys().collect::<Vec<_>>(),
        ["greyscale", "highlight", "prio1", "prio2"]
    );
    for (role, count) in [
        ("prio1", 2),
        ("prio2", 2),
        ("highlight", 1),
        ("greyscale", 3),
    ] {
        let group = color[role].as_object().unwrap();
        assert_eq!(group["$type"], "color", "{role}");
        let tokens: Vec<_> = group.iter().filter(|(k, _)| !k.starts_with('$')).collect();
        assert_eq!(tokens.len(), count, "{role}");
        for (_, token) in tokens {
            assert_eq!(token["$value"]["colorSpace"], "srgb");
            assert_eq!(token["$value"]["components"].as_array().unwrap().len(), 3);
            assert!(token["$value"]["hex"].as_str().unwrap().starts_with('#'));
        }
    }
    let navy = &color["prio1"]["1"];
    assert_eq!(navy["$value"]["hex"], "#0a3d62");
    let components: Vec<f64> = navy["$value"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let bytes: Vec<u8> = components
        .iter()
        .map(|c| (c * 255.0).round() as u8)
        .collect();
    assert_eq!(bytes, [10, 61, 98]);
    assert_eq!(navy["$extensions"]["app.wordmark"]["cmyk"]["k"], 62);
    assert_eq!(
        tokens["font"]["headline"],
        serde_json::json!({"$type": "fontFamily", "$value": "Montserrat"})
    );
    assert_eq!(tokens["font"]["body"]["$value"], "Open Sans");
}

#[test]
fn css_and_scss_declare_one_variable_per_colour() {
    let files = package(true);
    let css = text(&files, "colors.css");
    let body = css.split_once(":root {").unwrap().1;
    let properties: Vec<(&str, &str)> = body
        .lines()
        .filter_map(|l| l.trim().strip_prefix("--"))
        .map(|l| l.trim_end_matches(';').split_once(": ").unwrap())
        .collect();
    assert_eq!(properties.len(), 8);
    assert_eq!(properties[0], ("brand-prio1-1", "#0A3D62"));
    assert!(properties.contains(&("brand-highlight-1", "#FA983A")));
    assert!(properties.contains(&("brand-greyscale-3", "#FFFFFF")));
    assert!(css.trim_end().ends_with('}'));

    let scss = text(&files, "_colors.scss");
    let variables: Vec<&str> = scss.lines().filter(|l| l.starts_with("$brand-")).collect();
    assert_eq!(variables.len(), 8);
    assert!(variables.contains(&"$brand-prio2-2: #F8C291;"));
}

#[test]
fn the_gimp_palette_lists_every_colour() {
    let gpl = text(&package(true), "colors.gpl");
    let mut lines = gpl.lines();
    assert_eq!(lines.next(), Some("GIMP Palette"));
    assert_eq!(lines.next(), Some("Name: Müller & Söhne"));
    assert_eq!(lines.next(), Some("Columns: 4"));
    let colours: Vec<(u8, u8, u8, &str)> = lines
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (rgb, name) = l.split_once('\t').unwrap();
            let c: Vec<u8> = rgb.split_whitespace().map(|v| v.parse().unwrap()).collect();
            (c[0], c[1], c[2], name)
        })
        .collect();
    assert_eq!(colours.len(), 8);
    assert_eq!(colours[0], (10, 61, 98, "Priority 1 - 1 #0A3D62"));
}

/// A reader for the Adobe Swatch Exchange format, written from the format's description.
#[derive(Debug, PartialEq)]
enum AseBlock {
    GroupStart(String),
    GroupEnd,
    Colour {
        name: String,
        model: String,
        values: Vec<f32>,
        kind: u16,
    },
}

fn parse_ase(bytes: &[u8]) -> ((u16, u16), Vec<AseBlock>) {
    let u16_at = |i: usize| u16::from_be_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!(&bytes[0..4], b"ASEF");
    let version = (u16_at(4), u16_at(6));
    let count = u32_at(8) as usize;
    let mut blocks = Vec::new();
    let mut at = 12;
    let name_at = |at: usize| -> (String, usize) {
        let units = u16_at(at) as usize;
        let utf16: Vec<u16> = (0..units).map(|i| u16_at(at + 2 + 2 * i)).collect();
        assert_eq!(utf16.last(), Some(&0), "names end with NUL");
        (
            String::from_utf16(&utf16[..units - 1]).unwrap(),
            at + 2 + 2 * units,
        )
    };
    for _ in 0..count {
        let (kind, length) = (u16_at(at), u32_at(at + 2) as usize);
        let body = at + 6;
        blocks.push(match kind {
            0xC001 => AseBlock::GroupStart(name_at(body).0),
            0xC002 => AseBlock::GroupEnd,
            0x0001 => {
                let (name, next) = name_at(body);
                let model = String::from_utf8(bytes[next..next + 4].to_vec()).unwrap();
                let channels = match model.as_str() {
                    "CMYK" => 4,
                    "RGB " | "LAB " => 3,
                    _ => 1,
                };
                let values = (0..channels)
                    .map(|i| {
                        f32::from_be_bytes(
                            bytes[next + 4 + 4 * i..next + 8 + 4 * i]
                                .try_into()
                                .unwrap(),
                        )
                    })
                    .collect();
                AseBlock::Colour {
                    name,
                    model,
                    values,
                    kind: u16_at(next + 4 + 4 * channels),
                }
            }
            other => panic!("unknown block type {other:#x}"),
        });
        at = body + length;
    }
    assert_eq!(at, bytes.len(), "no trailing bytes");
    (version, blocks)
}

#[test]
fn the_ase_palette_has_named_groups_with_rgb_and_cmyk_swatches() {
    let (version, blocks) = parse_ase(&package(true)["colors.ase"]);
    assert_eq!(version, (1, 0));
    // 4 groups × (start + end) + 8 colours × (RGB + CMYK).
    assert_eq!(blocks.len(), 8 + 16);
    let groups: Vec<&str> = blocks
        .iter()
        .filter_map(|b| match b {
            AseBlock::GroupStart(name) => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        groups,
        ["Priority 1", "Priority 2", "Highlight", "Corporate"]
    );
    assert_eq!(blocks[0], AseBlock::GroupStart("Priority 1".into()));
    assert_eq!(
        blocks[1],
        AseBlock::Colour {
            name: "Priority 1 - 1 RGB".into(),
            model: "RGB ".into(),
            values: vec![10.0 / 255.0, 61.0 / 255.0, 98.0 / 255.0],
            kind: 2
        }
    );
    // The CMYK the user entered, not a conversion.
    assert_eq!(
        blocks[4],
        AseBlock::Colour {
            name: "Priority 1 - 2 CMYK".into(),
            model: "CMYK".into(),
            values: vec![0.53, 0.24, 0.0, 0.49],
            kind: 2
        }
    );
    assert_eq!(blocks[5], AseBlock::GroupEnd);
}

/// vCard content lines after unfolding, as (name with parameters, value).
fn vcard_properties(vcf: &str) -> Vec<(String, String)> {
    assert!(vcf.ends_with("\r\n"));
    assert!(
        !vcf.replace("\r\n", "").contains('\n'),
        "bare LF in {vcf:?}"
    );
    for line in vcf.split("\r\n") {
        assert!(line.len() <= 75, "line over 75 octets: {line:?}");
    }
    vcf.replace("\r\n ", "")
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (name, value) = l.split_once(':').unwrap();
            (name.to_owned(), value.to_owned())
        })
        .collect()
}

#[test]
fn vcards_carry_organisation_address_contact_and_legal_note() {
    let files = package(true);
    let props = vcard_properties(&text(&files, "location-0.vcf"));
    let get = |name: &str| -> Vec<&str> {
        props
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    };
    assert_eq!(props.first().unwrap(), &("BEGIN".into(), "VCARD".into()));
    assert_eq!(props.last().unwrap(), &("END".into(), "VCARD".into()));
    assert_eq!(get("VERSION"), ["4.0"]);
    assert_eq!(get("ORG"), ["Müller & Söhne GmbH"]);
    assert_eq!(
        get("ADR;TYPE=work"),
        [";;Hauptstraße 12;Berlin;;10115;Deutschland"]
    );
    assert_eq!(get("TEL;TYPE=work,voice"), ["+49 (0)30 1234567"]);
    assert_eq!(get("TEL;TYPE=work,fax"), ["+49 30 1234568"]);
    assert_eq!(get("EMAIL;TYPE=work"), ["info@mueller-soehne.de"]);
    assert_eq!(
        get("NOTE"),
        [
            "VAT ID: DE123456789\\nManagement: Jürgen Müller\\, Zoë Schäfer\\nCommercial register: \
          Amtsgericht Charlottenburg\\, HRB 12345 B"
        ]
    );
    // No fax at the second location: no fax line.
    let second = vcard_properties(&text(&files, "location-1.vcf"));
    assert!(second.iter().all(|(n, _)| n != "TEL;TYPE=work,fax"));
    assert!(second.contains(&(
        "ADR;TYPE=work".into(),
        ";;Rue du Café 5;Paris;;75001;France".into()
    )));
}

#[test]
fn imprints_and_signatures_carry_the_legal_data_escaped() {
    let files = package(true);
    let html = text(&files, "imprint-0.html");
    for expected in [
        "<h1>Legal notice</h1>",
        "Müller &amp; Söhne GmbH",
        "Hauptstraße 12<br>",
        "10115 Berlin",
        "Jürgen Müller, Zoë Schäfer",
        "Amtsgericht Charlottenburg, HRB 12345 B",
        "VAT identification number: DE123456789",
        "<a href=\"mailto:info@mueller-soehne.de\">",
        "<a href=\"tel:+49301234567\">",
    ] {
        assert!(html.contains(expected), "{expected} missing in {html}");
    }
    assert!(!html.contains("Müller & Söhne"), "unescaped ampersand");
    let md = text(&files, "imprint-0.md");
    assert!(md.starts_with("# Legal notice\n"));
    assert!(md.contains("## Commercial register\n\nAmtsgericht Charlottenburg, HRB 12345 B\n"));
    assert!(md.contains("Müller & Söhne GmbH  \nHauptstraße 12  \n10115 Berlin  \nDeutschland\n"));

    let signature = text(&files, "signature-0.html");
    assert!(signature.contains("<table role=\"presentation\""));
    assert!(!signature.contains("<style") && !signature.contains("class="));
    assert!(signature.contains("font-family:'Montserrat',Arial"));
    assert!(signature.contains("color:#0A3D62"), "primary colour");
    assert!(
        signature.contains("border-right:3px solid #FA983A"),
        "highlight accent"
    );
    assert!(signature.contains(">Müller &amp; Söhne</div>"));
}

#[test]
fn logo_pngs_have_their_sizes() {
    let files = package(true);
    for size in [256, 512, 1024] {
        let png = Pixmap::decode_png(&files[&format!("logo-{size}.png")]).unwrap();
        assert_eq!((png.width(), png.height()), (size, size));
        assert!(
            png.pixels().iter().any(|p| p.alpha() == 255),
            "logo-{size} is blank"
        );
        assert_eq!(png.pixel(0, 0).unwrap().alpha(), 0, "transparent corner");
    }
    assert_eq!(
        text(&files, "logo.svg"),
        input(true).client_logo_svg.unwrap()
    );
}

fn tool(name: &str) -> bool {
    Command::new(name).arg("-v").output().is_ok()
}

fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordmark-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn pdf_text(pdf: &Path) -> Option<String> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().ok()?;
    assert!(out.status.success());
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_brand_sheet_is_a_pdf_with_pages_text_and_a_rendered_first_page() {
    let files = package(true);
    let pdf = &files["brand-sheet.pdf"];
    assert!(pdf.starts_with(b"%PDF-"));
    // A page object (`/Type/Page`, not the `/Type/Pages` tree root).
    assert!(
        pdf.windows(11)
            .any(|w| w.starts_with(b"/Type/Page") && w[10] != b's'),
        "no page object"
    );

    if !tool("pdftotext") || !tool("pdftoppm") || !tool("pdfinfo") {
        eprintln!("poppler-utils not installed: PDF text and rendering not checked");
        return;
    }
    let dir = scratch_dir("brand-sheet");
    let path = dir.join("brand-sheet.pdf");
    std::fs::write(&path, pdf).unwrap();
    let info = Command::new("pdfinfo").arg(&path).output().unwrap();
    let info = String::from_utf8(info.stdout).unwrap();
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|n| n.trim().parse().unwrap())
        .expect("pdfinfo reports pages");
    assert!(pages >= 1, "{info}");
    assert!(
        info.contains("Title:           Brand sheet – Müller & Söhne"),
        "{info}"
    );
    let text = pdf_text(&path).unwrap();
    for expected in [
        "Müller & Söhne",
        "Müller & Söhne GmbH",
        "Hauptstraße 12",
        "Rue du Café 5",
        "Élodie Dubois",
        "#0A3D62",
        "RGB 10 / 61 / 98",
        "CMYK 53 / 24 / 0 / 49",
        "Montserrat",
        "Open Sans",
        "Page 1 of",
    ] {
        assert!(
            text.contains(expected),
            "{expected} missing in PDF text:\n{text}"
        );
    }
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "50", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(dir.join("page"))
        .status()
        .unwrap();
    assert!(status.success());
    let rendered = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .expect("a rendered page");
    let page = Pixmap::decode_png(&std::fs::read(&rendered).unwrap()).unwrap();
    // A4 at 50 dpi: 413.4 × 584.6 pixels, which pdftoppm rounds up.
    assert_eq!((page.width(), page.height()), (414, 585));
    let navy = page
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) == (10, 61, 98))
        .count();
    assert!(navy > 500, "the navy swatch is painted ({navy} pixels)");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_invalid_project_gets_no_package() {
    let mut input = input(false);
    input.data.legal_name = "Acme".into();
    input.data.color_scheme.prio2_colors[0].hex = "#12".into();
    let Err(BrandError::Invalid(errors)) = build_package(&input) else {
        panic!("invalid project accepted")
    };
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["legal_name", "color_scheme.prio2_colors[0].hex"]);
}
