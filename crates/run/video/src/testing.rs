//! Test support (feature `testing`): a real RTMP server to stream to, on the loopback.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's nginx with the RTMP module, on a loopback port, recording each stream it receives
/// to its own file; killed when dropped.
pub struct RtmpServer {
    child: Child,
}

impl RtmpServer {
    /// Listens on 127.0.0.1:`port` (and `port + 1` for its idle http block), recording into
    /// `dir/rec`.
    pub fn start(dir: &Path, port: u16) -> RtmpServer {
        let conf = dir.join("nginx.conf");
        let d = dir.display();
        std::fs::create_dir_all(dir.join("rec")).unwrap();
        std::fs::write(
            &conf,
            format!(
                "load_module modules/ngx_rtmp_module.so;\nuser root;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n\
                 events {{}}\nrtmp {{ server {{ listen 127.0.0.1:{port}; application live {{ live on; record all; \
                 record_unique on; record_path {d}/rec; }} }} }}\n\
                 http {{ access_log off; client_body_temp_path {d}/t1; proxy_temp_path {d}/t2; fastcgi_temp_path {d}/t3; \
                 uwsgi_temp_path {d}/t4; scgi_temp_path {d}/t5; server {{ listen 127.0.0.1:{}; }} }}\n",
                port + 1
            ),
        )
        .unwrap();
        let child = Command::new("nginx")
            .args(["-p", "/usr/share/nginx", "-c"])
            .arg(&conf)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Up when the port answers.
        let until = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < until,
                "nginx did not listen on {port}: {}",
                std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        RtmpServer { child }
    }
}

impl Drop for RtmpServer {
    fn drop(&mut self) {
        // SIGTERM: the master ends its workers (SIGKILL would leave them serving).
        let _ = Command::new("kill").arg(self.child.id().to_string()).status();
        let until = Instant::now() + Duration::from_secs(5);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free loopback port with the next one free too (nginx's http block takes it).
pub fn free_ports() -> u16 {
    for _ in 0..50 {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if port < 65000 && std::net::TcpListener::bind(("127.0.0.1", port + 1)).is_ok() {
            return port;
        }
    }
    panic!("no two free ports in a row");
}
