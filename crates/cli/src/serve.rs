//! `puzzles serve`: the local web page that steps through the search.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use puzzles_web::Server;

use crate::outcome::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles serve                     serve on 127.0.0.1 at a free port, printed on the first line
  puzzles serve --port 8080         a fixed port
  puzzles serve --host 0.0.0.0      reachable from other machines too (be sure you want that)

The first line of output is `puzzles: serving on http://HOST:PORT/`; open that URL in a browser.
The page fetches traces from /api/trace?puzzle=queens&n=8&mode=first|all,
/api/trace?puzzle=sudoku&grid=PUZZLE&mode=first|all or
/api/trace?puzzle=crossword&example=open-5x5|grid=ROWS&mode=first|all
(at most 200,000 events each; GUIDE.md lists every parameter).
Stop the server with Ctrl-C.")]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,

    /// The address to listen on. Only this machine can connect unless you
    /// name another address explicitly.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
}

pub fn run(args: ServeArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    bound_the_allocator();
    let server = Server::bind(&args.host, args.port).context("cannot start the web server")?;
    writeln!(out, "puzzles: serving on {}", server.url())?;
    writeln!(out, "puzzles: press Ctrl-C to stop")?;
    // Whoever reads the URL (a person, a test script) needs it now, not
    // when the server stops.
    out.flush()?;
    server.run();
    Ok(Outcome::Answer)
}

/// glibc's allocator arenas for the server's threads (a user's
/// `MALLOC_ARENA_MAX` wins).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ARENAS: libc::c_int = 2;

/// How often the server hands freed memory back to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps the server's resident memory near what its answers hold now.
///
/// glibc gives each thread that allocates an arena of its own, up to eight
/// per core, and keeps what an arena once held: after bursts of large
/// traces built and sent on many connection threads, a fresh server went
/// from 134 MB to 408 MB at its peak and kept 378 MB when idle (issue 25),
/// more on a machine with more cores. Two arenas bound the peak, and a
/// trim every two seconds gives the memory of answers already sent back.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn bound_the_allocator() {
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only sets a parameter of the allocator; it is
        // called before the server starts its threads.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, ARENAS);
        }
    }
    let trimmer = std::thread::Builder::new().name("malloc-trim".into());
    // Without the thread the server still works, it only keeps more.
    let _ = trimmer.spawn(|| {
        loop {
            std::thread::sleep(TRIM_EVERY);
            // SAFETY: malloc_trim takes no pointer; it returns free memory
            // at the top of each arena's heap to the system.
            unsafe {
                libc::malloc_trim(0);
            }
        }
    });
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn bound_the_allocator() {}
