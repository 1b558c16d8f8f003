//! The clock the bench times deals by: the calling thread's CPU time where the platform has one
//! (POSIX `CLOCK_THREAD_CPUTIME_ID`: Linux, macOS, the BSDs), else wall time.
//!
//! Why CPU time: the bench rates unique states per second *per core*. A deal's wall time equals
//! its CPU time only while its thread has a core to itself; with more threads than free cores
//! (`-j` above the core count, or other work on the machine) wall time counts the time a thread
//! waited for a core, and the rate would fall for reasons that are not the engine's.

use std::time::Instant;

/// What [`Stopwatch`] measures, as reports name it.
pub const CLOCK_NAME: &str = if cfg!(unix) { "thread-cpu" } else { "wall" };

/// Started on one thread and read on the same thread.
pub struct Stopwatch {
    wall: Instant,
    #[cfg(unix)]
    cpu: Option<f64>,
}

impl Stopwatch {
    pub fn start() -> Self {
        Stopwatch {
            wall: Instant::now(),
            #[cfg(unix)]
            cpu: thread_cpu_seconds(),
        }
    }

    /// Seconds since `start`: the thread's CPU time, or wall time where the thread clock is
    /// missing (or failed: never seen, but a bench must not stop on it).
    pub fn seconds(&self) -> f64 {
        #[cfg(unix)]
        if let (Some(a), Some(b)) = (self.cpu, thread_cpu_seconds()) {
            return b - a;
        }
        self.wall.elapsed().as_secs_f64()
    }
}

/// The calling thread's CPU time in seconds.
#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the call writes only into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread that sleeps spends wall time but (almost) no CPU time; one that spins spends
    /// both. Fails if the stopwatch read wall time, or the whole process's CPU time while
    /// another thread spins.
    #[test]
    #[cfg(unix)]
    fn counts_this_threads_cpu_time_only() {
        let sleeping = Stopwatch::start();
        let spinner = std::thread::spawn(|| {
            let t = Instant::now();
            let mut x = 0u64;
            while t.elapsed().as_millis() < 300 {
                x = std::hint::black_box(x.wrapping_add(1));
            }
            x
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        spinner.join().unwrap();
        let slept = sleeping.seconds();
        assert!(slept < 0.05, "a sleeping thread was charged {slept} s (wall time, or another thread's CPU time?)");

        let spinning = Stopwatch::start();
        let t = Instant::now();
        let mut x = 0u64;
        while t.elapsed().as_millis() < 200 {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let spun = spinning.seconds();
        let wall = t.elapsed().as_secs_f64();
        // Some of the spin (a loaded machine may take the core away for part of it), never more
        // than the time that passed.
        assert!(spun > 0.0 && spun <= wall + 0.01, "spinning {wall} s measured {spun} s");
    }
}
