//! The library's layers point one way: every module names only modules of
//! its own layer or below (README, "How it is built"). The engine takes
//! parsed games and never text; the games do not know the engine, the
//! language or the facade; the theory knows no game. This test reads every
//! source file and fails on the first reference that points up, naming the
//! file, the line and the two layers.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first; a module may name any module of its own layer
/// or of a lower one.
const LAYERS: &[(&str, &[&str])] = &[
    ("vocabulary", &["vocab", "alloc"]),
    ("syntax", &["language::syntax"]),
    (
        "theory",
        &[
            "partizan",
            "loopy",
            "solvers",
            "takebreak",
            "board",
            "quotient",
            "gaps",
        ],
    ),
    ("component", &["component"]),
    ("misère forms and scripts", &["misere", "script"]),
    ("games", &["games"]),
    (
        "language",
        &[
            "language::expr",
            "language::functions",
            "language::registry",
            "language",
            "registry",
        ],
    ),
    ("engine", &["engine"]),
    ("facade", &["api"]),
];

fn layer_of(path: &str) -> Option<(usize, &'static str)> {
    // The longest module prefix that names a layer.
    let mut best: Option<(usize, usize, &'static str)> = None;
    for (i, (name, modules)) in LAYERS.iter().enumerate() {
        for m in *modules {
            let hit = path == *m || path.starts_with(&format!("{m}::"));
            if hit && best.is_none_or(|(len, _, _)| m.len() > len) {
                best = Some((m.len(), i, name));
            }
        }
    }
    best.map(|(_, i, name)| (i, name))
}

/// The module path of a source file (`language/expr.rs` → `language::expr`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|c| c != "mod")
        .collect();
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (doc links may point anywhere)
/// and without its test module (tests may use any layer).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let code = line.split("//").next().unwrap_or("");
            (i + 1, code.to_string())
        })
        .collect()
}

/// Every `crate::a::b` a line names, as `a::b` (or `a` when `b` is not a
/// module name), including those inside `use crate::{a::b, c}` groups.
fn references(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            // A group: each top-level item names a module path.
            let body: String = group.chars().take_while(|&c| c != '}').collect();
            for item in body.split(',') {
                found.push(path_head(item.trim()));
            }
        } else {
            found.push(path_head(after));
        }
        rest = after;
    }
    found.retain(|p| !p.is_empty());
    found
}

/// The first one or two lowercase segments of a path.
fn path_head(path: &str) -> String {
    let segments: Vec<&str> = path
        .split("::")
        .map(|s| {
            s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
        })
        .take(2)
        .collect();
    let lower = |s: &&str| s.chars().next().is_some_and(|c| c.is_ascii_lowercase());
    match segments.as_slice() {
        [a, b] if lower(a) && lower(b) => format!("{a}::{b}"),
        [a, ..] if lower(a) => a.to_string(),
        _ => String::new(),
    }
}

#[test]
fn every_module_names_only_its_own_layer_or_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut checked = 0;
    let mut upward = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if module == "lib" {
            continue;
        }
        let Some((mine, my_name)) = layer_of(&module) else {
            panic!(
                "{module} ({}) is in no layer: add it to LAYERS",
                file.display()
            );
        };
        let text = fs::read_to_string(file).unwrap();
        for (line_no, line) in code_lines(&text) {
            for target in references(&line) {
                let Some((theirs, their_name)) = layer_of(&target) else {
                    continue;
                };
                checked += 1;
                if theirs > mine {
                    upward.push(format!(
                        "{}:{line_no}: {module} ({my_name}) names {target} ({their_name})",
                        file.strip_prefix(&src).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(
        checked > 500,
        "only {checked} references read: is the reader broken?"
    );
    assert!(
        upward.is_empty(),
        "references pointing up:\n{}",
        upward.join("\n")
    );
}

/// The reader itself: a reference pointing up is found, in a plain path and
/// in a `use` group; comments and the test module are skipped.
#[test]
fn the_reader_finds_references_that_point_up() {
    let text = "use crate::{engine::Engine, vocab::nimber::Nimber};\n\
                // crate::api::value in a comment\n\
                fn f() { crate::language::expr::parse_game(\"\"); }\n\
                #[cfg(test)]\nmod tests { use crate::api; }\n";
    let refs: Vec<String> = code_lines(text)
        .iter()
        .flat_map(|(_, l)| references(l))
        .collect();
    assert_eq!(refs, ["engine", "vocab::nimber", "language::expr"]);
    assert_eq!(layer_of("engine").unwrap().1, "engine");
    assert_eq!(layer_of("language::syntax").unwrap().1, "syntax");
    assert_eq!(layer_of("language::expr").unwrap().1, "language");
    assert!(layer_of("engine").unwrap().0 > layer_of("games").unwrap().0);
}
