//! A series of games on one server: each game is started and recorded on the setup the rules
//! give it (`Rules::game_setup`), with seed SEED + K − 1, and a game the rules cannot set up ends
//! the series with its number.

use kibitz_core::verify::verify;
use kibitz_deadline24::{AnswerLines, Args, Common, Ctx, Fail, Fixed6, Reply, Rules, Setup};
use kibitz_deadline24_server::ServerOptions;
use kibitz_deadline24_server::testing::{start, teams};

/// A game with no commands of its own whose series moves on every game: game K of N is played
/// on params `base * 100 + K * 10 + N`, for K turns. A base of 0 has no second game.
struct Moving;

impl Rules for Moving {
    const ID: &'static str = "moving";
    const RULES_VERSION: u32 = 1;
    type Params = u32;
    /// The params and the seed the game started with, and the number of teams.
    type State = (u32, u64, usize);
    type TurnReport = ();

    fn start(params: &u32, teams: usize, seed: u64) -> Result<Self::State, String> {
        Ok((*params, seed, teams))
    }

    fn game_setup(setup: &Setup<u32>, _seed: u64, game: u32, games: u32) -> Result<Setup<u32>, String> {
        if setup.game == 0 && game == 2 {
            return Err("no settlement left".into());
        }
        let common = Common { turn_cap: Some(game), ..setup.common };
        Ok(Setup { common, game: setup.game * 100 + game * 10 + games })
    }

    fn command(_: &mut Self::State, _: &Ctx, _: usize, _: Args) -> Reply {
        Err(Fail::UNKNOWN_COMMAND)
    }

    fn end_turn(_: &mut Self::State, _: &Ctx) -> ((), bool) {
        ((), false)
    }

    /// Every team scores the game's params.
    fn results(&(params, _, teams): &Self::State) -> Vec<Fixed6> {
        vec![Fixed6::from_int(params as i64); teams]
    }

    fn answer_lines(_: Args) -> AnswerLines {
        AnswerLines::Fixed(0)
    }
}

#[tokio::test]
async fn each_game_of_a_series_is_played_and_recorded_on_its_own_setup_and_seed() {
    let options = ServerOptions { games: 3, seed: 40, ..ServerOptions::new(teams(2)) };
    let common = Common { turn_ms: 20, ..Common::default() };
    let server = start::<Moving>(7, common, options, false).await;
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results.len(), 3);
    for (k, result) in results.iter().enumerate() {
        let game = k as u32 + 1;
        let params = 700 + game * 10 + 3;
        assert_eq!((result.game, result.turns), (game, game), "game {game} ends at its own setup's turn cap");
        assert_eq!(result.scores, vec![Fixed6::from_int(params as i64).micros(); 2]);
        let replay = replays.parse::<Moving>(k);
        assert_eq!(replay.header.setup.game, params, "game {game}'s header");
        assert_eq!(replay.header.setup.common, Common { turn_cap: Some(game), ..common });
        assert_eq!(replay.header.seed, 40 + k as u64);
        verify(&replay).unwrap_or_else(|e| panic!("game {game}'s replay: {e:?}"));
    }
}

#[tokio::test]
async fn a_game_the_rules_cannot_set_up_ends_the_series_naming_it() {
    let options = ServerOptions { games: 3, ..ServerOptions::new(teams(1)) };
    let common = Common { turn_ms: 20, ..Common::default() };
    let server = start::<Moving>(0, common, options, false).await;
    let replays = server.replays.clone();
    let ended = tokio::time::timeout(std::time::Duration::from_secs(60), server.task).await.expect("the server ends by itself").unwrap();
    let error = ended.expect_err("game 2 cannot be set up").to_string();
    assert!(error.contains("game 2") && error.contains("no settlement left"), "{error}");
    assert_eq!(replays.0.lock().unwrap().len(), 1, "game 1 was played, and no game after it began");
    verify(&replays.parse::<Moving>(0)).unwrap();
}
