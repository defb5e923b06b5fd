//! Reading client lines with a length cap, whatever bytes arrive.

use tokio::io::{AsyncRead, AsyncReadExt};

pub(crate) enum Line {
    /// One line without its LF; bytes that are not UTF-8 become U+FFFD, so garbage reaches the
    /// rules and is answered like any unknown command.
    Text(String),
    /// A line longer than the cap: its bytes were thrown away.
    TooLong,
}

pub(crate) struct LineReader<R> {
    inner: R,
    pending: Vec<u8>,
    /// Inside an over-long line: throw bytes away up to the next LF.
    skipping: bool,
    max: usize,
}

impl<R: AsyncRead + Unpin> LineReader<R> {
    pub fn new(inner: R, max: usize) -> Self {
        Self { inner, pending: Vec::with_capacity(1024), skipping: false, max }
    }

    /// The next line; `None` at the end of the stream (a partial last line is dropped).
    /// Cancel-safe: everything read so far stays in `self`.
    pub async fn next(&mut self) -> std::io::Result<Option<Line>> {
        loop {
            if let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=i).collect();
                if std::mem::take(&mut self.skipping) {
                    return Ok(Some(Line::TooLong));
                }
                return Ok(Some(Line::Text(String::from_utf8_lossy(&line[..i]).into_owned())));
            }
            if self.pending.len() > self.max {
                self.skipping = true;
                self.pending.clear();
            }
            self.pending.reserve(4096);
            if self.inner.read_buf(&mut self.pending).await? == 0 {
                return Ok(None);
            }
        }
    }
}
