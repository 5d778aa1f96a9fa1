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
The page fetches traces from /api/trace?puzzle=queens&n=8&mode=first|all or
/api/trace?puzzle=sudoku&grid=PUZZLE&mode=first|all (at most 200,000 events each).
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
    let server = Server::bind(&args.host, args.port).context("cannot start the web server")?;
    writeln!(out, "puzzles: serving on {}", server.url())?;
    writeln!(out, "puzzles: press Ctrl-C to stop")?;
    // Whoever reads the URL (a person, a test script) needs it now, not
    // when the server stops.
    out.flush()?;
    server.run();
    Ok(Outcome::Answer)
}
