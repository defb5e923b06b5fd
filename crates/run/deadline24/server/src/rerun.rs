//! `kibitz replay rerun` for a server game: a new client is served the recorded answers of its
//! team over a loopback socket while its commands agree with the recorded ones, and the first
//! that does not is reported with what the rules make of each. No clock runs: each agreeing
//! command is answered at once, as the server answered it then (a `WAIT` holds nothing), so a
//! client whose commands depend only on what it was answered sends the same commands again.
//!
//! One connection is served: a team whose replay records several is refused (the order of
//! commands across connections is timing, not the client's logic).

use crate::TeamLogin;
use crate::clients::{client_command, match_teams};
use kibitz_core::replay::Replay;
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Realtime, Rules, split};
use kibitz_referee::rerun::{Difference, Rerun};
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// How long the client has to connect and log in.
pub const CONNECT: Duration = Duration::from_secs(10);
/// How long the client may take over each command (it is answered at once, so only its own
/// thinking counts).
pub const IDLE: Duration = Duration::from_secs(10);
/// The longest command line, as the server's default (`ServerOptions::max_line`): a longer one
/// is a client flooding.
const MAX_LINE: usize = 4096;

/// Serves `replay`'s recorded answers of team `seat` to the client `command`, started as
/// `kibitz match` starts clients, until a command differs or the recording ends.
pub fn rerun<R: Rules>(replay: &Replay<Realtime<R>>, seat: usize, command: &str) -> Result<Rerun, String> {
    let header = &replay.header;
    let teams = header.players.len();
    if seat >= teams {
        return Err(format!("there is no seat {seat}: this game has {teams} teams (0 to {})", teams.saturating_sub(1)));
    }
    let own = || replay.records.iter().filter(|r| r.player == Some(seat)).filter_map(|r| r.action.as_ref());
    let connections = own().map(|c| c.conn).collect::<std::collections::BTreeSet<_>>();
    if connections.len() > 1 {
        return Err(format!("team {seat} used {} connections in this game; rerun serves one connection only (yet)", connections.len()));
    }
    let mut team = match_teams(teams, header.seed).swap_remove(seat);
    let name = &header.players[seat].name;
    if split(name).len() == 1 {
        team.login = name.clone();
    }
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("cannot listen on loopback: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let mut client = Client::start(command, port, &team)?;
    let mut state = Realtime::<R>::start(&header.setup, teams, header.seed)?;
    let mut served: Option<Served> = None;
    let mut agreed = 0;
    for (i, record) in replay.records.iter().enumerate() {
        if record.player == Some(seat)
            && let Some(recorded) = &record.action
        {
            let said = match &mut served {
                Some(s) => s.next(),
                None => Served::open(&listener, &mut client, &team).and_then(|s| served.insert(s).next()),
            };
            let said = said.map_err(|why| client.with_status(why));
            let new = match said {
                Ok(line) if split(&line).join(" ") == split(&recorded.line).join(" ") => {
                    let answer = record.outcome.lines().text().to_string();
                    match served.as_mut().expect("opened above").send(&answer) {
                        Ok(()) => {
                            agreed += 1;
                            Realtime::<R>::apply(&mut state, &record.to_step());
                            continue;
                        }
                        // The command agreed; the next one cannot come.
                        Err(why) => {
                            Realtime::<R>::apply(&mut state, &record.to_step());
                            return Ok(Rerun::Differs(nothing_at(&replay.records, i + 1, seat, agreed + 1, client.with_status(why))));
                        }
                    }
                }
                Ok(line) => line,
                Err(why) => return Ok(Rerun::Differs(nothing_at(&replay.records, i, seat, agreed, why))),
            };
            let mut other = state.clone();
            let action = Command { line: new.clone(), ..recorded.clone() };
            let new_outcome = Realtime::<R>::apply(&mut other, &Step::Act { player: seat, action: Some(action) });
            let mut recorded_after = state.clone();
            Realtime::<R>::apply(&mut recorded_after, &record.to_step());
            let show = |o: &kibitz_deadline24::Outcome<R::TurnReport>| serde_json::to_string(o).unwrap_or_else(|e| e.to_string());
            return Ok(Rerun::Differs(Difference {
                step: i,
                agreed,
                recorded: recorded.line.clone(),
                answered: new,
                recorded_outcome: show(&record.outcome),
                new_outcome: show(&new_outcome),
                scores_after: Some([Realtime::<R>::scores(&recorded_after), Realtime::<R>::scores(&other)]),
                continued: None,
            }));
        }
        Realtime::<R>::apply(&mut state, &record.to_step());
    }
    Ok(Rerun::Agrees { answers: agreed })
}

/// The difference when the client sent no command where the recording has one at or after
/// step `from` (or, past the recording's last, says it at the end).
fn nothing_at<O: serde::Serialize>(
    records: &[kibitz_core::replay::StepRecord<Command, O>],
    from: usize,
    seat: usize,
    agreed: usize,
    why: String,
) -> Difference {
    let show = |v: Result<String, serde_json::Error>| v.unwrap_or_else(|e| e.to_string());
    let next = records.iter().enumerate().skip(from).find(|(_, r)| r.player == Some(seat) && r.action.is_some());
    let (step, recorded, recorded_outcome) = match next {
        Some((i, r)) => (i, r.action.as_ref().map_or(String::new(), |c| c.line.clone()), show(serde_json::to_string(&r.outcome))),
        None => (records.len(), "nothing (the recording ends)".into(), "nothing".into()),
    };
    Difference {
        step,
        agreed,
        recorded,
        answered: format!("nothing: {why}"),
        recorded_outcome,
        new_outcome: "nothing".into(),
        scores_after: None,
        continued: None,
    }
}

/// The new client's process, its whole group killed when it is dropped.
struct Client {
    child: Child,
    command: String,
}

impl Client {
    fn start(command: &str, port: u16, team: &TeamLogin) -> Result<Self, String> {
        let mut child = client_command(command, "127.0.0.1", port, team)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the client: {e}"))?;
        // Its own messages on our stderr, as `kibitz match` passes them on; its drawing is for
        // the viewer, and nothing here is drawn.
        if let Some(stderr) = child.stderr.take() {
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    if !line.starts_with(kibitz_core::drawing::PREFIX) {
                        eprintln!("[client] {line}");
                    }
                }
            });
        }
        Ok(Self { child, command: command.to_string() })
    }

    /// `why`, and how the client ended if it has (given a moment to).
    fn with_status(&mut self, why: String) -> String {
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return match kibitz_referee::command::not_run(&self.command, status.code()) {
                    Some(not_run) => format!("{why} ({not_run})"),
                    None => format!("{why} (it exited: {status})"),
                };
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        why
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        kibitz_referee::process::kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The client's connection, logged in.
struct Served {
    read: BufReader<TcpStream>,
    write: TcpStream,
}

impl Served {
    /// Waits for the client's connection and its login, as the server asks for it.
    fn open(listener: &TcpListener, client: &mut Client, team: &TeamLogin) -> Result<Self, String> {
        listener.set_nonblocking(true).map_err(|e| e.to_string())?;
        let deadline = Instant::now() + CONNECT;
        let stream = loop {
            match listener.accept() {
                Ok((stream, _)) => break stream,
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    if let Ok(Some(_)) = client.child.try_wait() {
                        return Err("it ended before connecting".into());
                    }
                    if Instant::now() > deadline {
                        return Err(format!("it did not connect within {} s", CONNECT.as_secs()));
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(e) => return Err(format!("cannot accept its connection: {e}")),
            }
        };
        let setup = |s: &TcpStream| -> std::io::Result<()> {
            s.set_nonblocking(false)?;
            s.set_read_timeout(Some(IDLE))?;
            s.set_write_timeout(Some(IDLE))
        };
        setup(&stream).map_err(|e| e.to_string())?;
        let write = stream.try_clone().map_err(|e| e.to_string())?;
        let mut served = Self { read: BufReader::new(stream), write };
        served.send("LOGIN\n")?;
        let login = served.line()?;
        served.send("PASS\n")?;
        let password = served.line()?;
        if split(&login).join(" ") != team.login || split(&password).join(" ") != team.password {
            let _ = served.send("FAILED 1 bad login\n");
            return Err(format!("it logged in as {login:?}, not as it was told ({:?} and its password)", team.login));
        }
        served.send("OK\n")?;
        Ok(served)
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.write.write_all(text.as_bytes()).map_err(|e| match e.kind() {
            ErrorKind::WouldBlock | ErrorKind::TimedOut => format!("it did not read its answers for {} s", IDLE.as_secs()),
            _ => format!("its connection failed: {e}"),
        })
    }

    /// The client's next line, within [`IDLE`] and [`MAX_LINE`].
    fn line(&mut self) -> Result<String, String> {
        let mut bytes = Vec::new();
        match (&mut self.read).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
            Ok(0) => Err("it closed its connection".into()),
            Ok(_) if !bytes.ends_with(b"\n") && bytes.len() > MAX_LINE => Err(format!("it sent a line over {MAX_LINE} bytes")),
            Ok(_) if !bytes.ends_with(b"\n") => Err("it closed its connection mid-line".into()),
            Ok(_) => Ok(String::from_utf8_lossy(bytes.trim_ascii_end()).into_owned()),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                Err(format!("it sent nothing for {} s", IDLE.as_secs()))
            }
            Err(e) => Err(format!("its connection failed: {e}")),
        }
    }

    /// The client's next command: its next line with words (the server skips blank ones).
    fn next(&mut self) -> Result<String, String> {
        loop {
            let line = self.line()?;
            if !split(&line).is_empty() {
                return Ok(line);
            }
        }
    }
}
