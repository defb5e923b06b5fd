//! The map editor's document and checks without a window: every lighthouses map, ours and the
//! original contest's, opens and saves byte for byte unchanged and checks as a match would; and
//! scripted edits (the editor's own functions) make a fair map of four seats that passes its
//! validator and is played by our bots.

mod common;

use common::*;
use kibitz::kit::editor::EditView;
use kibitz_editor::{Sheet, Symmetry};

fn lighthouses_maps(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut maps: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    maps.sort();
    maps
}

#[test]
fn every_lighthouses_map_opens_checks_and_saves_byte_for_byte() {
    let registry = kibitz::games::registry();
    let mut folders = vec![workspace().join("maps/lighthouses")];
    match reference() {
        Some(reference) => folders.push(reference.join("lighthouses/maps")),
        // `reference()` fails under CI without it, and says so loudly elsewhere.
        None => {}
    }
    let mut opened = 0;
    for folder in folders {
        for path in lighthouses_maps(&folder) {
            let text = std::fs::read_to_string(&path).unwrap();
            let format = registry.get("lighthouses").unwrap().map_format().unwrap();
            let mut view = EditView::new(format, Sheet::parse(&text), Some(path.clone()));
            assert!(view.faults().is_empty(), "{}: {:?}", path.display(), view.faults());
            assert_eq!(view.editor().text(), text, "{} reads back byte for byte", path.display());
            assert!(!view.editor().changed());
            opened += 1;
        }
    }
    assert!(opened >= 4, "{opened} maps");
}

#[test]
fn scripted_edits_make_a_fair_four_seat_map_that_a_match_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.txt");
    let registry = kibitz::games::registry();
    let format = registry.get("lighthouses").unwrap().map_format().unwrap();
    let blank = format.new_map(15, 11);
    let mut view = EditView::new(format, blank, Some(path.clone()));
    assert!(!view.faults().is_empty(), "a blank map has no start yet");
    let tool = |cell: char| move |_k: usize| cell;
    let editor = view.editor();
    // A pond in each quarter, lighthouses and starts mirrored both ways.
    editor.paint(4, 3, 2, Symmetry::Four, tool('#'));
    editor.end_stroke();
    editor.paint(2, 2, 1, Symmetry::Four, tool('!'));
    editor.end_stroke();
    editor.paint(6, 5, 1, Symmetry::Mirror, tool('!'));
    editor.end_stroke();
    editor.paint(3, 4, 1, Symmetry::Four, |k| (b'A' + k as u8) as char);
    editor.end_stroke();
    // A mistake, undone.
    editor.paint(0, 5, 1, Symmetry::None, tool(' '));
    editor.end_stroke();
    view.refresh();
    assert!(view.faults().iter().any(|f| f.what.contains("border")), "island on the border: {:?}", view.faults());
    view.editor().undo();
    view.refresh();
    let text = view.editor().text();
    assert!(view.faults().is_empty(), "{:?}\n{text}", view.faults());
    // Mirror symmetry: each line reads the same backwards but for the starts' letters.
    for line in text.lines() {
        let plain: String = line.chars().map(|c| if c.is_ascii_uppercase() { 'S' } else { c }).collect();
        assert_eq!(plain, plain.chars().rev().collect::<String>(), "{line}");
    }
    assert_eq!(text.matches(|c: char| c.is_ascii_uppercase()).count(), 4);
    view.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Our bots play it.
    let out = dir.path().join("game.jsonl");
    let bots: Vec<String> = ["greedy", "random", "greedy", "random"].iter().enumerate().map(|(k, s)| sample_bot(s, k as u64)).collect();
    let o = play(&path, 20, &out, &bots, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&out).status.success());
}
