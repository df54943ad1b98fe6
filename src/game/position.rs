//! [`Position`]: the one trait the search, the solver, perft and GTP use.
//!
//! It lists every method of [`Rules`], [`SearchHints`] and [`SolverHints`]
//! again, without defaults. A variant gets it for free from those three;
//! the enum of all variants ([`Game`](crate::variants::Game)) implements it
//! by forwarding, and since nothing here has a default, a method added to
//! the variant traits but not forwarded does not compile, where a default
//! would silently stand in for the variant's own method.

use super::{Illegal, Judgement, Occupant, Outcome, Ownership, Rules, SearchHints, SolverHints, Widening};
use crate::clicks::Spelling;
use crate::color::Color;
use crate::moves::{Move, Piece, Vertex};
use crate::search::{Config, Limits, Report, SearchResult};
use crate::solver::{Budget, Solution};
use rand::rngs::SmallRng;

/// A game position of any variant; see [`Rules`] and the hint traits for
/// what each method means.
pub trait Position: Clone + Send + Sync + 'static {
    // Rules.
    fn variant_name(&self) -> &'static str;
    fn size(&self) -> usize;
    fn to_move(&self) -> Color;
    fn legal_moves(&self, out: &mut Vec<Move>);
    fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal>;
    fn undo(&mut self) -> bool;
    fn moves_played(&self) -> usize;
    fn outcome(&self) -> Option<Outcome>;
    fn score_now(&self) -> Outcome;
    fn hash(&self) -> u64;
    fn recompute_hash(&self) -> u64;
    fn check_consistency(&self) -> Result<(), String>;
    fn set_to_move(&mut self, color: Color) -> bool;
    fn occupant(&self, v: Vertex) -> Option<Occupant>;
    fn label(&self, v: Vertex) -> Option<String>;
    fn status_lines(&self) -> Vec<String>;
    fn captures(&self) -> [u32; 2];
    fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>>;
    fn zones(&self) -> Vec<Vertex>;
    fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal>;
    fn set_komi(&mut self, komi: f32);
    fn finish_setup(&mut self);
    fn record_options(&self) -> Vec<(String, String)>;
    fn restore_option(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn setup_moves(&self) -> usize;
    fn spell(&self, mv: Move) -> Spelling;
    fn needs_frame(&self) -> bool;
    fn in_setup(&self) -> bool;
    fn default_setup(&mut self, color: Color);
    fn judge(&self, ownership: &Ownership) -> Option<Judgement>;
    fn play_on(&mut self);
    // SearchHints.
    fn search_moves(&self, out: &mut Vec<Move>);
    fn widening_candidates(&self, out: &mut Vec<Move>);
    fn is_search_move(&self, mv: Move) -> bool;
    fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32;
    fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32;
    fn outcome_value(&self, outcome: Outcome) -> f32;
    fn amaf_applies(&self) -> bool;
    fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>>;
    fn prior(&self, mv: Move) -> Option<(f32, f32)>;
    fn widening(&self) -> Option<Widening>;
    fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>);
    fn tuning(&self) -> crate::search::Tuning;
    fn points_per_move(&self) -> usize;
    fn forced_move(&self) -> Option<Move>;
    fn own_search(
        &self,
        limits: Limits,
        config: &Config,
        stop: &(dyn Fn() -> bool + Sync),
        report: &mut Option<Report>,
    ) -> Option<SearchResult>;
    fn capture_move(&self, judged: &Judgement, color: Color) -> Option<Move>;
    // SolverHints.
    fn canonical_hash(&self) -> u64;
    fn solver_moves(&self, out: &mut Vec<Move>);
    fn strategist(&self) -> Option<Color>;
    fn strategy_move(&self) -> Option<Move>;
    fn draws_possible(&self) -> bool;
    fn settled_for(&self, target: Color) -> Option<bool>;
    fn own_solution(&self, budget: &Budget, stop: &dyn Fn() -> bool) -> Option<Solution>;
}

/// Every variant is a `Position`: each method is its own.
#[rustfmt::skip]
impl<T: Rules + SearchHints + SolverHints> Position for T {
    #[inline] fn variant_name(&self) -> &'static str { Rules::variant_name(self) }
    #[inline] fn size(&self) -> usize { Rules::size(self) }
    #[inline] fn to_move(&self) -> Color { Rules::to_move(self) }
    #[inline] fn legal_moves(&self, out: &mut Vec<Move>) { Rules::legal_moves(self, out) }
    #[inline] fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> { Rules::play(self, color, mv) }
    #[inline] fn undo(&mut self) -> bool { Rules::undo(self) }
    #[inline] fn moves_played(&self) -> usize { Rules::moves_played(self) }
    #[inline] fn outcome(&self) -> Option<Outcome> { Rules::outcome(self) }
    #[inline] fn score_now(&self) -> Outcome { Rules::score_now(self) }
    #[inline] fn hash(&self) -> u64 { Rules::hash(self) }
    #[inline] fn recompute_hash(&self) -> u64 { Rules::recompute_hash(self) }
    #[inline] fn check_consistency(&self) -> Result<(), String> { Rules::check_consistency(self) }
    #[inline] fn set_to_move(&mut self, color: Color) -> bool { Rules::set_to_move(self, color) }
    #[inline] fn occupant(&self, v: Vertex) -> Option<Occupant> { Rules::occupant(self, v) }
    #[inline] fn label(&self, v: Vertex) -> Option<String> { Rules::label(self, v) }
    #[inline] fn status_lines(&self) -> Vec<String> { Rules::status_lines(self) }
    #[inline] fn captures(&self) -> [u32; 2] { Rules::captures(self) }
    #[inline] fn hand(&self, color: Color) -> Option<Vec<(Piece, u32)>> { Rules::hand(self, color) }
    #[inline] fn zones(&self) -> Vec<Vertex> { Rules::zones(self) }
    #[inline] fn place_handicap(&mut self, stones: &[Vertex]) -> Result<(), Illegal> { Rules::place_handicap(self, stones) }
    #[inline] fn set_komi(&mut self, komi: f32) { Rules::set_komi(self, komi) }
    #[inline] fn finish_setup(&mut self) { Rules::finish_setup(self) }
    #[inline] fn record_options(&self) -> Vec<(String, String)> { Rules::record_options(self) }
    #[inline] fn restore_option(&mut self, key: &str, value: &str) -> Result<(), String> { Rules::restore_option(self, key, value) }
    #[inline] fn setup_moves(&self) -> usize { Rules::setup_moves(self) }
    #[inline] fn spell(&self, mv: Move) -> Spelling { Rules::spell(self, mv) }
    #[inline] fn needs_frame(&self) -> bool { Rules::needs_frame(self) }
    #[inline] fn in_setup(&self) -> bool { Rules::in_setup(self) }
    #[inline] fn default_setup(&mut self, color: Color) { Rules::default_setup(self, color) }
    #[inline] fn judge(&self, ownership: &Ownership) -> Option<Judgement> { Rules::judge(self, ownership) }
    #[inline] fn play_on(&mut self) { Rules::play_on(self) }
    #[inline] fn search_moves(&self, out: &mut Vec<Move>) { SearchHints::search_moves(self, out) }
    #[inline] fn widening_candidates(&self, out: &mut Vec<Move>) { SearchHints::widening_candidates(self, out) }
    #[inline] fn is_search_move(&self, mv: Move) -> bool { SearchHints::is_search_move(self, mv) }
    #[inline] fn rollout(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>) -> f32 { SearchHints::rollout(self, rng, trace) }
    #[inline] fn rollout_owners(&self, rng: &mut SmallRng, trace: &mut Vec<(Color, Move)>, owners: &mut Vec<i8>) -> f32 { SearchHints::rollout_owners(self, rng, trace, owners) }
    #[inline] fn outcome_value(&self, outcome: Outcome) -> f32 { SearchHints::outcome_value(self, outcome) }
    #[inline] fn amaf_applies(&self) -> bool { SearchHints::amaf_applies(self) }
    #[inline] fn ownership(&self, rng: &mut SmallRng, playouts: usize) -> Option<Vec<f32>> { SearchHints::ownership(self, rng, playouts) }
    #[inline] fn prior(&self, mv: Move) -> Option<(f32, f32)> { SearchHints::prior(self, mv) }
    #[inline] fn widening(&self) -> Option<Widening> { SearchHints::widening(self) }
    #[inline] fn priors(&self, moves: &[Move], out: &mut Vec<Option<(f32, f32)>>) { SearchHints::priors(self, moves, out) }
    #[inline] fn tuning(&self) -> crate::search::Tuning { SearchHints::tuning(self) }
    #[inline] fn points_per_move(&self) -> usize { SearchHints::points_per_move(self) }
    #[inline] fn forced_move(&self) -> Option<Move> { SearchHints::forced_move(self) }
    #[inline] fn own_search(&self, limits: Limits, config: &Config, stop: &(dyn Fn() -> bool + Sync), report: &mut Option<Report>) -> Option<SearchResult> { SearchHints::own_search(self, limits, config, stop, report) }
    #[inline] fn capture_move(&self, judged: &Judgement, color: Color) -> Option<Move> { SearchHints::capture_move(self, judged, color) }
    #[inline] fn canonical_hash(&self) -> u64 { SolverHints::canonical_hash(self) }
    #[inline] fn solver_moves(&self, out: &mut Vec<Move>) { SolverHints::solver_moves(self, out) }
    #[inline] fn strategist(&self) -> Option<Color> { SolverHints::strategist(self) }
    #[inline] fn strategy_move(&self) -> Option<Move> { SolverHints::strategy_move(self) }
    #[inline] fn draws_possible(&self) -> bool { SolverHints::draws_possible(self) }
    #[inline] fn settled_for(&self, target: Color) -> Option<bool> { SolverHints::settled_for(self, target) }
    #[inline] fn own_solution(&self, budget: &Budget, stop: &dyn Fn() -> bool) -> Option<Solution> { SolverHints::own_solution(self, budget, stop) }
}
