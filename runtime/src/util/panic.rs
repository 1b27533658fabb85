//! Turning a panicking routine into a failed trial with the panic's message.
//!
//! The default panic hook prints to stderr while libtest's `test name ... ` line is still
//! open, breaking it. While a trial runs, the hook records the message instead, and the
//! trial's failure message carries it.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`, returning its panic as `Err("panicked at file:line: message")`.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    CAPTURING.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CAPTURING.with(|c| c.set(false));
    result.map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| payload_text(payload.as_ref()))
    })
}

/// Runs `f` inside a trial's [`catch_panic`], returning its panic as `Err(message)` instead of
/// letting it end the trial: for a caller that names what panicked before it ends the trial
/// with [`fail_trial`].
pub fn catch_inner<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| payload_text(payload.as_ref()))
    })
}

/// Ends the running trial as failed with `message`, as a panic would but without a panic's
/// report: [`catch_panic`] returns `Err(message)` as it is.
pub fn fail_trial(message: String) -> ! {
    panic::resume_unwind(Box::new(message))
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default_hook = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(Cell::get) {
                let location = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let text = format!("panicked{location}: {}", payload_text(info.payload()));
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
            } else {
                default_hook(info);
            }
        }));
    });
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_message_and_location_are_returned() {
        let err = catch_panic(|| panic!("boom {}", 7)).unwrap_err();
        assert!(err.starts_with("panicked at "), "{err}");
        assert!(err.ends_with(": boom 7"), "{err}");
        assert_eq!(catch_panic(|| 5), Ok(5));
    }

    #[test]
    fn a_panic_caught_inside_a_trial_can_end_it_with_a_message_of_its_own() {
        let err = catch_panic(|| {
            let inner = catch_inner(|| panic!("deep")).unwrap_err();
            assert!(inner.ends_with(": deep"), "{inner}");
            fail_trial(format!("named: {inner}"))
        })
        .unwrap_err();
        assert!(err.starts_with("named: panicked at "), "{err}");
        assert!(err.ends_with(": deep"), "{err}");
    }
}
