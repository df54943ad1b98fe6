//! What the War Go and Group Go families share around their presets: the
//! built-in presets read once, the `preset` option that game records keep,
//! and `--preset FILE`, which reads a family's file for the variant named.

use super::{read_file, Library, Schema};
use crate::variants::spec::{FromDiagram, SetupOption, VariantSpec};
use crate::variants::{Game, Setup, Start, Variant};
use std::fmt::Debug;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The key of the option that holds a preset.
const KEY: &str = "preset";

/// A family's preset as the engine plays it.
pub trait FamilyPreset: Schema + Debug + PartialEq + Send + Sync + 'static {
    /// The board's size and the komi the preset plays with.
    fn size_and_komi(&self) -> (usize, f32);
    /// True when a board of `size` is accepted.
    fn fits(&self, size: usize) -> bool;
    /// The preset on one line, for a game record's `VO[preset=...]`.
    fn record(&self) -> String;
}

/// A family's built-in presets, read once.
#[derive(Default)]
pub struct Builtin<P>(OnceLock<Library<P>>);

impl<P: FamilyPreset> Builtin<P> {
    pub const fn new() -> Builtin<P> {
        Builtin(OnceLock::new())
    }

    fn library(&self) -> &Library<P> {
        self.0.get_or_init(Library::builtin)
    }

    /// The built-in preset of `variant`: its section has the variant's name.
    pub fn preset(&self, variant: Variant) -> Option<P> {
        self.library().preset(variant.name()).ok()
    }

    pub fn default_size(&self, name: &str) -> usize {
        self.library().preset(name).map_or(19, |p| p.size_and_komi().0)
    }

    pub fn fits(&self, name: &str, size: usize) -> bool {
        self.library().preset(name).is_ok_and(|p| p.fits(size))
    }
}

/// What the variants of a family share: the family's `preset` option
/// among `options`, how it starts a game and reads a diagram; each variant
/// names itself (see `preset_variant!`).
pub const fn spec(
    options: &'static [&'static SetupOption],
    new_game: fn(&Setup) -> Game,
    from_diagram: FromDiagram,
) -> VariantSpec {
    VariantSpec {
        name: "",
        aliases: &[],
        description: "",
        game_id: "",
        komi: 7.5,
        default_size: || 19,
        accepts_size: |_| false,
        starts: &[Start::Empty],
        options,
        record_options: &[],
        commands: &[],
        match_setup: &[],
        solver: None,
        new_game,
        from_diagram: Some(from_diagram),
    }
}

/// A variant of a family, `VariantSpec { name, .. }` with the size and the
/// sizes of its built-in preset (the section named like it, in `$builtin`)
/// and the rest from the family's `$shared` spec, but for the fields given.
macro_rules! preset_variant {
    ($builtin:ident, $shared:ident, $name:literal, { $($field:ident: $value:expr),* $(,)? }) => {
        VariantSpec {
            name: $name,
            default_size: || $builtin.default_size($name),
            accepts_size: |size| $builtin.fits($name, size),
            $($field: $value,)*
            ..$shared
        }
    };
}
pub(crate) use preset_variant;

/// The setup of `variant` with `preset`, at the preset's size and komi.
pub fn setup_with<P: FamilyPreset>(variant: Variant, preset: P) -> Setup {
    let (size, komi) = preset.size_and_komi();
    let mut setup = Setup {
        size,
        komi,
        ..Setup::new(variant)
    };
    setup.set_value(KEY, Some(Arc::new(preset)));
    setup
}

/// The preset a setup holds, if one was set (else the variant's own).
pub fn of<P: FamilyPreset>(setup: &Setup) -> Option<&Arc<P>> {
    setup.value(KEY)
}

/// The `preset` option of a family, as game records write it (`record`);
/// `--preset FILE` reads one from `family`'s files instead. `set` reads a
/// record into a setup.
pub const fn option<P: FamilyPreset>(
    family: &'static PresetFamily,
    set: fn(&mut Setup, &str) -> Result<(), String>,
) -> SetupOption {
    SetupOption {
        key: KEY,
        what: "preset",
        values: "FILE",
        help: "A preset file: War Go's armies (format: presets/wargo.ini), or for group-go, \
               omino-go and domingo their pieces (format: presets/groupgo.ini); plays the section \
               named by --variant if the file has it, else its last section [default: the \
               variant's built-in preset]",
        set,
        get: |setup| of::<P>(setup).map(|p| p.record()),
        fits: |setup, size| of::<P>(setup).map(|p| p.fits(size)),
        file: Some(family),
        ..SetupOption::PLAIN
    }
}

/// Sets the preset of a setup.
pub fn set<P: FamilyPreset>(setup: &mut Setup, preset: P) {
    setup.set_value(KEY, Some(Arc::new(preset)));
}

impl PresetFamily {
    /// The family of the presets `P`, whose `members` read its files by `read`.
    pub const fn of<P: FamilyPreset>(
        members: &'static [Variant],
        read: fn(Variant, &str) -> Result<Setup, String>,
    ) -> PresetFamily {
        PresetFamily {
            name: P::FAMILY,
            file: P::FILE,
            members,
            read,
        }
    }
}

/// A family of variants whose presets one kind of file holds.
pub struct PresetFamily {
    /// Its name in messages: `War Go`.
    pub name: &'static str,
    /// The built-in presets' file, which documents the format.
    pub file: &'static str,
    /// The variants that read its files, the first where none is named.
    pub members: &'static [Variant],
    /// The setup of a member from the preset named like it (or else the
    /// last) of a file's text.
    pub read: fn(Variant, &str) -> Result<Setup, String>,
}

/// The families that read preset files, in the order of `Variant::ALL`.
fn families() -> Vec<&'static PresetFamily> {
    let mut families: Vec<&'static PresetFamily> = Vec::new();
    let files = Variant::ALL
        .iter()
        .flat_map(|v| v.spec().options)
        .filter_map(|o| o.file);
    for family in files {
        if families.iter().all(|f| f.name != family.name) {
            families.push(family);
        }
    }
    families
}

/// The setup of a preset file's section named like the variant, else its
/// last. The variant's family reads the file (the first family's when no
/// variant is given, or another's if the first's cannot); a file of
/// another family, or any preset for a variant of none, is refused by name.
pub fn setup_from_file(path: &Path, variant: Option<Variant>) -> Result<Setup, String> {
    let text = read_file(path)?;
    let shown = path.display();
    let families = families();
    let reads = |f: &PresetFamily| (f.read)(f.members[0], &text).is_ok();
    let holds =
        |f: &PresetFamily, v: Variant, takes: String| format!("{shown} holds {} presets; {} {takes}", f.name, v.name());
    let own = families
        .iter()
        .find(|f| variant.is_some_and(|v| f.members.contains(&v)));
    match (variant, own) {
        (Some(v), Some(own)) => {
            (own.read)(v, &text).map_err(|e| match families.iter().find(|f| f.name != own.name && reads(f)) {
                Some(other) => holds(other, v, format!("takes {} presets ({})", own.name, own.file)),
                None => format!("{shown}: {e}"),
            })
        }
        (None, _) => {
            let (first, others) = families.split_first().expect("a family reads preset files");
            (first.read)(first.members[0], &text).or_else(|e| {
                let other = others.iter().find_map(|f| (f.read)(f.members[0], &text).ok());
                other.ok_or_else(|| format!("{shown}: {e}"))
            })
        }
        (Some(v), None) => Err(match families.iter().find(|f| reads(f)) {
            Some(f) => {
                let names: Vec<&str> = f.members.iter().map(|m| m.name()).collect();
                holds(f, v, format!("takes none (they are for {})", names.join(", ")))
            }
            None => {
                let names: Vec<&str> = families.iter().map(|f| f.name).collect();
                format!(
                    "{} takes no preset: --preset is for the {} families",
                    v.name(),
                    names.join(" and ")
                )
            }
        }),
    }
}
