//! The osada replays bundled in `replays/` verify: the rules still play every recorded game
//! exactly as it was played.

#[test]
fn the_bundled_osada_replays_verify() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../replays");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("osada") && name.ends_with(".jsonl")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = kibitz_osada::check_replay(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(checked.damage.is_none(), "{name}: {:?}", checked.damage);
        assert!(checked.verdict.is_ok(), "{name}: {:?}", checked.verdict);
        assert!(checked.steps > 1000, "{name}: {} steps", checked.steps);
        seen += 1;
    }
    assert!(seen > 0, "no osada replay in {dir}");
}
