//! Property tests of the save reader: the fixtures with bytes changed, removed or inserted, and
//! cut anywhere, go through the path `solve --pysol-save` takes (read, map to a position, the
//! game's check): nothing panics, every refusal is one line.

use patience_cli::pysol_save::read_save;
use patience_cli::save_position::position_of;
use proptest::prelude::*;

mod common;
use common::assert_one_line;

fn fixtures() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pysolfc-saves");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pso"))
        .collect();
    names.sort();
    names.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// What `solve --pysol-save` does with `bytes` up to the search: `Ok` or the refusal.
fn load(bytes: &[u8]) -> Result<(), String> {
    let save = read_save(bytes).map_err(|e| e.to_string())?;
    let (choice, layout) = position_of(&save).map_err(|e| format!("{e:#}"))?;
    choice.rules.check(&layout).map_err(|e| e.to_string())
}

#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Remove(usize),
    Insert(usize, u8),
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn edited_saves_never_panic(
        which in 0usize..15,
        edits in prop::collection::vec(
            prop_oneof![
                (0usize..1600, any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
                (0usize..1600).prop_map(Edit::Remove),
                (0usize..1600, any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
            ],
            1..4,
        ),
        cut in prop::option::of(0usize..1600),
    ) {
        let mut bytes = fixtures()[which].clone();
        for edit in edits {
            match edit {
                Edit::Set(i, b) => { let n = bytes.len(); bytes[i % n] = b; }
                Edit::Remove(i) => { let n = bytes.len(); bytes.remove(i % n); }
                Edit::Insert(i, b) => { let n = bytes.len(); bytes.insert(i % n, b); }
            }
        }
        if let Some(cut) = cut {
            bytes.truncate(cut);
        }
        assert_one_line(load(&bytes))?;
    }
}
