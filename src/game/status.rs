//! The end of a game in variants counted by area: who owned each point at
//! the end of the search's simulations ([`Ownership`]), and the status of
//! every stone judged from it ([`Judgement`]), which `final_status_list`
//! and `final_score` report.

use crate::moves::Vertex;

/// How often each point ended black, white or neither, over simulations.
#[derive(Clone, Debug, PartialEq)]
pub struct Ownership {
    simulations: u32,
    black: Vec<u32>,
    white: Vec<u32>,
}

impl Ownership {
    /// No simulation yet, on a board of `points` points.
    pub fn new(points: usize) -> Ownership {
        Ownership {
            simulations: 0,
            black: vec![0; points],
            white: vec![0; points],
        }
    }

    /// Counts one simulation's end (see `SearchHints::rollout_owners`); an
    /// empty list (no area in this variant) counts nothing.
    pub fn add(&mut self, owners: &[i8]) {
        if owners.len() != self.black.len() {
            return;
        }
        self.simulations += 1;
        for (i, &owner) in owners.iter().enumerate() {
            match owner {
                1 => self.black[i] += 1,
                -1 => self.white[i] += 1,
                _ => {}
            }
        }
    }

    /// Adds the simulations of `other` (another thread's) to these.
    pub fn merge(&mut self, other: &Ownership) {
        self.simulations += other.simulations;
        for (a, b) in self.black.iter_mut().zip(&other.black) {
            *a += b;
        }
        for (a, b) in self.white.iter_mut().zip(&other.white) {
            *a += b;
        }
    }

    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    fn share(&self, count: u32) -> f32 {
        count as f32 / self.simulations.max(1) as f32
    }

    /// The share of simulations in which black owned point `i` (row-major
    /// from the bottom-left).
    pub fn black(&self, i: usize) -> f32 {
        self.share(self.black[i])
    }

    pub fn white(&self, i: usize) -> f32 {
        self.share(self.white[i])
    }

    /// The share in which nobody owned point `i`: dame, or a liberty shared
    /// in seki.
    pub fn neutral(&self, i: usize) -> f32 {
        1.0 - self.black(i) - self.white(i)
    }

    /// Expected owner of every point, from -1 (white) to +1 (black).
    pub fn means(&self) -> Vec<f32> {
        (0..self.black.len()).map(|i| self.black(i) - self.white(i)).collect()
    }

    /// These shares where they lean to one side by more than `margin`
    /// (an expected owner beyond it), and the shares of `other` (of the
    /// same board) at the points left unsure.
    pub fn settled_by(&self, other: &Ownership, margin: f32) -> Ownership {
        let mut out = self.clone();
        let scale = self.simulations as f32 / other.simulations.max(1) as f32;
        for i in 0..self.black.len() {
            if (self.black(i) - self.white(i)).abs() <= margin && i < other.black.len() {
                out.black[i] = (other.black[i] as f32 * scale).round() as u32;
                out.white[i] = (other.white[i] as f32 * scale).round() as u32;
            }
        }
        out
    }
}

/// What becomes of a stone when the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    /// Alive without territory: it shares liberties with enemy stones that
    /// neither side can fill.
    Seki,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Alive, Status::Dead, Status::Seki];

    /// GTP's name, as `final_status_list` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(text))
    }
}

/// The status of every stone on the board and the count that follows.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    size: usize,
    /// Each point's stone status, row-major from the bottom-left; `None`
    /// for a point without a stone.
    status: Vec<Option<Status>>,
    /// Black's area minus White's with the dead stones removed, less komi.
    pub score: f32,
}

impl Judgement {
    /// `status` holds one entry per point of a `size` board, row-major from
    /// the bottom-left.
    pub fn new(size: usize, status: Vec<Option<Status>>, score: f32) -> Judgement {
        debug_assert_eq!(status.len(), size * size);
        Judgement { size, status, score }
    }

    /// The stones with `status`, row by row from the bottom.
    pub fn stones(&self, status: Status) -> Vec<Vertex> {
        (0..self.status.len())
            .filter(|&i| self.status[i] == Some(status))
            .map(|i| Vertex::new(i % self.size, i / self.size))
            .collect()
    }

    /// The status of the stone on `v`, if any.
    pub fn status(&self, v: Vertex) -> Option<Status> {
        self.status[v.y as usize * self.size + v.x as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_and_a_list_of_the_wrong_size_counts_nothing() {
        let mut o = Ownership::new(3);
        o.add(&[1, -1, 0]);
        o.add(&[1, 1, 0]);
        o.add(&[]);
        assert_eq!(o.simulations(), 2);
        assert_eq!((o.black(0), o.white(0), o.neutral(0)), (1.0, 0.0, 0.0));
        assert_eq!((o.black(1), o.white(1), o.neutral(2)), (0.5, 0.5, 1.0));
        assert_eq!(o.means(), vec![1.0, 0.0, 0.0]);
        let mut total = Ownership::new(3);
        total.merge(&o);
        total.merge(&o);
        assert_eq!(total.simulations(), 4);
        assert_eq!(total.means(), o.means());
    }

    #[test]
    fn unsure_points_take_the_other_shares() {
        let mut sure = Ownership::new(3);
        sure.add(&[1, 1, -1]);
        sure.add(&[1, -1, -1]);
        let mut other = Ownership::new(3);
        for _ in 0..4 {
            other.add(&[-1, -1, 1]);
        }
        let settled = sure.settled_by(&other, 0.3);
        assert_eq!(settled.simulations(), 2);
        assert_eq!(settled.means(), vec![1.0, -1.0, -1.0]);
        assert_eq!(settled.neutral(1), 0.0);
    }

    #[test]
    fn statuses_parse_in_any_case_and_list_by_rows() {
        assert_eq!(Status::parse("SEKI"), Some(Status::Seki));
        assert_eq!(Status::parse("dame"), None);
        let j = Judgement::new(
            2,
            vec![Some(Status::Dead), None, Some(Status::Alive), Some(Status::Dead)],
            1.5,
        );
        assert_eq!(j.stones(Status::Dead), vec![Vertex::new(0, 0), Vertex::new(1, 1)]);
        assert_eq!(j.status(Vertex::new(1, 0)), None);
        assert_eq!(j.status(Vertex::new(0, 1)), Some(Status::Alive));
    }
}
