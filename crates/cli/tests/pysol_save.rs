//! PySolFC saved games (testdata/pysolfc-saves, written by PySolFC 3.6.1's own save code): every
//! fixture reads to exactly PySolFC's view of its position (the JSON beside it), and damaged,
//! truncated or foreign files are refused without a panic.

use patience_cli::pysol_save::{SaveError, SavedGame, read_save};
use patience_cli::save_position::position_of;
use serde_json::Value;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pysolfc-saves"))
}

/// Every save with PySolFC's view beside it: (name, bytes, view).
fn fixtures() -> Vec<(String, Vec<u8>, Value)> {
    let mut out: Vec<_> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|json| {
            let name = json.file_stem().unwrap().to_string_lossy().to_string();
            let view = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
            (name, std::fs::read(json.with_extension("pso")).unwrap(), view)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Card codes; PySolFC's view marks a face-down card with `*` (`KD*`), dropped here.
fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|c| c.as_str().unwrap().trim_end_matches('*').into()).collect()
}

#[test]
fn every_fixture_reads_to_pysolfcs_own_view_of_it() {
    let fixtures = fixtures();
    assert_eq!(fixtures.len(), 14);
    for (name, bytes, view) in &fixtures {
        let save = read_save(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(save.game_id as u64, view["pysol_game_id"].as_u64().unwrap(), "{name}");
        assert_eq!(save.game_number.to_string(), view["game_number"].as_str().unwrap(), "{name}");
        assert_eq!(save.talon_round, view["talon_round"].as_u64().unwrap(), "{name}");
        assert!(!save.finished, "{name}");
        let stacks = view["stacks"].as_array().unwrap();
        assert_eq!(save.stacks.len(), stacks.len(), "{name}");
        for (i, (ours, theirs)) in save.stacks.iter().zip(stacks).enumerate() {
            let codes: Vec<String> = ours.iter().map(|c| c.card.to_string()).collect();
            assert_eq!(codes, strings(&theirs["cards"]), "{name} stack {i}");
            let up: Vec<bool> = ours.iter().map(|c| c.face_up).collect();
            let theirs_up: Vec<bool> = theirs["face_up"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_bool().unwrap())
                .collect();
            assert_eq!(up, theirs_up, "{name} stack {i}");
            let starred: Vec<bool> = theirs["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| !c.as_str().unwrap().ends_with('*'))
                .collect();
            assert_eq!(up, starred, "{name} stack {i}: face-down cards are starred");
        }
    }
}

/// PySolFC's view as our layout's piles, by PySolFC's class names (not by the registry's stack
/// orders, which this checks): foundations (in a sorted order: carthage numbers them otherwise),
/// reserves (`OpenStack`, the Queen of Italy family's terrace, and `ReserveStack`), the wastes
/// (`WasteStack`, and Alhambra's `Alhambra_RowStack`), the other row stacks, the talon.
fn view_piles(view: &Value) -> [Vec<Vec<String>>; 5] {
    let mut piles: [Vec<Vec<String>>; 5] = Default::default();
    for stack in view["stacks"].as_array().unwrap() {
        let class = stack["class"].as_str().unwrap();
        let cards = strings(&stack["cards"]);
        let group = if class.contains("Foundation") {
            0
        } else if class == "OpenStack" || class == "ReserveStack" {
            1
        } else if class == "WasteStack" || class == "Alhambra_RowStack" {
            2
        } else if class.ends_with("RowStack") {
            3
        } else {
            assert!(class.ends_with("_Talon"), "{class}");
            4
        };
        piles[group].push(cards);
    }
    piles[0].sort();
    piles
}

#[test]
fn every_fixture_is_the_position_pysolfc_shows() {
    for (name, bytes, view) in fixtures() {
        let save = read_save(&bytes).unwrap();
        let (choice, layout) = position_of(&save).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(name.starts_with(choice.info.name), "{name} read as {}", choice.info.name);
        choice.rules.check(&layout).unwrap_or_else(|e| panic!("{name}: {e}"));
        let [mut foundations, reserves, wastes, rows, talon] = view_piles(&view);
        let json = serde_json::to_value(&layout).unwrap();
        let list = |key: &str| -> Vec<Vec<String>> {
            json.get(key).map_or(vec![], |v| v.as_array().unwrap().iter().map(strings).collect())
        };
        let mut ours = list("foundations");
        ours.sort();
        foundations.sort();
        assert_eq!(ours, foundations, "{name}: foundations");
        assert_eq!(list("reserves"), reserves, "{name}: reserves");
        assert_eq!(list("wastes"), wastes, "{name}: wastes");
        assert_eq!(list("rows"), rows, "{name}: rows");
        let mut stock = json.get("stock_top_first").map_or(vec![], strings);
        stock.reverse();
        assert_eq!(vec![stock], talon, "{name}: the talon, its top card dealt first");
        let round = view["talon_round"].as_u64().unwrap();
        // The Alhambra family redeals twice (three rounds), the others never.
        let alhambra_family = ["alhambra", "granada", "reinforcements"];
        let redeals = if alhambra_family.iter().any(|g| name.starts_with(g)) { 2 } else { 0 };
        assert_eq!(json["redeals_left"].as_u64(), Some(redeals + 1 - round), "{name}");
    }
}

#[test]
fn carthages_foundations_are_renumbered_a_suits_two_side_by_side() {
    let bytes = std::fs::read(dir().join("carthage-5-after-30.pso")).unwrap();
    let (_, layout) = position_of(&read_save(&bytes).unwrap()).unwrap();
    // PySolFC's F0..F7 take clubs, spades, hearts, diamonds, twice over; ours F2s, F2s+1 suit s.
    let tops: Vec<String> = layout.foundations.iter().map(|p| format!("{:?}", p.first())).collect();
    for (f, pile) in layout.foundations.iter().enumerate() {
        for card in pile {
            assert_eq!(card.suit() as usize, f / 2, "F{f}: {tops:?}");
        }
    }
}

#[test]
fn a_save_of_another_game_names_its_id() {
    let bytes = std::fs::read(dir().join("unsupported-game-8-12345.pso")).unwrap();
    let save = read_save(&bytes).unwrap();
    assert_eq!((save.game_id, save.game_number), (8, 12345));
    let e = format!("{:#}", position_of(&save).unwrap_err());
    assert!(e.contains("PySolFC game id 8") && e.contains("234 alhambra"), "{e}");
}

#[test]
fn files_that_are_not_saves_are_refused() {
    for bytes in [&b""[..], b"not a save", b"{\"stacks\": []}", b"\x80\x05K\x01.", b"\x00\xff"] {
        assert_eq!(read_save(bytes), Err(SaveError::NotASave), "{bytes:?}");
    }
    // A JSON view is not a save either.
    let json = std::fs::read(dir().join("alhambra-617-after-40.json")).unwrap();
    assert_eq!(read_save(&json), Err(SaveError::NotASave));
}

/// The offset just past the plain values (the finished flag's pickle ends there).
fn plain_end(bytes: &[u8]) -> usize {
    // The finished flag is the save's first `bool` pickle: PROTO 5, NEWFALSE, STOP.
    bytes.windows(4).position(|w| w == b"\x80\x05\x89.").unwrap() + 4
}

#[test]
fn a_save_cut_anywhere_in_its_plain_values_is_cut_short() {
    for (name, bytes, _) in fixtures() {
        let end = plain_end(&bytes);
        // From just past the first value, "PySolFC" (cut within it, the file is not a save).
        let first = bytes.windows(7).position(|w| w == b"PySolFC").unwrap() + 9;
        assert!(read_save(&bytes[..first - 1]) == Err(SaveError::NotASave), "{name}");
        for cut in first..end {
            match read_save(&bytes[..cut]) {
                Err(SaveError::CutShort(_)) => {}
                other => panic!("{name} cut at {cut} of {end}: {other:?}"),
            }
        }
        // Cut after them, it still reads: PySolFC's own objects are not needed.
        assert!(read_save(&bytes[..end]).is_ok(), "{name}");
    }
}

#[test]
fn a_finished_game_is_refused() {
    let mut bytes = std::fs::read(dir().join("queen-of-italy-5-after-25.pso")).unwrap();
    let flag = plain_end(&bytes) - 2;
    bytes[flag] = 0x88; // NEWTRUE
    let save: SavedGame = read_save(&bytes).unwrap();
    assert!(save.finished);
    let e = format!("{:#}", position_of(&save).unwrap_err());
    assert!(e.contains("finished"), "{e}");
}

#[test]
fn a_card_twice_or_missing_is_refused_by_the_game() {
    let bytes = std::fs::read(dir().join("alhambra-617-after-40.pso")).unwrap();
    let mut save = read_save(&bytes).unwrap();
    // The waste's top card replaced by a copy of the card under it.
    let waste = save.stacks.last_mut().unwrap();
    let n = waste.len();
    waste[n - 1] = waste[n - 2];
    let e = match position_of(&save) {
        Ok((choice, layout)) => choice.rules.check(&layout).unwrap_err().to_string(),
        Err(e) => format!("{e:#}"),
    };
    assert!(e.contains("appears"), "{e}");
    // A card dropped: a stack count that no longer matches.
    let mut save = read_save(&bytes).unwrap();
    save.stacks.pop();
    let e = format!("{:#}", position_of(&save).unwrap_err());
    assert!(e.contains("stacks"), "{e}");
}
