//! Ctrl-C as a request to stop: the first sets a flag that a long command
//! polls, so that it ends cleanly (saying so, exit 130); a second leaves at
//! once — unless it comes within [`SAME_REQUEST`] of the first, which is one
//! request sent twice (`timeout -s INT` signals both the command and its
//! process group), not a person pressing again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;

/// Signals this close to the first are taken as the same request.
const SAME_REQUEST: Duration = Duration::from_millis(500);

/// The test hook that stops a count as if interrupted once this many units
/// are recorded: an environment variable, not an option, so that no help
/// page or completion script offers it to users.
pub(crate) const STOP_AFTER_UNITS: &str = "PUZZLES_STOP_AFTER_UNITS";

/// The unit count of [`STOP_AFTER_UNITS`], when it is set.
pub(crate) fn stop_after_units() -> anyhow::Result<Option<u64>> {
    let Some(value) = std::env::var_os(STOP_AFTER_UNITS) else {
        return Ok(None);
    };
    value
        .to_str()
        .and_then(|text| text.parse().ok())
        .map(Some)
        .with_context(|| {
            format!("{STOP_AFTER_UNITS} must be a whole number of units, got {value:?}")
        })
}

/// Installs the Ctrl-C handler (once per process; SIGTERM and SIGHUP too,
/// unless ignored when the command started) and returns the flag that it
/// sets.
pub(crate) fn on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    Ok(install(None)?.0)
}

/// [`on_ctrl_c`] for a command that first gets ready (reads its input,
/// builds its tables): until [`Setup::done`], Ctrl-C leaves at once,
/// saying `message`. Nothing is saved or printed by then, and the reading
/// polls no flag: a half-minute list would otherwise hold the Ctrl-C.
pub(crate) fn on_ctrl_c_after_setup(
    message: &'static str,
) -> anyhow::Result<(Arc<AtomicBool>, Setup)> {
    let (cancel, setting_up) = install(Some(message))?;
    Ok((cancel, Setup(setting_up)))
}

/// The setup of [`on_ctrl_c_after_setup`], under way until it is done.
pub(crate) struct Setup(Arc<AtomicBool>);

impl Setup {
    /// From now on, Ctrl-C sets the flag.
    pub(crate) fn done(self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

fn install(setup: Option<&'static str>) -> anyhow::Result<(Arc<AtomicBool>, Arc<AtomicBool>)> {
    let cancel = Arc::new(AtomicBool::new(false));
    let setting_up = Arc::new(AtomicBool::new(setup.is_some()));
    let (flag, during_setup) = (Arc::clone(&cancel), Arc::clone(&setting_up));
    let first = OnceLock::new();
    // SIGTERM or SIGHUP ignored when the command started (`nohup`) stays
    // ignored: the handler below takes them over with SIGINT.
    let still_ignored = ignored_signals();
    ctrlc::set_handler(move || {
        if let (Some(message), true) = (setup, during_setup.load(Ordering::SeqCst)) {
            say!("{message}");
            std::process::exit(130);
        }
        let first = *first.get_or_init(Instant::now);
        if flag.swap(true, Ordering::SeqCst) && first.elapsed() >= SAME_REQUEST {
            std::process::exit(130);
        }
    })
    .context("cannot install the Ctrl-C handler")?;
    still_ignored.restore();
    Ok((cancel, setting_up))
}

/// For a count with nothing to save (rooks, given queens, a sample):
/// Ctrl-C, SIGTERM and SIGHUP end it at once, saying so,
/// with exit status 130 as for every count. SIGTERM or SIGHUP ignored when
/// the command started (`nohup`) stays ignored.
pub(crate) fn leave_on_signal() -> anyhow::Result<()> {
    let still_ignored = ignored_signals();
    ctrlc::set_handler(|| {
        say!("puzzles: interrupted");
        std::process::exit(130);
    })
    .context("cannot install the Ctrl-C handler")?;
    still_ignored.restore();
    Ok(())
}

/// SIGTERM and SIGHUP where the command started with them ignored: the
/// Ctrl-C handler takes them over, and [`Ignored::restore`] hands them back.
pub(crate) struct Ignored {
    #[cfg(unix)]
    signals: Vec<libc::c_int>,
}

/// Which of SIGTERM and SIGHUP are ignored now.
#[cfg(unix)]
pub(crate) fn ignored_signals() -> Ignored {
    let ignored = |signal| {
        // SAFETY: a zeroed sigaction is a valid value to be written over;
        // with no new action, sigaction only reads the current one.
        let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
        let read = unsafe { libc::sigaction(signal, std::ptr::null(), &mut current) };
        read == 0 && current.sa_sigaction == libc::SIG_IGN
    };
    Ignored {
        signals: [libc::SIGTERM, libc::SIGHUP]
            .into_iter()
            .filter(|&signal| ignored(signal))
            .collect(),
    }
}

#[cfg(not(unix))]
pub(crate) fn ignored_signals() -> Ignored {
    Ignored {}
}

impl Ignored {
    /// Ignores those signals again.
    pub(crate) fn restore(self) {
        #[cfg(unix)]
        for signal in self.signals {
            // SAFETY: SIG_IGN is a valid disposition for these signals.
            unsafe {
                libc::signal(signal, libc::SIG_IGN);
            }
        }
    }
}
