//! One client connection: login, then line → owner → answer, in order, one command at a time.

use crate::ServerOptions;
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

/// Accepts connections until aborted; each gets a task of its own.
pub(crate) async fn accept(listener: TcpListener, options: Arc<ServerOptions>, handle: Handle) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors or a connection reset before accept: try again soon.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let live = Arc::clone(&handle.live);
        if live.fetch_add(1, Ordering::SeqCst) >= options.max_connections {
            live.fetch_sub(1, Ordering::SeqCst);
            tokio::spawn(refuse(stream, options.write_timeout));
            continue;
        }
        let (options, handle) = (Arc::clone(&options), handle.clone());
        tokio::spawn(async move {
            let _ = serve(stream, &options, handle).await;
            live.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Over the server's connection cap: one error line, then close.
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

async fn serve(stream: TcpStream, options: &ServerOptions, handle: Handle) -> io::Result<()> {
    let (read, write) = stream.into_split();
    let mut lines = LineReader::new(read, options.max_line);
    let mut out = Writer { out: BufWriter::new(write), limit: options.write_timeout };
    out.send(&Lines::from(["LOGIN"])).await?;
    let Some(login) = credential(&mut lines, options.login_timeout).await? else { return Ok(()) };
    out.send(&Lines::from(["PASS"])).await?;
    let Some(password) = credential(&mut lines, options.login_timeout).await? else { return Ok(()) };
    let Some(team) = options.teams.iter().position(|t| t.login == login && t.password == password) else {
        return out.send(&Lines::from([Fail::BAD_LOGIN.line()])).await;
    };
    let Some(slot) = handle.claim(team, options.max_connections_per_team) else {
        return out.send(&Lines::from([Fail::INTERNAL.line()])).await;
    };
    handle.logged_in(team);
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
