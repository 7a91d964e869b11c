//! `grundy serve`: the page and a JSON API that answers as the commands do.
//!
//! A request to `/api/value`, `/api/seq`, … is turned into the command line
//! it mirrors (`value --json EXPR` with the server's per-request limits) and
//! run by the same code as the command, its output captured as the body: the
//! API cannot drift from the CLI. [`work`] decides where and when a request
//! computes (light work at once, heavy work a few at a time); [`api`] maps
//! paths and parameters to commands and answers to statuses.

mod api;
mod page;
mod work;

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use grundy::Limits;

/// Options of `grundy serve`.
#[derive(Args, Clone, Debug)]
pub(crate) struct ServeArgs {
    /// The address to listen on: 127.0.0.1 (this machine only) unless told;
    /// 0.0.0.0 opens the server to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub(crate) bind: IpAddr,
    /// The port (0: any free port; the first line printed says which).
    #[arg(long, default_value_t = 7878)]
    pub(crate) port: u16,
    /// Longest time one request may compute, like 500ms, 10s or 1m.
    #[arg(long, default_value = "10s", value_parser = duration)]
    pub(crate) max_time: Duration,
    /// Most memory one request's tables may take (K, M, G suffixes).
    #[arg(long, default_value = "512M", value_parser = size)]
    pub(crate) max_memory: u64,
    /// Most positions one request may store.
    #[arg(long, default_value_t = 2_000_000)]
    pub(crate) max_positions: u64,
    /// Most moves listed in one answer.
    #[arg(long, default_value_t = 1000)]
    pub(crate) max_moves: usize,
    /// Deepest line of play or nesting one request may follow.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) max_depth: usize,
    /// Most operations one call of a scripted game's function may take.
    #[arg(long, default_value_t = Limits::default().max_script_ops)]
    pub(crate) max_script_ops: u64,
    /// Requests computed at once once they take longer than --light-time
    /// (heavy work); others wait for their turn or get status 503.
    #[arg(long, default_value_t = 1)]
    pub(crate) heavy: usize,
    /// Requests computed at once within their first --light-time.
    #[arg(long, default_value_t = 8)]
    pub(crate) light: usize,
    /// How long a request computes before it counts as heavy work.
    #[arg(long, default_value = "300ms", value_parser = duration)]
    pub(crate) light_time: Duration,
    /// How long a request waits for its turn before getting status 503.
    #[arg(long, default_value = "10s", value_parser = duration)]
    pub(crate) queue_time: Duration,
    /// Most memory the process-wide tables of values (partizan canonical
    /// forms, misère forms) may hold: they keep every value any request made,
    /// so a long-running server grows; past this, requests get status 503
    /// until the server is restarted.
    #[arg(long, default_value = "2G", value_parser = size)]
    pub(crate) max_tables: u64,
    /// Longest request (its path and query, or a body), K and M suffixes allowed.
    #[arg(long, default_value = "16K", value_parser = size)]
    pub(crate) max_request: u64,
    /// How long a connection may take to send a complete request head
    /// (its first, or its next one when kept alive) before it is closed.
    #[arg(long, default_value = "5s", value_parser = duration)]
    pub(crate) header_timeout: Duration,
    /// Most connections open at once from one client address; more are
    /// closed as they arrive.
    #[arg(long, default_value_t = 32)]
    pub(crate) max_connections_per_client: usize,
}

fn size(text: &str) -> Result<u64, String> {
    grundy::vocab::limits::parse_size(text).map_err(|e| e.to_string())
}

fn duration(text: &str) -> Result<Duration, String> {
    grundy::vocab::limits::parse_duration(text).map_err(|e| e.to_string())
}

impl ServeArgs {
    /// The limits of one request (and of loading --rules files).
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_memory: self.max_memory,
            max_moves: self.max_moves,
            max_time: Some(self.max_time),
            max_depth: self.max_depth,
            max_script_ops: self.max_script_ops,
        }
    }
}

/// Starts the server and serves until Ctrl-C.
pub(crate) fn serve(args: &ServeArgs) -> ExitCode {
    if args.heavy == 0 || args.light == 0 {
        eprintln!("error: --heavy and --light must be at least 1 (requests computed at once)");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: could not start the server's threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "error: cannot listen on {addr}: {e}; choose another --port (0: any free one) \
                     or --bind address"
                );
                return ExitCode::from(2);
            }
        };
        let local = listener.local_addr().unwrap_or(addr);
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on http://{local}/");
            let _ = out.flush();
        }
        let app = api::router(work::Workers::new(args.clone()));
        tokio::select! {
            () = accept(listener, app, args) => ExitCode::SUCCESS,
            _ = tokio::signal::ctrl_c() => ExitCode::SUCCESS,
        }
    })
}

/// Connections open per client address, shared by the accept loop and the
/// connections' tasks.
type Open = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<IpAddr, usize>>>;

/// One open connection of `ip`, counted while it lives.
struct Counted {
    open: Open,
    ip: IpAddr,
}

impl Counted {
    /// Counts a new connection of `ip`, or `None` when `ip` already has `cap`.
    fn admit(open: &Open, ip: IpAddr, cap: usize) -> Option<Counted> {
        let mut map = open.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(ip).or_insert(0);
        if *n >= cap {
            return None;
        }
        *n += 1;
        Some(Counted {
            open: open.clone(),
            ip,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut map = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Accepts connections and serves each on a task of its own, with hyper's
/// header-read timeout (so a client that sends nothing, or stops halfway
/// through a request head, or idles between kept-alive requests, lets go of
/// its socket) and at most --max-connections-per-client per client address
/// (so one client cannot hold every file descriptor).
async fn accept(listener: tokio::net::TcpListener, app: axum::Router, args: &ServeArgs) {
    let open: Open = Default::default();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors, or the peer gave up: wait a little
                // rather than spin, and go on.
                eprintln!("warning: accepting a connection failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(counted) = Counted::admit(&open, peer.ip(), args.max_connections_per_client)
        else {
            drop(stream); // over the cap: closed at once
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let timeout = args.header_timeout;
        tokio::spawn(async move {
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(timeout)
                .serve_connection(io, service)
                .await;
            drop(counted);
        });
    }
}
