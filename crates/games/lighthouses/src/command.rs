//! A player's command, read from the JSON object a bot sends.
//!
//! Reading never fails on content: a command the engine would refuse (a missing field, a wrong
//! type, an unknown name) becomes [`Command::Malformed`] with the engine's message, so it is
//! recorded and answered like any illegal move. Only a line that is not a JSON object with a
//! `command` field is a protocol violation (see [`Command::from_json`]).

use crate::map::Pos;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A connect destination: a cell, or whatever else the bot sent (kept to be recorded).
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Cell(Pos),
    Other(Value),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(into = "Value")]
pub enum Command {
    Pass,
    /// Step by (x, y); legal values are −1, 0, 1.
    Move {
        x: i64,
        y: i64,
    },
    /// Attack or recharge the lighthouse underfoot with this much energy.
    Attack {
        energy: i64,
    },
    Connect {
        destination: Target,
    },
    /// Refused before the rules look at the board; `raw` is what the bot sent.
    Malformed {
        raw: Value,
        message: String,
    },
}

impl Command {
    /// Reads a command object. `Err` only when `value` is not an object with a `command` field:
    /// the contest engine treated that as a broken bot, not as an illegal move.
    pub fn from_json(value: &Value) -> Result<Command, String> {
        let object = value.as_object().ok_or("Invalid command structure: not a JSON object")?;
        Self::from_fields(|name| object.get(name), &|| value.clone())
    }

    /// Reads a command from its object's fields (`get`); `raw` is the whole object, asked for
    /// only when the command is kept as the bot sent it.
    fn from_fields<'v>(get: impl Fn(&str) -> Option<&'v Value>, raw: &dyn Fn() -> Value) -> Result<Command, String> {
        let name = get("command").ok_or("Invalid command structure: no \"command\" field")?;
        let malformed = |message: &str| Command::Malformed { raw: raw(), message: message.to_string() };
        Ok(match name.as_str() {
            Some("pass") => Command::Pass,
            Some("move") => match (get("x"), get("y")) {
                (Some(x), Some(y)) => match (x.as_i64(), y.as_i64()) {
                    (Some(x), Some(y)) => Command::Move { x, y },
                    _ => malformed("Delta must be 1 cell away"),
                },
                _ => malformed("Move command requires x, y"),
            },
            Some("attack") => match get("energy").and_then(Value::as_i64) {
                Some(energy) => Command::Attack { energy },
                None => malformed("Attack command requires integer energy"),
            },
            Some("connect") => match get("destination") {
                None => malformed("Connect command requires destination"),
                Some(d) => match pair(d) {
                    Some(p) => Command::Connect { destination: Target::Cell(p) },
                    None if d.is_array() || d.is_string() || d.is_object() => Command::Connect { destination: Target::Other(d.clone()) },
                    None => malformed("Destination must be a coordinate pair"),
                },
            },
            Some(other) => malformed(&format!("Invalid command '{other}'")),
            None => malformed(&format!("Invalid command {name}")),
        })
    }

    pub fn to_json(&self) -> Value {
        match self {
            Command::Pass => json!({"command": "pass"}),
            Command::Move { x, y } => json!({"command": "move", "x": x, "y": y}),
            Command::Attack { energy } => json!({"command": "attack", "energy": energy}),
            Command::Connect { destination: Target::Cell(p) } => json!({"command": "connect", "destination": p}),
            Command::Connect { destination: Target::Other(v) } => json!({"command": "connect", "destination": v}),
            Command::Malformed { raw, .. } => raw.clone(),
        }
    }
}

fn pair(v: &Value) -> Option<Pos> {
    match v.as_array()?.as_slice() {
        [x, y] => Some(Pos(i32::try_from(x.as_i64()?).ok()?, i32::try_from(y.as_i64()?).ok()?)),
        _ => None,
    }
}

/// Reads a command in a replay field by field, with no `Value` of the whole object unless the
/// command is kept as sent (malformed, or an odd destination): what `from_json` makes of it.
impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(CommandVisitor)
    }
}

struct CommandVisitor;

impl<'de> serde::de::Visitor<'de> for CommandVisitor {
    type Value = Command;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a command object (Invalid command structure: not a JSON object)")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Command, M::Error> {
        let mut fields: Vec<(Key<'de>, Value)> = Vec::with_capacity(4);
        while let Some(key) = map.next_key::<Key<'de>>()? {
            let value = map.next_value::<Value>()?;
            // A repeated key: the last one counts, as in a JSON object read whole.
            fields.retain(|(k, _)| k.0 != key.0);
            fields.push((key, value));
        }
        let get = |name: &str| fields.iter().find(|(k, _)| k.0 == name).map(|(_, v)| v);
        let raw = || Value::Object(fields.iter().map(|(k, v)| (k.0.to_string(), v.clone())).collect());
        Command::from_fields(get, &raw).map_err(serde::de::Error::custom)
    }
}

/// An object's key, borrowed from the line unless it has escapes.
struct Key<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> serde::de::Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(s.to_string())))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

impl From<Command> for Value {
    fn from(c: Command) -> Value {
        c.to_json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Result<Command, String> {
        Command::from_json(&serde_json::from_str(s).unwrap())
    }

    fn message(s: &str) -> String {
        match read(s).unwrap() {
            Command::Malformed { message, .. } => message,
            other => panic!("expected malformed, got {other:?}"),
        }
    }

    #[test]
    fn the_seed_commands_read() {
        assert_eq!(read(r#"{"command": "pass"}"#), Ok(Command::Pass));
        assert_eq!(read(r#"{"command": "move", "x": -1, "y": 1}"#), Ok(Command::Move { x: -1, y: 1 }));
        assert_eq!(read(r#"{"command": "attack", "energy": 80}"#), Ok(Command::Attack { energy: 80 }));
        assert_eq!(read(r#"{"command": "connect", "destination": [1, 1]}"#), Ok(Command::Connect { destination: Target::Cell(Pos(1, 1)) }));
    }

    #[test]
    fn a_line_without_a_command_field_is_a_protocol_violation() {
        assert!(read("[1, 2]").unwrap_err().contains("not a JSON object"));
        assert!(read(r#"{"move": 1}"#).unwrap_err().contains("no \"command\""));
    }

    #[test]
    fn refusable_commands_carry_the_engine_messages() {
        assert_eq!(message(r#"{"command": "fly"}"#), "Invalid command 'fly'");
        assert_eq!(message(r#"{"command": 7}"#), "Invalid command 7");
        assert_eq!(message(r#"{"command": "move", "x": 1}"#), "Move command requires x, y");
        assert_eq!(message(r#"{"command": "move", "x": 0.5, "y": 0}"#), "Delta must be 1 cell away");
        assert_eq!(message(r#"{"command": "attack", "energy": "lots"}"#), "Attack command requires integer energy");
        assert_eq!(message(r#"{"command": "attack"}"#), "Attack command requires integer energy");
        assert_eq!(message(r#"{"command": "connect"}"#), "Connect command requires destination");
        assert_eq!(message(r#"{"command": "connect", "destination": 5}"#), "Destination must be a coordinate pair");
    }

    #[test]
    fn a_replay_reads_every_command_as_the_referee_read_it_from_the_bot() {
        let lines = [
            r#"{"command":"pass"}"#,
            r#"{"command":"move","x":-1,"y":1}"#,
            r#"{"y":1,"command":"move","x":0}"#,
            r#"{"command":"move","x":1,"y":0,"x":-1}"#,
            r#"{"\u0063ommand":"attack","energy":80}"#,
            r#"{"command":"attack","energy":1.5}"#,
            r#"{"command":"connect","destination":[3,4]}"#,
            r#"{"command":"connect","destination":[3,4,5]}"#,
            r#"{"command":"connect","destination":"home"}"#,
            r#"{"command":"connect","destination":5}"#,
            r#"{"command":"fly","speed":3,"note":{"a":[1,2]}}"#,
            r#"{"command":7}"#,
        ];
        for line in lines {
            let fast = serde_json::from_str::<Command>(line).unwrap();
            assert_eq!(Ok(fast.clone()), read(line), "{line}");
            let written = serde_json::to_string(&fast).unwrap();
            assert_eq!(serde_json::from_str::<Command>(&written).unwrap(), fast, "{line} written as {written}");
        }
        let e = serde_json::from_str::<Command>(r#"{"move":1}"#).unwrap_err().to_string();
        assert!(e.contains("no \"command\" field"), "{e}");
        let e = serde_json::from_str::<Command>("[1,2]").unwrap_err().to_string();
        assert!(e.contains("not a JSON object"), "{e}");
    }

    #[test]
    fn commands_round_trip_as_the_bot_sent_them() {
        for s in [r#"{"command":"move","x":1,"y":0}"#, r#"{"command":"connect","destination":[3,4,5]}"#, r#"{"command":"fly","speed":3}"#] {
            let c = read(s).unwrap();
            assert_eq!(serde_json::to_string(&c).unwrap(), s);
            assert_eq!(serde_json::from_str::<Command>(s).unwrap(), c);
        }
    }
}
