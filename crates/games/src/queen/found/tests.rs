use super::*;
use rand::{RngExt, SeedableRng};

/// Random pushes and pops against a plain model (a list of card lists): the state always
/// holds the model's foundations, as a multiset, and equal models give equal states.
#[test]
fn foundations_follow_a_plain_model() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for round in 0..200 {
        let base = round % 13;
        let mut s = QueenState { base_rank: base, ..QueenState::default() };
        let mut model: Vec<Vec<u8>> = vec![];
        for _ in 0..60 {
            let f = s.foundations();
            assert_eq!(f.len, model.len());
            let mut got: Vec<Vec<u8>> = f.as_slice().iter().map(|x| x.cards(base)).collect();
            let mut want = model.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want);
            // Rebuilding the same foundations in another order gives the same state.
            let mut t = QueenState { base_rank: base, ..QueenState::default() };
            for pile in model.iter().rev() {
                t.found_push(NEW_FOUNDATION, pile[0]);
                for i in 1..pile.len() {
                    let j = t
                        .foundations()
                        .as_slice()
                        .iter()
                        .position(|x| x.cards(base) == pile[..i])
                        .unwrap();
                    t.found_push(j as u8, pile[i]);
                }
            }
            assert_eq!(t.found, s.found);
            assert_eq!(t.home, s.home);
            // A random step: pop a top, found a new foundation, or build on one.
            let tall: Vec<usize> = (0..f.len).filter(|&j| f.list[j].height >= 2).collect();
            if !tall.is_empty() && rng.random_bool(0.3) {
                let j = tall[rng.random_range(0..tall.len())];
                let cards = f.list[j].cards(base);
                let k = s.found_pop(j as u8);
                assert_eq!(k, *cards.last().unwrap());
                let m = model.iter().position(|p| *p == cards).unwrap();
                model[m].pop();
            } else if f.len < 8 && (f.len == 0 || rng.random_bool(0.2)) {
                // Two decks: at most two copies of a card.
                let k = Kind::new(rng.random_range(0..4), base).index();
                if s.home(k) == 2 {
                    continue;
                }
                s.found_push(NEW_FOUNDATION, k);
                model.push(vec![k]);
            } else {
                let open: Vec<usize> = (0..f.len).filter(|&j| f.list[j].height < 13).collect();
                if open.is_empty() {
                    continue;
                }
                let j = open[rng.random_range(0..open.len())];
                let x = f.list[j];
                let colour = x.colour ^ (x.height & 1);
                let k =
                    Kind::new(colour * 2 + rng.random_range(0..2), (base + x.height) % 13).index();
                assert!(x.accepts(base, k));
                if s.home(k) == 2 {
                    continue;
                }
                let cards = x.cards(base);
                s.found_push(j as u8, k);
                let m = model.iter().position(|p| *p == cards).unwrap();
                model[m].push(k);
            }
        }
    }
}
