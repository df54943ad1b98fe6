//! The five variants of the War Go family as the engine knows them: their
//! names and sizes (from the built-in presets), the `preset` option, the
//! armies that Buying Armies' records keep, and its buying commands.

use super::pieces::Army;
use super::presets::{Library, Preset};
use super::WarGo;
use crate::args::Args;
use crate::color::Color;
use crate::variants::commands::{Reply, Session, VariantCommand};
use crate::variants::presets::family::preset_variant;
use crate::variants::presets::{self, Builtin, PresetFamily};
use crate::variants::spec::{RecordOption, SetupOption};
use crate::variants::{Game, Setup, Variant, VariantSpec};
use std::sync::Arc;

static BUILTIN: Builtin<Preset> = Builtin::new();

/// The variants of the family.
pub const FAMILY: [Variant; 5] = [
    Variant::WarGo,
    Variant::CenterOfTao,
    Variant::MercenaryGo,
    Variant::SpecialStones,
    Variant::BuyingArmies,
];

/// The built-in preset of a variant of the family: its section has the
/// variant's name.
pub fn builtin_preset(variant: Variant) -> Option<Preset> {
    BUILTIN.preset(variant)
}

/// The setup of the preset named like `variant` (or else the last) of a
/// preset file's `text`, read over the built-in presets.
pub fn setup_from_file(variant: Variant, text: &str) -> Result<Setup, String> {
    Ok(setup_of(Library::builtin().add_and_choose(text, variant.name())?))
}

/// The setup of a preset read from a file: Buying Armies where the preset
/// has a credit, War Go otherwise, at the preset's size and komi.
pub fn setup_of(preset: Preset) -> Setup {
    let variant = if preset.credit.is_some() {
        Variant::BuyingArmies
    } else {
        Variant::WarGo
    };
    presets::setup_with(variant, preset)
}

/// The family's preset files (`--preset FILE`).
static FILES: PresetFamily = PresetFamily::of::<Preset>(&FAMILY, setup_from_file);

impl Setup {
    /// A War Go preset from a file (`--preset`) or a record; `None` is the
    /// variant's own.
    pub fn preset(&self) -> Option<&Arc<Preset>> {
        presets::family::of(self)
    }
}

pub static WAR_GO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "wargo", {
    aliases: &["war-go"],
    description: "War Go: Go with an army of nine special pieces in each hand; 19x19, sizes 9-25",
    game_id: "WarGo",
});

pub static CENTER_OF_TAO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "center-of-tao", {
    aliases: &["centeroftao", "center-of-the-tao"],
    description: "Center of Tao: Go with four taos in the centre where soldiers step; 19x19",
    game_id: "CenterOfTao",
    options: &[],
});

pub static MERCENARY_GO: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "mercenary-go", {
    aliases: &["mercenarygo", "mercenary"],
    description: "Mercenary Go: Go with nine mercenaries on the star points; 19x19",
    game_id: "MercenaryGo",
    options: &[],
});

pub static SPECIAL_STONES: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "special-stones", {
    aliases: &["specialstones", "special"],
    description: "Special Stones: War Go's army plus one of each special stone (two-eye, extra move, replacer, switcher, inner strength, connector, repeller, King's Son); 19x19, sizes 9-25",
    game_id: "SpecialStones",
});

pub static BUYING_ARMIES: VariantSpec = preset_variant!(BUILTIN, FAMILY_SPEC, "buying-armies", {
    aliases: &["buyingarmies", "buying"],
    description: "Buying Armies: War Go where each side buys its army with a credit first (variago-buy)",
    game_id: "BuyingArmies",
    record_options: &[
        RecordOption {
            key: "army-black",
            what: BUYING,
        },
        RecordOption {
            key: "army-white",
            what: BUYING,
        },
    ],
    commands: &[
        VariantCommand {
            name: "variago-buy",
            lacks: BUYING,
            run: buy,
        },
        VariantCommand {
            name: "variago-buy_auto",
            lacks: BUYING,
            run: buy_auto,
        },
        VariantCommand {
            name: "variago-credit",
            lacks: BUYING,
            run: credit,
        },
    ],
    // Both engines buy the same armies by the same rule, so every program
    // in a match starts play from the same hands.
    match_setup: &["variago-buy_auto b", "variago-buy_auto w"],
});

/// What the family shares; each variant above names itself.
const FAMILY_SPEC: VariantSpec = presets::family::spec(
    &[&PRESET],
    |setup| Game::WarGo(WarGo::new(setup)),
    |setup, rows, to_move| WarGo::from_diagram(setup, rows, to_move).map(Game::WarGo),
);

/// What the variants without a buying phase lack.
const BUYING: &str = "buying phase";

/// The `preset` option: a War Go preset, as a game record writes it
/// (`Preset::record`). `--preset FILE` reads one from a file instead.
pub const PRESET: SetupOption = presets::family::option::<Preset>(&FILES, |setup, value| {
    let preset = Preset::from_record(value)?;
    if preset.credit.is_some() != (setup.variant == Variant::BuyingArmies) {
        return Err(format!(
            "preset '{}' does not fit {}",
            preset.name,
            setup.variant.name()
        ));
    }
    presets::family::set(setup, preset);
    Ok(())
});

/// The War Go game a buying command works on.
fn war_go(session: &mut dyn Session) -> Result<&mut WarGo, String> {
    match session.game() {
        Game::WarGo(game) => Ok(game),
        _ => Err("internal error: not a War Go game".into()),
    }
}

/// `variago-buy COLOR PIECE [COUNT]` buys pieces for a side's army before
/// play; `variago-buy COLOR done` ends its buying. Answers the credit left.
fn buy(session: &mut dyn Session, a: &Args) -> Reply {
    a.count(2, 3)?;
    let color = a.color(0)?;
    let game = war_go(session)?;
    let what = a.word(1)?;
    if what.eq_ignore_ascii_case("done") {
        a.count(2, 2)?;
        game.finish_buying(color)?;
    } else {
        let army = Army::parse(what)?;
        let count: u32 = if a.len() == 3 { a.int(2)? } else { 1 };
        if count == 0 {
            return Err("syntax error: buy at least one piece".into());
        }
        game.buy(color, army, count)?;
    }
    Ok(game.credit(color).map_or(0, |(c, _)| c).to_string())
}

/// `variago-buy_auto COLOR`: the engine buys the side's army and is done.
fn buy_auto(session: &mut dyn Session, a: &Args) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    let game = war_go(session)?;
    game.buy_auto(color)?;
    Ok(game.state().hands[color.index()].text())
}

/// `variago-credit COLOR`: the credit left and whether the side still
/// buys, e.g. `12 buying` or `0 done`.
fn credit(session: &mut dyn Session, a: &Args) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    let (credit, buying) = war_go(session)?
        .credit(color)
        .ok_or("this preset has no buying phase")?;
    Ok(format!("{credit} {}", if buying { "buying" } else { "done" }))
}

/// The record option that keeps `color`'s army.
pub fn army_key(color: Color) -> &'static str {
    BUYING_ARMIES.record_options[color.index()].key
}

/// The colour whose army a record option keeps.
pub fn army_owner(key: &str) -> Option<Color> {
    Color::BOTH.into_iter().find(|&c| army_key(c) == key)
}
