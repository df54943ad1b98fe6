//! Handicap stone placement: GTP's fixed points and the engine's free choice.

use crate::moves::Vertex;

/// The GTP `fixed_handicap` points for `n` stones, or `None` where the
/// protocol defines none (boards under 7x7, more than 4 stones on even or
/// 7x7 boards, more than 9 stones).
pub fn fixed(size: usize, n: usize) -> Option<Vec<Vertex>> {
    if size < 7 || !(2..=9).contains(&n) {
        return None;
    }
    let max = if size.is_multiple_of(2) || size == 7 { 4 } else { 9 };
    if n > max {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, mid, hi) = (edge, size / 2, size - 1 - edge);
    let at = Vertex::new;
    let corners = [at(lo, lo), at(hi, hi), at(lo, hi), at(hi, lo)];
    let sides = [at(lo, mid), at(hi, mid), at(mid, lo), at(mid, hi)];
    let centre = at(mid, mid);
    let mut points: Vec<Vertex> = corners.iter().copied().take(n.min(4)).collect();
    match n {
        5 => points.push(centre),
        6 => points.extend(&sides[..2]),
        7 => {
            points.extend(&sides[..2]);
            points.push(centre);
        }
        8 => points.extend(&sides),
        9 => {
            points.extend(&sides);
            points.push(centre);
        }
        _ => {}
    }
    Some(points)
}

/// `n` points chosen by the engine: the fixed points where they exist, then
/// each further point as far as possible from the ones already chosen.
pub fn free(size: usize, n: usize) -> Option<Vec<Vertex>> {
    if n < 2 || n >= size * size {
        return None;
    }
    let mut points = fixed(size, n.min(9)).unwrap_or_default();
    while points.len() < n {
        let distance = |v: Vertex| {
            points
                .iter()
                .map(|p| (p.x as i32 - v.x as i32).abs() + (p.y as i32 - v.y as i32).abs())
                .min()
                .unwrap_or(i32::MAX)
        };
        let best = (0..size)
            .flat_map(|y| (0..size).map(move |x| Vertex::new(x, y)))
            .filter(|v| !points.contains(v))
            .max_by_key(|&v| {
                // Prefer the third line over the edge, then distance.
                let edge = (v.x as usize)
                    .min(v.y as usize)
                    .min(size - 1 - v.x as usize)
                    .min(size - 1 - v.y as usize);
                (distance(v), edge.min(2))
            })?;
        points.push(best);
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Vertex]) -> String {
        points.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn gtp_fixed_points() {
        assert_eq!(names(&fixed(19, 2).unwrap()), "D4 Q16");
        assert_eq!(names(&fixed(19, 9).unwrap()), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(&fixed(9, 5).unwrap()), "C3 G7 C7 G3 E5");
        assert_eq!(names(&fixed(13, 3).unwrap()), "D4 K10 D10");
        assert!(fixed(7, 5).is_none());
        assert!(fixed(10, 5).is_none());
        assert!(fixed(5, 2).is_none());
        assert!(fixed(19, 10).is_none());
    }

    #[test]
    fn free_points_are_distinct() {
        let points = free(9, 12).unwrap();
        assert_eq!(points.len(), 12);
        let mut sorted = points.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 12);
        assert!(free(3, 9).is_none());
    }
}
