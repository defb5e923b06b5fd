//! The spectator port: any number of read-only viewers get the current game's replay lines so
//! far, then every line as it is written, until the server's last game ends. A spectator too slow to keep up is closed (it may
//! connect again and start over from the game's first line).

use crate::owner::{Handle, Request};
use std::time::Duration;
use tokio::io::{AsyncWriteExt, BufWriter};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, mpsc, oneshot};

/// Accepts spectators until aborted. Each one's task holds a clone of `watching` until it has
/// written its last line, so that the server can wait for them before it ends ([`crate::serve`]):
/// otherwise the last game's end record would be dropped with the tasks, and a viewer would
/// take a finished match for a lost connection.
pub(crate) async fn accept(listener: TcpListener, handle: Handle, watching: mpsc::Sender<()>) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let (handle, watching) = (handle.clone(), watching.clone());
                tokio::spawn(async move {
                    let _watching = watching;
                    watch(stream, handle).await
                });
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
}

async fn watch(stream: TcpStream, handle: Handle) -> std::io::Result<()> {
    let (reply, joined) = oneshot::channel();
    if handle.requests.send(Request::Spectate { reply }).await.is_err() {
        return Ok(());
    }
    let Ok((history, mut live)) = joined.await else { return Ok(()) };
    let mut out = BufWriter::new(stream);
    for line in history {
        out.write_all(line.as_bytes()).await?;
        out.write_all(b"\n").await?;
    }
    out.flush().await?;
    // When the server's last game ends, the channel closes after its last line.
    loop {
        match live.recv().await {
            Ok(line) => {
                out.write_all(line.as_bytes()).await?;
                out.write_all(b"\n").await?;
                if live.is_empty() {
                    out.flush().await?;
                }
            }
            Err(broadcast::error::RecvError::Lagged(_)) => {
                out.write_all(b"{\"spectator_closed\":\"too slow to keep up; connect again\"}\n").await?;
                return out.flush().await;
            }
            Err(broadcast::error::RecvError::Closed) => return out.flush().await,
        }
    }
}
