//! The one trait every variant implements, and the values it hands out.

use crate::color::Color;
use crate::moves::{Move, Piece, Vertex};
use rand::rngs::SmallRng;
use rand::Rng;
use std::fmt;

/// Why a move was refused. The text names the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl Illegal {
    pub fn new(reason: impl Into<String>) -> Illegal {
        Illegal(reason.into())
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a finished game was decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// A points result: black's score minus white's (0 is a draw).
    Score(f32),
    /// Won by a rule rather than by points (a capture, an Igo, no legal move).
    Win(Color),
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Score(s) if s > 0.0 => Some(Color::Black),
            Outcome::Score(s) if s < 0.0 => Some(Color::White),
            Outcome::Win(c) => Some(c),
            _ => None,
        }
    }

    /// The value of the game for black: 1 a win, 0 a loss, 0.5 a draw.
    pub fn value_for_black(self) -> f32 {
        match self.winner() {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        }
    }
}

/// GTP `final_score` text: `B+3.5`, `W+R` for a win by rule, `0` for a draw.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Outcome::Score(0.0) => f.write_str("0"),
            Outcome::Score(s) => {
                let winner = if s > 0.0 { 'B' } else { 'W' };
                write!(f, "{winner}+{}", s.abs())
            }
            Outcome::Win(c) => write!(f, "{}+R", c.letter()),
            Outcome::Draw => f.write_str("0"),
        }
    }
}

/// Who a piece on the board belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Player(Color),
    Neutral,
}

/// A piece on a point, as displays and front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupant {
    pub owner: Owner,
    pub piece: Piece,
}

impl Occupant {
    /// The character `showboard` prints: `X`/`O` for plain stones, a piece
    /// letter otherwise (uppercase black, lowercase white).
    pub fn symbol(self) -> char {
        let letter = match self.piece {
            Piece::Stone | Piece::Pawn | Piece::Migo => {
                return match self.owner {
                    Owner::Player(Color::Black) => 'X',
                    Owner::Player(Color::White) => 'O',
                    Owner::Neutral => '*',
                }
            }
            Piece::King => 'K',
            Piece::Henge => 'H',
            Piece::Yugo => 'Y',
            Piece::Ambassador => 'A',
            Piece::Bomb(_) => 'B',
            Piece::Wall => '#',
            Piece::Monk => 'M',
            Piece::Spy => 'S',
            Piece::Tao => 'T',
            Piece::Mercenary => 'E',
            Piece::Samurai => 'R',
            Piece::Cavalry => 'C',
        };
        match self.owner {
            Owner::Player(Color::White) => letter.to_ascii_lowercase(),
            _ => letter,
        }
    }
}

/// A game position of one variant, with its history.
///
/// The search and the GTP layer only ever use this trait, so a variant that
/// implements it gets `genmove`, perft, bench and every GTP command for free.
pub trait Position: Clone + Send + Sync + 'static {
    /// The variant's name, as `variago-set_variant` takes it.
    fn variant_name(&self) -> &'static str;

    fn size(&self) -> usize;

    fn to_move(&self) -> Color;

    /// Appends every legal move of the side to move; none once the game is over.
    fn legal_moves(&self, out: &mut Vec<Move>);

    /// The moves the search considers: the legal moves, less those a variant
    /// knows to be pointless (Go's pass while the board is unsettled).
    fn search_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out)
    }

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

    /// The pieces a player still holds, for variants played from a hand
    /// (GoRoGo, War Go); `None` where there is no hand.
    fn hand(&self, _color: Color) -> Option<Vec<(Piece, u32)>> {
        None
    }

    /// Points inside a zone where pieces gain powers (War Go's tao zones),
    /// for displays; empty for variants without zones.
    fn zones(&self) -> Vec<Vertex> {
        Vec::new()
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

    /// [`Position::rollout`] that also gives who owns each point where the
    /// playout ends, in `owners` (+1 black, -1 white, 0 neither, row-major
    /// from the bottom-left): the search's ownership is made of these. It
    /// is left empty (the default) where the variant has no notion of area.
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

    /// Estimated final owner of each point (+1 black, -1 white), row-major
    /// from the bottom-left, from `playouts` random games. `None` where the
    /// variant has no notion of area.
    fn ownership(&self, _rng: &mut SmallRng, _playouts: usize) -> Option<Vec<f32>> {
        None
    }

    /// Places handicap stones for black on an empty board.
    fn place_handicap(&mut self, _stones: &[Vertex]) -> Result<(), Illegal> {
        Err(Illegal::new("this variant has no handicap"))
    }

    /// Sets komi; variants without komi ignore it.
    fn set_komi(&mut self, _komi: f32) {}

    /// Gives the turn to `color` without a move, as GTP's `genmove` for
    /// the side not to move asks (no pass is recorded, so none can end the
    /// game). False where the rules fix the order of turns; the position
    /// is then unchanged.
    fn set_to_move(&mut self, _color: Color) -> bool {
        false
    }

    /// Prior knowledge of a move for the side to move, as virtual (wins,
    /// visits) that seed the move's AMAF statistics when the search adds it
    /// to the tree: a good-looking move starts with a high value, a poor
    /// one with a low value, and real results soon outweigh both. `None`
    /// (the default) knows nothing.
    fn prior(&self, _mv: Move) -> Option<(f32, f32)> {
        None
    }

    /// A move the side to move must play, found by rule rather than by
    /// search: an immediate win, or the only move that stops an immediate
    /// loss. The search plays it without thinking and keeps it as the only
    /// child of tree nodes. `None` (the default) leaves the choice to search.
    fn forced_move(&self) -> Option<Move> {
        None
    }

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
}

/// Counts legal move sequences of exactly `depth` moves.
pub fn perft<P: Position>(pos: &mut P, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let color = pos.to_move();
    let mut total = 0;
    for mv in moves {
        pos.play(color, mv).expect("a listed legal move must be playable");
        total += perft(pos, depth - 1);
        pos.undo();
    }
    total
}
