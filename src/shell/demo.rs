//! The demo replay, embedded so that `kibitz` works from any directory.

pub const DEMO_REPLAY: &str = include_str!("../../replays/lighthouses-demo.jsonl");
pub const DEMO_NAME: &str = "demo: lighthouses-demo.jsonl";
