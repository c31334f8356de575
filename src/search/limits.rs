//! When a search stops: the caller's [`Limits`] (depth, nodes, time) and
//! its [`Control`] (the clock and the stop request, polled while
//! searching).

/// When to stop: any limit that is set and reached ends the search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Search no deeper than this many plies.
    pub depth: Option<u32>,
    /// Search no more than this many nodes.
    pub nodes: Option<u64>,
    /// Milliseconds, measured by the caller's clock.
    pub time_ms: Option<f64>,
}

/// The caller's clock and stop request, polled every few thousand nodes.
pub struct Control<'a> {
    /// Milliseconds since any fixed moment.
    pub clock: &'a dyn Fn() -> f64,
    /// True when the search should stop now.
    pub stop: &'a dyn Fn() -> bool,
}
