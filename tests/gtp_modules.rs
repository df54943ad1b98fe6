//! The modules of `src/gtp/` point one way: no module reaches, through the
//! `super::` paths it names, a module that reaches it back.

use std::collections::{BTreeMap, BTreeSet};

/// For each module of `src/gtp/`, the sibling modules it names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/gtp");
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("src/gtp") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name").to_string();
        if name == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let named = text
            .split("super::")
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<String>()
            })
            .filter(|sibling| !sibling.is_empty() && *sibling != name)
            .collect();
        modules.insert(name, named);
    }
    modules
}

/// The modules `from` reaches through its imports and theirs.
fn reached(modules: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(module) = stack.pop() {
        for next in modules.get(&module).into_iter().flatten() {
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn no_gtp_module_reaches_itself_through_its_imports() {
    let modules = imports();
    assert!(modules.contains_key("commands") && modules.contains_key("engine"));
    for name in modules.keys() {
        assert!(
            !reached(&modules, name).contains(name),
            "{name} imports a module that imports it back: {modules:?}"
        );
    }
}

#[test]
fn only_the_command_table_names_the_handler_modules() {
    let modules = imports();
    for (name, named) in &modules {
        if name != "commands" {
            assert!(!named.contains("commands"), "{name} imports commands");
        }
    }
}
