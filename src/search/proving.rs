//! Proofs in the tree, as in MCTS-Solver: a finished game is proven for
//! its winner, and proofs climb the path of each simulation.

use super::node::Node;
use super::tree::Tree;

impl Tree {
    /// Carries a proof at the end of the last simulation's path up the
    /// path as far as it reaches.
    pub(super) fn prove_up_the_path(&mut self) {
        for depth in (1..self.path.len()).rev() {
            let (index, parent) = (self.path[depth], self.path[depth - 1]);
            let node = &self.nodes[index];
            let Some(winner) = node.proven else { return };
            let proven = if winner == node.color {
                true
            } else {
                let parent_node = &self.nodes[parent];
                let first = parent_node.first_child as usize;
                self.nodes[parent].every_move
                    && self.nodes[first..first + parent_node.child_count as usize]
                        .iter()
                        .all(Node::proven_loss)
            };
            if !proven {
                return;
            }
            self.nodes[parent].proven = Some(winner);
        }
    }
}
