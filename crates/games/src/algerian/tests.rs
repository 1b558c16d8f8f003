use super::moves::{POR, SYM};
use super::state::{AlgerianState, DEPOTS, PILES, name_shift};
use super::*;
use crate::card::parse_kind;
use crate::deal::{DealSource, Hook, make_deal};
use crate::game::{Action, Game, MAX_MOVES, MoveList, Notation, Pile, Pruning};
use crate::variant::InFamily;
use crate::variant::Variant::{AlgerianParlett, Carthage};
const ALG: Variant = Variant::Algerian;

fn hook(v: Variant) -> Hook {
    if v == ALG { Hook::KingsToTop } else { Hook::None }
}
fn deal(v: Variant, seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), hook(v)).unwrap()
}
fn game(v: Variant, seed: u64) -> Algerian {
    Algerian::new(AlgerianRules::of(v), &deal(v, seed))
}
fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| parse_kind(c).unwrap().card()).collect()
}
fn codes(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}
fn k(code: &str) -> Kind {
    parse_kind(code).unwrap()
}

/// Published layouts never change: a few cards of every pile group, per variant.
#[test]
fn pinned_native_layouts() {
    let l = AlgerianRules::of(ALG).layout(&deal(ALG, 0));
    assert_eq!(
        l.foundations.iter().map(|f| codes(f)).collect::<Vec<_>>(),
        ["", "", "", "", "KC", "KS", "KH", "KD"]
    );
    assert_eq!(
        l.rows.iter().map(|f| codes(f)).collect::<Vec<_>>().join("|"),
        "6D|2S|6S|JD|4H|KH|QS|2D"
    );
    assert_eq!(codes(&l.reserves[0]), "AC 7D 6H 2D JC 9S");
    assert_eq!(codes(&l.reserves[5]), "3S 9H 6S 3C AD 3D");
    assert_eq!(l.stock_top_first.len(), 56);
    assert_eq!(codes(&l.stock_top_first[..4]), "AD 6C QH 4D");
    assert_eq!(codes(&l.stock_top_first[52..]), "TH 8S 5D AH");

    let l = AlgerianRules::of(Carthage).layout(&deal(Carthage, 1));
    assert!(l.foundations.iter().all(|f| f.is_empty()) && l.foundations.len() == 8);
    assert_eq!(
        l.rows.iter().map(|f| codes(f)).collect::<Vec<_>>().join("|"),
        "JD|3C|AD|3H|8H|5D|9S|4H"
    );
    assert_eq!(codes(&l.reserves[0]), "KD KC 7S 7C 8S TC");
    assert_eq!(codes(&l.reserves[5]), "3C 9D 5C QH 8S 5C");
    assert_eq!(l.stock_top_first.len(), 60);
    assert_eq!(codes(&l.stock_top_first[..4]), "TD TC QC 6S");

    let l = AlgerianRules::of(AlgerianParlett).layout(&deal(AlgerianParlett, 2));
    assert!(l.foundations.iter().all(|f| f.is_empty()));
    assert_eq!(
        l.rows.iter().map(|f| codes(f)).collect::<Vec<_>>().join("|"),
        "TC 7H|TH AH|8H JC|3D 8C|4H|2C|7D|3D"
    );
    assert_eq!(codes(&l.reserves[0]), "JC AS 4C 6H");
    assert_eq!(codes(&l.reserves[5]), "KD TS 9D 2C");
    assert_eq!(l.stock_top_first.len(), 68);
    assert_eq!(codes(&l.stock_top_first[..4]), "4D 2H 7C 9H");
}

#[test]
fn rule_book_defaults() {
    let r = AlgerianRules::of(ALG);
    assert_eq!((r.reserve_space, r.foundation_to_depot), (ReserveSpace::Any, true));
    let r = AlgerianRules::of(Carthage);
    assert_eq!((r.reserve_space, r.foundation_to_depot), (ReserveSpace::Any, true));
    let r = AlgerianRules::of(AlgerianParlett);
    assert_eq!((r.reserve_space, r.foundation_to_depot), (ReserveSpace::AfterStock, true));
}

#[test]
fn state_stays_compact() {
    // 116 bytes of position and names, 16 of fingerprint, 16 each of pile tops, starts and
    // bottoms, 112 of pile heads (see `state.rs`), padded to a multiple of 16.
    assert_eq!(std::mem::size_of::<AlgerianState>(), 304);
    // A move is one aligned 64-bit word (see `AlgerianMove`).
    assert_eq!((std::mem::size_of::<AlgerianMove>(), std::mem::align_of::<AlgerianMove>()), (8, 8));
}

/// A test position. `found` gives each foundation's height (a run from its base); the cards it
/// does not hold must be exactly those listed in the piles and the stock.
fn position(
    rules: AlgerianRules,
    found: [u8; 8],
    rows: [&str; 8],
    reserves: [&str; 6],
    stock: &str,
) -> Algerian {
    let foundations = (0..8)
        .map(|f| (0..found[f]).map(|i| rules.foundation_card(f, i).card()).collect())
        .collect();
    let layout = Layout {
        foundations,
        rows: rows.iter().map(|r| cards(r)).collect(),
        reserves: reserves.iter().map(|r| cards(r)).collect(),
        stock_top_first: cards(stock),
        ..Layout::default()
    };
    Algerian::from_layout(rules, &layout).unwrap()
}

/// Everything home except diamonds: up A–4 (4), down K–9 (5). Left: AD 2D 3D 4D once,
/// 5D 6D 7D 8D twice, 9D TD JD QD KD once (17 cards).
const DIAMONDS: [u8; 8] = [13, 13, 13, 4, 13, 13, 13, 5];

fn actions(g: &Algerian, s: &AlgerianState, pruning: Pruning) -> Vec<String> {
    let mut list = MoveList::new();
    g.moves(s, pruning, &mut list);
    list.iter().map(|&m| g.action(s, m).to_string()).collect()
}

#[test]
fn every_move_kind_follows_the_rules() {
    let mut rules = AlgerianRules::of(ALG);
    rules.reserve_space = ReserveSpace::Never;
    // P0 5D can go up (F3 wants 5D); R0 8D can go down (F7 wants 8D);
    // 6D (R1) builds on 5D (P0) or 7D (P1), KD (P2) on AD (P3, wrap), QD (R2) on KD (P2).
    let g = position(
        rules,
        DIAMONDS,
        ["5D", "7D", "KD", "AD", "", "", "", ""],
        ["2D 8D", "6D", "QD", "3D 4D 5D 6D 7D 8D", "9D TD", "JD"],
        "",
    );
    let got = actions(&g, &g.start(), Pruning::NONE);
    let want = [
        // reserve → foundation, depot → foundation
        "R0 -> F7  (8D)",
        "R3 -> F7  (8D)",
        "P0 -> F3  (5D)",
        // reserve → depot: 8D on 7D; 6D on 5D and on 7D; QD on KD; 8D (R3) on 7D
        "R0 -> P1  (8D)",
        "R1 -> P0  (6D)",
        "R1 -> P1  (6D)",
        "R2 -> P2  (QD)",
        "R3 -> P1  (8D)",
        // depot → depot: KD on AD and AD on KD (wrap)
        "P2 -> P3  (KD)",
        "P3 -> P2  (AD)",
    ];
    assert_eq!(&got[..want.len()], &want[..]);
    // → empty depots P4..P7 from every reserve, then every depot.
    let empties: Vec<&String> =
        got[want.len()..].iter().take_while(|a| !a.starts_with('F')).collect();
    assert_eq!(empties.len(), (6 + 4) * 4, "{got:?}");
    assert!(empties.iter().all(|a| a.contains("-> P4")
        || a.contains("-> P5")
        || a.contains("-> P6")
        || a.contains("-> P7")));
    // No empty reserve (reserve_space = never), no deal (empty stock). Last, out of the
    // foundations: every foundation top to the four empty depots, and F3's 4D onto 5D (P0).
    let rest = &got[want.len() + empties.len()..];
    assert_eq!(rest.len(), 8 * 4 + 1, "{rest:?}");
    assert!(rest.iter().all(|a| a.starts_with('F') && !a.contains("-> F")));
    assert!(rest.contains(&"F3 -> P0  (4D)".to_string()));
    assert!(rest.contains(&"F7 -> P7  (9D)".to_string()));
    // Under symmetry (stock empty: depots interchangeable) only the first empty depot is a
    // target, and lone depot cards are not moved to another empty depot.
    let got = actions(&g, &g.start(), Pruning::ALL);
    let to_empty: Vec<&String> =
        got.iter().filter(|a| a.contains("-> P4") || a.contains("-> P5")).collect();
    assert_eq!(to_empty.len(), 6 + 8, "{got:?}");
    assert!(got.iter().all(|a| !a.contains("-> P5")));
    assert!(got.iter().all(|a| !(a.starts_with("P") && a.contains("-> P4"))));
}

#[test]
fn empty_reserves_follow_reserve_space() {
    for (space, stock, want) in [
        (ReserveSpace::Any, "", true),
        (ReserveSpace::Any, "KD", true),
        (ReserveSpace::AfterStock, "KD", false),
        (ReserveSpace::AfterStock, "", true),
        (ReserveSpace::Never, "", false),
    ] {
        let mut rules = AlgerianRules::of(ALG);
        rules.reserve_space = space;
        let mut rows = ["5D", "7D", "", "AD", "2D 3D 4D", "5D 6D", "6D 7D", "8D 8D"];
        if stock.is_empty() {
            rows[2] = "KD";
        }
        let g = position(rules, DIAMONDS, rows, ["9D TD", "JD QD", "", "", "", ""], stock);
        let got = actions(&g, &g.start(), Pruning::NONE);
        let to_reserve = got.iter().filter(|a| a.contains("-> R")).count();
        // Sources: every non-empty depot and reserve; targets: R2..R5.
        let sources = g.start().lens.iter().filter(|&&l| l > 0).count();
        assert_eq!(to_reserve, if want { sources * 4 } else { 0 }, "{space:?} {stock:?}: {got:?}");
        // Never from a foundation to a reserve.
        assert!(got.iter().all(|a| !(a.starts_with('F') && a.contains("-> R"))));
    }
}

#[test]
fn foundations_meet_and_return_to_depots_only_if_allowed() {
    // Diamonds up A–6 (7), down K–7 (7): each of 7D..KD is home... up holds ranks 0..6, down
    // ranks 6..12: 7D twice home; left once: AD..6D and 8D..KD (12 cards). Sum 14: no meet.
    // Make it meet: up A–6 (7), down K–8 (6): sum 13. Left: AD..6D, 8D..KD once, 7D once.
    let found = [13, 13, 13, 7, 13, 13, 13, 6];
    let rows = ["AD 2D 3D", "4D 5D 6D", "7D", "8D 9D", "TD", "JD", "QD", "KD"];
    for ftd in [true, false] {
        let mut rules = AlgerianRules::of(ALG);
        rules.foundation_to_depot = ftd;
        let g = position(rules, found, rows, ["", "", "", "", "", ""], "");
        let got = actions(&g, &g.start(), Pruning::NONE);
        // F3 top 7D → F7 (which wants 7D); F7 top 8D → F3 (which wants 7D? no: up wants rank 7 = 8D).
        assert!(got.contains(&"F3 -> F7  (7D)".to_string()), "{got:?}");
        assert!(got.contains(&"F7 -> F3  (8D)".to_string()), "{got:?}");
        // 7D onto depot 6D (P1); 8D onto 7D (P2) and 9D (P3).
        for a in ["F3 -> P1  (7D)", "F7 -> P2  (8D)", "F7 -> P3  (8D)"] {
            assert_eq!(got.contains(&a.to_string()), ftd, "{a}: {got:?}");
        }
        let g2 = g.clone();
        let mut s = g2.start();
        g2.play(&mut s, AlgerianMove::card(Spot::Foundation(3), Spot::Foundation(7)));
        assert_eq!((s.height(3), s.height(7)), (6, 7));
    }
    // Carthage: F0 and F1 (clubs) both up: top of the higher moves to the lower when it is one less.
    let rules = AlgerianRules::of(Carthage);
    let g = position(
        rules,
        [5, 4, 13, 13, 13, 13, 13, 13],
        ["6C 7C 8C", "9C TC JC QC KC", "5C 6C 7C", "8C 9C TC JC QC KC", "", "", "", ""],
        ["", "", "", "", "", ""],
        "",
    );
    let got = actions(&g, &g.start(), Pruning::NONE);
    assert!(got.contains(&"F0 -> F1  (5C)".to_string()), "{got:?}");
    assert!(!got.iter().any(|a| a.starts_with("F1 -> F0")), "{got:?}");
    // Carthage depots: one lower, same suit, no wrap: 7C (P2) goes on 8C (P0)? P0 top 8C: yes.
    assert!(got.contains(&"P2 -> P0  (7C)".to_string()), "{got:?}");
    assert!(!got.contains(&"P0 -> P2  (8C)".to_string()), "{got:?}");
    // With symmetry pruning the transfer only mirrors the foundations: not generated.
    let got = actions(&g, &g.start(), Pruning::ALL);
    assert!(!got.iter().any(|a| a.starts_with("F0 -> F1") || a.starts_with("F1 -> F0")), "{got:?}");
}

#[test]
fn carthage_builds_down_without_wrap() {
    // Carthage: F6 (diamonds) empty, F7 full: every diamond once, KD and AD on depots.
    let rules = AlgerianRules::of(Carthage);
    let g = position(
        rules,
        [13, 13, 13, 13, 13, 13, 0, 13],
        ["KD", "AD", "", "", "", "", "", ""],
        ["2D 3D 4D 5D 6D", "7D 8D 9D TD JD QD", "", "", "", ""],
        "",
    );
    let got = actions(&g, &g.start(), Pruning::NONE);
    assert!(!got.iter().any(|a| a.starts_with("P0 -> P1") || a.starts_with("P1 -> P0")), "{got:?}");
    assert!(got.contains(&"P1 -> F6  (AD)".to_string()), "{got:?}");
    assert!(
        !got.iter().any(|a| a.starts_with("R0 -> P")
            && !a.contains("-> P2")
            && !a.contains("-> P3")
            && !a.contains("-> P4")
            && !a.contains("-> P5")
            && !a.contains("-> P6")
            && !a.contains("-> P7")),
        "{got:?}"
    );
    // Algerian and parlett wrap: KD on AD, AD on KD.
    let rules = AlgerianRules::of(ALG);
    let g = position(
        rules,
        [13, 13, 13, 12, 13, 13, 13, 12],
        ["KD", "AD", "", "", "", "", "", ""],
        ["", "", "", "", "", ""],
        "",
    );
    let got = actions(&g, &g.start(), Pruning::NONE);
    assert!(
        got.contains(&"P0 -> P1  (KD)".to_string()) && got.contains(&"P1 -> P0  (AD)".to_string()),
        "{got:?}"
    );
}

#[test]
fn deal_order() {
    // Algerian: stock 56 → 44 → 32 → 20 → 8 → 0; the reserve deals go R0..R5 twice.
    for v in [ALG, AlgerianParlett, Carthage] {
        let g = game(v, 7);
        let layout = g.rules.layout(&deal(v, 7));
        let stock: Vec<Kind> = layout.stock_top_first.iter().map(|c| c.kind()).collect();
        let mut s = g.start();
        let mut at = 0;
        let mut sizes = vec![stock.len()];
        while g.stock_left(&s) > 0 {
            let before = s;
            g.play(&mut s, AlgerianMove::Deal { flags: 0 });
            if g.stock_left(&before) == 8 && v != Carthage {
                for d in 0..8 {
                    assert_eq!(s.len(d), before.len(d) + 1);
                    assert_eq!(s.top(d), Some(stock[at + d]));
                }
                at += 8;
            } else {
                for r in 0..6 {
                    assert_eq!(s.len(DEPOTS + r), before.len(DEPOTS + r) + 2);
                    let pile = s.pile(DEPOTS + r);
                    assert_eq!(pile[pile.len() - 2..], [stock[at + r], stock[at + 6 + r]]);
                }
                at += 12;
            }
            sizes.push(g.stock_left(&s));
        }
        let want: &[usize] = match v {
            ALG => &[56, 44, 32, 20, 8, 0],
            Carthage => &[60, 48, 36, 24, 12, 0],
            AlgerianParlett => &[68, 56, 44, 32, 20, 8, 0],
            other => unreachable!("{other:?} is not of the Algerian family"),
        };
        assert_eq!(sizes, want, "{v:?}");
    }
    // A short stock (test positions only): the reserve deal stops when the stock runs out.
    let g = position(
        AlgerianRules::of(ALG),
        DIAMONDS,
        ["", "", "", "", "", "", "", ""],
        ["", "", "", "", "", ""],
        "AD 2D 3D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D TD JD QD KD",
    );
    let mut s = g.start();
    g.play(&mut s, AlgerianMove::Deal { flags: 0 });
    assert_eq!(g.stock_left(&s), 5);
    assert_eq!(s.lens, [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
    g.play(&mut s, AlgerianMove::Deal { flags: 0 });
    assert_eq!(s.lens, [0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 2]);
    assert_eq!(s.pile(DEPOTS + 4), [k("5D"), k("8D"), k("KD")]);
}

/// The same position with its depots (or reserves, or carthage foundations) permuted.
fn with_piles(g: &Algerian, s: &AlgerianState, perm: &dyn Fn(usize) -> usize) -> AlgerianState {
    let mut t =
        AlgerianState { found: s.found, dealt: s.dealt, run: s.run, ..AlgerianState::default() };
    let _ = g;
    for p in 0..PILES {
        for c in s.pile(perm(p)) {
            t.push(p, c);
        }
    }
    t
}

#[test]
fn symmetric_positions_share_a_canonical_form_only_when_allowed() {
    for v in [ALG, Carthage, AlgerianParlett] {
        let g = game(v, 3);
        let mut s = g.start();
        // Walk the stock down, checking at every size which permutations are merged.
        loop {
            let n = g.stock_left(&s);
            for (name, group, allowed) in [
                ("depots", 0..DEPOTS, v == Carthage || !(n >= 8 && (n - 8).is_multiple_of(12))),
                ("reserves", DEPOTS..PILES, n == 0 || (n == 8 && v != Carthage)),
            ] {
                // Swap two piles of the group with different contents.
                let (i, j) = group
                    .clone()
                    .flat_map(|i| group.clone().map(move |j| (i, j)))
                    .find(|&(i, j)| i < j && s.pile(i) != s.pile(j))
                    .unwrap();
                let t = with_piles(&g, &s, &|p| {
                    if p == i {
                        j
                    } else if p == j {
                        i
                    } else {
                        p
                    }
                });
                // The class fingerprint sees the class without sorting (key.rs).
                assert_eq!(
                    g.class_fingerprint(&s) == g.class_fingerprint(&t),
                    allowed,
                    "{v:?}, stock {n}, {name}"
                );
                let (mut a, mut b) = (s, t);
                g.canonicalise(&mut a);
                g.canonicalise(&mut b);
                assert_eq!(a == b, allowed, "{v:?}, stock {n}, {name}");
                if allowed {
                    assert_eq!(g.hash(&a), g.hash(&b));
                }
            }
            if n == 0 {
                break;
            }
            g.play(&mut s, AlgerianMove::Deal { flags: 0 });
        }
    }
    // Carthage: the two foundations of a suit are interchangeable; algerian's are not.
    let g = game(Carthage, 3);
    let mut a = g.start();
    a.set_height(0, 3);
    a.set_height(1, 1);
    let mut b = g.start();
    b.set_height(0, 1);
    b.set_height(1, 3);
    assert_eq!(g.class_fingerprint(&a), g.class_fingerprint(&b));
    g.canonicalise(&mut a);
    g.canonicalise(&mut b);
    assert_eq!(a, b);
    assert_eq!(g.hash(&a), g.hash(&b));
    assert_ne!(a.names, b.names, "the physical names remember which is which");
    let g = game(ALG, 3);
    let mut a = g.start();
    a.set_height(0, 3);
    let mut b = g.start();
    b.set_height(4, 3);
    assert_ne!(g.class_fingerprint(&a), g.class_fingerprint(&b));
    g.canonicalise(&mut a);
    g.canonicalise(&mut b);
    assert_ne!(a, b);
}

/// The rule book's rules of `v` with its options varied by `seed`, for the random playouts: every
/// `reserve_space`, and foundation-to-depot off one seed in four.
fn varied_rules(v: Variant, seed: u64) -> AlgerianRules {
    let mut rules = AlgerianRules::of(v);
    rules.reserve_space =
        [ReserveSpace::Any, ReserveSpace::AfterStock, ReserveSpace::Never][seed as usize % 3];
    rules.foundation_to_depot = seed % 4 != 3;
    rules
}

/// The class fingerprint (key.rs) on random playouts of every variant, under several pruning
/// settings: for every move of every position met, the child played keeps in its state the
/// fingerprint computed whole from it (which `fingerprint` returns with symmetry); a child's
/// fingerprint computed from its parent and the move, where it is, is that one; and playing a
/// move with that fingerprint handed over (its lowest bit set, as the search hands it) gives the
/// same child.
#[test]
fn class_fingerprints_of_children_match_the_played_children() {
    let settings = [
        Pruning::ALL,
        Pruning { symmetry: true, ..Pruning::NONE },
        Pruning::NONE,
        Pruning { partial_order: true, ..Pruning::NONE },
    ];
    let (mut answered, mut deals, mut unanswered, mut long, mut runs) = (0, 0, 0, 0, 0);
    let mut list = MoveList::new();
    for v in [ALG, Carthage, AlgerianParlett] {
        for seed in 0..30u64 {
            let rules = varied_rules(v, seed);
            let g = Algerian::new(rules, &deal(v, seed));
            let mut s = g.start();
            assert_eq!(s.class_fp(), g.class_fingerprint(&s));
            let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for step in 0..400 {
                let pruning = settings[(step / 40 + seed as usize) % settings.len()];
                g.moves(&s, pruning, &mut list);
                if list.is_empty() {
                    break;
                }
                for &m in &list {
                    let mut child = s;
                    g.play(&mut child, m);
                    let whole = g.class_fingerprint(&child);
                    assert_eq!(child.class_fp(), whole, "{v:?} seed {seed} step {step} {m:?}");
                    assert_eq!(g.fingerprint(&child, true), whole);
                    match g.child_fingerprint(&s, m, true) {
                        Some(fp) => {
                            assert_eq!(fp, whole, "{v:?} seed {seed} step {step} {m:?}");
                            // As the search does it: the parent copied over a stale
                            // position (every field, as `Debug` shows them), then played.
                            let mut handed = g.start();
                            g.copy_position(&mut handed, &s);
                            assert_eq!(format!("{handed:?}"), format!("{s:?}"));
                            g.play_fingerprinted(&mut handed, m, fp | 1);
                            assert_eq!(
                                (handed, handed.fp, handed.names),
                                (child, child.fp, child.names)
                            );
                            answered += 1;
                            deals += matches!(m, AlgerianMove::Deal { .. }) as usize;
                        }
                        None => unanswered += 1,
                    }
                    assert_eq!(
                        g.child_fingerprint(&s, m, false),
                        None,
                        "no child fingerprint without symmetry"
                    );
                    long += (0..PILES).any(|p| child.len(p) > 10) as usize;
                    runs += (child.run != 0) as usize;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let i = (rng >> 33) as usize % list.len();
                let i = if (rng >> 20) % 3 == 0 { 0 } else { i };
                g.play(&mut s, list[i]);
            }
        }
    }
    // The cases that take other paths must be met: deals, piles past ten cards (the two-word
    // terms), transfer runs, and children left to `play` (deals that change the domains).
    eprintln!(
        "children answered {answered} (deals {deals}), left to play {unanswered}; with a pile past ten cards {long}; in runs {runs}"
    );
    assert!(
        answered > 45_000 && deals > 1_000 && unanswered > 50 && long > 1_000 && runs > 50,
        "{answered} {deals} {unanswered} {long} {runs}"
    );
}

/// The class fingerprint of a child whose move puts a card on a pile of twenty cards or more
/// (`pushed_terms_long`; the search meets such piles often, random playouts hardly ever): from
/// positions of random playouts, one pile is grown by moving other piles' tops onto it (the
/// fingerprint does not care whether the cards could have got there), the position is
/// canonicalised and fingerprinted whole, and every child's fingerprint from the parent and
/// the move must be the played child's, computed whole.
#[test]
fn class_fingerprints_of_children_onto_long_piles() {
    let (mut answered, mut past_twenty, mut deals, mut long_piles) =
        (0usize, 0usize, 0usize, 0usize);
    let mut list = MoveList::new();
    for v in [ALG, Carthage, AlgerianParlett] {
        for seed in 0..20u64 {
            let g = Algerian::new(varied_rules(v, seed), &deal(v, 500 + seed));
            let mut s = g.start();
            let mut next = lcg(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5A5A);
            for step in 0..150 {
                g.moves(&s, Pruning::ALL, &mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[next() % list.len()];
                g.play(&mut s, m);
                // Grow one depot or reserve to 19..=24 cards, if the other piles hold enough.
                let mut t = s;
                let q = next() % PILES;
                let want = 19 + next() % 6;
                for _ in 0..200 {
                    if t.len(q) >= want {
                        break;
                    }
                    let p = next() % PILES;
                    if p != q && t.len(p) > 0 {
                        t.move_top(p, q);
                    }
                }
                t.set_sorted(false);
                g.canonicalise(&mut t);
                // The whole fingerprint's pile terms against their previous code.
                assert_eq!(
                    g.class_fingerprint(&t),
                    g.class_fingerprint_simple(&t),
                    "{v:?} seed {seed} step {step}"
                );
                long_piles += (0..PILES).filter(|&p| t.len(p) > 20).count();
                t.set_class_fp(g.class_fingerprint(&t));
                g.moves(&t, Pruning::ALL, &mut list);
                for &m in &list {
                    let mut child = t;
                    g.play(&mut child, m);
                    let whole = g.class_fingerprint(&child);
                    assert_eq!(child.class_fp(), whole, "{v:?} seed {seed} step {step} {m:?}");
                    if let Some(fp) = g.child_fingerprint(&t, m, true) {
                        assert_eq!(fp, whole, "{v:?} seed {seed} step {step} {m:?}");
                        let mut handed = t;
                        g.play_fingerprinted(&mut handed, m, fp | 1);
                        assert_eq!(
                            (handed, handed.fp, handed.names),
                            (child, child.fp, child.names)
                        );
                        answered += 1;
                        deals += matches!(m, AlgerianMove::Deal { .. }) as usize;
                        past_twenty += matches!(m, AlgerianMove::Card { to, .. } if to.pile().is_some_and(|q| t.len(q) >= 20))
                            as usize;
                    }
                }
            }
        }
    }
    eprintln!(
        "children answered {answered}, onto twenty or more {past_twenty}, deals {deals}; piles past twenty cards {long_piles}"
    );
    assert!(
        past_twenty > 600 && deals > 50 && long_piles > 600,
        "{answered} {past_twenty} {deals} {long_piles}"
    );
}

/// A small linear congruential generator from `state`: each call steps it and gives its bits
/// 33..64 (the random playouts' choices; fixed sequences, so the tests meet the same positions).
fn lcg(mut state: u64) -> impl FnMut() -> usize {
    move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize
    }
}

// ---- a literal model of the rules, for the random playouts ---------------------------------

fn accepts(rules: &AlgerianRules, f: usize, pile: &[Card], c: Card) -> bool {
    pile.len() < 13 && rules.foundation_card(f, pile.len() as u8) == c.kind()
}
fn builds(rules: &AlgerianRules, top: Card, c: Card) -> bool {
    let (t, k) = (top.kind(), c.kind());
    if rules.shape.depots == DepotBuilding::Down {
        t.suit() == k.suit() && k.rank() + 1 == t.rank()
    } else {
        t.is_suit_neighbour_wrapping(k)
    }
}

/// Every legal action of a layout, read straight from RULES.md §4.
fn legal(rules: &AlgerianRules, l: &Layout) -> Vec<String> {
    let mut out = vec![];
    let tops: Vec<(Pile, Card)> = (0..8)
        .filter_map(|i| l.rows[i].last().map(|&c| (Pile::Tableau(i as u8), c)))
        .chain((0..6).filter_map(|i| l.reserves[i].last().map(|&c| (Pile::Reserve(i as u8), c))))
        .collect();
    let reserve_ok = match rules.reserve_space {
        ReserveSpace::Any => true,
        ReserveSpace::AfterStock => l.stock_top_first.is_empty(),
        ReserveSpace::Never => false,
    };
    let mut push = |from: Pile, to: Pile, card: Card| {
        out.push(Action::Card { from, to, card: card.kind() }.to_string())
    };
    for &(from, c) in &tops {
        for f in 0..8 {
            if accepts(rules, f, &l.foundations[f], c) {
                push(from, Pile::Foundation(f as u8), c);
            }
        }
        for d in 0..8 {
            let to = Pile::Tableau(d as u8);
            match l.rows[d].last() {
                Some(&t) if to != from && builds(rules, t, c) => push(from, to, c),
                None => push(from, to, c),
                _ => {}
            }
        }
        for r in 0..6 {
            if reserve_ok && l.reserves[r].is_empty() {
                push(from, Pile::Reserve(r as u8), c);
            }
        }
    }
    for f in 0..8 {
        let Some(&c) = l.foundations[f].last() else { continue };
        for g in 0..8 {
            if g != f && accepts(rules, g, &l.foundations[g], c) {
                push(Pile::Foundation(f as u8), Pile::Foundation(g as u8), c);
            }
        }
        if rules.foundation_to_depot {
            for d in 0..8 {
                if l.rows[d].last().is_none_or(|&t| builds(rules, t, c)) {
                    push(Pile::Foundation(f as u8), Pile::Tableau(d as u8), c);
                }
            }
        }
    }
    if !l.stock_top_first.is_empty() {
        out.push(Action::Deal.to_string());
    }
    out.sort();
    out
}

/// Applies an action to a layout (legality is checked by `legal`).
fn apply(rules: &AlgerianRules, l: &mut Layout, a: Action) {
    fn pile(l: &mut Layout, p: Pile) -> &mut Vec<Card> {
        match p {
            Pile::Foundation(i) => &mut l.foundations[i as usize],
            Pile::Tableau(i) => &mut l.rows[i as usize],
            Pile::Reserve(i) => &mut l.reserves[i as usize],
            _ => unreachable!(),
        }
    }
    match a {
        Action::Card { from, to, card } => {
            let c = pile(l, from).pop().unwrap();
            assert_eq!(c.kind(), card);
            pile(l, to).push(c);
        }
        Action::Deal => {
            let n = l.stock_top_first.len();
            if n == 8 && rules.shape.last_deal_to_depots {
                for d in 0..8 {
                    let c = l.stock_top_first.remove(0);
                    l.rows[d].push(c);
                }
            } else {
                for j in 0..n.min(12) {
                    let c = l.stock_top_first.remove(0);
                    l.reserves[j % 6].push(c);
                }
            }
        }
        _ => unreachable!(),
    }
}

fn as_kinds(l: &Layout) -> Layout {
    let f = |p: &Vec<Vec<Card>>| {
        p.iter().map(|v| v.iter().map(|c| c.kind().card()).collect()).collect()
    };
    Layout {
        foundations: f(&l.foundations),
        rows: f(&l.rows),
        reserves: f(&l.reserves),
        stock_top_first: l.stock_top_first.iter().map(|c| c.kind().card()).collect(),
        ..Layout::default()
    }
}

/// The state rebuilt from stored contents (not physical), as a literal construction would.
fn rebuilt(s: &AlgerianState) -> AlgerianState {
    with_piles_plain(s)
}
fn with_piles_plain(s: &AlgerianState) -> AlgerianState {
    let mut t =
        AlgerianState { found: s.found, dealt: s.dealt, run: s.run, ..AlgerianState::default() };
    for p in 0..PILES {
        for c in s.pile(p) {
            t.push(p, c);
        }
    }
    t
}

/// Random play under every pruning setting: each move is rendered with physical names, must be
/// legal by the literal model, and after it the state read back physically must be the model.
/// Under `Pruning::NONE` the generated moves are exactly the legal ones.
#[test]
fn random_playouts_agree_with_a_literal_model() {
    let settings = [
        Pruning::NONE,
        Pruning::ALL,
        Pruning { symmetry: true, ..Pruning::NONE },
        Pruning { partial_order: true, ..Pruning::NONE },
    ];
    let (mut checked, mut renamed, mut runs) = (0, 0, 0);
    for v in [ALG, Carthage, AlgerianParlett] {
        for seed in 0..36u64 {
            let rules = varied_rules(v, seed);
            let g = Algerian::new(rules, &deal(v, seed));
            let mut model = as_kinds(&rules.layout(&deal(v, seed)));
            let mut s = g.start();
            let mut rng = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut list = MoveList::new();
            for step in 0..600 {
                let pruning = settings[(step / 50 + seed as usize) % settings.len()];
                g.moves(&s, pruning, &mut list);
                let rendered: Vec<String> =
                    list.iter().map(|&m| g.action(&s, m).to_string()).collect();
                let legal_now = legal(&rules, &model);
                if pruning == Pruning::NONE {
                    let mut r = rendered.clone();
                    r.sort();
                    assert_eq!(r, legal_now, "{v:?} seed {seed} step {step}");
                } else {
                    for a in &rendered {
                        assert!(
                            legal_now.contains(a),
                            "{v:?} seed {seed} step {step}: {a} is not legal"
                        );
                    }
                }
                if list.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Prefer foundation moves a little, so games get far.
                let i = (rng >> 33) as usize % list.len();
                let i = if (rng >> 20) % 3 == 0 { 0 } else { i };
                let m = list[i];
                let a = g.action(&s, m);
                g.play(&mut s, m);
                apply(&rules, &mut model, a);
                assert_eq!(g.position_layout(&s), model, "{v:?} seed {seed} step {step} after {a}");
                // The kept pile tops are the piles' tops.
                assert_eq!(
                    (s.tops, s.starts, s.bottoms, s.heads),
                    (s.derived_tops(), s.derived_starts(), s.derived_bottoms(), s.derived_heads()),
                    "{v:?} seed {seed} step {step}"
                );
                // Equal positions hash equally: the state rebuilt from its contents.
                let t = rebuilt(&s);
                assert_eq!(t, s);
                assert_eq!(g.hash(&t), g.hash(&s));
                if m.flags() & SYM != 0 {
                    // A canonical child is a fixed point of canonicalisation.
                    let mut c = s;
                    g.canonicalise(&mut c);
                    assert_eq!(c, s, "{v:?} seed {seed} step {step}");
                }
                if m.flags() & POR == 0 {
                    assert_eq!(s.run, 0);
                }
                checked += 1;
                renamed += (s.names != super::state::IDENTITY_NAMES) as usize;
                runs += (s.run != 0) as usize;
            }
        }
    }
    // The playouts must reach the interesting cases: renamed piles and transfer runs.
    assert!(checked > 10_000 && renamed > 1000 && runs > 10, "{checked} {renamed} {runs}");
}

#[test]
fn foundation_transfer_runs_restrict_the_next_move() {
    // Diamonds meet (up A–6, down K–8); other cards to play: 7D on a depot.
    let found = [13, 13, 13, 7, 13, 13, 13, 6];
    let rows = ["AD 2D 3D", "4D 5D 6D", "7D", "8D 9D", "TD", "JD", "QD", "KD"];
    let g = position(AlgerianRules::of(ALG), found, rows, ["", "", "", "", "", ""], "");
    let mut s = g.start();
    let mut list = MoveList::new();
    g.moves(&s, Pruning::ALL, &mut list);
    let t = *list
        .iter()
        .find(|m| {
            matches!(
                m,
                AlgerianMove::Card { from: Spot::Foundation(3), to: Spot::Foundation(7), .. }
            )
        })
        .unwrap();
    g.play(&mut s, t);
    assert_eq!(s.run, 4);
    g.moves(&s, Pruning::ALL, &mut list);
    let got: Vec<String> = list.iter().map(|&m| g.action(&s, m).to_string()).collect();
    // Only the same transfer again (F3 top 6D → F7 wants 6D) and moves on/off F3, F7; never back.
    assert!(got.contains(&"F3 -> F7  (6D)".to_string()), "{got:?}");
    assert!(!got.iter().any(|a| a.starts_with("F7 -> F3")), "{got:?}");
    assert!(got.iter().all(|a| a.contains("F3") || a.contains("F7")), "{got:?}");
    // Without the reduction everything is back.
    let all = actions(&g, &s, Pruning::NONE);
    assert!(all.contains(&"F7 -> F3  (7D)".to_string()));
}

/// A throwaway measurement driver (not a benchmark): a plain DFS with an exact table over a few
/// native seeds, with and without pruning. `cargo test --release -p patience-games
/// algerian::tests::measure -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure() {
    use std::collections::HashSet;
    let limit: usize =
        std::env::var("ALG_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let seeds: u64 = std::env::var("ALG_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let only = std::env::var("ALG_ONLY").unwrap_or_default();
    let verbose = std::env::var_os("ALG_VERBOSE").is_some();
    for v in [ALG, Carthage, AlgerianParlett] {
        if !only.is_empty() && !format!("{v:?}").eq_ignore_ascii_case(&only) {
            continue;
        }
        for (name, pruning) in [
            ("all", Pruning::ALL),
            ("symmetry", Pruning { symmetry: true, ..Pruning::NONE }),
            ("partial-order", Pruning { partial_order: true, ..Pruning::NONE }),
            ("none", Pruning::NONE),
        ] {
            if std::env::var("ALG_PRUNING").is_ok_and(|p| p != name) {
                continue;
            }
            let (mut won, mut lost, mut unknown, mut total) = (0, 0, 0, 0usize);
            let t0 = std::time::Instant::now();
            let from: u64 =
                std::env::var("ALG_FROM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
            for seed in from..from + seeds {
                let g = game(v, seed);
                let mut seen: HashSet<AlgerianState> = HashSet::new();
                let mut stack: Vec<(AlgerianState, MoveList<AlgerianMove>, usize)> = vec![];
                let root = g.start();
                seen.insert(root);
                let mut list = MoveList::new();
                g.moves(&root, pruning, &mut list);
                stack.push((root, list.clone(), 0));
                let verdict = loop {
                    let Some(top) = stack.last_mut() else { break "lost" };
                    let Some(&m) = top.1.get(top.2) else {
                        stack.pop();
                        continue;
                    };
                    top.2 += 1;
                    let mut c = top.0;
                    g.play(&mut c, m);
                    if g.is_won(&c) {
                        break "won";
                    }
                    if !seen.insert(c) {
                        continue;
                    }
                    if seen.len() >= limit {
                        break "unknown";
                    }
                    g.moves(&c, pruning, &mut list);
                    stack.push((c, list.clone(), 0));
                };
                total += seen.len();
                if verbose {
                    println!("  {v:?} {name} seed {seed}: {verdict} after {} states", seen.len());
                }
                match verdict {
                    "won" => won += 1,
                    "lost" => lost += 1,
                    _ => unknown += 1,
                }
            }
            let secs = t0.elapsed().as_secs_f64();
            println!(
                "{v:?} {name}: seeds 0..{seeds} limit {limit}: won {won} lost {lost} unknown {unknown}; {total} states, {secs:.1} s, {:.0} states/s",
                total as f64 / secs
            );
        }
    }
}

// ---- equivalence of the fast canonicalisation with the plain reference ------------------------

/// `Algerian::canonicalise` with the plain reference sort (the code before the fast one).
fn canonicalise_simple(g: &Algerian, s: &mut AlgerianState) {
    if g.depots_interchangeable(s) {
        s.sort_group_simple(0, DEPOTS);
    }
    if g.reserves_interchangeable(s) {
        s.sort_group_simple(DEPOTS, super::state::RESERVES);
    }
    if g.rules().paired_foundations() {
        s.order_carthage_foundations();
    }
}

/// Everything of a state, the physical names and the kept pile tops included (`==` ignores
/// them). The tops must be those the piles have.
fn whole(s: &AlgerianState) -> (AlgerianState, u64, [u8; 16], Vec<Vec<Kind>>) {
    assert_eq!(s.tops, s.derived_tops(), "the kept tops are the piles' tops");
    assert_eq!(s.starts, s.derived_starts(), "the kept starts are the piles' starts");
    assert_eq!(s.bottoms, s.derived_bottoms(), "the kept bottoms are the piles' bottoms");
    assert_eq!(s.heads, s.derived_heads(), "the kept heads are the piles' first slots");
    (*s, s.names, s.tops, (0..PILES).map(|p| s.pile(p)).collect())
}

/// Random reachable positions of many deals of the three variants: after every move, the fast
/// canonical child equals the literal child canonicalised by the plain reference, names and all;
/// and at every position both sorts agree on each group after a random shuffle of its piles
/// (so the reordering path, ties between equal piles and long piles are covered too). At every
/// position the fast move generator must also match the plain one.
#[test]
fn fast_canonicalisation_matches_the_plain_sort() {
    let settings = [Pruning::ALL, Pruning { symmetry: true, ..Pruning::NONE }, Pruning::NONE];
    let (mut compared, mut reordered, mut generated, mut moved) = (0usize, 0usize, 0usize, 0usize);
    for v in [ALG, Carthage, AlgerianParlett] {
        for seed in 0..60u64 {
            let g = game(v, 1000 + seed);
            let mut s = g.start();
            let mut next = lcg(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x1234_5678);
            let mut list = MoveList::new();
            for step in 0..500 {
                let pruning = settings[(step / 40 + seed as usize) % settings.len()];
                // The fast generator gives the same moves in the same order as the plain one,
                // under every pruning setting, with and without the move-level reductions.
                for pr in [
                    Pruning::ALL,
                    Pruning::NONE,
                    Pruning { symmetry: true, ..Pruning::NONE },
                    Pruning { partial_order: true, ..Pruning::NONE },
                ] {
                    for reduce in [false, true] {
                        let (mut x, mut y) = (MoveList::new(), MoveList::new());
                        assert_eq!(
                            g.generate(&s, pr, reduce, &mut x),
                            g.generate_simple(&s, pr, reduce, &mut y)
                        );
                        assert_eq!(x, y, "{v:?} seed {seed} step {step} {pr:?} reduce {reduce}");
                        generated += x.len();
                    }
                    // The search's way: written in place in a window of the arena (over what it
                    // held), the same list, the rest of the window untouched.
                    let stale = AlgerianMove::Deal { flags: 3 };
                    let (mut listed, mut window) = (MoveList::new(), [stale; MAX_MOVES]);
                    g.moves(&s, pr, &mut listed);
                    let n = g.moves_into(&s, pr, &mut MoveList::new(), &mut window);
                    assert_eq!(&window[..n], &listed[..], "{v:?} seed {seed} step {step} {pr:?}");
                    assert!(
                        window[n..].iter().all(|&m| m == stale),
                        "{v:?} seed {seed} step {step} {pr:?}"
                    );
                }
                // Pile starts from the byte-summed lengths equal the plain prefix sums.
                for p in 0..=PILES {
                    assert_eq!(
                        s.start(p),
                        s.start_simple(p),
                        "{v:?} seed {seed} step {step} pile {p}"
                    );
                }
                assert_eq!(s.total(), s.start_simple(PILES));
                // A pile-to-pile card move in one shift equals pop then push, for every pair.
                for p in 0..PILES {
                    if s.len(p) == 0 {
                        continue;
                    }
                    for q in (0..PILES).filter(|&q| q != p) {
                        let (mut x, mut y) = (s, s);
                        x.move_top(p, q);
                        let k = y.pop(p);
                        y.push(q, k);
                        assert_eq!(
                            (whole(&x), x.words),
                            (whole(&y), y.words),
                            "{v:?} seed {seed} step {step} {p} -> {q}"
                        );
                        moved += 1;
                    }
                }
                g.moves(&s, pruning, &mut list);
                if list.is_empty() {
                    break;
                }
                let r = next();
                let m = if r.is_multiple_of(3) { list[0] } else { list[r % list.len()] };
                let mut fast = s;
                g.play(&mut fast, m);
                let mut plain = s;
                let unsym = match m {
                    AlgerianMove::Card { from, to, flags } => {
                        AlgerianMove::Card { from, to, flags: flags & !SYM }
                    }
                    AlgerianMove::Deal { flags } => AlgerianMove::Deal { flags: flags & !SYM },
                };
                g.play(&mut plain, unsym);
                if m.flags() & SYM != 0 {
                    canonicalise_simple(&g, &mut plain);
                }
                assert_eq!(whole(&fast), whole(&plain), "{v:?} seed {seed} step {step} move {m:?}");
                compared += 1;
                // Shuffled groups, sorted both ways.
                for (first, n) in [(0, DEPOTS), (DEPOTS, super::state::RESERVES)] {
                    let mut t = fast;
                    for i in (1..n).rev() {
                        let j = next() % (i + 1);
                        // Swap piles first+i and first+j, names included.
                        let perm = |p: usize| {
                            if p == first + i {
                                first + j
                            } else if p == first + j {
                                first + i
                            } else {
                                p
                            }
                        };
                        let mut u = with_piles(&g, &t, &perm);
                        u.names = t.names;
                        let (a, b) = (first + i, first + j);
                        let (na, nb) =
                            ((t.names >> name_shift(a)) & 7, (t.names >> name_shift(b)) & 7);
                        u.names = (u.names & !(7 << name_shift(a)) & !(7 << name_shift(b)))
                            | (nb << name_shift(a))
                            | (na << name_shift(b));
                        t = u;
                    }
                    let (mut x, mut y) = (t, t);
                    x.sort_group(first, n);
                    y.sort_group_simple(first, n);
                    assert_eq!(whole(&x), whole(&y), "{v:?} seed {seed} step {step} group {first}");
                    reordered += (whole(&x) != whole(&t)) as usize;
                }
                s = fast;
            }
        }
    }
    assert!(
        compared > 20_000 && reordered > 10_000 && generated > 1_000_000 && moved > 1_000_000,
        "{compared} {reordered} {generated} {moved}"
    );
}

/// The four-suit fast path of `order_carthage_foundations` returns only when the per-suit loop
/// would change nothing: checked against a plain per-suit comparison on random heights.
#[test]
fn carthage_foundation_order_fast_path() {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for i in 0..1_000_000u32 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut s = AlgerianState::default();
        for f in 0..8 {
            // Mostly near-equal heights, where the comparison is delicate.
            let h = if i % 2 == 0 {
                (rng >> (4 * f)) % 14
            } else {
                (rng >> 40) % 14 + ((rng >> (3 * f)) & 1)
            };
            s.set_height(f, h.min(13) as u8);
        }
        s.run = (rng >> 50) as u8 % 9;
        let mut want = s;
        for suit in 0..4 {
            let (a, b) = (want.height(2 * suit), want.height(2 * suit + 1));
            if a < b {
                want.set_height(2 * suit, b);
                want.set_height(2 * suit + 1, a);
                want.names ^= 1 << (42 + suit);
                if want.run != 0 && (want.run - 1) as usize / 2 == suit {
                    want.run = ((want.run - 1) ^ 1) + 1;
                }
            }
        }
        s.order_carthage_foundations();
        assert_eq!((s, s.names), (want, want.names), "{:08x}", want.found);
    }
}

/// The kind tables of the fast move generator agree with the rules they stand for.
#[test]
fn generator_kind_tables_match_the_rules() {
    use super::moves::{BUILDERS_DOWN, BUILDERS_WRAP};
    for v in [ALG, Carthage, AlgerianParlett] {
        let g = game(v, 1);
        let table = if v == Carthage { &BUILDERS_DOWN } else { &BUILDERS_WRAP };
        for t in 0..52u8 {
            let want: Vec<u8> = (0..52u8)
                .filter(|&k| g.builds_on(Kind::from_index(t), Kind::from_index(k)))
                .collect();
            let mut got: Vec<u8> = table[t as usize].iter().copied().filter(|&k| k < 52).collect();
            got.sort();
            got.dedup();
            let mut want = want;
            want.sort();
            assert_eq!(got, want, "{v:?} top {t}");
        }
        // The padding rows (no card has these indices) give no builder; the empty depot's row
        // (NO_KIND, which `generate` looks up without a test) marks neither a card's slot nor
        // NO_KIND's, the two slots lookups read.
        assert!(table[52..].iter().flatten().all(|&k| k >= 52));
        assert!(table[NO_KIND as usize].iter().all(|&k| k >= 52 && k != NO_KIND));
    }
}

/// The game's tables (foundation cards by height, the symmetries by stock size, the home count)
/// say what the rule book's functions say, for every variant, foundation, height and stock size.
#[test]
fn game_tables_match_the_rules() {
    use super::NO_KIND;
    for v in [ALG, Carthage, AlgerianParlett] {
        let g = game(v, 5);
        let mut s = g.start();
        for f in 0..8 {
            for h in 0..=13u8 {
                s.set_height(f, h);
                let next = if h < 13 { g.rules().foundation_card(f, h).index() } else { NO_KIND };
                let top = if h > 0 { g.rules().foundation_card(f, h - 1).index() } else { NO_KIND };
                assert_eq!(
                    (g.next_kind[f][h as usize], g.top_kind[f][h as usize]),
                    (next, top),
                    "{v:?} F{f} height {h}"
                );
                assert_eq!(g.foundation_top(&s, f).map(|k| k.index()), (h > 0).then_some(top));
                for k in 0..52u8 {
                    assert_eq!(
                        g.foundation_accepts(&s, f, Kind::from_index(k)),
                        h < 13 && k == next
                    );
                }
            }
        }
        let mut found = 0u32;
        for step in 0..2_000u32 {
            // Random heights: the nibble sum is the plain sum.
            found = found.wrapping_mul(1_103_515_245).wrapping_add(12_345 + step);
            let heights: Vec<u32> = (0..8).map(|f| (found >> (4 * f) & 0xF) % 14).collect();
            s.found = heights.iter().enumerate().map(|(f, &h)| h << (4 * f)).sum();
            assert_eq!(g.home_cards(&s), heights.iter().sum::<u32>());
        }
        for dealt in 0..=g.stock_left(&g.start()) as u8 {
            let at = AlgerianState { dealt, ..g.start() };
            assert_eq!(
                g.depots_interchangeable(&at),
                g.depots_interchangeable_by_rule(&at),
                "{v:?} dealt {dealt}"
            );
            assert_eq!(
                g.reserves_interchangeable(&at),
                g.reserves_interchangeable_by_rule(&at),
                "{v:?} dealt {dealt}"
            );
        }
    }
}

/// The current `resort_group` against the previous one (`resort_group_previous`, its reference)
/// on random groups whose clean piles are in order: positions of random playouts with both groups
/// sorted, then a random set of dirty piles changed at random (cards popped, pushed — often a
/// copy of another pile's bottom card, to make ties — and moved between dirty piles). The whole
/// state must agree: words, lengths and physical names.
#[test]
fn resort_group_matches_the_previous_one() {
    let (mut compared, mut reordered, mut ties, mut short, mut two) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    for v in [ALG, Carthage, AlgerianParlett] {
        for seed in 0..40u64 {
            let g = game(v, 2000 + seed);
            let mut s = g.start();
            let mut next = lcg(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0xA5A5);
            let mut list = MoveList::new();
            for _ in 0..300 {
                g.moves(&s, Pruning::ALL, &mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[next() % list.len()];
                g.play(&mut s, m);
                let mut sorted = s;
                sorted.sort_group_simple(0, DEPOTS);
                sorted.sort_group_simple(DEPOTS, super::state::RESERVES);
                for (first, n) in [(0, DEPOTS), (DEPOTS, super::state::RESERVES)] {
                    let mut t = sorted;
                    // One or two dirty piles (as after a move) or a random subset.
                    let dirty: u32 = match next() % 3 {
                        0 => 1 << (next() % n),
                        1 => 1 << (next() % n) | 1 << (next() % n),
                        _ => next() as u32 & ((1 << n) - 1),
                    };
                    let piles: Vec<usize> =
                        (0..n).filter(|&i| dirty >> i & 1 != 0).map(|i| first + i).collect();
                    if piles.is_empty() {
                        continue;
                    }
                    for _ in 0..1 + next() % 4 {
                        let p = piles[next() % piles.len()];
                        match next() % 3 {
                            0 if t.len(p) > 0 => {
                                t.pop(p);
                            }
                            1 if t.total() < super::state::CAP => {
                                let other = first + next() % n;
                                let k = if next().is_multiple_of(2) && t.len(other) > 0 {
                                    t.pile(other)[0]
                                } else {
                                    Kind::from_index((next() % 52) as u8)
                                };
                                t.push(p, k);
                            }
                            _ => {
                                let q = piles[next() % piles.len()];
                                if p != q && t.len(p) > 0 {
                                    t.move_top(p, q);
                                }
                            }
                        }
                    }
                    let (mut x, mut y) = (t, t);
                    x.resort_group(first, n, dirty);
                    y.resort_group_previous(first, n, dirty);
                    assert_eq!(
                        (whole(&x), x.words),
                        (whole(&y), y.words),
                        "{v:?} seed {seed} group {first} dirty {dirty:b}"
                    );
                    compared += 1;
                    reordered += (whole(&x) != whole(&t)) as usize;
                    // The one-short-pile path (`replace_short_pile`), with a real move.
                    short += (piles.len() == 1 && t.len(piles[0]) <= 1 && whole(&x) != whole(&t))
                        as usize;
                    // Two dirty piles, one of them short (where the one-pile path may apply).
                    two += (piles.len() == 2
                        && piles.iter().any(|&p| t.len(p) <= 1)
                        && whole(&x) != whole(&t)) as usize;
                    let bottoms: Vec<Vec<Kind>> = (first..first + n)
                        .map(|p| t.pile(p).into_iter().take(1).collect())
                        .collect();
                    ties += (1..n)
                        .any(|i| !bottoms[i].is_empty() && bottoms[..i].contains(&bottoms[i]))
                        as usize;
                }
            }
        }
    }
    assert!(
        compared > 30_000 && reordered > 2_000 && ties > 5_000 && short > 300 && two > 300,
        "{compared} {reordered} {ties} {short} {two}"
    );
}
