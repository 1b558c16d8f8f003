//! The `patience` command line as a library: `main.rs` only calls [`main`]. Each module has one
//! job: the grammar (`cli`), the arguments shared by subcommands (`args`), the game and the deal
//! the user names (`choice`, `load`, `position`; a PySolFC saved game: `pysol_save`, read, and
//! `save_position`, its position), running a subcommand (`run`, `solve`, `moves`, `study`, `export`,
//! `checks`) and the report a solve prints (`report`).

/// Printing that ignores a closed pipe (`patience … | head`): the reader is gone, nothing to do.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($t)*);
    }};
}

pub mod args;
pub mod checks;
pub mod choice;
pub mod cli;
pub mod cpu;
pub mod exit;
pub mod export;
pub mod load;
pub mod moves;
pub mod position;
pub mod pysol_save;
pub mod report;
pub mod run;
pub mod save_position;
pub mod solve;
pub mod study;

use exit::{EXIT_BAD_INPUT, EXIT_INTERNAL, InternalError};
use std::process::ExitCode;

/// The `patience` binary: checks the processor, parses the command line, runs it, and turns the
/// outcome into the exit code.
pub fn main() -> ExitCode {
    // Before anything built for the target's features runs (see cpu.rs).
    if let Some(why) = cpu::unsupported() {
        eprintln!("patience: {why}");
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let cli = <cli::Cli as clap::Parser>::parse();
    match run::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("patience: {e:#}");
            let internal = e.downcast_ref::<InternalError>().is_some();
            ExitCode::from(if internal { EXIT_INTERNAL } else { EXIT_BAD_INPUT })
        }
    }
}
