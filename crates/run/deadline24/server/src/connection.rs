//! One client connection: login, then line → owner → answer, in order, one command at a time.

use crate::ServerOptions;
use crate::door::{Door, Ticket, same_secret};
use crate::lines::{Line, LineReader};
use crate::owner::{Handle, Request};
use kibitz_deadline24::{Args, Fail, Lines, split};
use std::io;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::io::{AsyncWrite, AsyncWriteExt, BufWriter};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::time::timeout;

/// Accepts connections until aborted; each gets a task of its own, once the door lets it in.
pub(crate) async fn accept(listener: TcpListener, options: Arc<ServerOptions>, handle: Handle) {
    let door = Door::new(options.max_pending_per_address, options.max_connections, Arc::clone(&options.failed_logins));
    loop {
        let (stream, address) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors or a connection reset before accept: try again soon.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let ticket = match door.admit(address.ip()) {
            Ok(ticket) => ticket,
            Err(why) => {
                door.log_refusal(address.ip(), why);
                tokio::spawn(refuse(stream, options.write_timeout));
                continue;
            }
        };
        let live = Arc::clone(&handle.live);
        if live.fetch_add(1, Ordering::SeqCst) >= options.max_connections {
            live.fetch_sub(1, Ordering::SeqCst);
            door.log_refusal(address.ip(), format_args!("the server holds its {} connections", options.max_connections));
            tokio::spawn(refuse(stream, options.write_timeout));
            continue;
        }
        let (options, handle, door) = (Arc::clone(&options), handle.clone(), door.clone());
        tokio::spawn(async move {
            let _ = serve(stream, ticket, &door, &options, handle).await;
            live.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Turned away at the door or over the server's connection cap: one error line (the protocol has
/// no other for it), then close.
async fn refuse(mut stream: TcpStream, limit: Duration) {
    let line = format!("{}\n", Fail::INTERNAL.line());
    let _ = timeout(limit, stream.write_all(line.as_bytes())).await;
}

/// Writes answers, giving up on a client that does not read them.
struct Writer<W> {
    out: BufWriter<W>,
    limit: Duration,
}

impl<W: AsyncWrite + Unpin> Writer<W> {
    async fn send(&mut self, lines: &Lines) -> io::Result<()> {
        let write = async {
            self.out.write_all(lines.text().as_bytes()).await?;
            self.out.flush().await
        };
        timeout(self.limit, write).await.map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "the client does not read"))?
    }
}

/// Reads the login or password line.
async fn credential<R: tokio::io::AsyncRead + Unpin>(lines: &mut LineReader<R>, limit: Duration) -> io::Result<Option<String>> {
    match timeout(limit, lines.next()).await {
        Ok(Ok(Some(Line::Text(text)))) => Ok(Some(split(&text).join(" "))),
        Ok(Ok(Some(Line::TooLong))) => Ok(Some(String::new())),
        Ok(Ok(None)) | Err(_) => Ok(None),
        Ok(Err(e)) => Err(e),
    }
}

/// Login and password, until the door closes the connection to make room.
async fn log_in<R, W>(lines: &mut LineReader<R>, out: &mut Writer<W>, limit: Duration) -> io::Result<Option<(String, String)>>
where
    R: tokio::io::AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    out.send(&Lines::from(["LOGIN"])).await?;
    let Some(login) = credential(lines, limit).await? else { return Ok(None) };
    out.send(&Lines::from(["PASS"])).await?;
    let Some(password) = credential(lines, limit).await? else { return Ok(None) };
    Ok(Some((login, password)))
}

/// The team whose login and password these are: every team compared, each whole, so that the
/// time taken tells nothing.
fn team_of(options: &ServerOptions, login: &str, password: &str) -> Option<usize> {
    let mut found = None;
    for (k, t) in options.teams.iter().enumerate() {
        if same_secret(&t.login, login) & same_secret(&t.password, password) {
            found = Some(k);
        }
    }
    found
}

async fn serve(stream: TcpStream, mut ticket: Ticket, door: &Door, options: &ServerOptions, handle: Handle) -> io::Result<()> {
    let (read, write) = stream.into_split();
    let mut lines = LineReader::new(read, options.max_line);
    let mut out = Writer { out: BufWriter::new(write), limit: options.write_timeout };
    let credentials = tokio::select! {
        got = log_in(&mut lines, &mut out, options.login_timeout) => got?,
        // Closed to make room for a newcomer from another address.
        _ = &mut ticket.closed => None,
    };
    let Some((login, password)) = credentials else { return Ok(()) };
    let Some(team) = door.attempt(ticket.address, &login, || team_of(options, &login, &password)).await else {
        return out.send(&Lines::from([Fail::BAD_LOGIN.line()])).await;
    };
    // Logged in: no longer waiting at the door.
    drop(ticket);
    let Some(slot) = handle.claim(team, options.max_connections_per_team) else {
        return out.send(&Lines::from([Fail::INTERNAL.line()])).await;
    };
    handle.logged_in(team);
    let mut kicks = options.clock.kicks();
    out.send(&Lines::from(["OK"])).await?;
    let mut shutdown = handle.shutdown.clone();
    let mut turns = handle.turns.clone();
    loop {
        let line = tokio::select! {
            line = timeout(options.idle_timeout, lines.next()) => match line {
                Ok(Ok(Some(line))) => line,
                // Idle too long, the client left (mid-line or not), or the socket failed.
                _ => return Ok(()),
            },
            _ = shutdown.wait_for(|&closed| closed) => return Ok(()),
            // The host closes this team's connections (the console's `kick`).
            kicked = kicks.recv() => match kicked {
                Ok(k) if k == team => return Ok(()),
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return Ok(()),
                _ => continue,
            },
        };
        let line = match line {
            Line::Text(text) if Args::new(&text).is_empty() => continue,
            Line::Text(text) => text,
            Line::TooLong => {
                out.send(&Lines::from([Fail::BAD_FORMAT.line()])).await?;
                continue;
            }
        };
        let (reply, answer) = oneshot::channel();
        if handle.requests.send(Request::Command { team, conn: slot.conn, line, reply }).await.is_err() {
            return Ok(());
        }
        let Ok(answer) = answer.await else { return Ok(()) };
        out.send(&answer.lines).await?;
        if answer.holds {
            // `WAIT` or forced waiting: lines sent meanwhile wait in the socket for the next turn.
            tokio::select! {
                turn = turns.wait_for(|&t| t > answer.turn) => if turn.is_err() { return Ok(()) },
                _ = shutdown.wait_for(|&closed| closed) => return Ok(()),
            }
        }
    }
}
