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
                // Too long whether it came in pieces (skipped) or at once.
                if std::mem::take(&mut self.skipping) || i > self.max {
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

#[cfg(test)]
mod tests {
    use super::*;

    async fn lines(input: &[u8], max: usize) -> Vec<Option<String>> {
        let mut reader = LineReader::new(input, max);
        let mut out = Vec::new();
        while let Some(line) = reader.next().await.unwrap() {
            out.push(match line {
                Line::Text(t) => Some(t),
                Line::TooLong => None,
            });
        }
        out
    }

    #[tokio::test]
    async fn a_line_over_the_cap_is_too_long_however_its_bytes_arrive() {
        let mut input = Vec::new();
        input.extend_from_slice(&[b'A'; 10]);
        input.push(b'\n');
        input.extend_from_slice(&[b'B'; 11]);
        input.push(b'\n');
        input.extend_from_slice(b"ok\n");
        assert_eq!(lines(&input, 10).await, vec![Some("A".repeat(10)), None, Some("ok".into())]);
        // Far over the cap, read in several pieces.
        let mut long = vec![b'C'; 20_000];
        long.extend_from_slice(b"\nok\n");
        assert_eq!(lines(&long, 4096).await, vec![None, Some("ok".into())]);
    }
}
