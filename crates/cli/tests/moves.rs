//! `solve --moves` (issue 53): on a won position at least one move keeps the win; no move it
//! calls losing is won by the plain reference search (small positions, near the end of won
//! lines) or by the loss audit's win-finders at ten times the move's budget (positions from every
//! family: the PySolFC saves, and positions along won lines of the games PySolFC lacks).

use patience_cli::args::{Format, PlanArgs};
use patience_cli::choice::GameChoice;
use patience_cli::load::LoadedDeal;
use patience_cli::moves::{Choice, MovesJob, decide_moves};
use patience_cli::pysol_save::read_save;
use patience_cli::save_position::position_of;
use patience_games::deal::{DealSource, make_deal};
use patience_games::game::Pruning;
use patience_games::layout::Layout;
use patience_games::rules::FamilyRules;
use patience_games::variant::find_variant;
use patience_games::with_rules;
use patience_reference::PlainOutcome;
use patience_solver::{Limits, Pipeline, Verdict, actions, shorten, solve};
use patience_study::audit::{AUDIT_PRUNING, plan as audit_plan};
use patience_study::decide::{Shortening, decide_deal};
use patience_verify as verify;

fn limits(max_states: u64) -> Limits {
    Limits { max_states, max_time: None, table_bytes: 64 << 20, ..Limits::default() }
}

/// `--moves` from `layout` with `budget` positions in all.
fn moves(choice: &GameChoice, layout: &Layout, budget: u64) -> Vec<Choice> {
    let loaded = LoadedDeal { name: "test".into(), seed: None, deal: None, layout: layout.clone() };
    let job = MovesJob {
        choice,
        loaded: &loaded,
        limits: limits(budget),
        plan: PlanArgs::default(),
        pruning: Pruning::ALL,
        format: Format::Json,
        threads: 1,
    };
    decide_moves(&job).unwrap()
}

/// A won line of `game`'s native `seed` in reference moves, with the deal's layout.
fn won_line(game: &str, seed: u64) -> (GameChoice, Layout, Vec<patience_reference::Move>) {
    let info = find_variant(game).unwrap();
    let choice = GameChoice { info, rules: info.rules };
    let layout = info.rules.layout(&make_deal(&DealSource::Native(seed), info.hook).unwrap());
    let line = with_rules!(info.rules, |r| {
        let g = r.game(&layout).unwrap();
        let result = solve(&g, limits(2_000_000), Pruning::ALL);
        assert_eq!(result.verdict, Verdict::Won, "{game} seed {seed}");
        actions(&g, &shorten(&g, &result.moves))
    });
    (choice, layout, verify::reference_moves(&line))
}

/// The positions `from_end` moves before the end of the line (where a player stops: no forced
/// move pending).
fn near_the_end(game: &str, seed: u64, from_end: &[usize]) -> Vec<(GameChoice, Layout)> {
    let (choice, layout, line) = won_line(game, seed);
    from_end
        .iter()
        .filter_map(|&d| {
            let (at, _) =
                verify::position_after(&choice.rules, &layout, &line[..line.len() - d]).unwrap();
            with_rules!(choice.rules, |r| r.game(&at).is_ok()).then_some((choice, at))
        })
        .collect()
}

#[test]
fn moves_called_losing_are_lost_to_the_plain_reference_search() {
    let (mut positions, mut lost_checked) = (0, 0);
    // The Alhambra family's last pass has moves that bury a card for good: losing moves near the
    // end of won lines. The others show a winning move is listed.
    for (game, seed, from_end) in [
        ("alhambra", 362, &[8, 16, 30][..]),
        ("reinforcements", 125, &[8, 16, 30]),
        ("reinforcements", 294, &[8, 16, 30]),
        ("queen-of-italy-open", 2, &[16]),
        ("generals-patience", 46, &[16]),
        ("algerian", 0, &[16]),
        ("granada", 11, &[16]),
        ("crazy-quilt", 5, &[16]),
    ] {
        for (choice, at) in near_the_end(game, seed, from_end) {
            let choices = moves(&choice, &at, 300_000);
            assert!(
                choices.iter().any(|c| c.verdict == "won"),
                "{game} seed {seed}: a position on a won line lists no winning move"
            );
            for c in choices.iter().filter(|c| c.verdict == "lost") {
                let (outcome, _) = verify::reference_game(&choice.rules, &c.after)
                    .unwrap()
                    .plain_search_counted(2_000_000);
                assert!(
                    !matches!(outcome, PlainOutcome::Won(_)),
                    "{game} seed {seed}: {} wins",
                    c.action
                );
                lost_checked += usize::from(matches!(outcome, PlainOutcome::Lost));
            }
            positions += 1;
        }
    }
    assert!(positions >= 12, "only {positions} positions");
    assert!(lost_checked >= 3, "only {lost_checked} losing moves confirmed by the plain search");
}

/// The audit's win-finders (no dead-position tests) with `budget` positions a phase, from
/// `layout`: whether they win it.
fn audit_wins(choice: &GameChoice, layout: &Layout, budget: u64) -> bool {
    let (plan, max_states) = audit_plan(choice.info, budget);
    with_rules!(choice.rules, |r| {
        let game = r.game(layout).unwrap();
        let mut pipeline = Pipeline::new(limits(max_states), plan);
        let decision = decide_deal(&mut pipeline, &game, AUDIT_PRUNING, Shortening::Quick, |l| {
            verify::replay(&choice.rules, layout, l)
        })
        .unwrap();
        decision.decided.result.verdict == Verdict::Won
    })
}

#[test]
fn moves_called_losing_survive_the_loss_audit_in_every_family() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pysolfc-saves");
    let mut positions: Vec<(String, GameChoice, Layout)> = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".pso") || name.starts_with("unsupported") {
            continue;
        }
        let save = read_save(&std::fs::read(&path).unwrap()).unwrap();
        let (choice, layout) = position_of(&save).unwrap();
        positions.push((name, choice, layout));
    }
    // The Crazy Quilt family has no PySolFC saves: positions along won lines.
    for (game, seed) in [("crazy-quilt", 5), ("persian-rug", 3)] {
        for (choice, at) in near_the_end(game, seed, &[40, 80]) {
            positions.push((format!("{game} {seed}"), choice, at));
        }
    }
    let budget = 200_000;
    let mut lost = 0;
    for (name, choice, layout) in &positions {
        let choices = moves(choice, layout, budget);
        let share = budget / choices.len().max(1) as u64;
        for c in choices.iter().filter(|c| c.verdict == "lost") {
            assert!(!audit_wins(choice, &c.after, 10 * share), "{name}: {} wins", c.action);
            lost += 1;
        }
    }
    assert!(positions.len() >= 16, "{} positions", positions.len());
    assert!(lost >= 10, "only {lost} losing moves audited");
}
