use super::*;
use crate::card::parse_kind;
use crate::deal::{DealSource, Hook, make_deal};
use crate::game::{Game, MoveList, Pruning};
use crate::variant::InFamily;
use crate::variant::Variant;

fn deal(seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap()
}

fn game(variant: Variant, seed: u64) -> Alhambra {
    Alhambra::new(AlhambraRules::of(variant), &deal(seed))
}

fn kinds(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| parse_kind(c).unwrap().card()).collect()
}

/// Published layouts never change: pinned for a few seeds of each variant.
#[test]
fn pinned_native_layouts() {
    for (variant, name, seed) in [
        (Variant::Alhambra, "alhambra", 0u64),
        (Variant::Alhambra, "alhambra", 42),
        (Variant::Granada, "granada", 1),
        (Variant::Reinforcements, "reinforcements", 7),
    ] {
        let rules = AlhambraRules::of(variant);
        let got = rules.layout(&deal(seed)).to_text(&rules.waste_names());
        crate::layout::golden::assert_golden(&format!("{name}-seed-{seed}.txt"), &got);
    }
}

/// Plays pseudo-random legal moves and checks the invariants of the packed state after each.
#[test]
fn random_playouts_keep_the_state_consistent() {
    for variant in [Variant::Alhambra, Variant::Granada, Variant::Reinforcements] {
        for seed in 0..20u64 {
            let mut rules = AlhambraRules::of(variant);
            rules.empty_waste_any = seed % 2 == 1;
            rules.pf_refill_timing = seed % 4 == 3;
            let g = Alhambra::new(rules, &deal(seed));
            let mut s = g.start();
            let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut list = MoveList::new();
            for _ in 0..400 {
                g.moves(&s, Pruning::NONE, &mut list);
                if list.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let m = list[(rng >> 33) as usize % list.len()];
                g.play(&mut s, m);
                assert_eq!(
                    s.seq.hash(),
                    s.seq.recomputed_hash(),
                    "{variant:?} seed {seed} after {m:?}"
                );
                let mut count = [0u8; 52];
                for k in g.all_kinds(&s) {
                    count[k.index() as usize] += 1;
                }
                assert!(
                    count.iter().all(|&c| c == 2),
                    "{variant:?} seed {seed}: cards lost after {m:?}"
                );
                if variant == Variant::Reinforcements
                    && !rules.pf_refill_timing
                    && s.stock_len() > 0
                {
                    assert!(
                        (0..4).all(|r| g.reserve_top(&s, r).is_some()),
                        "an empty reserve was not refilled"
                    );
                }
            }
        }
    }
}

fn position(
    variant: Variant,
    found: [u8; 8],
    reserves: &[&str],
    wastes: &[&str],
    stock: &str,
    redeals: u8,
) -> Alhambra {
    let mut rules = AlhambraRules::of(variant);
    rules.redeals = redeals;
    let foundations = (0..8u8)
        .map(|f| {
            (0..found[f as usize])
                .map(|i| if f < 4 { Card::new(0, f, i) } else { Card::new(0, f - 4, 12 - i) })
                .collect()
        })
        .collect();
    let layout = Layout {
        foundations,
        reserves: reserves.iter().map(|r| kinds(r)).collect(),
        wastes: wastes.iter().map(|w| kinds(w)).collect(),
        stock_top_first: kinds(stock),
        ..Layout::default()
    };
    Alhambra::from_layout(rules, &layout).unwrap()
}

/// Clubs, spades and hearts all home; diamonds: down foundation complete, up foundation A..4.
/// The nine cards left, 5D..KD (one copy each), must all go up in order.
const DIAMONDS_LEFT: [u8; 8] = [13, 13, 13, 4, 13, 13, 13, 13];

#[test]
fn layouts_must_hold_two_of_each_card() {
    let mut rules = AlhambraRules::of(Variant::Alhambra);
    rules.redeals = 0;
    let mut layout = rules.layout(&deal(3));
    layout.stock_top_first.pop();
    assert!(Alhambra::from_layout(rules, &layout).is_err());
    let mut layout = rules.layout(&deal(3));
    layout.foundations[0].push(layout.stock_top_first[0]);
    assert!(Alhambra::from_layout(rules, &layout).is_err());
}

#[test]
fn move_generation_follows_the_rules() {
    let reserves = ["5D", "6D", "KD", "9D 8D", "QD", "", "", ""];
    let g = position(Variant::Alhambra, DIAMONDS_LEFT, &reserves, &["7D"], "TD JD", 2);
    let s = g.start();
    let mut list = MoveList::new();
    g.moves(&s, Pruning::NONE, &mut list);
    use AlhambraMove::*;
    let want = [
        ReserveToFoundation { reserve: 0, foundation: 3, lazy: false },
        ReserveToWaste { reserve: 1, waste: 0 },
        ReserveToWaste { reserve: 3, waste: 0 },
        Deal,
    ];
    assert_eq!(&list[..], &want[..]);
    // Diamonds have met (4 + 13 ≥ 13, and the down foundation is complete): rule M leaves only
    // the foundation move.
    g.moves(&s, Pruning::ALL, &mut list);
    assert_eq!(&list[..], &want[..1]);
}

#[test]
fn empty_waste_accepts_nothing_unless_the_option_says_any() {
    let reserves = ["5D", "6D", "KD", "9D 8D", "QD", "7D", "", ""];
    for any in [false, true] {
        let mut g = position(Variant::Alhambra, DIAMONDS_LEFT, &reserves, &[""], "TD JD", 0);
        g.rules.empty_waste_any = any;
        let mut list = MoveList::new();
        g.moves(&g.start(), Pruning::NONE, &mut list);
        let onto_waste =
            list.iter().filter(|m| matches!(m, AlhambraMove::ReserveToWaste { .. })).count();
        assert_eq!(onto_waste, if any { 6 } else { 0 });
    }
}

#[test]
fn granada_deals_one_card_per_waste_and_redeals_w3_first() {
    let g = game(Variant::Granada, 11);
    let mut s = g.start();
    let layout = g.rules.layout(&deal(11));
    g.play(&mut s, AlhambraMove::Deal);
    for w in 0..4 {
        assert_eq!(s.waste_top(w).unwrap(), layout.stock_top_first[w].kind());
        assert_eq!(s.wlen[w], 2);
    }
    // Deal the whole stock, then redeal: the new stock is W3 bottom→top, W2, W1, W0.
    while s.stock_len() > 0 {
        g.play(&mut s, AlhambraMove::Deal);
    }
    let wastes: Vec<Vec<Kind>> = (0..4)
        .map(|w| {
            let end = s.waste_end(w);
            (end - s.wlen[w] as usize..end).map(|i| s.seq.get(i)).collect()
        })
        .collect();
    g.play(&mut s, AlhambraMove::Redeal);
    let expected: Vec<Kind> = wastes.iter().rev().flatten().copied().collect();
    let stock: Vec<Kind> = (0..s.seq.len()).map(|i| s.seq.get(i)).collect();
    assert_eq!(stock, expected);
    assert_eq!(s.redeals_left, 1);
}

/// With `empty_waste_any` (PySolFC's rule) a redeal is PySolFC's: the new pass's first cards are
/// dealt in the same move, one on each waste, so no empty waste is left between the two.
#[test]
fn with_pysolfcs_empty_waste_a_redeal_deals_at_once() {
    for any in [false, true] {
        let mut g = game(Variant::Granada, 11);
        g.rules.empty_waste_any = any;
        let mut s = g.start();
        while s.stock_len() > 0 {
            g.play(&mut s, AlhambraMove::Deal);
        }
        let mut dealt = s;
        g.play(&mut dealt, AlhambraMove::Redeal);
        let mut plain = s;
        g.play(&mut plain, AlhambraMove::Redeal);
        if any {
            assert_eq!(dealt.wlen[..4], [1, 1, 1, 1]);
        } else {
            assert_eq!(dealt.wlen[..4], [0, 0, 0, 0]);
            // A redeal and a deal: the same position as PySolFC's one action.
            g.rules.empty_waste_any = true;
            let mut both = s;
            g.play(&mut both, AlhambraMove::Redeal);
            g.rules.empty_waste_any = false;
            g.play(&mut plain, AlhambraMove::Deal);
            assert_eq!(plain, both);
        }
    }
}

#[test]
fn last_pass_dead_position_is_detected_and_only_then() {
    let reserves = ["TD", "JD QD KD", "", "", "", "", "", ""];
    // 7D lies on 5D and 6D but needs both on the foundation first: lost on the last pass.
    let dead = position(Variant::Alhambra, DIAMONDS_LEFT, &reserves, &["6D 5D 7D"], "8D 9D", 0);
    assert!(dead.is_dead(&dead.start()));
    // With a redeal left the waste will be turned over: not dead.
    let redeal = position(Variant::Alhambra, DIAMONDS_LEFT, &reserves, &["6D 5D 7D"], "8D 9D", 1);
    assert!(!redeal.is_dead(&redeal.start()));
    // In playing order: not dead.
    let fine = position(Variant::Alhambra, DIAMONDS_LEFT, &reserves, &["7D 6D 5D"], "8D 9D", 0);
    assert!(!fine.is_dead(&fine.start()));
    // Granada's wastes are not pure stacks: never dead by this test.
    let granada =
        position(Variant::Granada, DIAMONDS_LEFT, &reserves, &["6D 5D 7D", "", "", ""], "8D 9D", 0);
    assert!(!granada.is_dead(&granada.start()));
}

/// The two last-pass tests of `foundations.rs` spelled out literally, quadratic and plain, to
/// check the prefix-minimum implementations against: (waste test, stock test).
fn dead_naive(g: &Alhambra, s: &AlhambraState) -> (bool, bool) {
    if s.redeals_left > 0 || g.rules.variant == Variant::Granada {
        return (false, false);
    }
    let seq: Vec<Kind> = (0..s.seq.len()).map(|i| s.seq.get(i)).collect();
    let waste = s.wlen[0] as usize;
    let (up_of, down_of) = (
        |k: Kind| s.found.count(k.suit() as usize),
        |k: Kind| s.found.count(4 + k.suit() as usize),
    );
    let remaining =
        |k: Kind| 2 - (k.rank() < up_of(k)) as usize - (k.rank() + down_of(k) > 12) as usize;
    let copies_before = |k: Kind, j: usize| seq[..j].iter().filter(|&&w| w == k).count();
    // The ranks each route of x needs first.
    let routes = |x: Kind| {
        let (u, d) = (up_of(x), down_of(x));
        let up: Option<Vec<u8>> = (u <= x.rank()).then(|| (u..x.rank()).collect());
        let down: Option<Vec<u8>> = (x.rank() + d <= 12).then(|| (x.rank() + 1..=12 - d).collect());
        (up, down)
    };
    let blocked = |route: Option<Vec<u8>>, x: Kind, is_blocker: &dyn Fn(Kind) -> bool| {
        route.is_none_or(|ranks| ranks.iter().any(|&q| is_blocker(Kind::new(x.suit(), q))))
    };
    let waste_dead = (1..waste).any(|j| {
        let x = seq[j];
        let below = |q: Kind| remaining(q) > 0 && copies_before(q, j) == remaining(q);
        let (up, down) = routes(x);
        blocked(up, x, &below) && blocked(down, x, &below)
    });
    // Earliest availability of a copy: 0 outside the sequence or in the waste, else its index.
    let avail = |k: Kind| {
        let idx: Vec<usize> = (0..seq.len())
            .filter(|&i| seq[i] == k)
            .map(|i| if i < waste { 0 } else { i })
            .collect();
        if idx.len() < remaining(k) { 0 } else { idx.into_iter().min().unwrap_or(usize::MAX) }
    };
    let stock_dead = g.rules.variant == Variant::Alhambra
        && (waste..seq.len()).any(|t| {
            let y = seq[t];
            let up_ready = |q: Kind| {
                (up_of(q)..=q.rank()).map(|p| avail(Kind::new(q.suit(), p))).max().unwrap()
            };
            let down_ready = |q: Kind| {
                (q.rank()..=12 - down_of(q)).map(|p| avail(Kind::new(q.suit(), p))).max().unwrap()
            };
            let buried = |q: Kind, ready: usize| {
                remaining(q) > 0 && copies_before(q, t) == remaining(q) && ready > t
            };
            let (up, down) = routes(y);
            blocked(up, y, &|q| buried(q, up_ready(q)))
                && blocked(down, y, &|q| buried(q, down_ready(q)))
        });
    (waste_dead, stock_dead)
}

#[test]
fn dead_tests_match_their_literal_reading() {
    let (mut waste_dead, mut stock_dead, mut checked) = (0, 0, 0);
    for variant in [Variant::Alhambra, Variant::Reinforcements] {
        for seed in 0..60u64 {
            let mut rules = AlhambraRules::of(variant);
            rules.redeals = 0;
            let g = Alhambra::new(rules, &deal(seed));
            let mut s = g.start();
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut list = MoveList::new();
            for _ in 0..300 {
                let (w, st) = dead_naive(&g, &s);
                assert_eq!(
                    s.found.waste_stack_is_dead(&s.seq, s.wlen[0] as usize),
                    w,
                    "{variant:?} seed {seed}: {s:?}"
                );
                if variant == Variant::Alhambra {
                    assert_eq!(
                        s.found.stock_lands_on_blocker(&s.seq, s.wlen[0] as usize),
                        st,
                        "{variant:?} seed {seed}: {s:?}"
                    );
                }
                assert_eq!(g.is_dead(&s), w || st);
                checked += 1;
                waste_dead += w as usize;
                stock_dead += st as usize;
                g.moves(&s, Pruning::NONE, &mut list);
                if list.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.play(&mut s, list[(rng >> 33) as usize % list.len()]);
            }
        }
    }
    let both = format!("{waste_dead} waste-dead and {stock_dead} stock-dead of {checked}");
    assert!(
        waste_dead > 100 && stock_dead > 100 && waste_dead + stock_dead < checked,
        "{both}: the comparisons must see both answers"
    );
}
