//! How the command ends: its exit codes, and the error that is a bug of ours.

/// Exit codes: 0 won, 1 lost, 2 bad input, 3 unknown, 4 internal error.
pub const EXIT_LOST: u8 = 1;
pub const EXIT_BAD_INPUT: u8 = 2;
pub const EXIT_UNKNOWN: u8 = 3;
pub const EXIT_INTERNAL: u8 = 4;

/// A bug of ours, not bad input.
#[derive(Debug)]
pub struct InternalError(pub String);
impl std::fmt::Display for InternalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "internal error: {}", self.0)
    }
}
impl std::error::Error for InternalError {}
