//! Queen of Italy family: layouts from a talon (PySolFC's own layouts reproduced), the opening
//! choice, and the layout check (RULES.md §1, §3).

mod common;
mod queen_common;

use common::{Ids, c, codes, ok};
use patience_reference::queen::{
    Layout, Options, Position, Variant, check_layout, layout_from_talon,
};
use patience_reference::{Move, Rules};
use queen_common::{PYSOLFC_GAME_1, opts, position, start, talon_of};

use Variant::{
    BlondesAndBrunettes, FallingStar, GeneralsPatience, QueenOfItaly, QueenOfItalyOpen, Redheads,
};

const ALL: [Variant; 6] =
    [QueenOfItaly, QueenOfItalyOpen, GeneralsPatience, BlondesAndBrunettes, FallingStar, Redheads];

/// Every pile of a layout as codes joined by spaces: foundations, terrace, rows, waste, stock.
struct Shown {
    foundations: Vec<String>,
    terrace: String,
    rows: Vec<String>,
    waste: String,
    stock: String,
}

fn show(layout: &Layout) -> Shown {
    let join = |cards: &[u8]| codes(cards).join(" ");
    Shown {
        foundations: layout.foundations.iter().map(|f| join(f)).collect(),
        terrace: join(&layout.terrace),
        rows: layout.rows.iter().map(|r| join(r)).collect(),
        waste: join(&layout.waste),
        stock: join(&layout.stock_top_first),
    }
}

fn pile_sizes(layout: &Layout) -> (Vec<usize>, usize, Vec<usize>, usize, usize) {
    (
        layout.foundations.iter().map(Vec::len).collect(),
        layout.terrace.len(),
        layout.rows.iter().map(Vec::len).collect(),
        layout.waste.len(),
        layout.stock_top_first.len(),
    )
}

// -------------------------------------------------------------------------------------------
// Layouts from a talon
// -------------------------------------------------------------------------------------------

#[test]
fn pile_sizes_of_every_variant() {
    let d = talon_of(PYSOLFC_GAME_1);
    let nine = |first: usize| {
        let mut rows = vec![1; first];
        rows.resize(9, 0);
        rows
    };
    let f_with_base = |card: &str| {
        let mut f = vec![0; 8];
        f[2 * (c(card) / 13) as usize] = 1;
        f
    };
    let expected = [
        (QueenOfItaly, (vec![0; 8], 11, nine(4), 0, 89)),
        (QueenOfItalyOpen, (vec![0; 8], 11, nine(4), 0, 89)),
        (GeneralsPatience, (vec![0; 8], 13, nine(4), 0, 87)),
        // The bases: D[19] = 4H, D[20] = KD, D[29] = 8S.
        (BlondesAndBrunettes, (f_with_base("4H"), 10, nine(9), 1, 83)),
        (FallingStar, (f_with_base("KD"), 11, nine(9), 1, 82)),
        (Redheads, (f_with_base("8S"), 21, vec![1; 8], 1, 73)),
    ];
    for (variant, sizes) in expected {
        let layout = layout_from_talon(variant, &d);
        assert_eq!(pile_sizes(&layout), sizes, "{variant:?}");
        assert_eq!(check_layout(variant, &layout), Ok(()), "{variant:?}");
    }
}

/// Redheads is not in PySolFC: our own deal order, checked literally. Terrace D[0..=20], P0..P7 =
/// D[21..=28], base D[29] to F(2·suit), waste D[30], stock D[31..].
#[test]
fn redheads_deal_order() {
    let d = talon_of(PYSOLFC_GAME_1);
    let layout = layout_from_talon(Redheads, &d);
    let shown = show(&layout);
    assert_eq!(shown.terrace, "3D 5H JC KH 5S 5H KC KC 8D JD AS 8C 6C 6H TC 8D 4C JS QC 4H KD");
    assert_eq!(shown.rows, ["2H", "TD", "8S", "AC", "7C", "2H", "AD", "9H"]);
    // D[29] = 8S goes to F(2·spades) = F2.
    assert_eq!(shown.foundations, ["", "", "8S", "", "", "", "", ""]);
    assert_eq!(shown.waste, "7D");
    assert_eq!(&shown.stock[..11], "9S 8H JH 4D");
    assert_eq!(layout.stock_top_first, d[31..].to_vec());
}

/// PySolFC game #1, hard-coded from `testdata/pysolfc-deals.jsonl`: Terrace and Queen of Italy
/// before and after choosing P0; General's Patience after choosing P0 (6H to F4); Blondes and
/// Brunettes (4H to F4) and Falling Star (KD to F6).
#[test]
fn pysolfc_game_1_layouts_and_choice() {
    let d = talon_of(PYSOLFC_GAME_1);
    for variant in [QueenOfItaly, QueenOfItalyOpen] {
        let layout = layout_from_talon(variant, &d);
        let shown = show(&layout);
        assert_eq!(shown.terrace, "3D 5H JC KH 5S 5H KC KC 8D JD AS");
        assert_eq!(shown.rows, ["8C", "6C", "6H", "TC", "", "", "", "", ""]);
        assert_eq!(shown.waste, "");
        assert!(shown.stock.starts_with("8D 4C JS QC 4H KD 2H TD 8S"));

        let mut p = start(variant, Options::for_variant(variant), &layout);
        ok(&mut p, Move::Choose("P0".into()));
        let after = show(&p.to_layout());
        assert_eq!(after.foundations, ["8C", "", "", "", "", "", "", ""]);
        assert_eq!(after.rows, ["8D", "6C", "6H", "TC", "4C", "JS", "QC", "4H", "KD"]);
        assert_eq!(after.waste, "2H");
        assert!(after.stock.starts_with("TD 8S AC 7C"));
        assert_eq!(p.to_layout().stock_top_first, d[22..].to_vec());
    }

    let layout = layout_from_talon(GeneralsPatience, &d);
    let shown = show(&layout);
    assert_eq!(shown.terrace, "3D 5H JC KH 5S 5H KC KC 8D JD AS 8C 6C");
    assert_eq!(shown.rows, ["6H", "TC", "8D", "4C", "", "", "", "", ""]);
    let mut p = start(GeneralsPatience, Options::default(), &layout);
    ok(&mut p, Move::Choose("P0".into()));
    let after = show(&p.to_layout());
    assert_eq!(after.foundations, ["", "", "", "", "6H", "", "", ""]);
    assert_eq!(after.rows, ["JS", "TC", "8D", "4C", "QC", "4H", "KD", "2H", "TD"]);
    assert_eq!(after.waste, "8S");
    assert_eq!(p.to_layout().stock_top_first, d[24..].to_vec());

    let shown = show(&layout_from_talon(BlondesAndBrunettes, &d));
    assert_eq!(shown.terrace, "3D 5H JC KH 5S 5H KC KC 8D JD");
    assert_eq!(shown.rows, ["AS", "8C", "6C", "6H", "TC", "8D", "4C", "JS", "QC"]);
    assert_eq!(shown.foundations, ["", "", "", "", "4H", "", "", ""]);
    assert_eq!(shown.waste, "KD");
    assert!(shown.stock.starts_with("2H TD 8S"));

    let shown = show(&layout_from_talon(FallingStar, &d));
    assert_eq!(shown.terrace, "3D 5H JC KH 5S 5H KC KC 8D JD AS");
    assert_eq!(shown.rows, ["8C", "6C", "6H", "TC", "8D", "4C", "JS", "QC", "4H"]);
    assert_eq!(shown.foundations, ["", "", "", "", "", "", "KD", ""]);
    assert_eq!(shown.waste, "2H");
    assert!(shown.stock.starts_with("TD 8S AC"));
}

// -------------------------------------------------------------------------------------------
// Every row of the fixture file (a tiny ad-hoc reader: arrays of strings only)
// -------------------------------------------------------------------------------------------

/// A JSON value of the kinds the fixture's piles use: a string or an array.
enum Json {
    Str(String),
    List(Vec<Json>),
}

impl Json {
    fn list(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            Json::Str(s) => panic!("expected an array, found {s:?}"),
        }
    }

    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            Json::List(_) => panic!("expected a string"),
        }
    }

    /// An array of codes, joined by spaces.
    fn joined(&self) -> String {
        self.list().iter().map(Json::str).collect::<Vec<_>>().join(" ")
    }

    /// An array of arrays of codes, each joined by spaces.
    fn piles(&self) -> Vec<String> {
        self.list().iter().map(Json::joined).collect()
    }
}

/// Parses a string or an array (of strings and arrays) starting at `text[*at]`.
fn parse(text: &[u8], at: &mut usize) -> Json {
    while text[*at] == b' ' {
        *at += 1;
    }
    match text[*at] {
        b'"' => {
            let begin = *at + 1;
            let end = begin + text[begin..].iter().position(|&b| b == b'"').unwrap();
            *at = end + 1;
            Json::Str(String::from_utf8(text[begin..end].to_vec()).unwrap())
        }
        b'[' => {
            *at += 1;
            let mut items = Vec::new();
            loop {
                while text[*at] == b' ' || text[*at] == b',' {
                    *at += 1;
                }
                if text[*at] == b']' {
                    *at += 1;
                    return Json::List(items);
                }
                items.push(parse(text, at));
            }
        }
        other => panic!("unexpected {:?}", other as char),
    }
}

/// The value of `"key": ` (its first occurrence in `text`).
fn field(text: &str, key: &str) -> Json {
    let pattern = format!("\"{key}\":");
    let mut at = text.find(&pattern).unwrap_or_else(|| panic!("no {key:?}")) + pattern.len();
    parse(text.as_bytes(), &mut at)
}

/// The PySolFC layout of one object (its top level, or its `after_choosing_row_0`).
fn fixture_layout(text: &str) -> (Vec<String>, String, Vec<String>, String, String) {
    let terraces = field(text, "reserves").piles();
    assert_eq!(terraces.len(), 1, "one terrace");
    (
        field(text, "foundations").piles(),
        terraces[0].clone(),
        field(text, "rows").piles(),
        field(text, "waste").joined(),
        field(text, "stock_top_first").joined(),
    )
}

fn ours(layout: &Layout) -> (Vec<String>, String, Vec<String>, String, String) {
    let s = show(layout);
    (s.foundations, s.terrace, s.rows, s.waste, s.stock)
}

/// Every Queen-family row of PySolFC's own layouts (12 game numbers each of Terrace 135, Queen of
/// Italy 431, General's Patience 136, Blondes and Brunettes 137, Falling Star 138): the talon of a
/// game number is rebuilt from its Terrace row (terrace D[0..=10], rows D[11..=14], stock
/// D[15..]); every game's layout from it, and for the choice games the layout after `choose P0`,
/// must be PySolFC's exactly.
#[test]
fn every_pysolfc_fixture_row_is_reproduced() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pysolfc-deals.jsonl");
    let text = std::fs::read_to_string(path).expect("testdata/pysolfc-deals.jsonl");
    let variant_of = |id: u32| match id {
        135 => Some(QueenOfItaly),
        431 => Some(QueenOfItalyOpen),
        136 => Some(GeneralsPatience),
        137 => Some(BlondesAndBrunettes),
        138 => Some(FallingStar),
        _ => None,
    };
    let game_id = |line: &str| -> u32 {
        let pattern = "\"pysolfc_game_id\": ";
        let at = line.find(pattern).unwrap() + pattern.len();
        let digits: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
        digits.parse().unwrap()
    };

    // Talons by game number, from the Terrace rows.
    let mut talons: Vec<(String, Vec<u8>)> = Vec::new();
    for line in text.lines().filter(|line| game_id(line) == 135) {
        let number = field(line, "game_number").str().to_string();
        let mut all = field(line, "reserves").piles()[0].clone();
        for row in &field(line, "rows").piles()[..4] {
            all = format!("{all} {row}");
        }
        all = format!("{all} {}", field(line, "stock_top_first").joined());
        talons.push((number, talon_of(&all)));
    }
    assert_eq!(talons.len(), 12);

    let mut checked = 0;
    for line in text.lines() {
        let Some(variant) = variant_of(game_id(line)) else {
            continue;
        };
        let number = field(line, "game_number").str().to_string();
        let talon = &talons.iter().find(|(n, _)| *n == number).unwrap().1;
        let (head, after) = match line.find("\"after_choosing_row_0\"") {
            Some(at) => (&line[..at], Some(&line[at..])),
            None => (line, None),
        };
        let layout = layout_from_talon(variant, talon);
        assert_eq!(ours(&layout), fixture_layout(head), "{variant:?} #{number}");
        assert_eq!(variant.has_choice(), after.is_some(), "{variant:?}");
        if let Some(after) = after {
            let mut p = start(variant, opts(0, false), &layout);
            ok(&mut p, Move::Choose("P0".into()));
            assert_eq!(
                ours(&p.to_layout()),
                fixture_layout(after),
                "{variant:?} #{number} after choose P0"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 60);
}

#[test]
#[should_panic]
fn talon_of_wrong_length_panics() {
    layout_from_talon(QueenOfItaly, &[0u8; 103]);
}

// -------------------------------------------------------------------------------------------
// The layout check
// -------------------------------------------------------------------------------------------

#[test]
fn check_rejects_inconsistent_layouts() {
    let d = talon_of(PYSOLFC_GAME_1);
    for variant in ALL {
        let good = layout_from_talon(variant, &d);
        assert_eq!(check_layout(variant, &good), Ok(()));

        // A tableau pile too many or too few.
        let mut bad = good.clone();
        bad.rows.push(Vec::new());
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        let mut bad = good.clone();
        bad.rows.pop();
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");

        // Foundations missing.
        let mut bad = good.clone();
        bad.foundations.pop();
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");

        // A third copy of a card; a card missing; an id out of range.
        let mut bad = good.clone();
        bad.stock_top_first[0] = bad.stock_top_first[1];
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        let mut bad = good.clone();
        bad.stock_top_first.pop();
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        let mut bad = good.clone();
        bad.terrace[0] = 104;
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
    }
}

#[test]
fn check_wants_a_base_exactly_where_there_is_no_choice() {
    let d = talon_of(PYSOLFC_GAME_1);
    // The base-by-deal variants with their base put back on the terrace: no foundation at all.
    for variant in [BlondesAndBrunettes, FallingStar, Redheads] {
        let mut bad = layout_from_talon(variant, &d);
        let base = bad.foundations.iter_mut().find_map(|f| f.pop()).unwrap();
        bad.terrace.push(base);
        let why = check_layout(variant, &bad).unwrap_err();
        assert!(why.contains("no opening choice"), "{why}");
    }

    // Before the choice: P4..P8 and the waste empty, P0..P3 at most one card each.
    for variant in [QueenOfItaly, QueenOfItalyOpen, GeneralsPatience] {
        let good = layout_from_talon(variant, &d);
        let mut bad = good.clone();
        let card = bad.stock_top_first.remove(0);
        bad.rows[4].push(card);
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        let mut bad = good.clone();
        let card = bad.stock_top_first.remove(0);
        bad.waste.push(card);
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        let mut bad = good.clone();
        let card = bad.stock_top_first.remove(0);
        bad.rows[1].push(card);
        assert!(check_layout(variant, &bad).is_err(), "{variant:?}");
        // An empty P1 (its card on the terrace) or a short stock is fine.
        let mut fine = good.clone();
        let card = fine.rows[1].pop().unwrap();
        fine.terrace.push(card);
        let rest: Vec<u8> = fine.stock_top_first.drain(3..).collect();
        fine.terrace.extend(rest);
        assert_eq!(check_layout(variant, &fine), Ok(()), "{variant:?}");
    }
}

/// Foundations: runs up-wrap from a base-rank card, alternating colours (General's Patience: in
/// suit), all with the same base, at most 13 cards.
#[test]
fn check_follows_each_variants_foundation_rule() {
    // Base 2: each foundation holds 2..K (12 cards); the eight aces are out, on the terrace.
    let heights = [12; 8];
    let terrace = "AC AC AS AS AH AH AD AD";
    let alternating = position(QueenOfItaly, 1, heights, terrace, &[], "", "");
    let in_suit = position(GeneralsPatience, 1, heights, terrace, &[], "", "");
    for variant in ALL {
        let wanted = variant == GeneralsPatience;
        assert_eq!(check_layout(variant, &in_suit).is_ok(), wanted, "{variant:?}");
        let rows_fit = variant != Redheads;
        if rows_fit {
            assert_eq!(check_layout(variant, &alternating).is_ok(), !wanted, "{variant:?}");
        }
    }

    // Either suit of the other colour may follow: swap F0's 3H for F2's 3D.
    let mut other_red = alternating.clone();
    let (h, d) = (other_red.foundations[0][1], other_red.foundations[2][1]);
    assert_eq!(codes(&[h, d]), ["3H", "3D"]);
    other_red.foundations[0][1] = d;
    other_red.foundations[2][1] = h;
    assert_eq!(check_layout(QueenOfItaly, &other_red), Ok(()));
    // ... but not a card of the same colour: swap F0's 3H for F4's 3C.
    let mut same = alternating.clone();
    let (h, cl) = (same.foundations[0][1], same.foundations[4][1]);
    assert_eq!(codes(&[h, cl]), ["3H", "3C"]);
    same.foundations[0][1] = cl;
    same.foundations[4][1] = h;
    assert!(check_layout(QueenOfItaly, &same).is_err());

    // Two bases: F0 emptied onto the terrace, then F0 restarted with a 3 (F0's 2C 3H off).
    let mut two_bases = alternating.clone();
    let f0 = std::mem::take(&mut two_bases.foundations[0]);
    two_bases.terrace.extend(&f0[2..]);
    two_bases.foundations[0] = vec![f0[1]];
    two_bases.terrace.push(f0[0]);
    let why = check_layout(QueenOfItaly, &two_bases).unwrap_err();
    assert!(why.contains("different rank"), "{why}");
    // The same with F0 starting at 2 again is fine (every foundation may be rebuilt).
    let mut rebuilt = alternating.clone();
    let f0 = std::mem::take(&mut rebuilt.foundations[0]);
    rebuilt.foundations[0] = vec![f0[0]];
    rebuilt.terrace.extend(&f0[1..]);
    assert_eq!(check_layout(QueenOfItaly, &rebuilt), Ok(()));

    // Wrap on the foundation: base 2 ends K, A; a 14th card is refused.
    let mut full = alternating.clone();
    let aces = std::mem::take(&mut full.terrace);
    // F0 (top KH) takes a black ace, F4 (top KC) a red one: AC, AH.
    full.foundations[0].push(aces[0]);
    full.foundations[4].push(aces[4]);
    full.terrace = aces[1..4].iter().chain(&aces[5..]).copied().collect();
    assert_eq!(check_layout(QueenOfItaly, &full), Ok(()));
    // A 14th card: F0 (now ending AC) takes F6's bottom 2D (which leaves F6 starting at 3):
    // refused, first for F0's height.
    let mut fourteen = full.clone();
    let two = fourteen.foundations[6].remove(0);
    fourteen.foundations[0].push(two);
    let why = check_layout(QueenOfItaly, &fourteen).unwrap_err();
    assert!(why.contains("more than 13"), "{why}");
}

#[test]
fn position_round_trips_its_layout() {
    let d = talon_of(PYSOLFC_GAME_1);
    for variant in ALL {
        let layout = layout_from_talon(variant, &d);
        let p = Position::new(variant, &opts(1, false), &layout).unwrap();
        assert_eq!(p.to_layout(), layout);
        assert_eq!(p.redeals_left(), 1);
        assert!(!p.second_pass());
        assert_eq!(p.before_choice(), variant.has_choice());
        assert!(!p.is_won());
    }
    // An inconsistent layout is refused by `new`.
    let mut bad = layout_from_talon(QueenOfItaly, &d);
    bad.rows.pop();
    assert!(Position::new(QueenOfItaly, &Options::default(), &bad).is_err());
}

#[test]
fn options_default_to_the_rule_book() {
    for variant in ALL {
        let options = Options::for_variant(variant);
        assert_eq!(options, Options::default());
        assert_eq!(options.redeals, 0);
        assert!(!options.foundation_to_tableau);
    }
    // Ids hands out deck-1 copies on the second request: used by `talon_of`.
    let mut ids = Ids::new();
    assert_eq!(ids.pile("AC AC"), vec![0, 52]);
}
