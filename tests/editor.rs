//! The map editor's document and checks without a window: every map of every game with an
//! editor, ours and the original contests', opens and saves byte for byte unchanged and checks
//! as a match would; scripted edits (the editor's own functions) make fair maps of four seats
//! that pass their validators and are played by our bots, with the arguments the window's
//! "play it now" uses.

use crate::common::*;
use kibitz::kit::editor::EditView;
use kibitz_editor::{Sheet, Symmetry};
use std::path::{Path, PathBuf};

/// The files in `folder` (none when it is absent).
fn files(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == extension)).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// Every map of `game`: ours in maps/, and the original contest's in the reference folder.
fn maps(game: &str, extension: &str, reference_folder: Option<&str>) -> Vec<PathBuf> {
    let mut all = files(&workspace().join("maps").join(game), extension);
    if let (Some(reference), Some(folder)) = (reference(), reference_folder) {
        let theirs = files(&reference.join(folder), extension);
        assert!(!theirs.is_empty(), "no {extension} files in {}", reference.join(folder).display());
        all.extend(theirs);
    }
    all
}

fn open(game: &str, path: Option<&Path>, sheet: Sheet) -> EditView {
    let format = kibitz::games::registry().get(game).unwrap().maps().unwrap_or_else(|| panic!("{game} has an editor"));
    EditView::new(format, sheet, path.map(Path::to_path_buf))
}

/// Opens each map, checks it as a match would, saves it unchanged and finds the same bytes.
fn round_trip(game: &str, paths: &[PathBuf]) {
    assert!(!paths.is_empty(), "{game}: no maps");
    let dir = tempfile::tempdir().unwrap();
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap();
        let copy = dir.path().join(path.file_name().unwrap());
        std::fs::write(&copy, &text).unwrap();
        let mut view = open(game, Some(&copy), Sheet::parse(&text));
        assert!(view.faults().is_empty(), "{}: {:?}", path.display(), view.faults());
        assert!(!view.editor().changed());
        std::fs::remove_file(&copy).unwrap();
        view.save(false).unwrap();
        assert!(std::fs::read(&copy).unwrap() == text.as_bytes(), "{} saves byte for byte", path.display());
    }
}

#[test]
fn every_map_of_every_game_with_an_editor_opens_checks_and_saves_byte_for_byte() {
    round_trip("lighthouses", &maps("lighthouses", "txt", Some("lighthouses/maps")));
    round_trip("snakecore", &maps("snakecore", "txt", None));
    round_trip("amazes", &maps("amazes", "txt", Some("amazes/mazes")));
    round_trip("osada", &maps("osada", "txt", None));
    round_trip("icfp2015", &maps("icfp2015", "json", Some("icfp2015/problems")));
    round_trip("wycinanka", &maps("wycinanka", "world", None));
}

#[test]
fn an_unknown_tool_or_a_cell_off_the_board_paints_nothing() {
    let mut view = open("snakecore", None, kibitz::games::registry().get("snakecore").unwrap().maps().unwrap().new_map(6, 6));
    let before = view.editor().text();
    view.paint(99, (1, 1), 1, Symmetry::None);
    view.paint(1, (6, 1), 1, Symmetry::None);
    view.paint(1, (1, 60), 3, Symmetry::Four);
    view.end_stroke();
    assert_eq!(view.editor().text(), before);
}

/// Runs `kibitz match GAME` with the arguments "play it now" gives for our bots on `map`.
fn bots_play(view: &EditView, game: &str, map: &Path, out: &Path) {
    bots_play_quicker(view, game, map, out, &[]);
}

/// The same, with some of the options' values changed (shorter games for a test).
fn bots_play_quicker(view: &EditView, game: &str, map: &Path, out: &Path, quicker: &[(&str, &str)]) {
    let text = std::fs::read_to_string(map).unwrap();
    let mut args = view.format().play_now(map, &text).bots;
    for (option, value) in quicker {
        let at = args.iter().position(|a| a == option).unwrap_or_else(|| panic!("{game}: play it now gives {option}: {args:?}"));
        args[at + 1] = value.to_string();
    }
    let o = run(kibitz().args(["match", game, "--out"]).arg(out).args(&args));
    assert!(o.status.success(), "{game}: {}", stderr(&o));
    assert!(verify(out).status.success(), "{game}: the replay verifies");
}

#[test]
fn scripted_edits_make_a_fair_four_seat_lighthouses_map_that_our_bots_play() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.txt");
    let format = kibitz::games::registry().get("lighthouses").unwrap().maps().unwrap();
    let mut view = open("lighthouses", Some(&path), format.new_map(15, 11));
    assert!(!view.faults().is_empty(), "a blank map has no start yet");
    let [island, water, lighthouse, start] = [0, 1, 2, 3];
    // A pond in each quarter, lighthouses and starts mirrored both ways.
    for (tool, at, brush, symmetry) in [
        (water, (4, 3), 2, Symmetry::Four),
        (lighthouse, (2, 2), 1, Symmetry::Four),
        (lighthouse, (6, 5), 1, Symmetry::Mirror),
        (start, (2, 4), 1, Symmetry::Four),
        // A start moved: its letters leave where they were.
        (start, (3, 4), 1, Symmetry::Four),
    ] {
        view.paint(tool, at, brush, symmetry);
        view.end_stroke();
    }
    // A mistake, undone.
    view.paint(island, (0, 5), 1, Symmetry::None);
    view.end_stroke();
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
    assert_eq!(text.matches(|c: char| c.is_ascii_uppercase()).count(), 4, "{text}");
    assert_eq!(text.lines().nth(4).unwrap().find('A'), Some(3), "the start moved\n{text}");
    assert_eq!(view.hints().len(), 4, "a hint for each start: {:?}", view.hints());
    view.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    bots_play(&view, "lighthouses", &path, &dir.path().join("game.jsonl"));
}

#[test]
fn scripted_edits_make_a_fair_four_seat_snakecore_map_that_our_bots_play() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.txt");
    let format = kibitz::games::registry().get("snakecore").unwrap().maps().unwrap();
    let mut view = open("snakecore", Some(&path), format.new_map(16, 16));
    assert!(view.faults().iter().any(|f| f.what.contains("no snakes")), "{:?}", view.faults());
    let [_empty, wall, block, energy, reactor, python] = [0, 1, 2, 3, 4, 5];
    for (tool, at, brush, symmetry) in [
        (wall, (7, 4), 2, Symmetry::Four),
        (energy, (3, 6), 1, Symmetry::Four),
        (block, (5, 2), 3, Symmetry::Four),
        (reactor, (6, 6), 1, Symmetry::Four),
    ] {
        view.paint(tool, at, brush, symmetry);
        view.end_stroke();
    }
    // A python drawn head first in each corner: a press, then a drag of two cells.
    for at in [(1, 1), (2, 1), (3, 1)] {
        view.paint(python, at, 1, Symmetry::Four);
    }
    view.end_stroke();
    view.refresh();
    let text = view.editor().text();
    assert!(view.faults().is_empty(), "{:?}\n{text}", view.faults());
    assert!(text.contains("snake 1 1 2 1 3 1\nsnake 14 1 13 1 12 1\nsnake 1 14 2 14 3 14\nsnake 14 14 13 14 12 14\n"), "{text}");
    // The board mirrored both ways.
    let rows: Vec<&str> = text.lines().skip(1).take(16).collect();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(*row, rows[15 - y].chars().rev().collect::<String>(), "row {y}\n{text}");
    }
    assert_eq!(view.hints().len(), 4, "{:?}", view.hints());
    // A press on a python lifts it; undo puts it back.
    view.paint(python, (13, 14), 1, Symmetry::None);
    view.end_stroke();
    assert!(!view.editor().text().contains("snake 14 14"));
    view.editor().undo();
    assert_eq!(view.editor().text(), text);
    // Painting over a python's cell lifts it too, whole, so the map stays one a match takes.
    view.paint(wall, (2, 1), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().is_empty() && !view.editor().text().contains("snake 1 1 2 1"), "{:?}", view.faults());
    view.editor().undo();
    view.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    bots_play(&view, "snakecore", &path, &dir.path().join("game.jsonl"));
}

#[test]
fn an_amazes_maze_from_the_generator_edited_shows_a_broken_corner_where_it_is_and_our_bots_play_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    let format = kibitz::games::registry().get("amazes").unwrap().maps().unwrap();
    let mut view = open("amazes", Some(&path), format.new_map(0, 0));
    assert!(!view.faults().is_empty(), "every wall standing: no square reaches another");
    view.random_fill().unwrap();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
    assert_eq!(view.board().first, 2, "the generator's maze has start lines");
    let generated = view.editor().text();
    let [_wall, open_edge, red, _blue] = [0, 1, 2, 3];
    // The four edges around the corner between squares (1, 1) and (2, 2), opened in one stroke.
    for at in [(1, 2), (3, 2), (2, 1), (2, 3)] {
        view.paint(open_edge, at, 1, Symmetry::None);
    }
    view.end_stroke();
    view.refresh();
    let corner = view.faults().iter().find(|f| f.what.contains("corner")).unwrap_or_else(|| panic!("{:?}", view.faults()));
    assert_eq!(view.format().fault_cell(view.board(), corner), Some((2, 2)), "{corner:?}");
    assert!(view.editor().undo());
    assert_eq!(view.editor().text(), generated);
    // Red's start on the top left square, Blue's opposite; a second press turns them.
    let starts = |view: &mut EditView| view.editor().text().lines().take(2).map(str::to_string).collect::<Vec<_>>();
    let facing = |line: &str| line.chars().last().unwrap();
    let turned = |f: char| ['N', 'E', 'S', 'W'][("NESW".find(f).unwrap() + 1) % 4];
    view.paint(red, (1, 1), 1, Symmetry::Rotate);
    view.end_stroke();
    let placed = starts(&mut view);
    assert_eq!(placed[0][..4], *"1 1 ", "{placed:?}");
    assert_eq!(placed[1][..6], *"25 25 ", "{placed:?}");
    view.paint(red, (1, 1), 1, Symmetry::Rotate);
    view.end_stroke();
    let now = starts(&mut view);
    for k in 0..2 {
        assert_eq!(facing(&now[k]), turned(facing(&placed[k])), "{placed:?} then {now:?}");
    }
    assert!(view.editor().undo() && view.editor().undo());
    view.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), generated);
    bots_play(&view, "amazes", &path, &dir.path().join("game.jsonl"));
}

#[test]
fn an_osada_settlement_gets_masts_and_ground_shows_a_cut_off_field_and_our_bots_play_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settlement.txt");
    let format = kibitz::games::registry().get("osada").unwrap().maps().unwrap();
    let mut view = open("osada", Some(&path), format.new_map(64, 64));
    assert!(view.faults().iter().any(|f| f.what.contains("no mast")), "{:?}", view.faults());
    let [_solid, soggy, blocked, mast] = [0, 1, 2, 3];
    view.paint(mast, (10, 10), 1, Symmetry::Rotate);
    view.end_stroke();
    view.paint(soggy, (31, 31), 5, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
    let text = view.editor().text();
    assert!(text.ends_with("mast 11 11\nmast 54 54\n"), "{}", &text[text.len() - 40..]);
    assert_eq!(view.hints().len(), 2, "{:?}", view.hints());
    // A ring of blocked fields around (3, 3) cuts it off: the field is marked.
    for at in [(2, 2), (3, 2), (4, 2), (2, 3), (4, 3), (2, 4), (3, 4), (4, 4)] {
        view.paint(blocked, at, 1, Symmetry::None);
    }
    view.end_stroke();
    view.refresh();
    let cut = view.faults().first().cloned().unwrap_or_else(|| panic!("no fault"));
    assert_eq!(view.format().fault_cell(view.board(), &cut), Some((3, 3)), "{cut:?}");
    view.editor().undo();
    // A press on a mast lifts it.
    view.paint(mast, (53, 53), 1, Symmetry::None);
    view.end_stroke();
    assert!(!view.editor().text().contains("mast 54 54"));
    view.editor().undo();
    assert_eq!(view.editor().text(), text);
    view.save(false).unwrap();
    bots_play_quicker(&view, "osada", &path, &dir.path().join("game.jsonl"), &[("--game-turns", "3"), ("--turn-ms", "40")]);
    // The generator's settlement, 64 fields a side, four masts.
    view.random_fill().unwrap();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
    assert_eq!(view.editor().text().matches("mast").count(), 4);
}

#[test]
fn an_icfp2015_problem_gets_full_cells_written_in_its_own_spacing_and_our_solver_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hive.json");
    let original = std::fs::read_to_string(workspace().join("maps/icfp2015/hive.json")).unwrap();
    std::fs::write(&path, &original).unwrap();
    let mut view = open("icfp2015", Some(&path), Sheet::parse(&original));
    assert_eq!((view.board().cols, view.board().rows), (10, 14));
    let [full, empty] = [0, 1];
    view.paint(full, (3, 12), 1, Symmetry::None);
    view.paint(full, (4, 12), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
    let text = view.editor().text();
    assert!(text.contains(r#"{"x": 4, "y": 9}, {"x": 5, "y": 9}, {"x": 3, "y": 12}, {"x": 4, "y": 12}]"#), "{text}");
    let outside = |t: &str| t.replace(&t[t.find("\"filled\"").unwrap()..t.find("\"units\"").unwrap()], "");
    assert_eq!(outside(&text), outside(&original), "only the filled array changes");
    // Emptied again: the file as it was.
    view.paint(empty, (3, 12), 1, Symmetry::None);
    view.paint(empty, (4, 12), 1, Symmetry::None);
    view.end_stroke();
    assert_eq!(view.editor().text(), original);
    // A compact problem stays compact.
    let mut compact = open("icfp2015", None, format_new("icfp2015", 5, 5));
    compact.paint(full, (1, 1), 1, Symmetry::Mirror);
    compact.end_stroke();
    assert!(compact.editor().text().contains(r#""filled":[{"x":1,"y":1},{"x":3,"y":1}]"#), "{}", compact.editor().text());
    view.paint(full, (3, 12), 1, Symmetry::None);
    view.end_stroke();
    view.save(false).unwrap();
    bots_play_quicker(&view, "icfp2015", &path, &dir.path().join("game.jsonl"), &[("--time-limit", "5")]);
}

fn format_new(game: &str, cols: usize, rows: usize) -> Sheet {
    kibitz::games::registry().get(game).unwrap().maps().unwrap().new_map(cols, rows)
}

#[test]
fn a_wycinanka_sheet_gets_vertices_and_edges_and_keeps_its_orders_and_our_solvers_play_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.world");
    let original = std::fs::read_to_string(workspace().join("maps/wycinanka/seed-example.world")).unwrap();
    std::fs::write(&path, &original).unwrap();
    let mut view = open("wycinanka", Some(&path), Sheet::parse(&original));
    assert_eq!((view.board().cols, view.board().rows), (4, 5), "positions 0…3 by 0…4");
    let [move_vertex, vertex, edge] = [0, 1, 2];
    // Vertex 7 on a free cell: not connected yet, the parser says so.
    view.paint(vertex, (3, 4), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().iter().any(|f| f.what.contains("not connected")), "{:?}", view.faults());
    // An edge from vertex 5 at (0, 4) to it.
    view.paint(edge, (0, 4), 1, Symmetry::None);
    view.paint(edge, (3, 4), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
    let text = view.editor().text();
    assert!(text.contains("sheet\n7 7\n1 2\n4 2\n2 3\n3 4\n3 6\n4 5\n5 7\n"), "{text}");
    assert!(text.contains("3 2\n3 4\n# The example"), "vertex 7's position after vertex 6's\n{text}");
    assert!(text.ends_with(original.split_once("# The example").unwrap().1), "the orders as written");
    // Vertex 7 dragged one cell up; then the edge drawn again is taken away.
    view.paint(move_vertex, (3, 4), 1, Symmetry::None);
    view.paint(move_vertex, (3, 3), 1, Symmetry::None);
    view.end_stroke();
    assert!(view.editor().text().contains("3 2\n3 3\n# The example"));
    view.paint(edge, (0, 4), 1, Symmetry::None);
    view.paint(edge, (3, 3), 1, Symmetry::None);
    view.end_stroke();
    assert!(view.editor().text().contains("sheet\n7 6\n"));
    assert!(view.editor().undo() && view.editor().undo());
    assert_eq!(view.editor().text(), text);
    view.save(false).unwrap();
    bots_play_quicker(&view, "wycinanka", &path, &dir.path().join("game.jsonl"), &[("--game-turns", "3"), ("--turn-ms", "40")]);
    view.random_fill().unwrap();
    view.refresh();
    assert!(view.faults().is_empty(), "{:?}", view.faults());
}

#[test]
fn a_broken_file_of_any_game_opens_with_its_fault_painting_never_panics_and_saving_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let broken = [
        ("lighthouses", "#####\n# A #\n# !\n#####\n"),
        ("snakecore", "# ragged\n....\n...\n....\n....\nsnake 0 0\n"),
        ("amazes", "+-+-+\n| | |\n"),
        ("icfp2015", "{\"id\": 1, \"width\": 5, \"height\": \n"),
        ("wycinanka", "sheet\n3 2\n1 2\n"),
        ("osada", "....\n..x.\n"),
    ];
    for (game, text) in broken {
        let path = dir.path().join(format!("{game}.broken"));
        let mut view = open(game, Some(&path), Sheet::parse(text));
        let fault = view.faults().first().cloned().unwrap_or_else(|| panic!("{game}: a fault"));
        assert!(!fault.what.is_empty() && !fault.place().is_empty(), "{game}: {fault:?}");
        assert_eq!(view.editor().text(), text, "{game}: every line kept");
        let tools = view.format().tools().len();
        for tool in 0..tools {
            for at in [(0, 0), (1, 1), (3, 2), (60, 60)] {
                view.paint(tool, at, 3, Symmetry::Four);
            }
            view.end_stroke();
        }
        let refused = view.save(false).unwrap_err();
        assert!(refused.contains("fault"), "{game}: {refused}");
        assert!(!path.exists(), "{game}: nothing written before asking");
        view.save(true).unwrap();
        assert!(path.exists(), "{game}: saved anyway");
    }
}

#[test]
fn an_unknown_game_or_one_without_map_files_is_answered_with_the_games_that_have_an_editor() {
    for (game, says) in [("chess", "is not a game this Kibitz knows"), ("fedrunek", "has no map editor")] {
        let o = run(kibitz().args(["edit", game]));
        assert_eq!(o.status.code(), Some(2), "{game}");
        let err = stderr(&o);
        assert!(err.contains(says), "{err}");
        assert!(err.contains("lighthouses, snakecore, icfp2015, amazes, wycinanka, osada"), "{err}");
    }
}

/// What one frame of the editor's board draws in an 800 × 800 window (the game's view, or the
/// map's cells while it has faults), as egui's shapes.
fn drawn(view: &mut EditView) -> Vec<bevy_egui::egui::epaint::ClippedShape> {
    use bevy_egui::egui;
    use kibitz::kit::contract::view::{BoardCamera, Frame, Perspective};
    let ctx = egui::Context::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 800.0));
    let mut output = ctx.run_ui(egui::RawInput { screen_rect: Some(screen), ..Default::default() }, |ui| {
        let response = ui.allocate_rect(screen, egui::Sense::click_and_drag());
        view.draw(Frame {
            ui,
            response: &response,
            rect: screen,
            cursor: 0,
            camera: &BoardCamera::default(),
            perspective: Perspective::Omniscient,
            space: &mut None,
        });
    });
    output.textures_delta.clear();
    output.shapes
}

/// The shapes drawn, flattened out of their groups.
fn flat(shapes: Vec<bevy_egui::egui::epaint::ClippedShape>) -> Vec<bevy_egui::egui::Shape> {
    use bevy_egui::egui::Shape;
    fn open(shape: Shape, into: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(inner) => inner.into_iter().for_each(|s| open(s, into)),
            other => into.push(other),
        }
    }
    let mut all = Vec::new();
    shapes.into_iter().for_each(|c| open(c.shape, &mut all));
    all
}

#[test]
fn a_wycinanka_sheet_cut_in_two_by_a_new_vertex_is_still_drawn_with_the_cut_off_vertex_outlined() {
    use bevy_egui::egui::Shape;
    let original = std::fs::read_to_string(workspace().join("maps/wycinanka/seed-example.world")).unwrap();
    let mut view = open("wycinanka", None, Sheet::parse(&original));
    let circles = |shapes: &[Shape]| shapes.iter().filter(|s| matches!(s, Shape::Circle(_))).count();
    let valid = flat(drawn(&mut view));
    assert!(circles(&valid) >= 6, "the game's view draws the six vertices: {} circles", circles(&valid));
    // Vertex 7 on a free cell: the sheet is no longer connected.
    view.paint(1, (3, 4), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    assert!(view.faults().iter().any(|f| f.what.contains("not connected")), "{:?}", view.faults());
    let faulty = flat(drawn(&mut view));
    let lines = faulty.iter().filter(|s| matches!(s, Shape::LineSegment { .. })).count();
    assert!(circles(&faulty) >= 7 + 1, "seven vertices and the cut-off one outlined: {} circles", circles(&faulty));
    assert!(lines >= 6, "the six edges: {lines} lines");
    let red = faulty.iter().any(|s| matches!(s, Shape::Circle(c) if c.stroke.color == bevy_egui::egui::Color32::from_rgb(255, 60, 60)));
    assert!(red, "the vertex cut off is outlined in red");
}

#[test]
fn an_osada_settlement_with_a_fault_shows_its_ground_at_any_size_and_the_fault_big_enough_to_see() {
    use bevy_egui::egui::{Shape, TextureId};
    let mut view = open("osada", None, format_new("osada", 128, 128));
    // Blocked ground all around one field: a field cut off.
    for at in [(10, 9), (9, 10), (11, 10), (10, 11)] {
        view.paint(2, at, 1, Symmetry::None);
    }
    view.end_stroke();
    view.refresh();
    assert!(!view.faults().is_empty(), "a fault");
    let shapes = flat(drawn(&mut view));
    let textured = shapes.iter().any(|s| matches!(s, Shape::Mesh(m) if m.texture_id != TextureId::default()));
    assert!(textured, "the ground drawn as one texture, a cell a pixel: {} shapes", shapes.len());
    let boxes: Vec<f32> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Rect(r) if r.stroke.color == bevy_egui::egui::Color32::from_rgb(255, 60, 60) => Some(r.rect.width()),
            _ => None,
        })
        .collect();
    assert!(!boxes.is_empty() && boxes.iter().all(|&w| w >= 16.0), "the fault's box is at least 16 points across: {boxes:?}");
    // Masts on open ground, one then moved onto the blocked ring: its line's fault is marked
    // on the mast.
    view.paint(3, (100, 100), 1, Symmetry::None);
    view.end_stroke();
    view.paint(3, (10, 9), 1, Symmetry::None);
    view.end_stroke();
    view.refresh();
    let board = view.board();
    let cells: Vec<_> = view.faults().iter().map(|f| view.format().fault_cell(board, f)).collect();
    assert!(cells.contains(&Some((10, 9))), "{:?} {cells:?}", view.faults());
}

#[test]
fn playing_a_map_by_hand_fills_every_other_seat_with_our_bots() {
    let dir = tempfile::tempdir().unwrap();
    let after_dashes = |args: &[String]| args.iter().position(|a| a == "--").map_or(0, |at| args.len() - at - 1);
    // Lighthouses: duel.txt has two starts; atoll's count is read from the map.
    for name in ["duel.txt", "atoll.txt"] {
        let text = std::fs::read_to_string(workspace().join("maps/lighthouses").join(name)).unwrap();
        let starts = text.chars().filter(|c| c.is_ascii_uppercase()).count();
        let view = open("lighthouses", None, Sheet::parse(&text));
        let now = view.format().play_now(&dir.path().join(name), &text);
        assert_eq!(after_dashes(&now.hand), starts - 1, "{name}: a bot in every seat but the human's: {:?}", now.hand);
        assert_eq!(after_dashes(&now.bots), starts, "{name}: {:?}", now.bots);
    }
    // Osada: one client a mast but the human's, the clock paused at the first turn.
    let text = std::fs::read_to_string(workspace().join("maps/osada/quarry.txt")).unwrap();
    let masts = text.lines().filter(|l| l.starts_with("mast")).count();
    let view = open("osada", None, Sheet::parse(&text));
    let now = view.format().play_now(&dir.path().join("quarry.txt"), &text);
    assert_eq!(after_dashes(&now.hand), masts - 1, "{:?}", now.hand);
    assert!(now.hand.contains(&"--paused".to_string()), "{:?}", now.hand);
    // The hand game starts with every seat taken (checked by the play verb's own parser).
    let map = dir.path().join("duel.txt");
    std::fs::copy(workspace().join("maps/lighthouses/duel.txt"), &map).unwrap();
    let text = std::fs::read_to_string(&map).unwrap();
    let hand = open("lighthouses", None, Sheet::parse(&text)).format().play_now(&map, &text).hand;
    assert!(hand.iter().any(|a| a.starts_with("kibitz bot lighthouses")), "{hand:?}");
}

#[test]
fn a_replay_is_not_opened_as_a_map_and_the_editor_says_how_to_watch_it() {
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("duel.jsonl");
    std::fs::copy(workspace().join("replays/lighthouses-duel.jsonl"), &replay).unwrap();
    let before = std::fs::read(&replay).unwrap();
    for game in ["lighthouses", "osada"] {
        let o = run(kibitz().args(["edit", game]).arg(&replay));
        assert_eq!(o.status.code(), Some(2), "{game}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("a replay of a lighthouses match, not a map"), "{err}");
        assert!(err.contains(&format!("kibitz view {}", replay.display())), "{err}");
    }
    assert_eq!(std::fs::read(&replay).unwrap(), before, "the replay is untouched");
}

#[test]
fn a_fast_drag_paints_every_cell_between_and_a_message_about_faults_goes_once_they_are_fixed() {
    let mut view = open("lighthouses", None, format_new("lighthouses", 20, 12));
    // The water tool dragged from (2, 2) to (12, 6) in two pointer positions.
    view.choose_tool(1);
    view.drag_to((2, 2));
    view.drag_to((12, 6));
    view.end_stroke();
    let text = view.editor().text();
    let water: usize = text.lines().skip(1).take(10).map(|l| l[1..19].matches('#').count()).sum();
    assert!(water >= 11, "a line of water, no gaps ({water} cells):\n{text}");
    assert_eq!(kibitz::kit::editor::line_of_cells((0, 0), (3, 1)), [(0, 0), (1, 0), (2, 1), (3, 1)]);
    // Saving with a fault says so; fixed (a start placed), the message goes.
    let dir = tempfile::tempdir().unwrap();
    let mut view = open("lighthouses", Some(&dir.path().join("m.txt")), format_new("lighthouses", 8, 6));
    assert!(view.save(false).is_err());
    let mut keyed = view;
    keyed.choose_tool(3);
    // The panel's save: the message is the refusal.
    keyed_save(&mut keyed);
    assert!(keyed.message().is_some_and(|m| m.contains("fault")), "{:?}", keyed.message());
    keyed.paint(3, (2, 2), 1, Symmetry::None);
    keyed.end_stroke();
    keyed.refresh();
    assert!(keyed.faults().is_empty(), "{:?}", keyed.faults());
    assert_eq!(keyed.message(), None, "the stale message about the fault is gone");
}

/// Ctrl+S as one key event with its modifiers, read by the editor's keys in one frame.
fn keyed_save(view: &mut EditView) {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    let ctrl_s =
        egui::Event::Key { key: egui::Key::S, physical_key: None, pressed: true, repeat: false, modifiers: egui::Modifiers::COMMAND };
    let mut output = ctx.run_ui(egui::RawInput { events: vec![ctrl_s], ..Default::default() }, |ui| {
        view.keys(ui.ctx());
    });
    output.textures_delta.clear();
}

#[test]
fn an_icfp2015_problem_whose_first_unit_cannot_appear_says_so_beside_a_match_accepting_it() {
    let mut view = open("icfp2015", None, format_new("icfp2015", 6, 5));
    assert!(view.faults().is_empty() && view.hints().is_empty(), "{:?} {:?}", view.faults(), view.hints());
    // The whole top row full: the one-cell unit has nowhere to appear.
    for x in 0..6 {
        view.paint(0, (x, 0), 1, Symmetry::None);
    }
    view.end_stroke();
    view.refresh();
    assert!(view.faults().is_empty(), "a match accepts it: {:?}", view.faults());
    assert!(view.hints().iter().any(|h| h.contains("seed 0") && h.contains("does not fit")), "{:?}", view.hints());
}

#[test]
fn a_wycinanka_drag_joins_the_vertex_it_starts_on_to_the_one_it_ends_on_across_the_cells_between() {
    let original = std::fs::read_to_string(workspace().join("maps/wycinanka/seed-example.world")).unwrap();
    let mut view = open("wycinanka", None, Sheet::parse(&original));
    let [move_vertex, vertex, edge] = [0, 1, 2];
    view.paint(vertex, (3, 4), 1, Symmetry::None);
    view.end_stroke();
    // From vertex 5 at (0, 4) over two free cells to vertex 7 at (3, 4), as the pointer goes.
    for x in 0..4 {
        view.paint(edge, (x, 4), 1, Symmetry::None);
    }
    view.end_stroke();
    view.refresh();
    let text = view.editor().text();
    assert!(view.faults().is_empty(), "{:?}\n{text}", view.faults());
    assert!(text.contains("5 7\n"), "an edge from vertex 5 to vertex 7:\n{text}");
    // Vertex 7 dragged up over vertex 6 at (3, 2) to (3, 1): vertex 6 stays where it was.
    for y in [4, 3, 2, 1] {
        view.paint(move_vertex, (3, y), 1, Symmetry::None);
    }
    view.end_stroke();
    let text = view.editor().text();
    assert!(text.contains("positions\n0 0\n1 1\n2 2\n1 3\n0 4\n3 2\n3 1\n"), "{text}");
}

#[test]
fn the_lighthouses_hints_number_the_starts_as_the_board_and_the_seats_do() {
    let text = std::fs::read_to_string(workspace().join("maps/lighthouses/duel.txt")).unwrap();
    let view = open("lighthouses", None, Sheet::parse(&text));
    let starts: Vec<&str> = view.hints().iter().map(|h| h.split(':').next().unwrap()).collect();
    assert_eq!(starts, ["start 0", "start 1"], "{:?}", view.hints());
}

#[test]
fn the_editor_names_a_cell_as_the_game_and_its_viewer_do() {
    use kibitz_editor::Board;
    // Lighthouses counts y upwards from the bottom row: the file's line 5 of 7 is y = 1.
    let board = Board { first: 0, cols: 12, rows: 7 };
    let lighthouses = kibitz::games::registry().get("lighthouses").unwrap().maps().unwrap();
    assert_eq!(lighthouses.place_name(board, 3, 5), "cell (3, 1)");
    assert_eq!(lighthouses.place_name(board, 0, 0), "cell (0, 6)");
    // The others count rows down, as their files and viewers do.
    let snakecore = kibitz::games::registry().get("snakecore").unwrap().maps().unwrap();
    assert_eq!(snakecore.place_name(board, 3, 5), "cell (3, 5)");
}
