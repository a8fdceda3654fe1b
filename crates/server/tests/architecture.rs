//! The server's module dependencies run one way and have no circles.
//!
//! Layers, lowest first (a module may use its own layer and the ones below, never one above):
//! 0. `config`, `telemetry`: read the environment, set up logging.
//! 1. `db`: connection, entities, migrations, the bulk writer; `policy`: role × permission.
//! 2. `services::*`: what several features share, each with its own tables (accounts, tokens,
//!    MT settings, the runs registry, ...).
//! 3. `state` and the request toolkit `http::{error, auth, multipart, download, security, list,
//!    client_address}`: what every handler is written with. `state` holds the services and is
//!    handed to every handler, so it sits above the services and below the features.
//! 4. `features::*`: one folder per feature.
//! 5. `features` (its `mod.rs`): the list of the features' routers.
//! 6. `http` (its `mod.rs`: the router and its layers), `openapi`, `server`, `cli`,
//!    `web_assets` and the crate root.
//!
//! Besides, no two units (a feature, a service, a top-level module) may depend on each other,
//! directly or through others; no feature uses another feature (what several features share is
//! a service or a toolkit module); services use neither `http`, `features` nor `state`; and no
//! file under `features/` touches storage itself (`db::entities` or `sea_orm`) or opens a
//! transaction (`begin_write`, `BulkTransaction`): a table is read and written by its owner in
//! `services/`, and what must happen together is one call of a service.
//!
//! The check reads every `crate::`, `super::` and `self::` path (and the names `use` brings in)
//! of every file under `src/`, comments and strings left out.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

const TOOLKIT: &[&str] = &[
    "error",
    "auth",
    "multipart",
    "download",
    "security",
    "list",
    "client_address",
    "views",
];

fn layer(unit: &str) -> Option<u8> {
    let (head, tail) = unit.split_once("::").unwrap_or((unit, ""));
    Some(match (head, tail) {
        ("config" | "telemetry", "") => 0,
        ("db" | "policy", "") => 1,
        ("services", _) => 2,
        ("state", "") => 3,
        ("http", t) if TOOLKIT.contains(&t) => 3,
        ("features", "") => 5,
        ("features", _) => 4,
        ("http" | "openapi" | "server" | "cli" | "web_assets" | "crate", "") => 6,
        _ => return None,
    })
}

/// The unit a crate-relative module path belongs to: a feature, a service, a toolkit module of
/// `http`, or a top-level module. `children` lists the sub-modules of `features` and `services`.
fn unit_of(path: &[String], children: &HashMap<String, BTreeSet<String>>) -> String {
    let Some(head) = path.first() else {
        return "crate".into();
    };
    let second = path.get(1).map(String::as_str);
    match (head.as_str(), second) {
        (parent @ ("features" | "services"), Some(child))
            if children.get(parent).is_some_and(|c| c.contains(child)) =>
        {
            format!("{parent}::{child}")
        }
        ("http", Some(child)) if TOOLKIT.contains(&child) => format!("http::{child}"),
        (module, _) if children.contains_key(module) || module == "db" || is_module(module) => {
            module.to_owned()
        }
        // An item of the crate root (`crate::AppState`, `crate::app`).
        _ => "crate".into(),
    }
}

fn is_module(name: &str) -> bool {
    let src = src_dir();
    src.join(format!("{name}.rs")).exists() || src.join(name).join("mod.rs").exists()
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/features/jobs/mod.rs` → `features::jobs`; `src/lib.rs` → the crate root.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src_dir()).unwrap().with_extension("");
    let mut path: Vec<String> = relative
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
        path.pop();
    }
    path
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

/// The tokens that matter for paths; comments, strings and characters are dropped.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            'r' | 'b' if raw_string_start(&chars, i).is_some() => {
                let (hashes, body) = raw_string_start(&chars, i).unwrap();
                i = body;
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                while i < chars.len() && !chars[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
            }
            '\'' => {
                // A character literal ('a', '\n', '\u{..}') or a lifetime ('a).
                if next == Some('\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                        i += 1;
                    }
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push(Token::Ident(chars[start..i].iter().collect()));
            }
            ':' if next == Some(':') => {
                out.push(Token::PathSep);
                i += 2;
            }
            c if c.is_whitespace() => i += 1,
            c => {
                out.push(match c {
                    '{' => Token::Open,
                    '}' => Token::Close,
                    ',' => Token::Comma,
                    ';' => Token::Semi,
                    '*' => Token::Star,
                    _ => Token::Other,
                });
                i += 1;
            }
        }
    }
    out
}

/// At `r"`, `r#"`, `br"`…: the number of `#` and where the body starts.
fn raw_string_start(chars: &[char], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if chars[j] == 'b' {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|c| **c == '#').count();
    (chars.get(j + hashes) == Some(&'"')).then_some((hashes, j + hashes + 1))
}

/// One `use` tree from `tokens[*at]`: every full path it names, with the name it binds.
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(*at) {
            Some(Token::Ident(name)) if name == "as" => {
                *at += 1;
                if let Some(Token::Ident(alias)) = tokens.get(*at) {
                    *at += 1;
                    out.push((path, alias.clone()));
                }
                return;
            }
            Some(Token::Ident(name)) => {
                path.push(name.clone());
                *at += 1;
            }
            Some(Token::PathSep) => *at += 1,
            Some(Token::Star) => {
                *at += 1;
                out.push((path, "*".into()));
                return;
            }
            Some(Token::Open) => {
                *at += 1;
                loop {
                    match tokens.get(*at) {
                        Some(Token::Close) => {
                            *at += 1;
                            return;
                        }
                        Some(Token::Comma) => *at += 1,
                        None => return,
                        _ => use_tree(tokens, at, &path, out),
                    }
                }
            }
            _ => {
                if let Some(last) = path.last().cloned() {
                    // `use a::b::{self}` binds `b`.
                    if last == "self" {
                        path.pop();
                    }
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                }
                return;
            }
        }
    }
}

/// `crate::`, `super::` and `self::` made absolute (crate-relative) from module `here`.
fn absolute(
    path: &[String],
    here: &[String],
    aliases: &HashMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut base = here.to_vec();
            let mut rest = path;
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
            return Some(base.into_iter().chain(rest.iter().cloned()).collect());
        }
        name => aliases.get(name)?.clone(),
    };
    base.extend(path[1..].iter().cloned());
    Some(base)
}

/// The module each token is in: the file's, or an inline `mod name { ... }` inside it.
fn modules_at(tokens: &[Token], file_module: &[String]) -> Vec<Vec<String>> {
    let mut here = file_module.to_vec();
    let mut open: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut out = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        out.push(here.clone());
        match token {
            Token::Open => {
                depth += 1;
                let inline_mod = i >= 2
                    && tokens[i - 2] == Token::Ident("mod".into())
                    && matches!(tokens[i - 1], Token::Ident(_));
                if let (true, Token::Ident(name)) = (inline_mod, &tokens[i - 1]) {
                    here.push(name.clone());
                    open.push(depth);
                }
            }
            Token::Close => {
                if open.last() == Some(&depth) {
                    open.pop();
                    here.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
    }
    out
}

/// The crate-relative paths a file refers to, each with the module it is referred from.
fn references(file: &Path) -> Vec<(Vec<String>, Vec<String>)> {
    let source = std::fs::read_to_string(file).unwrap();
    let tokens = tokens(&source);
    let modules = modules_at(&tokens, &module_of(file));

    // The names `mod` and `use` bring into scope, and the paths of the `use`s.
    let mut aliases: HashMap<String, Vec<String>> = HashMap::new();
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let here = &modules[i];
        match (&tokens[i], tokens.get(i + 1)) {
            (Token::Ident(kw), Some(Token::Ident(name))) if kw == "mod" => {
                let child = here.iter().cloned().chain([name.clone()]).collect();
                aliases.insert(name.clone(), child);
            }
            (Token::Ident(kw), _) if kw == "use" => {
                let mut at = i + 1;
                let mut trees = Vec::new();
                use_tree(&tokens, &mut at, &[], &mut trees);
                for (path, name) in trees {
                    if let Some(abs) = absolute(&path, here, &aliases) {
                        if name != "*" {
                            aliases.insert(name, abs.clone());
                        }
                        found.push((here.clone(), abs));
                    }
                }
                i = at;
                continue;
            }
            _ => {}
        }
        i += 1;
    }

    // Every other path (`crate::db::begin_write()`, `features::auth::tokens::issue`, ...).
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == Token::Ident("use".into()) {
            while i < tokens.len() && tokens[i] != Token::Semi {
                i += 1;
            }
            continue;
        }
        if let Token::Ident(first) = &tokens[i]
            && tokens.get(i + 1) == Some(&Token::PathSep)
            && (i == 0 || tokens[i - 1] != Token::PathSep)
        {
            let mut path = vec![first.clone()];
            let mut j = i + 1;
            while tokens.get(j) == Some(&Token::PathSep) {
                match tokens.get(j + 1) {
                    Some(Token::Ident(next)) => path.push(next.clone()),
                    _ => break,
                }
                j += 2;
            }
            if let Some(abs) = absolute(&path, &modules[i], &aliases) {
                found.push((modules[i].clone(), abs));
            }
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

struct Graph {
    /// unit → the units it uses, each with one file that shows it.
    edges: BTreeMap<String, BTreeMap<String, PathBuf>>,
}

fn graph() -> Graph {
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    // The binary uses the library by its name, like any other crate.
    files.retain(|f| *f != src_dir().join("main.rs"));
    let mut children: HashMap<String, BTreeSet<String>> = HashMap::new();
    for file in &files {
        let module = module_of(file);
        if module.len() >= 2 && matches!(module[0].as_str(), "features" | "services") {
            children
                .entry(module[0].clone())
                .or_default()
                .insert(module[1].clone());
        }
    }
    let mut edges: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for file in &files {
        for (from, to) in references(file) {
            let (from, to) = (unit_of(&from, &children), unit_of(&to, &children));
            if from != to {
                edges
                    .entry(from)
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| file.clone());
            }
        }
    }
    Graph { edges }
}

fn shown(file: &Path) -> String {
    file.strip_prefix(src_dir())
        .unwrap_or(file)
        .display()
        .to_string()
}

#[test]
fn every_module_belongs_to_a_layer() {
    let graph = graph();
    let units: BTreeSet<&String> = graph
        .edges
        .iter()
        .flat_map(|(from, to)| std::iter::once(from).chain(to.keys()))
        .collect();
    let unknown: Vec<&&String> = units.iter().filter(|u| layer(u).is_none()).collect();
    assert!(
        unknown.is_empty(),
        "add these modules to the layers of tests/architecture.rs: {unknown:?}"
    );
    // The reader works: the features use the toolkit, the top uses the features.
    assert!(graph.edges["features::users"].contains_key("http::error"));
    assert!(graph.edges["crate"].contains_key("http"));
}

#[test]
fn no_module_uses_a_higher_layer() {
    let graph = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &graph.edges {
        for (to, file) in tos {
            if let (Some(a), Some(b)) = (layer(from), layer(to))
                && b > a
            {
                wrong.push(format!(
                    "{from} (layer {a}) uses {to} (layer {b}), in {}",
                    shown(file)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies must point down the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_modules_depend_on_each_other_in_a_circle() {
    let graph = graph();
    let next = |unit: &str| -> Vec<String> {
        graph
            .edges
            .get(unit)
            .map(|tos| tos.keys().cloned().collect())
            .unwrap_or_default()
    };
    let mut circles = BTreeSet::new();
    for start in graph.edges.keys() {
        // Breadth-first from `start`: a way back to it is a circle.
        let mut came_from: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        while let Some(unit) = queue.pop_front() {
            for to in next(&unit) {
                if to == *start {
                    let mut circle = vec![unit.clone()];
                    while let Some(prev) = came_from.get(circle.last().unwrap()) {
                        circle.push(prev.clone());
                    }
                    circle.reverse();
                    // One rotation per circle: start at its smallest unit.
                    let smallest = circle.iter().enumerate().min_by_key(|(_, u)| *u).unwrap().0;
                    circle.rotate_left(smallest);
                    circle.push(circle[0].clone());
                    circles.insert(circle.join(" -> "));
                } else if !came_from.contains_key(&to) && to != *start {
                    came_from.insert(to.clone(), unit.clone());
                    queue.push_back(to);
                }
            }
        }
    }
    let explained: Vec<String> = circles
        .iter()
        .map(|circle| {
            let units: Vec<&str> = circle.split(" -> ").collect();
            let files: Vec<String> = units
                .windows(2)
                .map(|w| shown(&graph.edges[w[0]][w[1]]))
                .collect();
            format!("{circle} (in {})", files.join(", "))
        })
        .collect();
    assert!(
        explained.is_empty(),
        "modules depend on each other in a circle:\n{}",
        explained.join("\n")
    );
}

/// The other features a feature uses, each with one file that shows it.
#[test]
fn no_feature_uses_another_feature() {
    let graph = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &graph.edges {
        if !from.starts_with("features::") {
            continue;
        }
        for (to, file) in tos {
            if to.starts_with("features::") {
                wrong.push(format!("{from} uses {to}, in {}", shown(file)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a feature must not use another feature (move what they share to a service or to \
         `http::views`):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn services_use_neither_http_features_nor_state() {
    let graph = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &graph.edges {
        if !from.starts_with("services::") {
            continue;
        }
        for (to, file) in tos {
            let head = to.split("::").next().unwrap_or_default();
            if matches!(head, "http" | "features" | "state") {
                wrong.push(format!("{from} uses {to}, in {}", shown(file)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "services must not use the HTTP layer, the features or the state (return a typed \
         error; `http::error` turns it into an answer):\n{}",
        wrong.join("\n")
    );
}

/// Whether a file names `sea_orm` or, through any path, `db::entities`.
fn storage_uses(file: &Path) -> Vec<String> {
    let source = std::fs::read_to_string(file).unwrap();
    let mut found = BTreeSet::new();
    if tokens(&source).contains(&Token::Ident("sea_orm".into())) {
        found.insert("sea_orm".to_owned());
    }
    for (_, path) in references(file) {
        if path.len() >= 2 && path[0] == "db" && path[1] == "entities" {
            found.insert(path.join("::"));
        }
    }
    found.into_iter().collect()
}

#[test]
fn features_do_not_touch_storage() {
    let mut files = Vec::new();
    rust_files(&src_dir().join("features"), &mut files);
    files.sort();
    let wrong: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let uses = storage_uses(file);
            (!uses.is_empty()).then(|| format!("{}: {}", shown(file), uses.join(", ")))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "features hold routes, handlers and HTTP types; storage belongs to the table's owner \
         under services/:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn features_open_no_transaction() {
    let mut files = Vec::new();
    rust_files(&src_dir().join("features"), &mut files);
    files.sort();
    let opening = ["begin_write", "BulkTransaction"];
    let wrong: Vec<String> = files
        .iter()
        .filter(|file| {
            let source = std::fs::read_to_string(file).unwrap();
            tokens(&source)
                .iter()
                .any(|token| opening.iter().any(|o| *token == Token::Ident((*o).into())))
        })
        .map(|file| shown(file))
        .collect();
    assert!(
        wrong.is_empty(),
        "a feature speaks HTTP; what must happen together is one call of the owning service, \
         which opens and commits its own transaction:\n{}",
        wrong.join("\n")
    );
}

/// The service a crate-relative path leads into through its `store`, when it does:
/// `services::translation::store::projects::head` → `translation`.
fn store_of(path: &[String]) -> Option<&str> {
    match path {
        [services, service, rest @ ..] if services == "services" => rest
            .iter()
            .any(|segment| segment == "store")
            .then_some(service.as_str()),
        _ => None,
    }
}

/// The paths through another unit's store in the files under `src/`, each with its file.
fn store_paths_from_outside() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    files.sort();
    let mut wrong = BTreeSet::new();
    for file in &files {
        let module = module_of(file);
        for (_, path) in references(file) {
            let Some(service) = store_of(&path) else {
                continue;
            };
            let inside = module.len() >= 2 && module[0] == "services" && module[1] == service;
            if !inside {
                wrong.insert(format!("{}: {}", shown(file), path.join("::")));
            }
        }
    }
    wrong.into_iter().collect()
}

/// A store is the SQL of its service's tables: the service answers with its own functions and
/// types, and no feature, toolkit module or other service reaches past it.
#[test]
fn nothing_reaches_into_a_services_store() {
    let wrong = store_paths_from_outside();
    assert!(
        wrong.is_empty(),
        "only its service uses a store; give the service a function instead:\n{}",
        wrong.join("\n")
    );
}

/// `pub`, with an optional restriction (`pub(crate)`, `pub(super)`, `pub(in …)`), ending just
/// before `tokens[at]`.
fn public_before(tokens: &[Token], at: usize) -> bool {
    let mut i = at;
    while i > 0 {
        i -= 1;
        match &tokens[i] {
            Token::Ident(word) if word == "pub" => return true,
            Token::Ident(word) if matches!(word.as_str(), "crate" | "super" | "self" | "in") => {}
            Token::Other | Token::PathSep => {}
            _ => return false,
        }
    }
    false
}

/// The files of `services/` that declare a public `store` module.
fn public_stores() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src_dir().join("services"), &mut files);
    files.sort();
    files
        .iter()
        .filter(|file| {
            let tokens = tokens(&std::fs::read_to_string(file).unwrap());
            tokens.windows(2).enumerate().any(|(i, pair)| {
                pair[0] == Token::Ident("mod".into())
                    && pair[1] == Token::Ident("store".into())
                    && public_before(&tokens, i)
            })
        })
        .map(|file| shown(file))
        .collect()
}

#[test]
fn stores_are_private_to_their_service() {
    let wrong = public_stores();
    assert!(
        wrong.is_empty(),
        "a service's store is `mod store`, private to it:\n{}",
        wrong.join("\n")
    );
}

/// Files allowed to answer with an entity's row: none.
const ENTITY_ROWS_EXCEPTIONS: &[&str] = &[];

/// Whether a crate-relative path is an entity's row: `db::entities::<table>::Model`.
fn is_row(path: &[String]) -> bool {
    // `use …::pretranslate_run::{self as run}` binds `run` to the module (`…::self`).
    let path: Vec<&str> = path
        .iter()
        .map(String::as_str)
        .filter(|s| *s != "self")
        .collect();
    matches!(path.as_slice(), ["db", "entities", _, "Model"])
}

/// Whether `path`, written in module `here` of a file whose `use`s bind `aliases`, is an
/// entity's row.
fn is_entity_row(path: &[String], here: &[String], aliases: &HashMap<String, Vec<String>>) -> bool {
    let resolved = match path.first().map(String::as_str) {
        Some("crate" | "self" | "super") => absolute(path, here, aliases),
        Some(first) => aliases.get(first).map(|base| {
            base.iter()
                .chain(path[1..].iter())
                .cloned()
                .collect::<Vec<_>>()
        }),
        None => None,
    };
    resolved.is_some_and(|path| is_row(&path))
}

/// The public re-exports (`pub use …::x::Model`, `pub use …::{Model as X}`) and aliases
/// (`pub type X = x::Model;`, `pub type Y = (X, Option<user::Model>);`) of entities' rows in
/// the files of `services/`.
fn entity_rows_answered() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src_dir().join("services"), &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let tokens = tokens(&std::fs::read_to_string(file).unwrap());
        let here = module_of(file);
        // Every name the file's `use`s bind, wherever they are.
        let mut aliases: HashMap<String, Vec<String>> = HashMap::new();
        let mut public_uses = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            if *token == Token::Ident("use".into()) {
                let mut at = i + 1;
                let mut trees = Vec::new();
                use_tree(&tokens, &mut at, &[], &mut trees);
                for (path, name) in trees {
                    if let Some(abs) = absolute(&path, &here, &aliases) {
                        if name != "*" {
                            aliases.insert(name.clone(), abs.clone());
                        }
                        if public_before(&tokens, i) {
                            public_uses.push((abs, name));
                        }
                    }
                }
            }
        }
        for (path, name) in public_uses {
            if is_row(&path) {
                wrong.push(format!(
                    "{}: pub use {} as {name}",
                    shown(file),
                    path.join("::")
                ));
            }
        }
        for (i, token) in tokens.iter().enumerate() {
            if *token != Token::Ident("type".into()) || !public_before(&tokens, i) {
                continue;
            }
            let Some(Token::Ident(name)) = tokens.get(i + 1) else {
                continue;
            };
            // The paths of the aliased type, up to its `;`.
            let mut j = i + 2;
            while j < tokens.len() && tokens[j] != Token::Semi {
                if let Token::Ident(first) = &tokens[j]
                    && tokens[j - 1] != Token::PathSep
                {
                    let mut path = vec![first.clone()];
                    let mut k = j + 1;
                    while tokens.get(k) == Some(&Token::PathSep) {
                        let Some(Token::Ident(next)) = tokens.get(k + 1) else {
                            break;
                        };
                        path.push(next.clone());
                        k += 2;
                    }
                    if is_entity_row(&path, &here, &aliases) {
                        wrong.push(format!(
                            "{}: pub type {name} = … {} …",
                            shown(file),
                            path.join("::")
                        ));
                    }
                    j = k;
                    continue;
                }
                j += 1;
            }
        }
    }
    wrong
}

/// A service answers with its own types, built from its rows inside it, so that no caller
/// holds a row it could change and save. The values stored in columns (`Role`,
/// `SegmentStatus`, …) are enums, not rows, and stay the service's vocabulary as they are.
#[test]
fn services_answer_with_their_own_types() {
    let wrong: Vec<String> = entity_rows_answered()
        .into_iter()
        .filter(|found| {
            !ENTITY_ROWS_EXCEPTIONS
                .iter()
                .any(|file| found.starts_with(&format!("{file}:")))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "a service answers with a type of its own (a struct built from the row), not an \
         entity's `Model`:\n{}",
        wrong.join("\n")
    );
}
