//! The server's memory allocator, mimalloc, and the two settings that make the process's
//! resident memory follow its work rather than its history.
//!
//! The exports build hundreds of workbooks on every core out of many short-lived strings;
//! glibc's allocator spent a tenth of that time consolidating freed chunks, mimalloc does not.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Applies both settings; called first thing in `main`.
pub fn configure() {
    #[cfg(target_os = "linux")]
    without_huge_pages();
    purge_at_once();
}

/// mimalloc asks Linux for transparent huge pages on what it maps, so each 2 MiB region a
/// thread touches becomes resident whole. For a server whose memory is meant to follow the work,
/// not the number of threads that once allocated, that cost 10 MiB at idle and 20 to 50 MiB at
/// the peak of each step of a large project (debug build, 2,000 files × 30 units: 149–193 MiB
/// with huge pages, 116–142 MiB without). The flag covers the whole process and every mapping,
/// including those the allocator made before `main`. Kernels older than 3.15 refuse it, and
/// then nothing changes.
#[cfg(target_os = "linux")]
fn without_huge_pages() {
    // SAFETY: PR_SET_THP_DISABLE takes integers only and reads or writes no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// `mi_option_purge_delay`'s place in mimalloc's `mi_option_t` (the same in mimalloc 2 and 3;
/// the Rust bindings do not name it, and a test below checks the number against the option's
/// environment variable).
const PURGE_DELAY: std::ffi::c_int = 15;

unsafe extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    #[cfg(test)]
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
}

/// mimalloc returns freed memory to the system only after a delay (1 s in mimalloc 3), and only
/// when the thread that freed it allocates or frees again. A blocking thread that built a batch
/// of workbooks and then waits for work, or the thread that hashed a password (argon2 takes 19
/// MiB), keeps that memory resident for as long as it waits. Purging at once returns it when it
/// is freed: the release server's highest peak over the whole workflow of 300 WPML files fell
/// from 147–171 MiB to 108–112 MiB, and the idle server from 28–35 to 8 MiB of anonymous
/// memory (docs/benchmarks.md, "Allocator purges at once").
fn purge_at_once() {
    // SAFETY: mi_option_set stores an integer in mimalloc's option table; any value is valid for
    // this option (0: purge at once) and no memory of ours is read or written.
    unsafe { mi_option_set(PURGE_DELAY, 0) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option number is mimalloc's `purge_delay`: a child process started with
    /// `MIMALLOC_PURGE_DELAY` set reads that value under the number.
    #[test]
    fn purge_delay_is_the_option_its_variable_sets() {
        const CHILD: &str = "WORDMARK_TEST_ALLOCATOR_CHILD";
        if std::env::var_os(CHILD).is_some() {
            // SAFETY: reads an integer from mimalloc's option table.
            assert_eq!(unsafe { mi_option_get(PURGE_DELAY) }, 1234);
            return;
        }
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "allocator::tests::purge_delay_is_the_option_its_variable_sets",
            ])
            .env(CHILD, "1")
            .env("MIMALLOC_PURGE_DELAY", "1234")
            .status()
            .unwrap();
        assert!(status.success(), "the child read another option");
    }
}
