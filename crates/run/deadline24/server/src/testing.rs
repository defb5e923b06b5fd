//! What the tests and benchmarks of the server and of its games share (feature `testing`): a
//! server on a loopback port, clients that speak to it line by line, the replays it wrote; and
//! for a load generator, a bare logged-in connection and the CPU time the machine spent.

use crate::{GameResult, ServerOptions, TeamLogin, serve};
use kibitz_core::Replay;
use kibitz_deadline24::{Common, Realtime, Rules, Setup};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// Replays written to memory, one per game.
#[derive(Clone, Default)]
pub struct Replays(pub Arc<Mutex<Vec<Vec<u8>>>>);

struct Into(Arc<Mutex<Vec<Vec<u8>>>>, usize);

impl Write for Into {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap()[self.1].extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Replays {
    pub fn out(&self) -> crate::ReplayOut {
        let all = Arc::clone(&self.0);
        Box::new(move |_game| {
            let mut list = all.lock().unwrap();
            list.push(Vec::new());
            Ok(Box::new(Into(Arc::clone(&all), list.len() - 1)))
        })
    }

    pub fn text(&self, game: usize) -> String {
        String::from_utf8(self.0.lock().unwrap()[game].clone()).unwrap()
    }

    pub fn parse<R: Rules>(&self, game: usize) -> Replay<Realtime<R>> {
        let loaded = Replay::<Realtime<R>>::parse(&self.text(game)).unwrap();
        assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
        loaded.replay
    }
}

/// Teams `login1` … `loginN`, each with the password `secret1` … `secretN`.
pub fn teams(n: usize) -> Vec<TeamLogin> {
    (1..=n).map(|i| TeamLogin { login: format!("login{i}"), password: format!("secret{i}") }).collect()
}

pub struct Running {
    pub addr: SocketAddr,
    pub spectate: Option<SocketAddr>,
    pub replays: Replays,
    pub task: JoinHandle<std::io::Result<Vec<GameResult>>>,
}

impl Running {
    pub async fn finish(self) -> Vec<GameResult> {
        tokio::time::timeout(Duration::from_secs(60), self.task).await.expect("the server ends by itself").unwrap().unwrap()
    }
}

/// Starts a server for `R` with `turn_ms` turns ending after `turns` turns.
pub async fn start<R: Rules>(params: R::Params, common: Common, options: ServerOptions, spectate: bool) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (spectators, spectate) = if spectate {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let a = l.local_addr().unwrap();
        (Some(l), Some(a))
    } else {
        (None, None)
    };
    let replays = Replays::default();
    let setup = Setup { common, game: params };
    let task = tokio::spawn(serve::<R>(listener, spectators, setup, options, replays.out(), None));
    Running { addr, spectate, replays, task }
}

/// A client connection, read line by line.
pub struct Client {
    pub lines: tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
    pub write: tokio::net::tcp::OwnedWriteHalf,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (read, write) = TcpStream::connect(addr).await.unwrap().into_split();
        Client { lines: BufReader::new(read).lines(), write }
    }

    /// Connects from a loopback address of its own (127.0.0.2, …): to the server, another machine.
    pub async fn connect_from(addr: SocketAddr, from: [u8; 4]) -> std::io::Result<Client> {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(SocketAddr::from((from, 0)))?;
        let (read, write) = socket.connect(addr).await?.into_split();
        Ok(Client { lines: BufReader::new(read).lines(), write })
    }

    /// Connects from `from` and logs in.
    pub async fn login_from(addr: SocketAddr, from: [u8; 4], login: &str, password: &str) -> Client {
        let mut c = Client::connect_from(addr, from).await.unwrap();
        c.expect(&["LOGIN"]).await;
        c.send(login).await;
        c.expect(&["PASS"]).await;
        c.send(password).await;
        c.expect(&["OK"]).await;
        c
    }

    /// Connects and logs in.
    pub async fn login(addr: SocketAddr, login: &str, password: &str) -> Client {
        let mut c = Client::connect(addr).await;
        c.expect(&["LOGIN"]).await;
        c.send(login).await;
        c.expect(&["PASS"]).await;
        c.send(password).await;
        c.expect(&["OK"]).await;
        c
    }

    pub async fn send(&mut self, line: &str) {
        self.write.write_all(format!("{line}\n").as_bytes()).await.unwrap();
    }

    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.write.write_all(bytes).await.unwrap();
    }

    /// The next line, or `None` when the server closed the connection.
    pub async fn line(&mut self) -> Option<String> {
        tokio::time::timeout(Duration::from_secs(20), self.lines.next_line()).await.expect("an answer in time").unwrap_or(None)
    }

    pub async fn expect(&mut self, lines: &[&str]) {
        for want in lines {
            assert_eq!(self.line().await.as_deref(), Some(*want));
        }
    }

    /// Sends a command and reads `n` answer lines.
    pub async fn ask(&mut self, line: &str, n: usize) -> Vec<String> {
        self.send(line).await;
        let mut answer = Vec::new();
        for _ in 0..n {
            answer.push(self.line().await.expect("an answer line"));
        }
        answer
    }
}

/// The turn each step of a replay happened in.
pub fn rounds_of<R: Rules>(replay: &Replay<Realtime<R>>) -> Vec<u32> {
    use kibitz_core::{Game, Timeline};
    let players = replay.header.players.len();
    let state = Realtime::<R>::start(&replay.header.setup, players, replay.header.seed).unwrap();
    let timeline = Timeline::<Realtime<R>>::new(state, replay.steps().collect());
    (0..timeline.len()).map(|i| timeline.round_of_step(i)).collect()
}

/// A load generator's server options: teams `team0`, `team1`, … with the password `pw`, two
/// connections a team, and room for every client on this one machine.
pub fn load_options(clients: usize) -> ServerOptions {
    let teams = (0..clients).map(|i| TeamLogin { login: format!("team{i}"), password: "pw".into() }).collect();
    let mut options = ServerOptions::new(teams);
    options.max_connections_per_team = 2;
    options.max_pending_per_address = 1000;
    options
}

/// Replays written to a real file, at `path` (a game after the first writes over it).
pub fn replay_file(path: std::path::PathBuf) -> crate::ReplayOut {
    Box::new(move |_| Ok(Box::new(std::io::BufWriter::new(std::fs::File::create(&path)?))))
}

/// A load generator's connection of `login` (password `password`), logged in without checking
/// the answers, with no delay on small writes: its lines and its writer.
pub async fn logged_in(
    port: u16,
    login: &str,
    password: &str,
) -> (tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>, tokio::net::tcp::OwnedWriteHalf) {
    let stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    lines.next_line().await.unwrap();
    write.write_all(format!("{login}\n").as_bytes()).await.unwrap();
    lines.next_line().await.unwrap();
    write.write_all(format!("{password}\n").as_bytes()).await.unwrap();
    lines.next_line().await.unwrap();
    (lines, write)
}

/// Jiffies the CPUs spent busy (idle excluded) and stolen by the hypervisor, from /proc/stat.
pub fn cpu_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    let (user, nice, system, irq, softirq, steal) =
        (fields.first()?, fields.get(1)?, fields.get(2)?, fields.get(5)?, fields.get(6)?, fields.get(7)?);
    Some((user + nice + system + irq + softirq, *steal))
}

/// Jiffies this process spent on the CPUs (user and system), from /proc/self/stat.
pub fn own_cpu() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}
