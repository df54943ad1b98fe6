//! Runs the Node test in `tests/sabaki/`, which drives the engine through
//! Sabaki's own GTP library (`@sabaki/gtp`): history sync, branches, genmove.
//! Needs Node.js and `npm ci` in `tests/sabaki` (CI does both); elsewhere
//! the test is skipped with a note when they are missing.

use std::path::Path;
use std::process::Command;

#[test]
fn sabaki_drives_every_plain_vertex_variant() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    let ready = dir.join("node_modules/@sabaki/gtp").exists()
        && Command::new("node")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if !ready {
        assert!(
            std::env::var_os("CI").is_none(),
            "Node.js or tests/sabaki/node_modules is missing (run npm ci in tests/sabaki)"
        );
        eprintln!("skipped: Node.js or tests/sabaki/node_modules missing; run `npm ci` in tests/sabaki");
        return;
    }
    let output = Command::new("node")
        .arg("--test")
        .current_dir(&dir)
        .env("VARIAGO_BIN", env!("CARGO_BIN_EXE_variago"))
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(report.contains("# fail 0"), "{report}");
}
