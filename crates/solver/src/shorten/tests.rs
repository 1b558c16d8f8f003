use super::*;
use crate::{Limits, Verdict, solve};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::quilt::{Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Variant;

/// A long persian-rug win gets much shorter, with one-move jumps alone too, and still wins
/// on the fast state.
#[test]
fn wandering_wins_get_shorter_and_still_win() {
    let deal = make_deal(&DealSource::Native(5), Hook::AcesKingsToTop).unwrap();
    let game = Quilt::new(QuiltRules::of(Variant::PersianRug), &deal);
    let r = solve(
        &game,
        Limits { max_states: 500_000, max_time: None, table_bytes: 256 << 20, ..Limits::default() },
        Pruning::ALL,
    );
    assert_eq!(r.verdict, Verdict::Won);
    let short = shorten(&game, &r.moves);
    let one_move = quick(&game, &r.moves);
    assert!(short.len() * 10 < r.moves.len(), "{} -> {}", r.moves.len(), short.len());
    assert!(
        short.len() <= one_move.len() && one_move.len() * 5 < r.moves.len(),
        "{} -> {} -> {}",
        r.moves.len(),
        one_move.len(),
        short.len()
    );
    for line in [short, one_move] {
        let mut s = game.start();
        for &m in &line {
            let mut legal = MoveList::new();
            game.moves(&s, Pruning::NONE, &mut legal);
            assert!(legal.contains(&m));
            game.play(&mut s, m);
        }
        assert!(game.is_won(&s));
    }
}
