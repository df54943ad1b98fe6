//! The traits a variant implements: [`Rules`] (the game itself, what
//! displays show, setup and records), and the hints that make the search
//! ([`SearchHints`]) and the exact solver ([`SolverHints`]) play it well.
//! Every hint has a default that is right for any variant, only slower or
//! weaker, so a new variant starts with `impl SearchHints for X {}`.
//!
//! A type with all three is a [`Position`](super::Position), which is what
//! the rest of the engine uses.

use super::{Illegal, Judgement, Occupant, Outcome, Ownership};
use crate::clicks::Spelling;
use crate::color::Color;
use crate::moves::{Move, Piece, Vertex};
use crate::search::{Config, Limits, Report, SearchResult};
use crate::solver::{Budget, Solution};
use rand::rngs::SmallRng;
use rand::Rng;

/// A game position of one variant, with its history.
pub trait Rules: Clone + Send + Sync + 'static {
    // The rules.

    /// The variant's name, as `variago-set_variant` takes it.
    fn variant_name(&self) -> &'static str;

    fn size(&self) -> usize;

    fn to_move(&self) -> Color;

    /// Appends every legal move of the side to move; none once the game is over.
    fn legal_moves(&self, out: &mut Vec<Move>);

    /// Plays a move for `color`, which may differ from the side to move where
    /// the variant allows it (GTP lets a client play either colour). On error
    /// the position is unchanged.
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal>;

    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;

    /// Moves played since the start (handicap setup not included).
    fn moves_played(&self) -> usize;

    /// `Some` once the game is decided.
    fn outcome(&self) -> Option<Outcome>;

    /// The result if the game were scored now (for `final_score` before the end).
    fn score_now(&self) -> Outcome;

    /// Zobrist hash of the whole position, kept up to date incrementally.
    fn hash(&self) -> u64;

    /// The same hash computed from scratch: a check on the incremental one.
    fn recompute_hash(&self) -> u64;

    /// Checks the position's incremental data against a computation from
    /// scratch, for tests: at least the hash, and where the variant keeps
    /// more (chains, liberties, a superko record), that too.
    fn check_consistency(&self) -> Result<(), String> {
        if self.hash() == self.recompute_hash() {
            Ok(())
        } else {
            Err("the incremental hash differs from the recomputed one".into())
        }
    }

    /// Gives the turn to `color` without a move, as GTP's `genmove` for
    /// the side not to move asks (no pass is recorded, so none can end the
    /// game). False where the rules fix the order of turns; the position
    /// is then unchanged.
    fn set_to_move(&mut self, _color: Color) -> bool {
        false
    }

    // What displays show.

    /// The piece on a vertex.
    fn occupant(&self, v: Vertex) -> Option<Occupant>;

    /// Text that graphical front ends show on a piece instead of its symbol
    /// (a Yugo's value, say); `None` for the symbol.
    fn label(&self, _v: Vertex) -> Option<String> {
        None
    }

    /// Extra lines for displays: hands, captures, the button.
    fn status_lines(&self) -> Vec<String>;

    /// Stones captured by each player, black first.
    fn captures(&self) -> [u32; 2];

    /// The pieces a player can hold and how many it still holds, for
    /// variants played from a hand (GoRoGo, War Go); `None` where there is
    /// no hand. The list of pieces stays the same for a whole game (counts
    /// may fall to 0): GoGui's frame lays the hands out from it.
    fn hand(&self, _color: Color) -> Option<Vec<(Piece, u32)>> {
        None
    }

    /// How a client that only knows points clicks `mv` (see
    /// [`crate::clicks`]). The default goes by the move's kind: the point,
    /// the piece in hand then the target, the piece then its destination.
    fn spell(&self, mv: Move) -> Spelling {
        Spelling::of_kind(mv)
    }

    /// True where some move is clicked on a cell beside the board although
    /// no hand lists a piece (Yugo's button): the frame is then one point
    /// larger than the board. A variant with a hand has its frame anyway.
    fn needs_frame(&self) -> bool {
        false
    }

    /// True while the sides still make setup choices that are not moves
    /// (Buying Armies: buying their armies).
    fn in_setup(&self) -> bool {
        false
    }

    /// Makes `color`'s setup choices the engine's way when the side has
    /// made none, just before a pass from a client that only knows points
    /// ends its setup: such a client cannot name them (Buying Armies: the
    /// engine's army is bought). Nothing where there is no setup.
    fn default_setup(&mut self, _color: Color) {}

    /// Points inside a zone where pieces gain powers (War Go's tao zones),
    /// for displays; empty for variants without zones.
    fn zones(&self) -> Vec<Vertex> {
        Vec::new()
    }

    // Setup and game records.

    /// Places handicap stones for black on an empty board.
    fn place_handicap(&mut self, _stones: &[Vertex]) -> Result<(), Illegal> {
        Err(Illegal::new("this variant has no handicap"))
    }

    /// Sets komi; variants without komi ignore it.
    fn set_komi(&mut self, _komi: f32) {}

    /// Ends a setup phase that the engine may settle for the players before
    /// it searches or plays (Buying Armies: it buys for each side still
    /// buying). Nothing where there is none.
    fn finish_setup(&mut self) {}

    /// What a game record keeps of the game besides its setup options and
    /// moves, as `key=value` pairs for SGF `VO` (Buying Armies: the armies
    /// bought). The keys are declared in the variant's `record_options`.
    fn record_options(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Replays one pair of [`Rules::record_options`] on a new game, as
    /// `loadsgf` reads it.
    fn restore_option(&mut self, key: &str, _value: &str) -> Result<(), String> {
        Err(format!("unknown option '{key}'"))
    }

    /// Moves at the start of the history that a game record leaves out,
    /// since it keeps their effect in [`Rules::record_options`] (Buying
    /// Armies' passes that end the buying).
    fn setup_moves(&self) -> usize {
        0
    }

    // Counting a finished game.

    /// The status of every stone and the count with the dead stones
    /// removed, judged by `ownership`: who owned each point at the end of
    /// the simulations of a search of this position played on (see
    /// [`Rules::play_on`]). `None` (the default) where the count never
    /// takes stones off the board.
    fn judge(&self, _ownership: &Ownership) -> Option<Judgement> {
        None
    }

    /// Forgets what ended the game (two passes), so that a search of the
    /// position plays on from it, as [`Rules::judge`] needs; the side to
    /// move is then the same whichever way the game is replayed. Nothing
    /// by default.
    fn play_on(&mut self) {}
}

/// What the tree search may know of a variant beyond its rules.
pub trait SearchHints: Rules {
    /// The moves the search considers: the legal moves, less those a variant
    /// knows to be pointless (Go's pass while the board is unsettled).
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out)
    }

    /// Plays random moves from here to the end and returns the game's value
    /// for black. Records each played move in `trace` for AMAF statistics.
    /// Variants override this with a fast playout on a lightweight board.
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 {
        let mut pos = self.clone();
        let mut moves = Vec::new();
        for _ in 0..4 * pos.size() * pos.size() + 20 {
            if let Some(outcome) = pos.outcome() {
                return outcome.value_for_black();
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let color = pos.to_move();
            if pos.play(color, mv).is_err() {
                break;
            }
            trace.push((color, mv));
        }
        pos.outcome().unwrap_or_else(|| pos.score_now()).value_for_black()
    }

    /// [`SearchHints::rollout`] that also gives who owns each point where
    /// the playout ends, in `owners` (+1 black, -1 white, 0 neither,
    /// row-major from the bottom-left): the search's [`Ownership`], from
    /// which [`Rules::judge`] judges the stones, is made of these. It is
    /// left empty (the default) where the variant has no notion of area.
    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 {
        owners.clear();
        self.rollout(rng, trace)
    }

    /// The value for black of a finished game, from 0 to 1: what the search
    /// backs up. A variant may shade a win by its margin, so that the search
    /// still prefers the larger win once the game is won, as long as every
    /// win stays above every loss.
    fn outcome_value(&self, outcome: Outcome) -> f32 {
        outcome.value_for_black()
    }

    /// True where a move's results in playouts that play it later say
    /// something of playing it now, as the search's AMAF (RAVE) statistics
    /// assume. False where a move's worth turns on who plays it when (the
    /// gray-stone games: a square's last corner scores for whoever takes
    /// it, so a point good for the side to move late in a playout is often
    /// poor now); the search then keeps each move's prior and its own
    /// results alone.
    fn amaf_applies(&self) -> bool {
        true
    }

    /// Estimated final owner of each point (+1 black, -1 white), row-major
    /// from the bottom-left, from `playouts` random games. `None` where the
    /// variant has no notion of area.
    fn ownership(&self, _rng: &mut SmallRng, _playouts: usize) -> Option<Vec<f32>> {
        None
    }

    /// Under progressive widening, where a node keeps only its best moves
    /// by prior: moves that may include some that are not search moves,
    /// cheaper to list than [`SearchHints::search_moves`] (Omino Go's drops
    /// before their captures and suicides are judged). The search ranks
    /// them by prior and keeps those that [`SearchHints::is_search_move`]
    /// accepts, best first, so it judges only as many as it keeps. Every
    /// search move must be among them. The default lists the search moves.
    fn widening_candidates(&self, out: &mut Vec<Move>) {
        self.search_moves(out)
    }

    /// True when a move of [`SearchHints::widening_candidates`] is a search
    /// move. The default accepts all, as the default candidates are.
    fn is_search_move(&self, _mv: Move) -> bool {
        true
    }

    /// Prior knowledge of a move for the side to move, as virtual (wins,
    /// visits) that seed the move's AMAF statistics when the search adds it
    /// to the tree: a good-looking move starts with a high value, a poor
    /// one with a low value, and real results soon outweigh both. `None`
    /// (the default) knows nothing.
    fn prior(&self, _mv: Move) -> Option<(f32, f32)> {
        None
    }

    /// Progressive widening, for variants with thousands of moves a turn
    /// (Omino Go's tetrominoes): the search then keeps a node's best moves
    /// by [`SearchHints::priors`] and widens its choice among them as the
    /// node's visits grow. `None` (the default) considers every move.
    fn widening(&self) -> Option<Widening> {
        None
    }

    /// The priors of all of `moves` at once, pushed to `out` in order:
    /// what the search asks when it adds a node's children. The default
    /// asks [`SearchHints::prior`] move by move; a variant whose knowledge
    /// looks at the whole board computes it once here.
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) {
        out.extend(moves.iter().map(|&mv| self.prior(mv)));
    }

    /// How the tree search should weigh its statistics in this variant.
    fn tuning(&self) -> crate::search::Tuning {
        crate::search::Tuning::default()
    }

    /// The fewest points a usual turn fills: the clock's guess of the moves
    /// left divides the board by it. 1 (the default) where single stones
    /// are played.
    fn points_per_move(&self) -> usize {
        1
    }

    /// A move the side to move must play, found by rule rather than by
    /// search: an immediate win, or the only move that stops an immediate
    /// loss. The search plays it without thinking and keeps it as the only
    /// child of tree nodes. `None` (the default) leaves the choice to search.
    fn forced_move(&self) -> Option<Move> {
        None
    }

    /// A move of `color` against the opponent's stones that `judged` calls
    /// dead, for the end of a game where they must be taken off the board
    /// by play (Tromp-Taylor counting, KGS's cleanup phase). `None` (the
    /// default) when none is left or none can be approached.
    fn capture_move(&self, _judged: &Judgement, _color: Color) -> Option<Move> {
        None
    }
    /// A search of the variant's own, where it plays better than the tree
    /// search: it then stands behind `genmove`, the analysis commands and
    /// every other search, within the same limits (a playout counts as a
    /// variant-defined amount of work), and sends `report` its root moves
    /// as it goes. `None` (the default) leaves the position to MCTS.
    fn own_search(
        &self,
        _limits: Limits,
        _config: &Config,
        _stop: &(dyn Fn() -> bool + Sync),
        _report: &mut Option<Report>,
    ) -> Option<SearchResult> {
        None
    }
}

/// How the search widens a node's choice of moves: it keeps the `most`
/// moves with the best priors, best first, and considers the first
/// `first + growth * sqrt(visits)` of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub first: u32,
    pub growth: f32,
    pub most: u32,
}

impl Widening {
    /// How many children a node of `visits` visits considers.
    #[inline]
    pub fn considered(self, visits: u32) -> u32 {
        self.first.saturating_add((self.growth * (visits as f32).sqrt()) as u32)
    }
}

/// What the exact solver may know of a variant beyond its rules.
pub trait SolverHints: Rules {
    /// A hash shared by positions that are the same up to a symmetry of
    /// the board, so that the exact solver stores their value once. The
    /// default, `hash`, is right for any variant, only without the sharing.
    fn canonical_hash(&self) -> u64 {
        self.hash()
    }

    /// The legal moves in the order the exact solver tries them, most
    /// forcing first. The default is `legal_moves`' order.
    fn solver_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out)
    }

    /// The player for whom the variant knows a strategy worth trying before
    /// a full proof search from here, if any: the solver first tries to
    /// prove that player's win by following `strategy_move`.
    fn strategist(&self) -> Option<Color> {
        None
    }

    /// The strategist's move by its strategy, when it is to move and the
    /// strategy names one. The solver still checks that the move is legal
    /// and that it wins.
    fn strategy_move(&self) -> Option<Move> {
        None
    }

    /// False where the rules leave no draw (a tie decided by rule), which
    /// spares the solver a second proof.
    fn draws_possible(&self) -> bool {
        true
    }

    /// Before the end, whether `target` wins whatever is played from here
    /// (`Some(true)`) or cannot win whatever is played (`Some(false)`),
    /// where the variant can tell: the solver stops there. The default
    /// cannot tell.
    fn settled_for(&self, _target: Color) -> Option<bool> {
        None
    }

    /// The position solved by the variant's own exact solver, where it has
    /// one for this position; `solve` then answers with it instead of
    /// df-pn's. The default has none.
    fn own_solution(&self, _budget: &Budget, _stop: &dyn Fn() -> bool) -> Option<Solution> {
        None
    }
}
