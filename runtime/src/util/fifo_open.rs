//! Opening what is not a regular file (a FIFO, a device) for writing without blocking the
//! run's signal handling: `open(2)` on a FIFO with no reader waits for one, for ever and
//! deaf to the interrupt flag. Opened without blocking, a FIFO with no reader fails at once
//! (`ENXIO`), so the open is retried until a reader comes or the run is interrupted.

use std::fs::File;
use std::io;
use std::path::Path;

/// How often the open is retried while a FIFO has no reader.
#[cfg(unix)]
const RETRY: std::time::Duration = std::time::Duration::from_millis(50);

/// Opens `path` for writing, waiting for a FIFO's reader until `stop()` says to give up.
/// The file is returned in blocking mode, so writes behave as usual.
///
/// # Errors
///
/// What the open reported, or `Interrupted` when `stop()` ended the wait.
pub fn open_for_writing(path: &Path, stop: fn() -> bool) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        use std::os::unix::io::AsRawFd;
        loop {
            let opened = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path);
            match opened {
                Ok(file) => {
                    let fd = file.as_raw_fd();
                    // SAFETY: `fd` is an open descriptor owned by `file` for these calls;
                    // F_GETFL and F_SETFL only read and set its status flags.
                    let cleared = unsafe {
                        let flags = libc::fcntl(fd, libc::F_GETFL);
                        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
                    };
                    return if cleared {
                        Ok(file)
                    } else {
                        Err(io::Error::last_os_error())
                    };
                }
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                    if stop() {
                        return Err(io::Error::new(
                            io::ErrorKind::Interrupted,
                            "interrupted while waiting for a reader of the pipe",
                        ));
                    }
                    std::thread::sleep(RETRY);
                }
                Err(e) => return Err(e),
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = stop;
        std::fs::OpenOptions::new().write(true).open(path)
    }
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::open_for_writing;
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    static STOP: AtomicBool = AtomicBool::new(false);

    #[test]
    fn a_pipe_without_a_reader_waits_until_stopped_and_one_with_a_reader_is_written() {
        let dir = crate::fixture::scratch::scratch_dir("fifo-open");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        std::thread::spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            STOP.store(true, Ordering::SeqCst);
        });
        let start = Instant::now();
        let e = open_for_writing(&fifo, || STOP.load(Ordering::SeqCst)).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::Interrupted);
        assert!(start.elapsed() < Duration::from_secs(5));
        // A reader that comes late is waited for, and the file then blocks as usual.
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                std::fs::read(fifo).unwrap()
            })
        };
        let mut file = open_for_writing(&fifo, || false).unwrap();
        file.write_all(&vec![b'x'; 1 << 20]).unwrap();
        drop(file);
        assert_eq!(reader.join().unwrap().len(), 1 << 20);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
