//! What the command-line tests share: running the binary, and a fresh scratch folder.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `patience` binary with `args` and waits for it.
pub fn patience(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_patience")).args(args).output().unwrap()
}

/// A path that does not exist yet, `name` inside a fresh folder under the system's temporary
/// folder; the folder and all in it are removed when the value is dropped (the tests used to
/// leave their studies behind in /tmp).
pub struct TempPath {
    _root: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempPath {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempPath {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempPath {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

pub fn tempdir(name: &str) -> TempPath {
    let root = tempfile::Builder::new().prefix("patience-cli-test-").tempdir().unwrap();
    let path = root.path().join(name);
    TempPath { _root: root, path }
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
