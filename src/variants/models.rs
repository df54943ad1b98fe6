//! The move features of each variant, and the move model each one's
//! search uses: Go's, Group Go's and Tanbo's ship inside the program
//! (`go/moves.model`, `groupgo/moves.model`, `tanbo/moves.model`);
//! `--model FILE` reads another for a run.

use super::gray_game::{self, GrayGame};
use super::{Game, Variant};
use crate::features::model::MoveModel;
use crate::features::{MoveFeatures, Tactic};
use crate::moves::Move;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

impl Variant {
    /// The tactical features of the variant's moves (see
    /// [`Game::move_features`]): what its move models weigh.
    pub fn tactics(self) -> &'static [Tactic] {
        match self {
            Variant::Go | Variant::Atari | Variant::Yugo | Variant::Tanbo => super::go::features::TACTICS,
            Variant::GrayTanbo => super::tanbo::features::TACTICS,
            Variant::GoRoGo => super::gorogo::features::TACTICS,
            Variant::Migoyugo => super::migoyugo::features::TACTICS,
            Variant::WarGo
            | Variant::CenterOfTao
            | Variant::MercenaryGo
            | Variant::BuyingArmies
            | Variant::SpecialStones => super::wargo::features::TACTICS,
            Variant::Squares => <super::squares::Squares as GrayGame>::TACTICS,
            Variant::UnsquareGo => <super::unsquare::UnsquareGo as GrayGame>::TACTICS,
            Variant::GroupGo | Variant::OminoGo | Variant::DominGo => super::groupgo::features::TACTICS,
        }
    }

    /// Reads a model file of the variant's.
    pub fn move_model(self, bytes: &[u8]) -> Result<MoveModel<'_>, String> {
        MoveModel::from_bytes(bytes, self.name(), self.tactics())
    }
}

impl Game {
    /// The moves of the position as a move model sees them.
    pub fn move_features(&self) -> Box<dyn MoveFeatures + '_> {
        use super::go::features::GoMoves;
        let go_moves = |(board, last), color| Box::new(GoMoves { board, color, last }) as Box<dyn MoveFeatures>;
        let color = crate::game::Position::to_move(self);
        match self {
            Game::Go(go) => go_moves(go.model_view(), color),
            Game::Atari(atari) => go_moves(atari.model_view(), color),
            Game::Yugo(yugo) => go_moves(yugo.model_view(), color),
            Game::Tanbo(tanbo) => tanbo.move_features(),
            Game::Squares(squares) => Box::new(gray_game::move_features(squares)),
            Game::UnsquareGo(unsquare) => Box::new(gray_game::move_features(unsquare)),
            Game::GroupGo(group) => Box::new(group.move_features()),
            Game::GoRoGo(gorogo) => Box::new(gorogo.move_features()),
            Game::Migoyugo(migoyugo) => Box::new(migoyugo.move_features()),
            Game::WarGo(wargo) => Box::new(wargo.move_features()),
        }
    }
}

/// Go's model, as it ships with the program.
pub fn builtin() -> &'static MoveModel<'static> {
    static MODEL: OnceLock<MoveModel<'static>> = OnceLock::new();
    read_once(&MODEL, Variant::Go, include_bytes!("go/moves.model"))
}

/// Group Go's model, as it ships with the program: learned from 9x9
/// self-play at 1,000 playouts a move (docs/learning.md).
pub fn builtin_group_go() -> &'static MoveModel<'static> {
    static MODEL: OnceLock<MoveModel<'static>> = OnceLock::new();
    read_once(&MODEL, Variant::GroupGo, include_bytes!("groupgo/moves.model"))
}

/// Two-colour Tanbo's model, as it ships with the program: learned from
/// 9x9 self-play at 1,000 playouts a move; Tanbo's search takes it on
/// big boards (docs/learning.md).
pub fn builtin_tanbo() -> &'static MoveModel<'static> {
    static MODEL: OnceLock<MoveModel<'static>> = OnceLock::new();
    read_once(&MODEL, Variant::Tanbo, include_bytes!("tanbo/moves.model"))
}

/// A built-in model of `variant`, read from `bytes` the first time.
fn read_once(
    model: &'static OnceLock<MoveModel<'static>>,
    variant: Variant,
    bytes: &'static [u8],
) -> &'static MoveModel<'static> {
    model.get_or_init(|| variant.move_model(bytes).expect("the built-in move model reads"))
}

/// The model read by [`read_file`], with its variant and file.
static FROM_FILE: OnceLock<(Variant, PathBuf, MoveModel<'static>)> = OnceLock::new();

/// Reads `variant`'s model from `path` (`--model`) for the rest of the
/// run: Go's search then takes it instead of the built-in one, and the
/// other variants', which have none built in, add it to their own
/// priors. Read once, so the program keeps the file's bytes to the end.
pub fn read_file(path: &Path, variant: Variant) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let model = variant
        .move_model(bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    FROM_FILE
        .set((variant, path.to_path_buf(), model))
        .map_err(|_| "a move model has already been read".to_string())
}

/// The model that `variant`'s search uses: one read by [`read_file`], or
/// the built-in one of Go or Group Go; `None` for a variant with neither.
/// (Tanbo chooses by its board whether to take [`builtin_tanbo`].)
pub fn in_use(variant: Variant) -> Option<&'static MoveModel<'static>> {
    match FROM_FILE.get() {
        Some((read, _, model)) if *read == variant => Some(model),
        _ => match variant {
            Variant::Go => Some(builtin()),
            Variant::GroupGo => Some(builtin_group_go()),
            _ => None,
        },
    }
}

/// Pushes to `out` the prior of each of `moves`: `start`'s, with the
/// chance of the model that `variant`'s search uses ([`in_use`]) on top,
/// as [`MoveModel::priors`] weighs it; `start`'s alone without a model.
pub fn priors(
    variant: Variant,
    features: &(impl MoveFeatures + ?Sized),
    moves: &[Move],
    (start, weight): (impl Fn(Move) -> Option<(f32, f32)>, f32),
    out: &mut Vec<Option<(f32, f32)>>,
) {
    match in_use(variant) {
        Some(model) => model.priors(features, moves, (start, weight), out),
        None => out.extend(moves.iter().map(|&mv| start(mv))),
    }
}

/// The file of the model that [`read_file`] read for `variant`, if any.
pub fn file_in_use(variant: Variant) -> Option<&'static Path> {
    FROM_FILE
        .get()
        .filter(|(read, _, _)| *read == variant)
        .map(|(_, path, _)| path.as_path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_models_read() {
        for model in [builtin(), builtin_group_go(), builtin_tanbo()] {
            assert!(model.patterns() > 1000, "{} patterns", model.patterns());
        }
        assert!(in_use(Variant::GroupGo).is_some());
        assert!(in_use(Variant::OminoGo).is_none());
    }
}
