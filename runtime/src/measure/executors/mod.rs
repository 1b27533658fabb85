//! Executors for async routines: the built-in `block_on` and, with feature `tokio`, a tokio
//! runtime.

mod block_on;
#[cfg(feature = "tokio")]
mod on_tokio;

pub(crate) use block_on::{BlockOn, Executor};
#[cfg(feature = "tokio")]
pub(crate) use on_tokio::TokioExecutor;
