//! The clock the bench times deals by: the calling thread's CPU time where the platform has one
//! (POSIX `CLOCK_THREAD_CPUTIME_ID`, on the systems `thread_cpu_seconds` lists), else wall time.
//!
//! Why CPU time: the bench rates unique states per second *per core*. A deal's wall time equals
//! its CPU time only while its thread has a core to itself; with more threads than free cores
//! (`-j` above the core count, or other work on the machine) wall time also counts the time a
//! thread waited for a core. (Threads sharing a core's caches still slow each other; that is
//! charged, as it should be.)

use std::marker::PhantomData;
use std::time::Instant;

/// Which clock a reading came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    ThreadCpu,
    Wall,
}

impl Clock {
    /// The report's name for the clock of a set of readings: `thread-cpu`, `wall`, or `mixed`
    /// when only some fell back to wall time (never seen: the thread clock does not fail where
    /// it exists, but a report must not claim a clock it did not use).
    pub fn name_of(readings: impl IntoIterator<Item = Clock>) -> &'static str {
        let (mut cpu, mut wall) = (false, false);
        for c in readings {
            match c {
                Clock::ThreadCpu => cpu = true,
                Clock::Wall => wall = true,
            }
        }
        match (cpu, wall) {
            (true, true) => "mixed",
            (true, false) => "thread-cpu",
            (false, _) => "wall",
        }
    }
}

/// Started and read on one thread (the raw-pointer marker makes it neither `Send` nor `Sync`:
/// another thread's CPU clock would give a meaningless difference).
pub struct Stopwatch {
    wall: Instant,
    cpu: Option<f64>,
    _one_thread: PhantomData<*const ()>,
}

impl Stopwatch {
    pub fn start() -> Self {
        Stopwatch { wall: Instant::now(), cpu: thread_cpu_seconds(), _one_thread: PhantomData }
    }

    /// Seconds since `start` and the clock they were read from: the thread's CPU time, or wall
    /// time where the thread clock is missing or failed.
    pub fn seconds(&self) -> (f64, Clock) {
        if let (Some(a), Some(b)) = (self.cpu, thread_cpu_seconds()) {
            return (b - a, Clock::ThreadCpu);
        }
        (self.wall.elapsed().as_secs_f64(), Clock::Wall)
    }
}

/// The calling thread's CPU time in seconds.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "macos", target_os = "freebsd"))]
fn thread_cpu_seconds() -> Option<f64> {
    // SAFETY: an all-zero timespec is a valid value (every field is an integer or padding).
    let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: `ts` is a valid, writable timespec; the call writes only into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
)))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

#[cfg(test)]
mod tests;
