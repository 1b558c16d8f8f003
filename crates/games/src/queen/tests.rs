use super::*;
use crate::deal::{DealSource, Hook, make_deal};
use crate::game::{Action, Game, MoveList, Notation, Pile, Pruning};
use crate::layout::golden::assert_golden;
use crate::variant::InFamily;
use crate::variant::Variant;

fn deal(seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), Hook::None).unwrap()
}

fn k(code: &str) -> u8 {
    crate::card::parse_kind(code).unwrap().index()
}

/// Deals are forever: the layouts of a few native seeds, pinned.
#[test]
fn native_layouts_are_pinned() {
    let variants = [
        (Variant::QueenOfItaly, "queen-of-italy"),
        (Variant::GeneralsPatience, "generals-patience"),
        (Variant::BlondesAndBrunettes, "blondes-and-brunettes"),
        (Variant::FallingStar, "falling-star"),
        (Variant::Redheads, "redheads"),
    ];
    for (seed, (variant, name)) in variants.into_iter().enumerate() {
        let rules = QueenRules::of(variant);
        let text = rules.layout(&deal(seed as u64)).to_text(&rules.waste_names());
        assert_golden(&format!("{name}-seed-{seed}.txt"), &text);
    }
}

/// The choice deals the emptied pile, then P4..P8, then one waste card; the base rank is the
/// chosen card's; nothing else moves.
#[test]
fn the_choice_deals_as_the_rules_say() {
    let d = deal(7);
    let g = Queen::new(QueenRules::of(Variant::QueenOfItaly), &d);
    let mut list = MoveList::new();
    g.moves(&g.start(), Pruning::NONE, &mut list);
    assert_eq!(
        list.as_slice(),
        &[QueenMove::Choose(0), QueenMove::Choose(1), QueenMove::Choose(2), QueenMove::Choose(3)]
    );
    let s = g.after_choice(2);
    let c = d.cards();
    assert_eq!(s.base_rank, c[13].rank());
    assert_eq!(s.pile(2), vec![c[15].kind().index()]);
    for (j, i) in (4..9).enumerate() {
        assert_eq!(s.pile(i), vec![c[16 + j].kind().index()]);
    }
    assert_eq!(s.waste_top(), Some(0));
    assert_eq!(g.home_cards(&s), 1);
    assert!(!g.is_won(&s));
}

/// Emptying a pile fills it from the waste at once, and an emptied waste takes the next stock
/// card; the rendered line shows both as forced actions.
#[test]
fn gaps_fill_by_force_and_the_solution_shows_it() {
    let rules = QueenRules::of(Variant::QueenOfItaly);
    // Base A: F0..F3 hold A..Q, F4..F7 are full, so the four cards out are the last of
    // F0..F3's chains (called `kings` below; they are the K of each chain).
    let d = deal(3);
    let layout = prefilled_layout(&rules, &d, 0, [12, 12, 12, 12, 13, 13, 13, 13], 4, 0);
    assert_eq!(layout.rows.iter().flatten().count(), 0);
    // Three of them on P0..P2, one in the waste, six empty piles.
    let mut lay = layout.clone();
    lay.terrace = Some(vec![]);
    let kings: Vec<_> = d
        .cards()
        .iter()
        .copied()
        .filter(|c| !layout.foundations.iter().flatten().any(|f| f.id() == c.id()))
        .collect();
    assert_eq!(kings.len(), 4);
    lay.rows = (0..9).map(|i| if i < 3 { vec![kings[i]] } else { vec![] }).collect();
    lay.wastes = vec![vec![kings[3]]];
    // Gaps with a waste card: the forced variant refuses such a layout (a fill is pending).
    assert!(Queen::from_layout(rules, &lay).is_err());
    let open = QueenRules::of(Variant::QueenOfItalyOpen);
    let g = Queen::from_layout(open, &lay).unwrap();
    let mut list = MoveList::new();
    g.moves(&g.start(), Pruning::NONE, &mut list);
    assert!(list.contains(&QueenMove::Card { from: Loc::Waste, to: Loc::Home }));
    assert!(list.contains(&QueenMove::Card { from: Loc::Waste, to: Loc::Pile(3) }));

    // A forced game from a full tableau: take a won native deal and look at its solution.
    let g = Queen::new(rules, &deal(2));
    let mut solver_line = vec![];
    let mut s = g.start();
    // Greedy: always the first generated move (foundation moves come first); a few steps.
    for _ in 0..40 {
        g.moves(&s, Pruning::NONE, &mut list);
        let m = list[0];
        solver_line.push(m);
        g.play(&mut s, m);
    }
    let actions = g.render(&solver_line);
    assert!(matches!(actions[0], Action::Choose(Pile::Tableau(0))));
    assert!(
        actions.iter().any(|a| a.is_forced()),
        "40 moves without a gap or an auto-deal: {actions:?}"
    );
    assert!(actions.iter().filter(|a| !a.is_forced()).count() == 40);
}

/// Positions that differ only in the order of the piles share one representative.
#[test]
fn pile_order_does_not_matter_to_the_table() {
    let g = Queen::new(QueenRules::of(Variant::QueenOfItaly), &deal(11));
    let s = g.after_choice(0);
    let mut t = s;
    // Swap P1 and P5 by rebuilding them.
    let (p1, p5) = (s.pile(1), s.pile(5));
    while t.len[1] > 0 {
        t.pop(1);
    }
    while t.len[5] > 0 {
        t.pop(5);
    }
    for &c in &p5 {
        t.push(1, c);
    }
    for &c in &p1 {
        t.push(5, c);
    }
    assert_ne!(s, t);
    assert_eq!(g.canonical(&s), g.canonical(&t));
    assert_eq!(g.hash(&g.canonical(&s)), g.hash(&g.canonical(&t)));
}

/// The terrace test: a terrace whose bottom card needs a card that lies above it is dead.
#[test]
fn a_blocked_terrace_is_dead() {
    let rules = QueenRules::of(Variant::QueenOfItaly);
    let d = deal(5);
    // Base A. F0..F3 (black bases) full; F4..F7 (red bases) hold A..J: out are the last two
    // cards of their chains, four black queens and four red kings.
    let mut layout = prefilled_layout(&rules, &d, 0, [13, 13, 13, 13, 11, 11, 11, 11], 8, 0);
    let out: Vec<_> = d
        .cards()
        .iter()
        .copied()
        .filter(|c| !layout.foundations.iter().flatten().any(|f| f.id() == c.id()))
        .collect();
    assert_eq!(out.len(), 8);
    let queens: Vec<_> = out.iter().copied().filter(|c| c.rank() == 11).collect();
    let kings: Vec<_> = out.iter().copied().filter(|c| c.rank() == 12).collect();
    // Terrace bottom→top Q Q K K K: the lowest king needs 3 queens home before it (one for
    // itself, one for each king above it, which go home first), but with 2 queens under it at
    // most 2 can be. Dead.
    layout.terrace = Some(vec![queens[0], queens[1], kings[0], kings[1], kings[2]]);
    layout.rows = (0..9).map(|_| vec![]).collect();
    layout.rows[0] = vec![queens[2]];
    layout.rows[1] = vec![queens[3]];
    layout.rows[2] = vec![kings[3]];
    layout.wastes = vec![vec![]];
    layout.stock_top_first = vec![];
    let g = Queen::from_layout(rules, &layout).unwrap();
    assert!(g.is_dead(&g.start()));
    // The same cards with the kings below the queens are not dead.
    layout.terrace = Some(vec![kings[0], kings[1], kings[2], queens[0], queens[1]]);
    let g = Queen::from_layout(rules, &layout).unwrap();
    assert!(!g.is_dead(&g.start()));
    assert_eq!(k("KS"), crate::card::Kind::new(1, 12).index());
}

/// The dead test with its terrace terms precomputed (per class, compared as words) equals the
/// one walking the terrace and the one reading each terrace card's count, on
/// positions along random lines of every variant with a terrace that only feeds foundations
/// (both verdicts must occur, or the comparison shows little).
#[test]
fn precomputed_terrace_dead_test_equals_the_simple_one() {
    let (mut dead, mut alive) = (0, 0);
    on_random_positions(3, 12, 400, 0.7, |g, s| {
        if g.rules.variant == Variant::Redheads {
            return;
        }
        let d = g.terrace_dead(s);
        assert_eq!(d, g.terrace_dead_simple(s), "{:?}: {s:?}", g.rules.variant);
        assert_eq!(d, g.terrace_dead_per_card(s), "{:?}: {s:?}", g.rules.variant);
        if d { dead += 1 } else { alive += 1 }
    });
    eprintln!("dead {dead}, alive {alive}");
    assert!(dead >= 20 && alive >= 1000, "dead {dead}, alive {alive}");
}

/// `generate` applies the safe-move rule inline; it must give what the plain statement
/// (`safe_move`, then the unpruned list) gives, on positions along random lines of every variant
/// (safe moves must occur often, or the comparison shows little).
#[test]
fn inline_safe_moves_equal_the_plain_rule() {
    let (mut safe, mut other) = (0, 0);
    let no_forced = Pruning { forced_moves: false, ..Pruning::ALL };
    let (mut list, mut plain) = (MoveList::new(), MoveList::new());
    on_random_positions(9, 40, 400, 0.85, |g, s| {
        g.moves(s, Pruning::ALL, &mut list);
        match g.safe_move(s).filter(|_| s.chosen()) {
            Some(m) => {
                assert_eq!(list.as_slice(), &[m], "{:?}: {s:?}", g.rules.variant);
                safe += 1;
            }
            None => {
                g.moves(s, no_forced, &mut plain);
                assert_eq!(list, plain, "{:?}: {s:?}", g.rules.variant);
                other += 1;
            }
        }
    });
    eprintln!("safe {safe}, other {other}");
    assert!(safe >= 300 && other >= 20_000, "safe {safe}, other {other}");
}

/// Calls `f` on the positions along random lines of every variant (a foundation move, when
/// there is one, taken with probability `home_share`, so foundations fill and piles grow and
/// empty): the fast code's comparisons with its references run over these.
pub(super) fn on_random_positions(
    seed: u64,
    deals: u64,
    steps: usize,
    home_share: f64,
    f: impl FnMut(&Queen, &QueenState),
) {
    on_random_lines(seed, &QueenRules::all().collect::<Vec<_>>(), deals, steps, home_share, f);
}

/// `on_random_positions` for the variants with options `rules`, in this order.
fn on_random_lines(
    seed: u64,
    rules: &[QueenRules],
    deals: u64,
    steps: usize,
    home_share: f64,
    mut f: impl FnMut(&Queen, &QueenState),
) {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for &rules in rules {
        for d in 0..deals {
            let g = Queen::new(rules, &deal(d));
            let mut s = g.start();
            let mut list = MoveList::new();
            for _ in 0..steps {
                f(&g, &s);
                g.moves(&s, Pruning::NONE, &mut list);
                if list.is_empty() {
                    break;
                }
                let home: Vec<_> = list
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, QueenMove::Card { to: Loc::Home, .. }))
                    .collect();
                let m = if !home.is_empty() && rng.random_bool(home_share) {
                    home[rng.random_range(0..home.len())]
                } else {
                    list[rng.random_range(0..list.len())]
                };
                g.play(&mut s, m);
            }
        }
    }
}

/// The class read (`home_class`: one nibble of `home`) equals its two-kind reference, and the
/// foundation masks equal the per-card tests they replace in move generation (`playable`,
/// `slots_for_all`, `inert`), for every kind of every chosen position (each verdict must occur
/// often, or the comparison shows little).
#[test]
fn class_reads_and_foundation_masks_equal_the_per_card_tests() {
    let (mut positions, mut full, mut playable, mut slots, mut inert) = (0, 0, 0, 0, 0);
    let mut safe = [0u32; 2];
    on_random_positions(21, 12, 300, 0.7, |g, s| {
        for k in 0..52u8 {
            let c = g.home_class(s, k);
            assert_eq!(c, g.home_class_simple(s, k), "{k} {s:?}");
            full += (c == g.class_copies()) as u32;
        }
        if !s.chosen() {
            return;
        }
        let m = g.foundation_masks(s);
        // Only kinds' bits (below 52): move generation reads bit 63 for an empty pile's top.
        assert_eq!((m.playable | m.slots | m.inert) >> 52, 0, "{s:?}");
        for k in 0..52u8 {
            let bit = |mask: u64| {
                mask >> (4 * Kind::from_index(k).rank() + Kind::from_index(k).suit()) & 1 == 1
            };
            assert_eq!(bit(m.playable), g.playable(s, k), "{:?} {k} {s:?}", g.rules.variant);
            assert_eq!(bit(m.slots), g.slots_for_all(s, k), "{:?} {k} {s:?}", g.rules.variant);
            assert_eq!(bit(m.inert), g.inert(s, k), "{:?} {k} {s:?}", g.rules.variant);
            playable += bit(m.playable) as u32;
            slots += bit(m.slots) as u32;
            inert += bit(m.inert) as u32;
            // The safe test move generation asks per playable card (`safe_kind`) is the masks'.
            if bit(m.playable) {
                for from_terrace in [false, true] {
                    let want = bit(m.slots) && (from_terrace || bit(m.inert));
                    assert_eq!(
                        g.safe_kind(s, k, from_terrace),
                        want,
                        "{:?} {k} {from_terrace} {s:?}",
                        g.rules.variant
                    );
                    safe[want as usize] += 1;
                }
            }
        }
        positions += 1;
    });
    eprintln!(
        "{positions} positions: {full} full classes, {playable} playable, {slots} with slots, {inert} inert, safe {safe:?}"
    );
    assert!(
        positions > 10_000
            && full > 10_000
            && playable > 10_000
            && slots > 10_000
            && inert > 10_000
    );
    assert!(safe[0] > 10_000 && safe[1] > 10_000, "safe {safe:?}");
}

/// What `push` and `pop` keep (the running sum of pile fingerprints, derived from each pile's
/// old value; the cached tops; the kept chain-bit offsets `offs`) always equals its
/// recomputation (`offset` the plain sum), on positions along random lines of every variant (long piles and
/// chain bits far from pile 0 must occur, or the comparison shows little).
#[test]
fn pile_caches_follow_the_piles() {
    let (mut positions, mut deep) = (0, 0);
    on_random_positions(33, 12, 300, 0.7, |g, s| {
        assert_eq!(s.key_fp, s.recomputed_key_fp(), "{s:?}");
        for i in 0..g.rules.rows() {
            assert_eq!(s.top[i], s.pile(i).last().copied().unwrap_or(state::NO_CARD), "{i} {s:?}");
            assert_eq!(s.offset(i), s.offset_simple(i), "{i} {s:?}");
            deep += (s.offset(i) >= 8) as u32;
        }
        positions += 1;
    });
    assert!(
        positions > 10_000 && deep > 10_000,
        "{positions} positions, {deep} piles from bit 8 up"
    );
}

/// `forced_step` (the waste top read once, the gap found by a word test) equals its plain
/// form, and `first_gap` the plain search, on positions along random lines of every variant,
/// and with random piles emptied (gaps of every index and each forced step must occur).
#[test]
fn forced_steps_equal_the_plain_ones() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    let (mut gaps, mut deals, mut fills) = ([0u32; 9], 0, 0);
    on_random_positions(45, 12, 300, 0.7, |g, s| {
        let mut s = *s;
        for _ in 0..2 {
            let rows = g.rules.rows();
            let plain = (0..rows).find(|&i| s.len[i] == 0).map(|i| i as u8);
            assert_eq!(s.first_gap(rows), plain, "{s:?}");
            if let Some(i) = plain {
                gaps[i as usize] += 1;
            }
            let f = g.forced_step(&s);
            assert_eq!(f, g.forced_step_simple(&s), "{s:?}");
            deals += (f == Some(moves::Forced::Deal)) as u32;
            fills += matches!(f, Some(moves::Forced::Fill { .. })) as u32;
            // Empty a random pile, so that gaps appear where the forced rules would fill them.
            let i = rng.random_range(0..rows);
            while s.len[i] > 0 {
                s.pop(i);
            }
        }
    });
    assert!(
        gaps.iter().all(|&n| n > 100) && deals > 100 && fills > 1000,
        "gaps {gaps:?}, deals {deals}, fills {fills}"
    );
}

/// The fingerprint (`fingerprint`: the running sum `key_fp` of pile and field elements, plus
/// `found` when set) partitions positions exactly as the seven-word one before it
/// (`fingerprint_simple`), with and without pile symmetry: on positions along random lines of
/// every variant, each also with one field changed (dealt, terrace, base rank, redeals, a
/// removed bit, a foundation count, `found`), so that near neighbours are compared; and
/// positions met twice must occur, or the comparison shows little.
#[test]
fn short_fingerprints_classify_as_the_long_ones() {
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(57);
    let mut by_new: HashMap<(bool, u128), u128> = HashMap::new();
    let mut by_old: HashMap<(bool, u128), u128> = HashMap::new();
    let (mut positions, mut with_found) = (0, 0);
    on_random_positions(61, 8, 300, 0.7, |g, s| {
        let rows = g.rules.rows();
        let mut t = *s;
        match rng.random_range(0..7) {
            0 => t.dealt ^= 1,
            1 => t.terrace ^= 1,
            2 => t.base_rank = rng.random_range(0..13),
            3 => t.redeals_left ^= 1,
            4 => t.removed ^= 1 << rng.random_range(0..96),
            5 => {
                let k = rng.random_range(0..52u8);
                if t.home(k) < 2 { t.add_home(k) } else { t.remove_home(k) }
            }
            _ => t.found ^= 1 << rng.random_range(0..128),
        }
        t.refresh_talon();
        t.key_fp = t.recomputed_key_fp();
        for u in [*s, t] {
            with_found += (u.found != 0) as u32;
            for sym in [false, true] {
                let (new, old) = (u.fingerprint(rows, sym), u.fingerprint_simple(rows, sym));
                assert_eq!(
                    *by_new.entry((sym, new)).or_insert(old),
                    old,
                    "one new fingerprint, two old: {u:?}"
                );
                assert_eq!(
                    *by_old.entry((sym, old)).or_insert(new),
                    new,
                    "one old fingerprint, two new: {u:?}"
                );
            }
            positions += 1;
        }
    });
    eprintln!("{positions} positions, {} classes, {with_found} with found", by_new.len());
    assert!(
        positions > 20_000 && with_found > 1_000 && by_new.len() < positions * 2 * 9 / 10,
        "{positions} positions, {} classes, {with_found} with found",
        by_new.len()
    );
}

/// `play` (the forced-step test skipped after a card moved off a pile that keeps one, to a
/// pile or home) leaves the very position `play_simple` leaves, for every move of every
/// position along random lines of every variant (skipped and settled moves, and settled moves
/// that do force a fill or a deal, must all occur).
#[test]
fn quiet_moves_play_as_the_plain_play() {
    let (mut quiet, mut other, mut forced) = (0, 0, 0);
    on_random_positions(71, 10, 300, 0.7, |g, s| {
        let mut list = MoveList::new();
        g.moves(s, Pruning::NONE, &mut list);
        for &m in list.iter() {
            let (mut a, mut b) = (*s, *s);
            g.play(&mut a, m);
            g.play_simple(&mut b, m);
            assert_eq!(a, b, "{m:?} from {s:?}");
            let mut own = *s;
            g.play_own(&mut own, m);
            match m {
                QueenMove::Card { from: Loc::Pile(i), to: Loc::Pile(_) | Loc::Home }
                    if s.len[i as usize] >= 2 =>
                {
                    quiet += 1
                }
                _ => other += 1,
            }
            forced += (own != b) as u32;
        }
    });
    assert!(
        quiet > 20_000 && other > 20_000 && forced > 3_000,
        "{quiet} quiet, {other} other, {forced} forced"
    );
}

/// `child_fingerprint` (the child's key sum from the parent's and what the move changes,
/// `child.rs`) is `None` or the fingerprint of the child `play` leaves, for every legal move
/// (the unpruned lists) of positions along random lines of every variant, with 0 and 1 redeals
/// and queen-of-italy-open with exact foundations too, symmetry on and off. Each kind of move
/// must occur often and, with symmetry after the choice (what the search asks), be answered
/// every time: so must moves whose forced steps fill gaps or refill the waste, and redeals
/// that fill several gaps at once.
#[test]
fn child_fingerprints_are_the_played_childrens() {
    // Kinds of move: quiet (off a pile keeping a card, to a pile or home), off a lone card's
    // pile (to a pile or home), from the waste, from the terrace, deal, redeal, choice, with
    // exact foundations, a lone card to an empty pile (not generated with symmetry).
    const NAMES: [&str; 9] =
        ["quiet", "lone", "waste", "terrace", "deal", "redeal", "choose", "exact", "lone to gap"];
    let (mut asked, mut answered) = ([0u32; 9], [0u32; 9]);
    let (mut forced, mut multi_fill, mut unsymmetric) = (0, 0, 0);
    let mut rules: Vec<QueenRules> = vec![];
    for redeals in [0, 1] {
        rules.extend(QueenRules::all().map(|r| QueenRules { redeals, ..r }));
    }
    rules.push(QueenRules {
        foundation_to_tableau: true,
        ..QueenRules::of(Variant::QueenOfItalyOpen)
    });
    let mut list = MoveList::new();
    on_random_lines(81, &rules, 20, 300, 0.8, |g, s| {
        g.moves(s, Pruning::NONE, &mut list);
        let rows = g.rules.rows();
        for &m in list.iter() {
            let mut child = *s;
            g.play(&mut child, m);
            let kind = match m {
                _ if g.rules.exact_foundations() => 7,
                QueenMove::Choose(_) => 6,
                QueenMove::Redeal => 5,
                QueenMove::Deal => 4,
                QueenMove::Card { from: Loc::Terrace, .. } => 3,
                QueenMove::Card { from: Loc::Waste, .. } => 2,
                QueenMove::Card { from: Loc::Pile(i), to: Loc::Pile(j) }
                    if s.len[i as usize] == 1 && s.len[j as usize] == 0 =>
                {
                    8
                }
                QueenMove::Card { from: Loc::Pile(i), .. } if s.len[i as usize] == 1 => 1,
                _ => 0,
            };
            for symmetry in [false, true] {
                let Some(fp) = g.child_fingerprint(s, m, symmetry) else { continue };
                assert_eq!(
                    fp,
                    g.fingerprint(&child, symmetry),
                    "{:?} {m:?} symmetry {symmetry} from {s:?}",
                    g.rules
                );
                // Played with the fingerprint handed over (its flag bit set, as the search
                // does): the same state, running sum included.
                let mut handed = *s;
                g.play_fingerprinted(&mut handed, m, fp | 1);
                assert_eq!(handed, child, "{:?} {m:?} symmetry {symmetry} from {s:?}", g.rules);
                assert_eq!(handed.key_fp, child.key_fp);
                if symmetry {
                    answered[kind] += 1;
                } else {
                    unsymmetric += 1;
                }
            }
            asked[kind] += 1;
            let mut own = *s;
            g.play_own(&mut own, m);
            forced += (own != child) as u32;
            multi_fill += (s.gap_count(rows) >= child.gap_count(rows) + 2) as u32;
        }
    });
    eprintln!(
        "asked {asked:?}, answered {answered:?} ({NAMES:?}); {forced} with forced steps, {multi_fill} filling 2+ gaps, {unsymmetric} answered without symmetry"
    );
    // The kinds answered after the choice: each common, each always answered.
    let floors = [80_000, 20_000, 20_000, 600, 40_000, 250];
    for (kind, &floor) in floors.iter().enumerate() {
        assert!(asked[kind] >= floor, "{}: {} asked, floor {floor}", NAMES[kind], asked[kind]);
        assert_eq!(
            answered[kind], asked[kind],
            "{}: answered {} of {}",
            NAMES[kind], answered[kind], asked[kind]
        );
    }
    assert!(asked[6] >= 400 && asked[7] >= 40_000 && asked[8] >= 20_000, "{asked:?}");
    assert!(forced >= 12_000 && multi_fill >= 300, "{forced} forced, {multi_fill} filling 2+ gaps");
}

/// The `playable` word the state keeps (`refresh_playable` after every move that changes the
/// foundations) says for every kind what the per-card test `playable` says, and for the
/// position what the dead test computed afresh (`is_dead_computed`) and the count of cards
/// home (`home_cards_computed`) say, on random lines of every variant with
/// 0 and 1 redeals and of queen-of-italy-open with exact foundations (foundation tops taken
/// back), before and after the choice (0 before it). Positions whose mask differs from their
/// parent's, and exact positions, must occur often, or the comparison shows little.
#[test]
fn kept_playable_masks_equal_the_computed_ones() {
    let mut rules: Vec<QueenRules> = vec![];
    for redeals in [0, 1] {
        rules.extend(QueenRules::all().map(|r| QueenRules { redeals, ..r }));
    }
    rules.push(QueenRules {
        foundation_to_tableau: true,
        ..QueenRules::of(Variant::QueenOfItalyOpen)
    });
    let (mut positions, mut changed, mut exact, mut unchosen, mut dead, mut many_home) =
        (0, 0, 0, 0, 0, 0);
    let mut last = 0u64;
    on_random_lines(91, &rules, 12, 300, 0.7, |g, s| {
        if s.chosen() {
            for k in 0..52u8 {
                let bit =
                    s.playable >> (4 * Kind::from_index(k).rank() + Kind::from_index(k).suit()) & 1
                        == 1;
                assert_eq!(bit, g.playable(s, k), "{:?} {k} {s:?}", g.rules);
            }
            assert_eq!(
                s.playable >> 59
                    & !(1 << (state::DEAD_BIT - 59))
                    & !(1 << (state::CHILD_FP_BIT - 59)),
                0,
                "{s:?}"
            );
        } else {
            assert_eq!(s.playable, 0, "{s:?}");
        }
        // The kept child-fingerprint bit says what it replaced.
        assert_eq!(s.fingerprinted(), s.chosen() && !g.rules.exact_foundations(), "{s:?}");
        // The kept count of cards home is the counted one.
        assert_eq!(g.home_cards(s), Queen::home_cards_computed(s), "{s:?}");
        many_home += (g.home_cards(s) >= 20) as u32;
        // The dead test's kept answer is the computed one.
        assert_eq!(g.is_dead(s), g.is_dead_computed(s), "{:?} {s:?}", g.rules);
        dead += g.is_dead(s) as u32;
        positions += 1;
        changed += (s.playable != last) as u32;
        exact += g.rules.exact_foundations() as u32;
        unchosen += !s.chosen() as u32;
        last = s.playable;
    });
    eprintln!(
        "{positions} positions, {changed} changed, {exact} exact, {unchosen} before the choice, {dead} dead, {many_home} with 20+ home"
    );
    assert!(
        positions > 30_000
            && changed > 3_000
            && exact > 2_000
            && unchosen > 50
            && dead > 1_000
            && many_home > 1_000,
        "{positions} positions, {changed} changed, {exact} exact, {unchosen} before the choice, {dead} dead, {many_home} with 20+ home"
    );
}

/// The talon positions the state keeps (`waste_at`, `stock_at`: `set_dealt` and `remove_talon`)
/// answer `waste_top` and `stock_next` as `waste_top_of` and `stock_next_of` compute them from
/// `dealt` and `removed`, on random lines of every variant with 0 and 1 redeals (so second
/// passes, whose stock has gaps where cards left the waste, occur). Each answer kind must occur
/// often.
#[test]
fn talon_caches_follow_the_talon() {
    let mut rules: Vec<QueenRules> = vec![];
    for redeals in [0, 1] {
        rules.extend(QueenRules::all().map(|r| QueenRules { redeals, ..r }));
    }
    let (mut waste, mut no_waste, mut stock, mut no_stock, mut second) = (0, 0, 0, 0, 0);
    on_random_lines(93, &rules, 12, 300, 0.5, |g, s| {
        assert_eq!(s.waste_top(), state::waste_top_of(s.dealt, s.removed), "{s:?}");
        assert_eq!(g.stock_next(s), state::stock_next_of(s.dealt, s.removed, g.seq_len), "{s:?}");
        if s.waste_top().is_some() {
            waste += 1
        } else {
            no_waste += 1
        }
        if g.stock_next(s).is_some() {
            stock += 1
        } else {
            no_stock += 1
        }
        second += (s.redeals_left < g.rules.redeals && g.stock_next(s).is_some()) as u32;
    });
    eprintln!("waste {waste}/{no_waste}, stock {stock}/{no_stock}, {second} second-pass stocks");
    assert!(
        waste > 10_000 && no_waste > 1_000 && stock > 10_000 && no_stock > 1_000 && second > 500,
        "waste {waste}/{no_waste}, stock {stock}/{no_stock}, {second} second-pass stocks"
    );
}

/// `empty_pile_moves` (two length masks, `piles_holding`) lists what `empty_pile_moves_simple`
/// (a test per pile and source) lists, in the same order, on random lines of every variant,
/// with and without symmetry, from the waste or not; and `piles_holding` is the per-pile test
/// for random lengths (0..=104, short ones common) and thresholds. Positions with a gap and
/// with moves from piles and from lone cards must occur often.
#[test]
fn empty_pile_moves_equal_the_simple_ones() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(97);
    let (mut with_gap, mut listed, mut lone) = (0, 0, 0);
    let (mut fast, mut simple) = (MoveList::new(), MoveList::new());
    on_random_positions(95, 12, 300, 0.7, |g, s| {
        let rows = g.rules.rows();
        for symmetry in [false, true] {
            for from_waste in [false, true] {
                fast.clear();
                simple.clear();
                moves::empty_pile_moves(s, rows, from_waste, symmetry, &mut fast);
                moves::tests::empty_pile_moves_simple(s, rows, from_waste, symmetry, &mut simple);
                assert_eq!(fast, simple, "{symmetry} {from_waste} {s:?}");
                listed += (fast.len() > from_waste as usize) as u32;
                lone += (!symmetry && (0..rows).any(|i| s.len[i] == 1) && !fast.is_empty()) as u32;
            }
        }
        with_gap += (s.gap_count(rows) > 0) as u32;
    });
    let mut thresholds = 0;
    for _ in 0..20_000 {
        let mut s = QueenState::default();
        for i in 0..state::MAX_ROWS {
            s.len[i] = if rng.random_bool(0.7) {
                rng.random_range(0..4)
            } else {
                rng.random_range(0..=104)
            };
        }
        for min in [1, 2, 3, rng.random_range(1..=127u8)] {
            for rows in [8, 9] {
                assert_eq!(
                    s.piles_holding(min, rows),
                    s.piles_holding_simple(min, rows),
                    "{min} {rows} {:?}",
                    s.len
                );
                thresholds += 1;
            }
        }
    }
    eprintln!(
        "{with_gap} positions with a gap, {listed} lists with pile moves, {lone} with lone cards; {thresholds} length masks"
    );
    assert!(
        with_gap > 2_000 && listed > 2_000 && lone > 1_000 && thresholds == 160_000,
        "{with_gap} {listed} {lone} {thresholds}"
    );
}
