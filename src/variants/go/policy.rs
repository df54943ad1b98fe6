//! The Go playout policy: a light MoGo-style policy that answers the last
//! move before it plays at random.
//!
//! In order, for the side to move:
//! 0. in the playouts for a value, four times in ten, the point of a ko
//!    captured in the last three moves, once it is open again (see
//!    `ko_fight`);
//! 1. capture the chain of the last move when it is in atari;
//! 2. save an own chain that the last move put in atari, by capturing a
//!    neighbour in atari or by extending when that gains liberties;
//! 3. in the playout's first moves (a third of the board's points; none
//!    in the playouts that judge dead stones), nine times in ten, put the
//!    last move's chain in atari when it has two liberties, or run out
//!    with an own chain next to it that has two (see
//!    `two_liberties`);
//! 4. in those first moves, four times in five, play the vital point of
//!    an eye space of three to six points next to the last move (see
//!    `nakade`);
//! 5. play a 3x3 pattern move (see `patterns.txt`) next to the last move,
//!    or, in the playouts for a value below 13x13, next to the move before
//!    it;
//! 6. else a uniformly random move that is legal, does not fill an own eye
//!    and is not a self-atari of two stones or more (in the playouts for a
//!    value, four times in ten, such a self-atari may be played too).
//!
//! A mercy rule ends the playout once one side's capture lead, komi
//! included, reaches a third of the board (at least 10 points); the side
//! ahead wins. Playouts whose end owners judge dead stones play to the
//! end without it: a playout cut short leaves dead stones on the board. Moves are also the tree search's priors ([`prior`]).

mod nakade;
mod two_liberties;

use crate::board::{cell_of, random_below, Board, OtherLiberties, BLACK, EMPTY, WHITE};
use crate::color::Color;
use crate::moves::Move;
use crate::search::BIG_BOARD;
use nakade::nakade_answer;
use rand::rngs::SmallRng;
use std::sync::OnceLock;
use two_liberties::two_liberty_answers;

/// How a playout ended.
pub struct PlayoutEnd {
    pub board: Board,
    /// The winner by the mercy rule, when the playout was cut short.
    pub mercy: Option<Color>,
}

/// The share of the board, as a divisor, that a playout's first moves
/// with Go's full answers number.
const TACTICAL_SHARE: usize = 3;

/// What a playout is for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Purpose {
    /// A value for the search: cut short by the mercy rule at this komi,
    /// with the tactical answers in its first moves.
    Value { komi: f32 },
    /// The owners of the points, to judge dead stones: played to the end
    /// with the plain answers.
    Owners,
}

/// A random playout from `board` with `to_move` to play, `passes` passes
/// just made and `last` the point of the last move (0 for none or a pass).
/// Plays to two passes or a move limit, or, for a value, to a mercy win.
pub fn playout(
    mut board: Board,
    mut to_move: Color,
    mut passes: u8,
    mut last: usize,
    purpose: Purpose,
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> PlayoutEnd {
    let points = board.size() * board.size();
    let limit = 3 * points;
    let mercy_lead = (points / 3).max(10) as f32;
    // Stones captured by black minus stones captured by white.
    let mut capture_lead = 0i32;
    let mut candidates = Vec::with_capacity(16);
    // The fights near the tree's position decide its value; the board's
    // last dregs, where nearly every chain has two liberties, are filled
    // with the plain answers: the tactics there cost a sixth more
    // instructions a simulation and gained nothing at equal cost. The
    // playouts that judge dead stones keep the plain answers throughout:
    // with the tactics a dead group that defends by running out lives in
    // them more often.
    let (tactical, komi) = match purpose {
        Purpose::Value { komi } => (points / TACTICAL_SHARE, Some(komi)),
        Purpose::Owners => (0, None),
    };
    // The point of the last ko and when it began, and the move before
    // the last, for the answers of a playout for a value. The patterns
    // next to the move before the last cost big boards 6% of their
    // simulations a second and won no games there (docs/search.md).
    let mut last_ko = (0, 0);
    let mut before_last = 0;
    let second_patterns = board.size() < BIG_BOARD;
    for played in 0..limit {
        if passes >= 2 {
            break;
        }
        let answers = if played < tactical { Answers::Go } else { Answers::Plain };
        let chosen = if komi.is_some() {
            ko_fight(&board, to_move, last_ko, played, rng)
                .or_else(|| answer_last_move(&board, to_move, last, answers, rng, &mut candidates))
                .or_else(|| {
                    second_patterns
                        .then(|| second_pattern_answer(&board, to_move, last, before_last, rng))
                        .flatten()
                })
        } else {
            answer_last_move(&board, to_move, last, answers, rng, &mut candidates)
        }
        .or_else(|| random_move(&board, to_move, komi.is_some(), rng));
        match chosen {
            Some(p) => {
                let captured = board.play(p, to_move, 0) as i32;
                capture_lead += if to_move == Color::Black { captured } else { -captured };
                trace.push((to_move, Move::Place(board.vertex(p))));
                passes = 0;
                before_last = last;
                last = p;
                if let Some(ko) = board.ko_point() {
                    last_ko = (ko, played);
                }
                let lead = komi.map_or(0.0, |komi| capture_lead as f32 - komi);
                if lead.abs() >= mercy_lead {
                    let winner = if lead > 0.0 { Color::Black } else { Color::White };
                    return PlayoutEnd {
                        board,
                        mercy: Some(winner),
                    };
                }
            }
            None => {
                board.clear_ko();
                passes += 1;
                before_last = last;
                last = 0;
            }
        }
        to_move = to_move.opponent();
    }
    PlayoutEnd { board, mercy: None }
}

/// Area score (black minus white) of a board at the end of a playout,
/// where nearly every empty point is an eye: an empty point counts for a
/// colour when all its stone neighbours are of that colour. It agrees with
/// the full Tromp-Taylor count on such boards, at a fraction of the cost.
pub fn playout_score(board: &Board) -> i32 {
    board.all_points().map(|p| i32::from(end_owner(board, p))).sum()
}

/// Who owns `p` at the end of a playout, as [`playout_score`] counts it:
/// the colour of its stone, or of every stone next to it when it is empty
/// (+1 black, -1 white, 0 neither).
#[inline]
pub fn end_owner(board: &Board, p: usize) -> i8 {
    match board.cell(p) {
        BLACK => 1,
        WHITE => -1,
        EMPTY => {
            let (mut black, mut white) = (false, false);
            for n in board.neighbours(p) {
                match board.cell(n) {
                    BLACK => black = true,
                    WHITE => white = true,
                    _ => {}
                }
            }
            black as i8 - white as i8
        }
        _ => 0,
    }
}

/// True when `color` may play `p` in a playout: empty, not the ko point,
/// not suicide.
#[inline]
pub(crate) fn playable(board: &Board, p: usize, color: Color) -> bool {
    board.is_empty(p) && board.ko_point() != Some(p) && !board.is_suicide(p, color)
}

/// Virtual visits behind every prior.
const PRIOR_VISITS: f32 = 20.0;

/// The prior of a capture.
pub const CAPTURE_PRIOR: (f32, f32) = (0.9 * PRIOR_VISITS, PRIOR_VISITS);

/// Prior knowledge of `color` playing at empty `p` for the tree search, as
/// virtual (wins, visits): captures, atari escapes and pattern moves look
/// good; self-ataris, and moves on the first two lines far from any stone
/// in the opening, look poor. `None` for an ordinary move.
pub fn prior(board: &Board, color: Color, p: usize) -> Option<(f32, f32)> {
    let value = |rate: f32| Some((rate * PRIOR_VISITS, PRIOR_VISITS));
    if board.captures_at(p, color) {
        return Some(CAPTURE_PRIOR);
    }
    if !sensible(board, p, color) {
        return value(0.05);
    }
    let own = cell_of(color);
    let saves = board
        .neighbours(p)
        .into_iter()
        .any(|n| board.cell(n) == own && board.atari_at(n, p));
    if saves && liberties_after(board, p, color) >= 2 {
        return value(0.8);
    }
    if pattern_table().matches(pattern_code(board, p)) {
        return value(0.7);
    }
    let size = board.size();
    let v = board.vertex(p);
    let line = [
        v.x as usize,
        v.y as usize,
        size - 1 - v.x as usize,
        size - 1 - v.y as usize,
    ]
    .into_iter()
    .min()
    .unwrap_or(0);
    let opening = board.empties().len() * 4 > size * size * 3;
    if opening && line <= 1 && size >= 7 && !stone_nearby(board, p) {
        return value(if line == 0 { 0.1 } else { 0.3 });
    }
    None
}

/// True when a stone stands within two steps of `p` (on the board).
fn stone_nearby(board: &Board, p: usize) -> bool {
    let stride = board.size() as isize + 2;
    (-2..=2isize).any(|dy| {
        (-2..=2isize).any(|dx| {
            dx.abs() + dy.abs() <= 2
                && board
                    .cell_checked(p as isize + dy * stride + dx)
                    .is_some_and(|c| c == crate::board::BLACK || c == crate::board::WHITE)
        })
    })
}

/// A uniformly random sensible move, or `None` to pass. With `lenient`,
/// four times in ten a self-atari of two stones or more may be played
/// too (Pachi's `selfatarirate` 60): some fights need one, a throw-in
/// that joins a stone or a capturing race's last liberty.
fn random_move(board: &Board, color: Color, lenient: bool, rng: &mut SmallRng) -> Option<usize> {
    let ko = board.ko_point();
    if lenient && random_below(rng, 10) < 4 {
        board.random_empty(rng, |p| Some(p) != ko && placeable(board, p, color, true))
    } else {
        board.random_empty(rng, |p| Some(p) != ko && sensible(board, p, color))
    }
}

/// Legal apart from ko, not an own eye, not a self-atari that joins an own
/// chain. Counts the neighbours from the board's neighbourhood code with one
/// table look-up; most points have two empty ones.
#[inline]
pub(crate) fn sensible(board: &Board, p: usize, color: Color) -> bool {
    placeable(board, p, color, false)
}

/// As [`sensible`], but with `self_atari` any move that is legal apart
/// from ko and does not fill an own eye.
#[inline]
fn placeable(board: &Board, p: usize, color: Color, self_atari: bool) -> bool {
    let [empty, black, white, _] = NEIGHBOUR_COUNTS[orthogonal_code(board.neighbourhood(p))];
    let (own_stones, enemy_stones) = match color {
        Color::Black => (black, white),
        Color::White => (white, black),
    };
    match empty {
        0 => {
            // `is_eye` reads the cells again, so blocks (code 3) are no eyes.
            if enemy_stones == 0 && board.is_eye(p, color) {
                return false;
            }
            // With no empty neighbour, no liberty after the move is suicide.
            match liberties_after(board, p, color) {
                0 => false,
                1 => self_atari || own_stones == 0,
                _ => true,
            }
        }
        1 => self_atari || own_stones == 0 || liberties_after(board, p, color) >= 2,
        _ => true,
    }
}

/// How many of `p`'s four neighbours are empty and how many are
/// `color`'s stones, with one table look-up.
#[inline]
pub(crate) fn empty_and_own_neighbours(board: &Board, p: usize, color: Color) -> (u8, u8) {
    let [empty, black, white, _] = NEIGHBOUR_COUNTS[orthogonal_code(board.neighbourhood(p))];
    (empty, if color == Color::Black { black } else { white })
}

/// The four orthogonal neighbours' two-bit cells of a neighbourhood code
/// (below, left, right, above), packed into 8 bits.
#[inline]
fn orthogonal_code(code: u16) -> usize {
    let code = code as usize;
    ((code >> 2) & 0x3) | ((code >> 4) & 0xC) | ((code >> 4) & 0x30) | ((code >> 6) & 0xC0)
}

/// For each packed orthogonal code: how many neighbours are empty, black,
/// white and anything else.
static NEIGHBOUR_COUNTS: [[u8; 4]; 256] = neighbour_counts();

const fn neighbour_counts() -> [[u8; 4]; 256] {
    let mut table = [[0u8; 4]; 256];
    let mut code = 0;
    while code < 256 {
        let mut i = 0;
        while i < 4 {
            table[code][(code >> (2 * i)) & 3] += 1;
            i += 1;
        }
        code += 1;
    }
    table
}

/// Which answers to the last move a playout knows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answers {
    /// Ataris and patterns: War Go's soldiers, and Go's playouts past
    /// their first moves.
    Plain,
    /// Those, with the two-liberty tactics (nine times in ten) and nakade
    /// (four times in five) between the ataris and the patterns. The
    /// rates are Pachi's: a playout that always answered would play out
    /// the same fights the same way.
    Go,
}

/// The tactical and pattern answers to the opponent's move at `last`.
pub(crate) fn answer_last_move(
    board: &Board,
    color: Color,
    last: usize,
    answers: Answers,
    rng: &mut SmallRng,
    candidates: &mut Vec<usize>,
) -> Option<usize> {
    if last == 0 || board.is_empty(last) {
        return None;
    }
    if let Some(p) = answer_atari(board, color, last, rng, candidates) {
        return Some(p);
    }
    if answers == Answers::Go {
        if random_below(rng, 10) != 0 {
            two_liberty_answers(board, color, last, candidates);
            if let Some(p) = pick(candidates, rng) {
                return Some(p);
            }
        }
        if random_below(rng, 5) != 0 {
            let vital = nakade_answer(board, color, last);
            if let Some(p) = vital.filter(|&p| board.ko_point() != Some(p) && sensible(board, p, color)) {
                return Some(p);
            }
        }
    }
    pattern_answer(board, color, last, rng)
}

/// Four times in ten, within three moves of a ko's capture and once the
/// ko is open again, the move on its point: the capturer connects, or
/// after a threat and its answer the ko is taken back (Pachi's `korate`
/// and `koage`).
fn ko_fight(
    board: &Board,
    color: Color,
    (ko, began): (usize, usize),
    played: usize,
    rng: &mut SmallRng,
) -> Option<usize> {
    let fresh = ko != 0 && played - began <= 3 && board.ko_point().is_none();
    (fresh && random_below(rng, 10) < 4 && playable(board, ko, color) && sensible(board, ko, color)).then_some(ko)
}

/// A pattern move around the move before the last (the player's own),
/// away from the last move, whose own patterns came first (Pachi's
/// `pattern2`).
fn second_pattern_answer(
    board: &Board,
    color: Color,
    last: usize,
    before_last: usize,
    rng: &mut SmallRng,
) -> Option<usize> {
    if last == 0 || before_last == 0 || board.is_empty(last) {
        return None;
    }
    pattern_answer_around(board, color, before_last, last, rng)
}

/// Captures of the last move's chain in atari, and escapes of own chains
/// it put in atari.
fn answer_atari(
    board: &Board,
    color: Color,
    last: usize,
    rng: &mut SmallRng,
    candidates: &mut Vec<usize>,
) -> Option<usize> {
    // Capture the last move's chain.
    if let Some(lib) = board.atari_liberty(last) {
        if playable(board, lib, color) {
            return Some(lib);
        }
    }
    // Save own chains that the last move put in atari.
    let own = cell_of(color);
    candidates.clear();
    for n in board.neighbours(last) {
        if board.cell(n) == own {
            if let Some(lib) = board.atari_liberty(n) {
                atari_escapes(board, n, lib, color, candidates);
            }
        }
    }
    pick(candidates, rng)
}

/// A pattern move next to the last move at `last`.
fn pattern_answer(board: &Board, color: Color, last: usize, rng: &mut SmallRng) -> Option<usize> {
    pattern_answer_around(board, color, last, 0, rng)
}

/// A pattern move among the eight points around `center`, leaving out
/// those next to `skip_near` (0: none).
fn pattern_answer_around(
    board: &Board,
    color: Color,
    center: usize,
    skip_near: usize,
    rng: &mut SmallRng,
) -> Option<usize> {
    // The first match from a random start, which picks among matches
    // almost uniformly at a fraction of the cost of matching all eight.
    // The matches are gathered into a bit mask first, which spares a
    // hard-to-predict branch per point.
    let table = pattern_table();
    let [below, left, right, above] = board.neighbours(center);
    let [below_left, below_right, above_left, above_right] = board.diagonals(center);
    let around = [
        below,
        left,
        right,
        above,
        below_left,
        below_right,
        above_left,
        above_right,
    ];
    let mut matches = 0u8;
    for (k, &p) in around.iter().enumerate() {
        let hit = board.is_empty(p) & table.matches(pattern_code(board, p));
        matches |= (hit as u8) << k;
    }
    if skip_near != 0 && matches != 0 {
        let stride = board.size() + 2;
        for (k, &p) in around.iter().enumerate() {
            let d = p.abs_diff(skip_near);
            if d <= 1 || (stride - 1..=stride + 1).contains(&d) {
                matches &= !(1 << k);
            }
        }
    }
    let start = random_below(rng, 8) as u32;
    let mut rest = matches.rotate_right(start);
    while rest != 0 {
        let k = (start + rest.trailing_zeros()) as usize & 7;
        rest &= rest - 1;
        let p = around[k];
        if board.ko_point() != Some(p) && sensible(board, p, color) {
            return Some(p);
        }
    }
    None
}

fn pick(candidates: &[usize], rng: &mut SmallRng) -> Option<usize> {
    match candidates.len() {
        0 => None,
        n => Some(candidates[random_below(rng, n)]),
    }
}

/// Moves that save the own chain through `chain` (in atari at `lib`):
/// captures of enemy neighbours in atari, and the extension when it leaves
/// the chain more than one liberty.
fn atari_escapes(board: &Board, chain: usize, lib: usize, color: Color, out: &mut Vec<usize>) {
    counter_captures(board, chain, color, out);
    if playable(board, lib, color) && liberties_after(board, lib, color) >= 2 && !out.contains(&lib) {
        out.push(lib);
    }
}

/// Captures by `color` of enemy chains in atari next to its chain through
/// `chain`, added to `out` once each.
pub(crate) fn counter_captures(board: &Board, chain: usize, color: Color, out: &mut Vec<usize>) {
    let enemy = cell_of(color.opponent());
    let mut stone = chain;
    loop {
        for n in board.neighbours(stone) {
            if board.cell(n) == enemy {
                if let Some(l) = board.atari_liberty(n) {
                    if playable(board, l, color) && !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
        stone = board.next_in_chain(stone);
        if stone == chain {
            break;
        }
    }
}

/// The liberties (counted up to 2) of the chain a stone of `color` at
/// empty `p` would be part of; 2 also when the move captures.
pub(crate) fn liberties_after(board: &Board, p: usize, color: Color) -> usize {
    let own = cell_of(color);
    let enemy = cell_of(color.opponent());
    let mut libs = Liberties {
        p,
        found: [0; 2],
        count: 0,
    };
    for n in board.neighbours(p) {
        let c = board.cell(n);
        if c == EMPTY {
            libs.add(n);
        } else if c == own {
            match board.liberties_besides(n, p) {
                OtherLiberties::None => {}
                OtherLiberties::One(l) => libs.add(l),
                OtherLiberties::Many => return 2,
            }
        } else if c == enemy && board.atari_at(n, p) {
            return 2;
        }
    }
    libs.count
}

/// Up to two distinct liberties other than the move's own point.
struct Liberties {
    p: usize,
    found: [usize; 2],
    count: usize,
}

impl Liberties {
    #[inline]
    fn add(&mut self, l: usize) {
        if l != self.p && self.count < 2 && !self.found[..self.count].contains(&l) {
            self.found[self.count] = l;
            self.count += 1;
        }
    }
}

/// The 3x3 neighbourhood code of `p` that patterns match (see
/// [`Board::neighbourhood`]).
#[inline(always)]
fn pattern_code(board: &Board, p: usize) -> u16 {
    board.neighbourhood(p)
}

/// One bit per 3x3 neighbourhood code: does some pattern match it?
pub struct PatternTable {
    bits: Vec<u64>,
}

impl PatternTable {
    #[inline]
    fn matches(&self, code: u16) -> bool {
        (self.bits[code as usize >> 6] >> (code & 63)) & 1 == 1
    }

    /// Builds the table from pattern text (see `patterns.txt`).
    pub fn parse(text: &str) -> Result<PatternTable, String> {
        let mut table = PatternTable { bits: vec![0; 1024] };
        let mut rows: Vec<&str> = Vec::new();
        for line in text.lines().chain(std::iter::once("")) {
            let line = line.trim();
            let is_row = line.len() == 3 && line.chars().all(|c| "XOxo.#?".contains(c));
            if is_row {
                rows.push(line);
                continue;
            }
            if !(line.is_empty() || line.starts_with('#')) {
                return Err(format!("bad pattern line '{line}'"));
            }
            if rows.is_empty() {
                continue;
            }
            if rows.len() != 3 {
                return Err(format!("a pattern needs 3 rows: {rows:?}"));
            }
            let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
            if grid[1][1] != '.' {
                return Err(format!("pattern centre must be empty: {rows:?}"));
            }
            table.add(&grid);
            rows.clear();
        }
        Ok(table)
    }

    /// Adds a pattern in its 8 orientations, both colourings.
    fn add(&mut self, grid: &[Vec<char>]) {
        for sym in 0..8 {
            let mut cells = Vec::with_capacity(8);
            for r in 0..3 {
                for c in 0..3 {
                    if (r, c) != (1, 1) {
                        let (sr, sc) = transform(sym, r, c);
                        cells.push(grid[sr][sc]);
                    }
                }
            }
            for swap in [false, true] {
                let cells: Vec<char> = cells.iter().map(|&c| if swap { swap_colour(c) } else { c }).collect();
                self.expand(&cells, 0, 0);
            }
        }
    }

    fn expand(&mut self, cells: &[char], i: usize, code: u16) {
        if i == cells.len() {
            self.bits[code as usize >> 6] |= 1 << (code & 63);
            return;
        }
        // Codes: 0 empty, 1 X (black), 2 O (white), 3 off the board.
        let allowed: &[u16] = match cells[i] {
            '.' => &[0],
            'X' => &[1],
            'O' => &[2],
            '#' => &[3],
            'x' => &[0, 2, 3],
            'o' => &[0, 1, 3],
            _ => &[0, 1, 2, 3],
        };
        for &a in allowed {
            self.expand(cells, i + 1, code | a << (2 * i));
        }
    }
}

fn swap_colour(c: char) -> char {
    match c {
        'X' => 'O',
        'O' => 'X',
        'x' => 'o',
        'o' => 'x',
        c => c,
    }
}

/// The grid cell that lands on (r, c) under symmetry `sym` of the square.
fn transform(sym: usize, r: usize, c: usize) -> (usize, usize) {
    let (r, c) = if sym & 4 != 0 { (c, r) } else { (r, c) };
    let r = if sym & 1 != 0 { 2 - r } else { r };
    let c = if sym & 2 != 0 { 2 - c } else { c };
    (r, c)
}

pub fn pattern_table() -> &'static PatternTable {
    static TABLE: OnceLock<PatternTable> = OnceLock::new();
    TABLE.get_or_init(|| PatternTable::parse(include_str!("patterns.txt")).expect("built-in patterns parse"))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::moves::Vertex;
    use rand::SeedableRng;

    /// A board from rows of `X` (black), `O` (white) and anything else
    /// (empty), the top row first.
    pub(in crate::variants::go) fn board(rows: &[&str]) -> Board {
        let size = rows.len();
        let mut b = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let y = size - 1 - i;
            for (x, ch) in row.chars().enumerate() {
                let color = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                let p = b.point(Vertex::new(x, y));
                b.play(p, color, 0);
            }
        }
        b
    }

    fn at(b: &Board, v: &str) -> usize {
        b.point(Vertex::parse(v).unwrap())
    }

    #[test]
    fn built_in_patterns_parse_and_match_a_hane() {
        let table = pattern_table();
        // Enclosing hane: black stones left and right of a white stone,
        // the move below the white stone.
        let b = board(&[".....", ".XOX.", ".....", ".....", "....."]);
        assert!(table.matches(pattern_code(&b, at(&b, "C3"))));
        // An empty neighbourhood matches nothing.
        let empty = Board::new(5);
        assert!(!table.matches(pattern_code(&empty, at(&empty, "C3"))));
        assert!(PatternTable::parse("XO\n").is_err());
        assert!(PatternTable::parse("XOX\n.X.\n???\n").is_err());
    }

    #[test]
    fn priors_favour_captures_and_frown_on_the_empty_edge() {
        let b = board(&[
            ".........",
            ".........",
            ".........",
            "...X.....",
            "..XOX....",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let capture = prior(&b, Color::Black, at(&b, "D4")).unwrap();
        assert!(capture.0 / capture.1 > 0.8);
        let edge = prior(&b, Color::Black, at(&b, "A9")).unwrap();
        assert!(edge.0 / edge.1 < 0.2);
        assert_eq!(prior(&b, Color::Black, at(&b, "G7")), None);
    }

    #[test]
    fn neighbour_counts_read_the_orthogonal_cells() {
        let b = board(&[".....", "..O..", ".X.X.", ".....", "....."]);
        let [empty, black, white, off] = NEIGHBOUR_COUNTS[orthogonal_code(b.neighbourhood(at(&b, "C3")))];
        assert_eq!((empty, black, white, off), (1, 2, 1, 0));
        let [empty, black, white, off] = NEIGHBOUR_COUNTS[orthogonal_code(b.neighbourhood(at(&b, "A1")))];
        assert_eq!((empty, black, white, off), (2, 0, 0, 2));
    }

    #[test]
    fn captures_the_last_move_in_atari() {
        // White C3 is surrounded on three sides; its liberty is C2.
        let b = board(&[".....", "..X..", ".XOX.", ".....", "....."]);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut candidates = Vec::new();
        let mv = answer_last_move(
            &b,
            Color::Black,
            at(&b, "C3"),
            Answers::Plain,
            &mut rng,
            &mut candidates,
        );
        assert_eq!(mv, Some(at(&b, "C2")));
    }

    #[test]
    fn saves_a_chain_in_atari_by_extending() {
        // Black C3 was put in atari by white's D3; extending at C2 gains liberties.
        let b = board(&[".....", "..O..", ".OXO.", ".....", "....."]);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut candidates = Vec::new();
        let mv = answer_last_move(
            &b,
            Color::Black,
            at(&b, "D3"),
            Answers::Plain,
            &mut rng,
            &mut candidates,
        );
        assert_eq!(mv, Some(at(&b, "C2")));
    }

    /// How often, in 1000 tries with different seeds, `answers` to the
    /// move at `last` is one of `expected`.
    fn share_of_answers(answers: Answers, b: &Board, color: Color, last: &str, expected: &[&str]) -> usize {
        let mut candidates = Vec::new();
        (0..1000)
            .filter(|&seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                answer_last_move(b, color, at(b, last), answers, &mut rng, &mut candidates)
                    .is_some_and(|p| expected.contains(&b.vertex(p).to_string().as_str()))
            })
            .count()
    }

    #[test]
    fn go_playouts_put_a_chain_with_two_liberties_in_atari_nine_times_in_ten() {
        // White C3 between black B3 and D3 has liberties C2 and C4.
        let b = board(&[".....", ".....", ".XOX.", ".....", "....."]);
        let ataris = share_of_answers(Answers::Go, &b, Color::Black, "C3", &["C2", "C4"]);
        assert!(ataris >= 880, "{ataris} of 1000");
        // The answers War Go's soldiers share find them only through the
        // 3x3 patterns, among other pattern moves.
        let plain = share_of_answers(Answers::Plain, &b, Color::Black, "C3", &["C2", "C4"]);
        assert!(plain + 200 < ataris, "{plain} of 1000");
    }

    #[test]
    fn lenient_random_moves_sometimes_put_two_stones_in_atari() {
        // Black at C2 joins B2 and D2 into a chain with C1 its only liberty.
        let b = board(&[".....", ".....", ".OOO.", "OX.XO", ".O.O."]);
        let c2 = at(&b, "C2");
        assert!(!sensible(&b, c2, Color::Black));
        assert!(placeable(&b, c2, Color::Black, true));
        let chosen = |lenient: bool| {
            (0..2000)
                .filter(|&seed| {
                    let mut rng = SmallRng::seed_from_u64(seed);
                    random_move(&b, Color::Black, lenient, &mut rng) == Some(c2)
                })
                .count()
        };
        assert_eq!(chosen(false), 0);
        assert!(chosen(true) > 10, "{}", chosen(true));
        // Own eyes and suicides stay out.
        let eye = board(&[".X...", "X.X..", ".X...", ".....", "....."]);
        assert!(!placeable(&eye, at(&eye, "B4"), Color::Black, true));
        assert!(!placeable(&eye, at(&eye, "B4"), Color::White, true));
    }

    #[test]
    fn a_fresh_open_kos_point_is_played_four_times_in_ten() {
        // C3 is empty between white stones; black there captures B3, which
        // a black move had captured into a ko.
        let b = board(&[".....", ".XO..", "XO.O.", ".XO..", "....."]);
        let ko = at(&b, "C3");
        let share = |b: &Board, color: Color, began: usize, played: usize| {
            (0..1000)
                .filter(|&seed| {
                    let mut rng = SmallRng::seed_from_u64(seed);
                    ko_fight(b, color, (ko, began), played, &mut rng) == Some(ko)
                })
                .count()
        };
        let fresh = share(&b, Color::Black, 10, 13);
        assert!((330..=470).contains(&fresh), "{fresh} of 1000");
        // Four moves after the capture the fight is over.
        assert_eq!(share(&b, Color::Black, 9, 13), 0);
        // While the ko is closed, nobody plays into it.
        let mut closed = b.clone();
        closed.play(ko, Color::Black, 0);
        assert_eq!(closed.ko_point(), Some(at(&b, "B3")));
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(ko_fight(&closed, Color::White, (at(&b, "B3"), 12), 13, &mut rng), None);
        assert_eq!(ko_fight(&b, Color::Black, (0, 0), 1, &mut rng), None);
    }

    #[test]
    fn second_patterns_answer_the_move_before_the_last_away_from_the_last() {
        // Black's D8 made an enclosing hane at C7 (B8 and D8 around C8).
        let rows = |last_row: &'static str, row_of_c6: &'static str| {
            board(&[
                ".........",
                ".XOX.....",
                ".........",
                row_of_c6,
                ".........",
                ".........",
                ".........",
                last_row,
                ".........",
            ])
        };
        let answers = |b: &Board, last: &str| -> Vec<String> {
            (0..200)
                .filter_map(|seed| {
                    let mut rng = SmallRng::seed_from_u64(seed);
                    second_pattern_answer(b, Color::Black, at(b, last), at(b, "D8"), &mut rng)
                })
                .map(|p| b.vertex(p).to_string())
                .collect()
        };
        // White's last move far away: C7 is among the answers, and every
        // answer is next to D8.
        let far = rows(".......O.", ".........");
        let found = answers(&far, "H2");
        assert!(found.iter().any(|v| v == "C7"), "{found:?}");
        let around_d8 = ["C9", "D9", "E9", "E8", "C7", "D7", "E7"];
        assert!(found.iter().all(|v| around_d8.contains(&v.as_str())), "{found:?}");
        // White's last move at C6: the points next to it are left to the
        // last move's own answers.
        let near = rows(".........", "..O......");
        let found = answers(&near, "C6");
        assert!(
            found.iter().all(|v| !["C7", "D7", "B7"].contains(&v.as_str())),
            "{found:?}"
        );
        // No last move, or no move before it: no answer.
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            second_pattern_answer(&far, Color::Black, 0, at(&far, "D8"), &mut rng),
            None
        );
        assert_eq!(
            second_pattern_answer(&far, Color::Black, at(&far, "H2"), 0, &mut rng),
            None
        );
    }

    #[test]
    fn go_playouts_play_the_vital_point_of_a_bent_three_most_of_the_time() {
        // White's B4 leaves a bent three in the corner; black's answer is
        // A5 about four times in five, after the two-liberty tactics.
        let b = board(&["..O..", ".OO..", "OO...", ".....", "....."]);
        let vital = share_of_answers(Answers::Go, &b, Color::Black, "B4", &["A5"]);
        assert!((680..=920).contains(&vital), "{vital} of 1000");
    }

    #[test]
    fn self_atari_of_a_group_is_refused_but_a_single_stone_is_not() {
        // Black A1-B1 under a white wall: C1 would make three stones in atari.
        let b = board(&[".....", ".....", ".....", "OOOO.", "XX..."]);
        assert!(!sensible(&b, at(&b, "C1"), Color::Black));
        let single = board(&[".....", ".....", ".....", ".O...", "..O.."]);
        assert!(sensible(&single, at(&single, "B1"), Color::Black));
    }

    #[test]
    fn mercy_rule_ends_lopsided_playouts() {
        // White's 35 stones are in atari after its last move at B1: black
        // captures them at once and wins by mercy.
        let mut rows = vec!["........."; 4];
        rows.extend(["XXXXXXXXX", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", ".OOOOOOOO"]);
        let b = board(&rows);
        let mut rng = SmallRng::seed_from_u64(7);
        let mut trace = Vec::new();
        let last = at(&b, "B1");
        let end = playout(
            b,
            Color::Black,
            0,
            last,
            Purpose::Value { komi: 0.0 },
            &mut rng,
            &mut trace,
        );
        assert_eq!(end.mercy, Some(Color::Black));
        assert_eq!(trace.len(), 1);
        // Without the rule the playout goes on to two passes.
        let mut trace = Vec::new();
        let end = playout(
            board(&rows),
            Color::Black,
            0,
            last,
            Purpose::Owners,
            &mut rng,
            &mut trace,
        );
        assert_eq!(end.mercy, None);
        assert!(trace.len() > 1);
        assert_eq!(playout_score(&end.board), end.board.area_score());
    }

    #[test]
    fn playouts_end_with_a_consistent_board() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..50 {
            let mut trace = Vec::new();
            let end = playout(
                Board::new(9),
                Color::Black,
                0,
                0,
                Purpose::Value { komi: 0.0 },
                &mut rng,
                &mut trace,
            );
            assert_eq!(end.board.hash(), end.board.recompute_hash());
            assert!(trace.len() < 3 * 81);
            if end.mercy.is_none() {
                assert_eq!(playout_score(&end.board), end.board.area_score());
            }
        }
    }
}
