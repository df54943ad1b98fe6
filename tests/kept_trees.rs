//! The trees a move's search keeps for the next move survive the queries
//! asked between two moves: a judgement of the dead stones searches
//! beside them.

mod common;

use common::{engine, ok};

#[test]
fn a_final_score_between_two_genmoves_keeps_the_trees_for_the_second() {
    for rules in ["area", "tromp-taylor"] {
        let mut e = engine(variago::Variant::Go, 9);
        e.settings.playouts = Some(2000);
        e.settings.config.threads = 1;
        ok(&mut e, &format!("variago-rules {rules}"));
        ok(&mut e, "play b E5");
        ok(&mut e, "genmove w");
        ok(&mut e, "final_score");
        ok(&mut e, "final_status_list dead");
        ok(&mut e, "genmove b");
        assert!(
            e.kept_trees().last_reused() > 0,
            "{rules}: the second genmove searched afresh"
        );
    }
}

#[test]
fn a_new_game_starts_its_search_afresh() {
    let mut e = engine(variago::Variant::Go, 9);
    ok(&mut e, "genmove b");
    ok(&mut e, "clear_board");
    ok(&mut e, "genmove b");
    assert_eq!(e.kept_trees().last_reused(), 0);
}
