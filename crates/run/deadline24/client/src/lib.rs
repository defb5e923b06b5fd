//! A blocking client of the Deadline24 text protocol, the same for the three server games: log
//! in, send a command, read its answer.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// Where to connect and how to log in: from the four trailing arguments `HOST PORT LOGIN
/// PASSWORD` that `kibitz match` appends, or from `KIBITZ_HOST`, `KIBITZ_PORT`, `KIBITZ_LOGIN`,
/// `KIBITZ_PASSWORD`.
#[derive(Debug, Clone)]
pub struct Connect {
    pub host: String,
    pub port: u16,
    pub login: String,
    pub password: String,
}

impl Connect {
    pub fn from_args_or_env(args: &[String]) -> Result<Connect, String> {
        let (host, port, login, password) = match args {
            [host, port, login, password] => (host.clone(), port.clone(), login.clone(), password.clone()),
            [] => {
                let var =
                    |name: &str| std::env::var(name).map_err(|_| format!("{name} is not set and no HOST PORT LOGIN PASSWORD were given"));
                (var("KIBITZ_HOST")?, var("KIBITZ_PORT")?, var("KIBITZ_LOGIN")?, var("KIBITZ_PASSWORD")?)
            }
            _ => return Err(format!("expected HOST PORT LOGIN PASSWORD, got {} arguments", args.len())),
        };
        let port = port.parse().map_err(|_| format!("{port:?} is not a port number"))?;
        Ok(Connect { host, port, login, password })
    }
}

pub struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

/// A command's answer: its data lines, or the `FAILED` line.
pub type Answer = Result<Vec<String>, String>;

impl Client {
    pub fn connect(c: &Connect) -> Result<Client, String> {
        let stream = TcpStream::connect((c.host.as_str(), c.port)).map_err(|e| format!("connecting to {}:{}: {e}", c.host, c.port))?;
        let _ = stream.set_nodelay(true);
        let writer = stream.try_clone().map_err(|e| e.to_string())?;
        let mut client = Client { reader: BufReader::new(stream), writer };
        client.expect("LOGIN")?;
        client.send(&c.login)?;
        client.expect("PASS")?;
        client.send(&c.password)?;
        client.expect("OK")?;
        Ok(client)
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.writer, "{line}").and_then(|_| self.writer.flush()).map_err(|e| format!("the server closed: {e}"))
    }

    pub fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.reader.read_line(&mut line) {
            Ok(0) => Err("the server closed the connection".into()),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("reading: {e}")),
        }
    }

    fn expect(&mut self, want: &str) -> Result<(), String> {
        let got = self.line()?;
        if got == want { Ok(()) } else { Err(format!("expected {want:?}, the server said {got:?}")) }
    }

    /// Sends a command whose answer has `data` lines after `OK` (`None`: a count line, then
    /// that many).
    pub fn ask(&mut self, command: &str, data: Option<usize>) -> Result<Answer, String> {
        self.send(command)?;
        let first = self.line()?;
        if first != "OK" {
            if first.starts_with("FAILED 7 ") {
                self.line()?; // FORCED WAITING x
            }
            return Ok(Err(first));
        }
        let mut lines = Vec::new();
        let count = match data {
            Some(n) => n,
            None => {
                let count = self.line()?;
                let n = count.parse().map_err(|_| format!("expected a count after {command}, got {count:?}"))?;
                lines.push(count);
                n
            }
        };
        for _ in 0..count {
            lines.push(self.line()?);
        }
        Ok(Ok(lines))
    }
}

/// The integers of a line.
pub fn ints(line: &str) -> Vec<i64> {
    line.split_whitespace().filter_map(|w| w.parse().ok()).collect()
}
