//! The three variants of the Group Go family as the engine knows them:
//! their names, sizes and komi (from the built-in presets), and the
//! `preset` option that game records keep.

use super::presets::{Library, Preset};
use super::GroupGo;
use crate::variants::presets::family::preset_variant;
use crate::variants::presets::{self, Builtin, PresetFamily};
use crate::variants::spec::SetupOption;
use crate::variants::{Game, Setup, SolverUse, Variant, VariantSpec};
use std::sync::Arc;

static BUILTIN: Builtin<Preset> = Builtin::new();

/// The variants of the family.
pub const FAMILY: [Variant; 3] = [Variant::GroupGo, Variant::OminoGo, Variant::DominGo];

/// The built-in preset of a variant of the family: its section has the
/// variant's name.
pub fn builtin_preset(variant: Variant) -> Option<Preset> {
    BUILTIN.preset(variant)
}

/// The setup of `variant` with a preset read from a file (`--preset`), at
/// the preset's size and komi.
pub fn setup_of(variant: Variant, preset: Preset) -> Setup {
    presets::setup_with(variant, preset)
}

/// The family's preset files (`--preset FILE`).
static FILES: PresetFamily = PresetFamily::of::<Preset>(&FAMILY, setup_from_file);

impl Setup {
    /// A Group Go preset from a file (`--preset`) or a record; `None` is
    /// the variant's own.
    pub fn group(&self) -> Option<&Arc<Preset>> {
        presets::family::of(self)
    }
}

/// The setup of `variant` with the preset named like it (or else the
/// last) of a preset file's `text`, read over the built-in presets.
pub fn setup_from_file(variant: Variant, text: &str) -> Result<Setup, String> {
    let preset = Library::builtin().add_and_choose(text, variant.name())?;
    Ok(setup_of(variant, preset))
}

pub static GROUP_GO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "group-go", {
    aliases: &["groupgo"],
    description: "Group Go: Go with a hand of squadrons and platoons (polyominoes dropped as D4+D5+E5); 19x19",
    game_id: "GroupGo",
    komi: 7.5,
});

pub static OMINO_GO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "omino-go", {
    aliases: &["ominogo", "tetromino-go", "tetrominogo"],
    description: "Omino Go: every turn drops a tetromino (D4+D5+D6+E5), the first a domino; 19x19",
    game_id: "OminoGo",
    komi: 0.5,
    // A tetromino turn fills four points: 6x6 is nine turns deep. From 44
    // empty points (a 9x9 game's eleventh turn) the solver sometimes
    // proves a win that the tree search misses: the engine won more
    // against flat than from 36, and more with half the time than with a
    // quarter (docs/rules/omino-go.md).
    solver: Some(SolverUse {
        empties: 44,
        share: 0.5,
    }),
});

pub static DOMINGO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "domingo", {
    aliases: &["domin-go"],
    description: "DominGo: every turn drops a domino (D4+D5); 13x13",
    game_id: "DominGo",
    komi: 2.5,
    // A domino turn fills two points: 5x5 is at most a dozen turns deep
    // (captures aside).
    solver: SolverUse::at_most(25),
});

/// What the family shares; each variant above names itself.
const FAMILY_SPEC: VariantSpec = presets::family::spec(
    &[&PRESET],
    |setup| Game::GroupGo(GroupGo::new(setup)),
    |setup, rows, to_move| GroupGo::from_diagram(setup, rows, to_move).map(Game::GroupGo),
);

/// The `preset` option: the pieces and hands of a Group Go preset, as a
/// game record writes it (`Preset::record`). `--preset FILE` reads one
/// from a file instead.
pub const PRESET: SetupOption = presets::family::option::<Preset>(&FILES, |setup, value| {
    presets::family::set(setup, Preset::from_record(value)?);
    Ok(())
});
