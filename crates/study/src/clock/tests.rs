use super::*;

/// Whether this platform has the thread CPU clock (as `thread_cpu_seconds` lists them).
const THREAD_CLOCK: bool = cfg!(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
));

/// A thread that sleeps spends wall time but (almost) no CPU time. Fails if the stopwatch
/// read wall time, or the whole process's CPU time while another thread spins.
#[test]
fn counts_this_threads_cpu_time_only() {
    if !THREAD_CLOCK {
        return;
    }
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
    let (slept, clock) = sleeping.seconds();
    assert_eq!(clock, Clock::ThreadCpu);
    assert!(
        slept < 0.05,
        "a sleeping thread was charged {slept} s (wall time, or another thread's CPU time?)"
    );

    // A spinning thread is charged some of its spin (a loaded machine may take the core away
    // for part of it), never more than the time that passed.
    let spinning = Stopwatch::start();
    let t = Instant::now();
    let mut x = 0u64;
    while t.elapsed().as_millis() < 200 {
        x = std::hint::black_box(x.wrapping_add(1));
    }
    let (spun, _) = spinning.seconds();
    let wall = t.elapsed().as_secs_f64();
    assert!(spun > 0.0 && spun <= wall + 0.01, "spinning {wall} s measured {spun} s");
}

#[test]
fn a_report_names_the_clocks_it_used() {
    use Clock::*;
    assert_eq!(Clock::name_of([ThreadCpu, ThreadCpu]), "thread-cpu");
    assert_eq!(Clock::name_of([ThreadCpu, Wall]), "mixed");
    assert_eq!(Clock::name_of([Wall, Wall]), "wall");
}
