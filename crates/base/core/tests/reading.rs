//! Reading long replays on every core (with the fast path for written records) against reading
//! them line by line with serde, the reference: the same records, the same damage, the same
//! verdict, wherever a problem sits.

use kibitz_core::replay::{BodyLine, LineReader, PlayerInfo, Replay, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::verify::{VerifyError, check_text, verify};
use kibitz_core::{Game, Located};

#[path = "support/adders.rs"]
mod adders;

use adders::{Adders, steps};

const ROUNDS: u32 = 12_000;

/// A whole match as the referee writes it (36,000 steps, about 1.3 MB: many pieces), with bot
/// remarks on some turns so that every optional field occurs.
fn replay_text() -> String {
    let header = ReplayHeader::new::<Adders>(ROUNDS, 1, vec![PlayerInfo::human("a"), PlayerInfo::human("b")], None);
    let mut writer = ReplayWriter::new(Vec::new(), &header).unwrap();
    let mut state = Adders::start(&ROUNDS, 2, 1).unwrap();
    for (i, step) in steps(3 * ROUNDS as usize).iter().enumerate() {
        let outcome = Adders::apply(&mut state, step);
        let mut record = StepRecord::new(i, step, outcome);
        if i % 101 == 1 {
            record.stderr = vec![format!("thinking \"{i}\" {{"), "ok".into()];
            record.ms = Some(i as u64 % 13);
            record.note = Some("over soft time limit".into());
        }
        writer.record(&record).unwrap();
    }
    writer
        .end(&kibitz_core::replay::EndRecord {
            scores: Adders::scores(&state),
            names: vec!["a".into(), "b".into()],
            failed: vec![],
            stopped: None,
        })
        .unwrap();
    String::from_utf8(writer.into_inner()).unwrap()
}

/// Every line after the header read in turn by `read` (its text, number and the steps before
/// it), as the viewer takes in a replay that arrives line by line.
fn line_by_line(
    text: &str,
    mut read: impl FnMut(&str, usize, usize) -> Result<BodyLine<i64, i64>, Located>,
) -> (Vec<StepRecord<i64, i64>>, bool, Option<Located>) {
    let (mut records, mut end) = (Vec::new(), false);
    for (i, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        if end {
            return (records, end, Some(Located::line(i + 1, "text after the end record")));
        }
        match read(line, i + 1, records.len()) {
            Ok(BodyLine::Step(r)) => records.push(r),
            Ok(BodyLine::End(_)) => end = true,
            Err(e) => return (records, end, Some(e)),
        }
    }
    (records, end, None)
}

/// Reads `text` every way and checks they agree; returns what `check_text` said.
fn agree(text: &str, what: &str) -> kibitz_core::verify::Checked {
    // The reference: serde on each line.
    let (records, end, damage) = line_by_line(text, BodyLine::parse_next);
    let mut reader = LineReader::new(Adders::read_action);
    let one_by_one = line_by_line(text, |line, number, steps| reader.next(line, number, steps));
    assert_eq!(one_by_one, (records.clone(), end, damage.clone()), "{what}: line by line through the fast path");
    let loaded = Replay::<Adders>::parse(text).unwrap();
    assert_eq!(loaded.damage, damage, "{what}: damage");
    assert_eq!(loaded.replay.records, records, "{what}: records");
    assert_eq!(loaded.replay.end.is_some(), end, "{what}: end");
    let checked = check_text::<Adders>(text).unwrap();
    assert_eq!(checked.damage, damage, "{what}: damage when checking");
    assert_eq!(checked.steps, records.len(), "{what}: steps checked");
    assert_eq!(checked.verdict, verify(&loaded.replay), "{what}: verdict");
    checked
}

/// `text` with line `number` (1-based) replaced.
fn with_line(text: &str, number: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[number - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn a_whole_replay_reads_and_verifies_the_same_every_way() {
    let text = replay_text();
    assert!(text.len() > 1_000_000, "long enough for many pieces: {}", text.len());
    let checked = agree(&text, "whole");
    assert_eq!(checked.steps, 3 * ROUNDS as usize);
    assert!(checked.verdict.as_ref().is_ok_and(|v| v.finished), "{:?}", checked.verdict);
    // Windows line ends and blank lines are read as before.
    agree(&text.replace('\n', "\r\n"), "CRLF");
    agree(&text.replace("\n{\"step\":20000,", "\n\n   \n{\"step\":20000,"), "blank lines");
}

#[test]
fn damage_anywhere_is_found_at_its_line_as_line_by_line_reading_finds_it() {
    let text = replay_text();
    let lines = text.lines().count();
    for number in [2, 3, 1000, 17_777, 30_001, lines - 1] {
        let step = number - 2;
        for (what, line) in [
            ("garbage", "{\"step\":".to_string()),
            ("a wrong type", format!("{{\"step\":{step},\"outcome\":\"seven\"}}")),
            ("a step out of order", format!("{{\"step\":{},\"outcome\":0}}", step + 5)),
            ("spaces", format!("{{\"step\": {step}, \"outcome\": 0}}")),
            ("a second value", format!("{{\"step\":{step},\"outcome\":0}}{{}}")),
            ("the end too early", "{\"end\":{\"scores\":[0,0],\"names\":[\"a\",\"b\"]}}".to_string()),
        ] {
            let what = format!("{what} at line {number}");
            let damaged = with_line(&text, number, &line);
            let checked = agree(&damaged, &what);
            // Line by line, the problem (if any) is this line or, for an early end, the next.
            if let Some(damage) = &checked.damage {
                assert!(damage.line == number || damage.line == number + 1, "{what}: {damage}");
            }
        }
    }
    let after_end = format!("{text}{{\"step\":99}}\n");
    let checked = agree(&after_end, "after the end");
    assert_eq!(checked.damage.unwrap().message, "text after the end record");
}

#[test]
fn a_disagreement_is_named_and_the_rest_still_read() {
    let text = replay_text();
    let number = 25_002;
    let mut record: StepRecord<i64, i64> = serde_json::from_str(text.lines().nth(number - 1).unwrap()).unwrap();
    record.outcome += 1;
    let changed = with_line(&text, number, &serde_json::to_string(&record).unwrap());
    let checked = agree(&changed, "changed outcome");
    match checked.verdict {
        Err(VerifyError::Disagrees(d)) => assert_eq!(d.line, number, "{d}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(checked.steps, 3 * ROUNDS as usize, "every step is still read");
}

/// Verification compares a recorded outcome as text first: a text that differs is still read
/// (and may be damage), and a line damaged after a disagreement is still found.
#[test]
fn outcomes_written_otherwise_agree_and_damage_after_a_disagreement_is_found() {
    let text = replay_text();
    let number = 20_002;
    let record: StepRecord<i64, i64> = serde_json::from_str(text.lines().nth(number - 1).unwrap()).unwrap();
    let written = serde_json::to_string(&record).unwrap();
    let outcome = format!("\"outcome\":{}", record.outcome);
    // An integer has one way of being written; `-0` differs from the rules' `0` and is a float
    // to serde, so it is damage, found when the texts differ (the games' tests cover outcomes
    // written otherwise but equal).
    let zero = text.lines().position(|l| l.contains("\"outcome\":0,") || l.ends_with("\"outcome\":0}")).unwrap() + 1;
    let zero_line = text.lines().nth(zero - 1).unwrap().replacen("\"outcome\":0", "\"outcome\":-0", 1);
    let checked = agree(&with_line(&text, zero, &zero_line), "minus zero");
    assert_eq!(checked.damage.map(|d| d.line), Some(zero));

    let changed = with_line(&text, number, &written.replace(&outcome, &format!("\"outcome\":{}", record.outcome + 1)));
    let damaged = with_line(&changed, 30_000, "{\"step\":29998,\"outcome\":\"seven\"}");
    let checked = agree(&damaged, "a disagreement, then damage");
    assert!(matches!(checked.verdict, Err(VerifyError::Disagrees(_))), "{:?}", checked.verdict);
    assert_eq!(checked.damage.map(|d| d.line), Some(30_000));
}

/// An end record whose scores are not the rules' is named, as reading the replay whole names it.
#[test]
fn final_scores_that_are_not_the_rules_are_named() {
    let text = replay_text();
    let last = text.lines().count();
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let scores = end["end"]["scores"].as_array().unwrap().clone();
    let mut wrong = end.clone();
    wrong["end"]["scores"][0] = serde_json::json!(scores[0].as_i64().unwrap() + 1);
    let checked = agree(&with_line(&text, last, &wrong.to_string()), "wrong final scores");
    match checked.verdict {
        Err(VerifyError::FinalScores { recorded, simulated }) => {
            assert_eq!(recorded[0], simulated[0] + 1);
            assert_eq!(serde_json::json!(simulated), serde_json::Value::Array(scores));
        }
        other => panic!("{other:?}"),
    }
}

/// Serde names the type it expected, not the field: the header's error names the member.
#[test]
fn a_setup_value_that_does_not_read_is_named_by_its_key() {
    let text = replay_text();
    for (bad, said) in [("-1", "integer `-1`"), ("4294967296", "integer `4294967296`"), ("\"x\"", "string \"x\"")] {
        let broken = text.replacen("\"setup\":12000", &format!("\"setup\":{bad}"), 1);
        assert_ne!(broken, text);
        let e = Replay::<Adders>::parse(&broken).map(drop).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(
            e.message.starts_with(&format!("not a valid replay header: \"setup\": invalid type: {said}"))
                || e.message.starts_with(&format!("not a valid replay header: \"setup\": invalid value: {said}")),
            "{e}"
        );
    }
}
