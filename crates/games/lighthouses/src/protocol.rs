//! The contest's stdio protocol: one JSON object per line.
//!
//! init → `{"name": ...}`; then per turn: state → command → result; EOF at the end.

use crate::Lighthouses;
use crate::command::Command;
use crate::rules::{Outcome, State};
use kibitz_core::BotProtocol;
use serde_json::{Value, json};

impl BotProtocol for Lighthouses {
    fn init_lines(state: &State, player: usize) -> Vec<String> {
        vec![serde_json::to_string(&state.init_view(player)).expect("views serialise")]
    }

    fn parse_greeting(line: &str) -> Result<String, String> {
        let value: Value = serde_json::from_str(line).map_err(|e| format!("Invalid JSON: {e}"))?;
        match value.get("name").and_then(Value::as_str) {
            Some(name) => Ok(name.to_string()),
            None => Err("Bot did not greet with name".to_string()),
        }
    }

    fn turn_lines(state: &State, player: usize) -> Vec<String> {
        vec![serde_json::to_string(&state.turn_view(player)).expect("views serialise")]
    }

    fn parse_action(line: &str) -> Result<Command, String> {
        let value: Value = serde_json::from_str(line).map_err(|e| format!("Invalid JSON: {e}"))?;
        Command::from_json(&value)
    }

    fn result_lines(outcome: &Outcome) -> Vec<String> {
        match outcome {
            Outcome::Turn { success: true, .. } => vec![json!({"success": true}).to_string()],
            Outcome::Turn { success: false, message, .. } => {
                vec![json!({"success": false, "message": message.clone().unwrap_or_default()}).to_string()]
            }
            _ => Vec::new(),
        }
    }
}
