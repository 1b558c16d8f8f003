//! Property tests of user deal texts (issue 36): random and mutated texts for every variant go
//! through the path `deal` and `solve` take (bytes → text → deal → checked layout → game → a
//! small search), and nothing panics; every rejection is one line.

use patience_cli::args::RuleArgs;
use patience_cli::choice::choose_game;
use patience_cli::load::{deal_from_source, deal_text};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::Pruning;
use patience_games::rules::FamilyRules;
use patience_games::variant::VARIANTS;
use patience_games::with_rules;
use patience_solver::{Limits, solve};
use proptest::prelude::*;

mod common;
use common::assert_one_line;

/// A few card codes and near-codes, valid and not.
const CODES: &[&str] =
    &["AC", "KD", "10h", "Q♠", "TD", "1C", "XX", "", "AAC", "K", "♣", "0S", "ZZZZ", "11D"];
const SEPARATORS: &[&str] = &[" ", "\n", ",", "\t", ", ", "\r\n", ";", "  "];

/// What the command does with an input: `Ok` if the deal was accepted (and searched), the
/// error's message if not. Panics only if the code has a bug.
fn run_deal(variant: usize, apply_hook: bool, bytes: Vec<u8>) -> Result<(), String> {
    let info = &VARIANTS[variant];
    let choice = choose_game(info.name, &RuleArgs::default()).map_err(|e| format!("{e:#}"))?;
    let text = deal_text(bytes).map_err(|e| format!("{e:#}"))?;
    let source = if apply_hook && info.hook != Hook::None {
        DealSource::TextToHook(text)
    } else {
        DealSource::Text(text)
    };
    let loaded = deal_from_source(&choice, source).map_err(|e| format!("{e:#}"))?;
    let limits = Limits { max_states: 200, table_bytes: 1 << 20, ..Limits::default() };
    let layout = &loaded.layout;
    // The same constructors `solve` calls; an error here is a layout the check let through.
    let built =
        with_rules!(choice.rules, |r| r
            .game(layout)
            .map(|g| solve(&g, limits, Pruning::ALL).states));
    let states = built.unwrap_or_else(|e| panic!("an accepted deal text built no game: {e}"));
    assert!(states >= 1);
    Ok(())
}

/// A valid talon of `variant` as codes (its hook applied), or a plain shuffle (hook not applied).
fn talon(variant: usize, seed: u64, hooked: bool) -> Vec<String> {
    let hook = if hooked { VARIANTS[variant].hook } else { Hook::None };
    make_deal(&DealSource::Native(seed), hook)
        .unwrap()
        .cards()
        .iter()
        .map(|c| c.to_string())
        .collect()
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    Replace(usize, usize),
    Swap(usize, usize),
    Insert(usize, usize),
    Truncate(usize),
    Lowercase,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0..104usize).prop_map(Mutation::Delete),
        (0..104usize).prop_map(Mutation::Duplicate),
        (0..104usize, 0..CODES.len()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (0..104usize, 0..104usize).prop_map(|(i, j)| Mutation::Swap(i, j)),
        (0..105usize, 0..CODES.len()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (0..105usize).prop_map(Mutation::Truncate),
        Just(Mutation::Lowercase),
    ]
}

fn mutate(mut codes: Vec<String>, mutations: &[Mutation]) -> Vec<String> {
    for m in mutations {
        let n = codes.len().max(1);
        match *m {
            Mutation::Delete(i) if !codes.is_empty() => {
                codes.remove(i % n);
            }
            Mutation::Duplicate(i) if !codes.is_empty() => {
                let c = codes[i % n].clone();
                codes.insert(i % n, c);
            }
            Mutation::Replace(i, c) if !codes.is_empty() => codes[i % n] = CODES[c].to_string(),
            Mutation::Swap(i, j) if !codes.is_empty() => codes.swap(i % n, j % n),
            Mutation::Insert(i, c) => codes.insert(i % (codes.len() + 1), CODES[c].to_string()),
            Mutation::Truncate(i) => codes.truncate(i),
            Mutation::Lowercase => codes.iter_mut().for_each(|c| *c = c.to_lowercase()),
            _ => {}
        }
    }
    codes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_deal_texts_never_panic(
        variant in 0..VARIANTS.len(),
        seed in any::<u64>(),
        hooked in any::<bool>(),
        apply_hook in any::<bool>(),
        mutations in prop::collection::vec(mutation(), 0..4),
        separator in 0..SEPARATORS.len(),
    ) {
        let codes = mutate(talon(variant, seed, hooked), &mutations);
        let text = codes.join(SEPARATORS[separator]);
        assert_one_line(run_deal(variant, apply_hook, text.into_bytes()))?;
    }

    #[test]
    fn random_bytes_never_panic(variant in 0..VARIANTS.len(), apply_hook in any::<bool>(), bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        assert_one_line(run_deal(variant, apply_hook, bytes))?;
    }

    #[test]
    fn random_codes_never_panic(
        variant in 0..VARIANTS.len(),
        apply_hook in any::<bool>(),
        picks in prop::collection::vec(0..CODES.len(), 0..120),
    ) {
        let text: Vec<&str> = picks.iter().map(|&i| CODES[i]).collect();
        assert_one_line(run_deal(variant, apply_hook, text.join(" ").into_bytes()))?;
    }
}

#[test]
fn a_shuffled_text_is_refused_for_every_hooked_variant_and_accepted_with_apply_hook() {
    for (v, info) in VARIANTS.iter().enumerate() {
        // Seed 3's plain shuffle does not start with the fixed cards of either hook.
        let plain = talon(v, 3, false).join(" ");
        let refused = run_deal(v, false, plain.clone().into_bytes());
        if info.hook == Hook::None {
            assert_eq!(refused, Ok(()), "{}: a text in any order is a deal", info.name);
            continue;
        }
        let message = refused.expect_err(info.name);
        let prefix: Vec<String> = info.hook.fixed_prefix().iter().map(|k| k.to_string()).collect();
        assert!(
            message.contains(&format!("must start with {}", prefix.join(" "))),
            "{}: {message}",
            info.name
        );
        assert!(message.contains("--apply-hook"), "{message}");
        assert_eq!(run_deal(v, true, plain.into_bytes()), Ok(()), "{}", info.name);
    }
}

#[test]
fn apply_hook_moves_the_first_copies_of_the_fixed_cards_to_the_front() {
    // A text carries no pack of each copy, so the first copy read is the first pack's (the one
    // the hook moves); every other card keeps its order.
    for info in VARIANTS.iter().filter(|i| i.hook != Hook::None) {
        for seed in [0u64, 7, 99] {
            let plain = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
            let hooked = make_deal(&DealSource::TextToHook(plain.to_text()), info.hook).unwrap();
            let prefix = info.hook.fixed_prefix();
            let kinds: Vec<_> = hooked.cards().iter().map(|c| c.kind()).collect();
            assert_eq!(&kinds[..prefix.len()], prefix, "{} seed {seed}", info.name);
            let mut rest: Vec<_> = plain.cards().iter().map(|c| c.kind()).collect();
            for k in prefix {
                rest.remove(rest.iter().position(|x| x == k).unwrap());
            }
            assert_eq!(&kinds[prefix.len()..], &rest[..], "{} seed {seed}", info.name);
        }
    }
}
