//! Helpers shared by the Lighthouses tests.
#![allow(dead_code)]

use kibitz_lighthouses::{Map, Pos, State};
use std::path::PathBuf;

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The original maps, or `None` (with a loud message) when the reference data is absent.
pub fn reference_maps() -> Option<Vec<(String, String)>> {
    let dir = kibitz_core::reference::reference_dir(&workspace())?.join("lighthouses/maps");
    let mut maps: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    maps.sort();
    Some(maps)
}

/// The 5×5 map of seed 000's protocol example, with a second start at (2,2) so that the
/// example's two players both have a seat.
pub fn seed_map() -> Map {
    Map::parse("#####\n#!!##\n#01##\n#! !#\n#####\n").unwrap()
}

pub fn lighthouse(state: &State, p: Pos) -> usize {
    state.lighthouse_at(p).unwrap_or_else(|| panic!("no lighthouse at {p}"))
}
