//! The search on its own thread, shared by the `uci` and `xboard`
//! protocols: the searcher with its hash table, the playing level, the
//! thinking time taken from a clock, and the thread that thinks while the
//! protocol goes on reading commands (so `stop`, `?` and `ping` are
//! answered at once).

use crate::now_ms;
use bigboard::Move;
use bigboard::Position;
use bigboard::search::level::{MAX_LEVEL, MIN_LEVEL};
use bigboard::search::{Control, Info, Limits, SearchResult, Searcher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

pub const DEFAULT_HASH_MB: usize = 64;
pub const MAX_HASH_MB: usize = 4096;
/// The thinking time of levels 7 and 8 when no clock is given.
pub const DEFAULT_LEVEL_TIME_MS: f64 = 1000.0;
/// Below this many milliseconds a timed search could not finish its first
/// depth and would answer the first move generated: it searches one ply
/// deep instead, however long that takes.
pub const MIN_SEARCH_MS: f64 = 5.0;

/// The thinking time for one move from a clock: time_left / 30 (or /
/// moves_to_go when fewer) + 0.8 * increment, at most a third of the time
/// left.
pub fn clock_budget(left_ms: f64, inc_ms: f64, moves_to_go: Option<u64>) -> f64 {
    let moves = moves_to_go.map_or(30, |m| m.clamp(1, 30)) as f64;
    (left_ms / moves + 0.8 * inc_ms).min(left_ms / 3.0)
}

/// `limits` with too little time read as a search of depth 1.
pub fn at_least_one_ply(mut limits: Limits) -> Limits {
    if limits.time_ms.is_some_and(|t| t < MIN_SEARCH_MS) {
        limits.time_ms = None;
        limits.depth = Some(1);
    }
    limits
}

/// Called at each completed depth with the searched position.
pub type Report = Box<dyn FnMut(&Position, &Info) + Send>;
/// Called once with the result when the search is over.
pub type Done = Box<dyn FnOnce(&mut Position, &SearchResult) + Send>;

/// A search to run: the position, the root moves to choose among (all when
/// empty), the limits, and what the thread does with what it finds.
pub struct Job {
    pub pos: Position,
    pub among: Vec<Move>,
    pub limits: Limits,
    /// A reason to stop besides the thinker's own stop flag (a pondering
    /// deadline).
    pub stop_also: Box<dyn Fn() -> bool + Send>,
    /// While true, a search that has ended keeps its answer back until it
    /// is stopped (`go infinite`, pondering, analysis).
    pub hold: Box<dyn Fn() -> bool + Send>,
    /// Called at each completed depth with the searched position.
    pub report: Report,
    /// Called once with the result when the search is over (stopped or
    /// not), on the search thread.
    pub done: Done,
}

/// A search in progress, which hands the searcher back when joined.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(Searcher, SearchResult)>,
}

/// The searcher and the thread that may be using it.
pub struct Thinker {
    hash_mb: usize,
    level: u8,
    /// `None` while a search thread holds it (or after a failed resize).
    searcher: Option<Searcher>,
    running: Option<Running>,
    /// Searches started, mixed into the lower levels' random choices.
    searches: u64,
}

impl Default for Thinker {
    fn default() -> Self {
        Thinker::new()
    }
}

impl Thinker {
    pub fn new() -> Thinker {
        Thinker {
            hash_mb: DEFAULT_HASH_MB,
            level: MAX_LEVEL,
            searcher: None,
            running: None,
            searches: 0,
        }
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn level(&self) -> u8 {
        self.level
    }

    /// Sets the playing level, 1-8.
    pub fn set_level(&mut self, level: u8) -> Result<(), String> {
        if !(MIN_LEVEL..=MAX_LEVEL).contains(&level) {
            return Err(format!(
                "the level must be from {MIN_LEVEL} to {MAX_LEVEL}, not {level}"
            ));
        }
        self.level = level;
        Ok(())
    }

    /// Resizes the hash table (stopping any search first). The old table
    /// goes first, so that both are never held at once; a size that cannot
    /// be had is refused and the engine goes on with a small one.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        if !(1..=MAX_HASH_MB).contains(&mb) {
            return Err(format!("the hash size must be from 1 to {MAX_HASH_MB} MB, not {mb}"));
        }
        let _ = self.finish();
        if mb == self.hash_mb && self.searcher.is_some() {
            return Ok(());
        }
        self.searcher = None;
        match crate::searcher(mb) {
            Ok(s) => {
                self.searcher = Some(s);
                self.hash_mb = mb;
                Ok(())
            }
            Err(e) => {
                self.hash_mb = DEFAULT_HASH_MB.min(self.hash_mb);
                Err(e)
            }
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        let _ = self.finish();
        self.searcher.get_or_insert_with(|| Searcher::new(self.hash_mb)).clear();
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Stops a running search and takes its searcher back; its `done` has
    /// run when this returns. The result, when a search was running; an
    /// error when the search thread failed.
    pub fn finish(&mut self) -> Result<Option<SearchResult>, String> {
        let Some(r) = self.running.take() else {
            return Ok(None);
        };
        r.stop.store(true, Ordering::Relaxed);
        match r.handle.join() {
            Ok((s, result)) => {
                self.searcher = Some(s);
                Ok(Some(result))
            }
            Err(_) => {
                self.searcher = None;
                Err("the search failed".into())
            }
        }
    }

    /// Starts `job` on its own thread (finishing any search before it).
    /// Level 8 searches within the job's limits; lower levels search their
    /// own depth and time (the job's time, or [`DEFAULT_LEVEL_TIME_MS`],
    /// being that of levels 7 and 8) and choose at random among moves close
    /// to the best.
    pub fn start(&mut self, job: Job) -> Result<(), String> {
        let _ = self.finish();
        let level = self.level;
        self.searches += 1;
        let seed = job.pos.hash() ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let Job {
            mut pos,
            among,
            limits,
            stop_also,
            hold,
            mut report,
            done,
        } = job;
        let work = move || {
            let stopped = || flag.load(Ordering::Relaxed) || stop_also();
            let control = Control {
                clock: &now_ms,
                stop: &stopped,
            };
            let shown = pos.clone();
            let mut on_info = |info: &Info| report(&shown, info);
            let result = if level >= MAX_LEVEL {
                searcher.search_among(&mut pos, &among, limits, &control, &mut on_info)
            } else {
                let time = limits.time_ms.unwrap_or(DEFAULT_LEVEL_TIME_MS);
                searcher.choose_among(&mut pos, &among, level, time, seed, &control, &mut on_info)
            };
            while hold() && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            done(&mut pos, &result);
            (searcher, result)
        };
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(work)
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.running = Some(Running { stop, handle });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_takes_a_share_of_the_time_left() {
        assert_eq!(clock_budget(30_000.0, 1000.0, None), 1800.0);
        assert_eq!(clock_budget(3000.0, 0.0, None), 100.0);
        assert_eq!(clock_budget(900.0, 1000.0, None), 300.0);
        assert_eq!(clock_budget(6000.0, 0.0, Some(2)), 2000.0);
        assert_eq!(clock_budget(6000.0, 0.0, Some(0)), 2000.0);
    }

    #[test]
    fn too_little_time_searches_one_ply() {
        let l = at_least_one_ply(Limits {
            time_ms: Some(1.0),
            ..Limits::default()
        });
        assert_eq!((l.depth, l.time_ms), (Some(1), None));
    }
}
