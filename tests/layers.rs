//! The layers of `src/` point one way: a module imports only its own layer
//! and those below it (the order written at the top of `lib.rs`), and no
//! modules import each other in a circle.
//!
//! Read from the source text: every `crate::` path and every `super::`
//! path outside test code is an import. A module's own folder (`mod.rs`
//! and the files below it) may refer up and down freely, as Rust's
//! `super::` asks; a circle through other modules may not.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers from the bottom, as `lib.rs` lists them.
const LAYERS: &[&[&str]] = &[
    &["color", "files", "vertex"],
    &["polyomino"],
    &["moves"],
    &["board", "history", "handicap", "sgf", "args"],
    &["game"],
    &["search", "solver", "features"],
    &["variants"],
    &["clicks"],
    &["player"],
    &["gtp"],
    &[
        "matches",
        "versus",
        "bench",
        "learn",
        "learn_network",
        "selfplay",
        "tune",
    ],
    &["cli"],
];

fn layer_of(top: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&top))
}

/// A module of the crate by its path below `crate`, from its file.
fn module_of(file: &Path, src: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source of a file up to its test code.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let line = line.split("//").next().unwrap();
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// Files declared as test modules (`#[cfg(test)] mod name;`), by path.
fn test_files(text: &str, module_dir: &Path) -> Vec<std::path::PathBuf> {
    let lines: Vec<&str> = text.lines().collect();
    let mut files = Vec::new();
    for pair in lines.windows(2) {
        let declared = pair[1]
            .trim()
            .strip_prefix("mod ")
            .and_then(|rest| rest.strip_suffix(';'));
        if let (true, Some(name)) = (pair[0].trim() == "#[cfg(test)]", declared) {
            files.push(module_dir.join(format!("{name}.rs")));
            files.push(module_dir.join(name).join("mod.rs"));
        }
    }
    files
}

/// The module paths a source text names: `crate::a::b` and `super::c`
/// (relative to `module`), including those inside `use` groups.
fn imports(code: &str, module: &[String], is_folder: bool) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    for (start, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        let preceded = start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_');
        if preceded {
            continue;
        }
        let mut path: Vec<String> = Vec::new();
        let mut rest = &code[start..];
        if let Some(after) = rest.strip_prefix("crate::") {
            rest = after;
        } else {
            // `super::` in `a/b.rs` (module a::b) means `a`; in `a/mod.rs` (module a) it means the crate root.
            let mut base = module.to_vec();
            while let Some(after) = rest.strip_prefix("super::") {
                base.pop();
                rest = after;
            }
            if is_folder {
                base.pop();
            }
            path = base;
        }
        for segment in rest.split("::") {
            let name: String = segment
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() || name == name.to_uppercase() || name.chars().next().unwrap().is_uppercase() {
                break;
            }
            path.push(name);
            if segment.len() != path.last().unwrap().len() {
                break;
            }
        }
        if !path.is_empty() {
            found.insert(path);
        }
    }
    found
}

struct Crate {
    /// Each module's imports, as the module (of the crate's files) each names.
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut skipped = BTreeSet::new();
    let mut texts = BTreeMap::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let dir = match file.file_name().unwrap().to_str().unwrap() {
            "mod.rs" | "lib.rs" | "main.rs" => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        skipped.extend(test_files(&text, &dir));
        texts.insert(file.clone(), text);
    }
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f, &src)).collect();
    let mut edges = BTreeMap::new();
    for (file, text) in &texts {
        if skipped.contains(file) || file.ends_with("main.rs") || file.ends_with("lib.rs") {
            continue;
        }
        let module = module_of(file, &src);
        let is_folder = file.ends_with("mod.rs");
        let mut targets = BTreeSet::new();
        for mut path in imports(&code_of(text), &module, is_folder) {
            // The longest prefix that is a module of the crate's files.
            while !path.is_empty() && !modules.contains(&path) {
                path.pop();
            }
            if !path.is_empty() && path != module {
                targets.insert(path);
            }
        }
        edges.insert(module, targets);
    }
    Crate { edges }
}

fn name(module: &[String]) -> String {
    module.join("::")
}

/// `a` lies inside `b`'s folder or `b` inside `a`'s.
fn related(a: &[String], b: &[String]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

#[test]
fn every_module_belongs_to_a_layer() {
    let krate = read_crate();
    let unknown: BTreeSet<&String> = krate
        .edges
        .keys()
        .map(|m| &m[0])
        .filter(|top| layer_of(top).is_none())
        .collect();
    assert!(
        unknown.is_empty(),
        "modules in no layer (add them to LAYERS and to lib.rs): {unknown:?}"
    );
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let krate = read_crate();
    let mut upward = Vec::new();
    for (module, targets) in &krate.edges {
        let Some(own) = layer_of(&module[0]) else { continue };
        for target in targets {
            if layer_of(&target[0]).is_some_and(|layer| layer > own) {
                upward.push(format!("{} imports {}", name(module), name(target)));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports of a higher layer:\n{:.4000}",
        upward.join("\n")
    );
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let krate = read_crate();
    // Depth-first search for a cycle among unrelated modules.
    fn visit<'a>(
        module: &'a Vec<String>,
        krate: &'a Crate,
        path: &mut Vec<&'a Vec<String>>,
        done: &mut BTreeSet<&'a Vec<String>>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|m| *m == module) {
            let cycle: Vec<String> = path[at..].iter().map(|m| name(m)).chain([name(module)]).collect();
            cycles.push(cycle.join(" -> "));
            return;
        }
        if !done.insert(module) {
            return;
        }
        path.push(module);
        for target in krate.edges.get(module).into_iter().flatten() {
            if !related(module, target) {
                visit(target, krate, path, done, cycles);
            }
        }
        path.pop();
    }
    let mut cycles = Vec::new();
    let mut done = BTreeSet::new();
    for module in krate.edges.keys() {
        visit(module, &krate, &mut Vec::new(), &mut done, &mut cycles);
    }
    assert!(cycles.is_empty(), "import circles:\n{:.4000}", cycles.join("\n"));
}

#[test]
fn the_reader_sees_imports_and_skips_tests() {
    let module = vec!["gtp".to_string(), "commands".to_string()];
    let code = code_of(
        "use crate::search::{self, Limits};\nuse super::args::Args;\nlet x = crate::moves::MAX_SIZE;\n// crate::cli::x\n#[cfg(test)]\nuse crate::cli::y;\n",
    );
    let found = imports(&code, &module, false);
    let want: BTreeSet<Vec<String>> = [vec!["search"], vec!["gtp", "args"], vec!["moves"]]
        .into_iter()
        .map(|p| p.into_iter().map(String::from).collect())
        .collect();
    assert_eq!(found, want);
}
