//! `patience`: solve patience deals exactly, run win-rate studies, print deals, list games. The
//! whole command line is the `patience_cli` library; this only runs it.

fn main() -> std::process::ExitCode {
    patience_cli::main()
}
