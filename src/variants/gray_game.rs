//! The rules the gray-stone games (Squares, Unsquare Go) share: one kind of
//! stone on a [`Grid`], each move puts one on (Squares) or takes one off
//! (Unsquare Go) and may score for the mover. A game states what tells it
//! apart ([`GrayGame`]); its `Position`, `View`, `GameSetup` and `Clicks`
//! are written here once.

use super::gray_grid::{score_keys, Grid};
use crate::board::zobrist::side_key;
use crate::color::Color;
use crate::features::patterns::{keys_while, EMPTY, GRAY};
use crate::features::{MoveFeatures, Tactic, TacticValues};
use crate::game::{Clicks, GameSetup, Illegal, Occupant, Outcome, Position, View};
use crate::history::{History, Snapshot, Timeline};
use crate::moves::{Move, Piece, Vertex};

/// A gray-stone game at one moment.
#[derive(Clone, Debug)]
pub struct GrayState {
    pub grid: Grid,
    /// Each player's score, black first: Squares' points, Unsquare Go's
    /// captures.
    pub score: [u32; 2],
    pub to_move: Color,
}

impl Snapshot for GrayState {
    fn size(&self) -> usize {
        self.grid.size()
    }

    fn to_move(&self) -> Color {
        self.to_move
    }
}

impl GrayState {
    /// The scores as a result: black's less white's.
    pub fn result(&self) -> Outcome {
        let [b, w] = self.score;
        Outcome::Score(b as f32 - w as f32)
    }

    pub fn is_full(&self) -> bool {
        self.grid.stones() as usize == self.grid.size() * self.grid.size()
    }

    /// The hash of the state with `grid_hash` for the grid's part.
    fn hash_with(&self, grid_hash: u64) -> u64 {
        grid_hash ^ score_keys(self.score) ^ side_key(self.to_move)
    }

    /// The hash shared by the states that are the same up to a symmetry.
    pub fn canonical_hash(&self) -> u64 {
        self.hash_with(self.grid.canonical_hash())
    }
}

/// What tells one gray-stone game apart from the other.
pub trait GrayGame: Clone + Send + Sync + 'static {
    /// The variant's name, as `variago-set_variant` takes it.
    const NAME: &'static str;
    /// Its name in refusals.
    const TITLE: &'static str;
    /// True where a move takes a stone off (Unsquare Go), false where it
    /// puts one on (Squares).
    const REMOVES: bool;

    fn history(&self) -> &History<GrayState>;

    fn history_mut(&mut self) -> &mut History<GrayState>;

    fn state(&self) -> &GrayState {
        &self.history().now
    }

    /// The point of a gray stone's drop, or why there is no such move.
    fn gray_drop(v: Vertex) -> Result<Vertex, Illegal>;

    /// The refusal of a point where no move can be made: one that holds a
    /// stone in Squares, an empty one in Unsquare Go.
    fn unplayable(v: Vertex) -> Illegal;

    /// Makes `color`'s move at `(x, y)` on `state` and adds what it scores.
    fn apply(state: &mut GrayState, x: usize, y: usize, color: Color);

    /// True once the game is decided.
    fn decided(&self) -> bool;

    /// The display lines: the scores and what else the game shows.
    fn lines(&self) -> Vec<String>;

    /// The tactical features of a move, for a move model.
    const TACTICS: &'static [Tactic];

    /// The tactical values of the move at `(x, y)` on `grid`, in the order
    /// of [`GrayGame::TACTICS`].
    fn tactic_values(grid: &Grid, x: usize, y: usize) -> TacticValues;
}

/// The moves of a gray-stone game's position as a move model sees them:
/// the game's tactics, and the gray stones around the move.
pub struct GrayMoves<'a, G> {
    pub grid: &'a Grid,
    pub game: std::marker::PhantomData<G>,
}

impl<G: GrayGame> MoveFeatures for GrayMoves<'_, G> {
    fn tactic_values(&self, mv: Move) -> TacticValues {
        match mv {
            Move::Place(v) => G::tactic_values(self.grid, v.x as usize, v.y as usize),
            _ => TacticValues::default(),
        }
    }

    fn patterns_while(&self, mv: Move, more: &mut dyn FnMut(u64) -> bool) {
        let Move::Place(v) = mv else { return };
        let content = |x, y| if self.grid.has(x, y) { GRAY } else { EMPTY };
        keys_while(self.grid.size(), (v.x as usize, v.y as usize), content, more)
    }
}

/// The moves of `game`'s position as a move model sees them.
pub fn move_features<G: GrayGame>(game: &G) -> GrayMoves<'_, G> {
    GrayMoves {
        grid: &game.state().grid,
        game: std::marker::PhantomData,
    }
}

/// The point a move plays on, or why it cannot be played.
fn check<G: GrayGame>(game: &G, mv: Move) -> Result<Vertex, Illegal> {
    Illegal::if_over(game.outcome())?;
    let v = match mv {
        Move::Place(v) => v,
        Move::Drop(Piece::Gray, v) => G::gray_drop(v)?,
        Move::Step(..) => return Err(Illegal::new(format!("stones do not move in {}", G::TITLE))),
        other => return Err(Illegal::absent_kind(G::TITLE, other)),
    };
    if !v.on_board(game.size()) {
        return Err(Illegal::new("vertex off the board"));
    }
    if game.history().now.grid.has(v.x as usize, v.y as usize) != G::REMOVES {
        return Err(G::unplayable(v));
    }
    Ok(v)
}

impl<G: GrayGame> Position for G {
    fn variant_name(&self) -> &'static str {
        G::NAME
    }

    fn timeline(&self) -> &dyn Timeline {
        self.history()
    }

    fn timeline_mut(&mut self) -> &mut dyn Timeline {
        self.history_mut()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.outcome().is_none() {
            let grid = &self.state().grid;
            out.extend(grid.points(G::REMOVES).map(|(x, y)| Move::Place(Vertex::new(x, y))));
        }
    }

    /// Either player may move: the score is `color`'s, and the other
    /// player moves next.
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let v = check(self, mv)?;
        let mut next = self.history().now.clone();
        G::apply(&mut next, v.x as usize, v.y as usize, color);
        next.to_move = color.opponent();
        self.history_mut().push_state(next);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.decided().then(|| self.history().now.result())
    }

    /// Before the end: the scores as they stand.
    fn score_now(&self) -> Outcome {
        self.history().now.result()
    }

    fn hash(&self) -> u64 {
        let state = &self.history().now;
        state.hash_with(state.grid.hash())
    }

    fn recompute_hash(&self) -> u64 {
        let state = &self.history().now;
        state.hash_with(state.grid.recompute_hash())
    }

    fn set_to_move(&mut self, color: Color) -> bool {
        self.history_mut().now.to_move = color;
        true
    }
}

impl<G: GrayGame> View for G {
    fn occupant(&self, v: Vertex) -> Option<Occupant> {
        self.history().now.grid.occupant(v)
    }

    fn status_lines(&self) -> Vec<String> {
        self.lines()
    }

    /// The scores, which front ends show where Go shows prisoners.
    fn captures(&self) -> [u32; 2] {
        self.history().now.score
    }
}

impl<G: GrayGame> GameSetup for G {}

impl<G: GrayGame> Clicks for G {}

/// Appends the legal moves on the points that `quiet` accepts, or every
/// legal move where it accepts none: the search's moves of both games.
pub fn quiet_moves<G: GrayGame>(game: &G, out: &mut Vec<Move>, quiet: impl Fn(&Grid, usize, usize) -> bool) {
    let start = out.len();
    game.legal_moves(out);
    let grid = &game.state().grid;
    let is_quiet = |mv: &Move| {
        let v = mv.vertex().expect("gray-stone moves name a point");
        quiet(grid, v.x as usize, v.y as usize)
    };
    if out[start..].iter().any(is_quiet) {
        let kept: Vec<Move> = out.drain(start..).filter(is_quiet).collect();
        out.extend(kept);
    }
}

/// Appends the legal moves by their points' `key`, highest first, in the
/// list's order among equal keys: the solver's order of both games.
pub fn moves_by_key<G: GrayGame>(game: &G, out: &mut Vec<Move>, key: impl Fn(&Grid, usize, usize) -> i64) {
    let start = out.len();
    game.legal_moves(out);
    let grid = &game.state().grid;
    let mut keyed: Vec<(i64, Move)> = out
        .drain(start..)
        .map(|mv| {
            let v = mv.vertex().expect("gray-stone moves name a point");
            (key(grid, v.x as usize, v.y as usize), mv)
        })
        .collect();
    keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
    out.extend(keyed.into_iter().map(|(_, mv)| mv));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{pattern_keys, within_declared};
    use crate::variants::squares::{placement, Squares};
    use crate::variants::unsquare::{removal, UnsquareGo};
    use rand::{Rng, SeedableRng};

    /// Grids of 7x7 with about `stones` in 49 points held, at random.
    fn random_grids(stones: u32, seed: u64) -> Vec<Grid> {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        (0..20)
            .map(|_| {
                let mut grid = Grid::empty(7);
                for (x, y) in (0..7).flat_map(|x| (0..7).map(move |y| (x, y))) {
                    if rng.random_range(0..49) < stones {
                        grid.put(x, y);
                    }
                }
                grid
            })
            .collect()
    }

    #[test]
    fn squares_tactics_count_the_squares_a_stone_completes_opens_and_builds() {
        let grid = Grid::from_rows(&[". . . . .", ". . . . .", "@ . @ . .", ". . . . .", "@ . . . ."]).unwrap();
        // C1 completes A1 C1 C3 A3, on the first line.
        let c1 = Squares::tactic_values(&grid, 2, 0);
        assert_eq!((c1[0], c1[3]), (1, 0));
        // D4 on 5x5 is on the second line, C3 on the third.
        assert_eq!(Squares::tactic_values(&grid, 3, 3)[3], 1);
        assert_eq!(Squares::tactic_values(&Grid::empty(5), 2, 2)[3], 2);
        // Beside a lone stone: one square of side 1 gets its second stone.
        let mut lone = Grid::empty(5);
        lone.put(0, 0);
        assert_eq!(Squares::tactic_values(&lone, 1, 0)[..3], [0, 0, 1]);
        assert_eq!(Squares::tactic_values(&Grid::empty(5), 1, 0)[..3], [0, 0, 0]);
        for grid in random_grids(20, 3) {
            for (x, y) in grid.points(false) {
                let p = placement(&grid, x, y);
                let values = Squares::tactic_values(&grid, x, y);
                assert_eq!(values[..2], [p.completes.min(3) as u8, p.opens.min(4) as u8]);
                assert!(within_declared(&values, Squares::TACTICS), "{values:?}");
            }
        }
    }

    #[test]
    fn unsquare_tactics_count_squares_captures_and_gifts() {
        // Of a full 4x4 board A1, C1 and A3 are gone: C3 completes the
        // square of side 2 around B2 and captures it.
        let grid = Grid::from_rows(&["@ @ @ @", ". @ @ @", "@ @ @ @", ". @ . @"]).unwrap();
        assert_eq!(UnsquareGo::tactic_values(&grid, 2, 2)[..2], [1, 1]);
        assert_eq!(UnsquareGo::tactic_values(&grid, 3, 3)[..2], [0, 0]);
        for grid in random_grids(35, 4) {
            for (x, y) in grid.points(true) {
                let r = removal(&grid, x, y);
                let values = UnsquareGo::tactic_values(&grid, x, y);
                assert_eq!(values[0], r.squares.min(2) as u8);
                assert_eq!(values[1] > 0, r.captured > 0);
                assert!(within_declared(&values, UnsquareGo::TACTICS), "{values:?}");
            }
        }
    }

    /// The gray stones around a move are the same pattern in every
    /// symmetry of the board, and a stone two lines away is in every
    /// pattern but the 3x3 one.
    #[test]
    fn gray_patterns_follow_the_symmetries_and_reach_out_by_level() {
        let at = |grid: &Grid, x: usize, y: usize| {
            let moves = GrayMoves::<Squares> {
                grid,
                game: std::marker::PhantomData,
            };
            pattern_keys(&moves, Move::Place(Vertex::new(x, y)))
        };
        let a = Grid::from_rows(&[". . . . .", ". . . . .", ". . . . .", "@ . . . .", ". @ . . ."]).unwrap();
        let b = Grid::from_rows(&[". . . @ .", ". . . . @", ". . . . .", ". . . . .", ". . . . ."]).unwrap();
        assert_eq!(at(&a, 0, 0), at(&b, 4, 4));
        let (empty, mut far) = (Grid::empty(9), Grid::empty(9));
        far.put(4, 6);
        let (ke, kf) = (at(&empty, 4, 4), at(&far, 4, 4));
        assert_eq!(ke[0], kf[0]);
        assert!(ke[1..].iter().zip(&kf[1..]).all(|(e, f)| e != f));
    }
}
