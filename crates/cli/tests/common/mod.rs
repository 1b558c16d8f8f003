//! What the command-line tests share: running the binary, and a fresh scratch folder.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the `patience` binary with `args` and waits for it.
pub fn patience(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_patience")).args(args).output().unwrap()
}

/// An empty path under the system's temporary folder, unique to this test process and `name`.
pub fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("patience-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A refusal is one non-empty line (the property tests of deal texts and positions).
pub fn assert_one_line(
    result: Result<(), String>,
) -> Result<(), proptest::test_runner::TestCaseError> {
    if let Err(message) = result {
        proptest::prop_assert!(!message.trim().is_empty(), "an empty error message");
        proptest::prop_assert!(
            !message.contains('\n'),
            "a rejection of more than one line: {message}"
        );
    }
    Ok(())
}
