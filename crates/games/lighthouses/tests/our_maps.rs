//! The maps we ship in maps/lighthouses load and are playable.

mod common;

use kibitz_lighthouses::{Map, State};

#[test]
fn every_shipped_map_loads() {
    let dir = common::workspace().join("maps/lighthouses");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let map = Map::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(map.start_count() >= 2 && map.lighthouses().len() >= 3, "{}", path.display());
        State::new(&map, map.start_count(), 10).unwrap();
        count += 1;
    }
    assert!(count >= 3);
}
