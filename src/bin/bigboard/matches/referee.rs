//! The referee: plays one game between two players from an opening,
//! judging every move and the end of the game by the variant's rules. A
//! player that gives an illegal move, exceeds its time, or whose engine
//! exits loses the game, and the reason is reported.

use super::engine::{Engine, Failure};
use super::settings::{Settings, Side, UciSettings};
use bigboard::echo::echo;
use bigboard::piece::Color;
use bigboard::position::Position;
use bigboard::search::Searcher;
use bigboard::variant::Variant;
use std::sync::Arc;

/// One side of a game, with what it keeps from game to game.
pub enum Player {
    Own {
        settings: Settings,
        searcher: Box<Searcher>,
    },
    Uci {
        settings: UciSettings,
        /// `None` after the engine failed; it is started again for the
        /// next game.
        engine: Option<Engine>,
        variant_id: String,
    },
}

/// Why a player lost without the rules deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// An illegal or unreadable move, or none when there were moves.
    IllegalMove,
    /// No answer in time.
    Time,
    /// Its engine exited or could not be started again.
    Crash,
}

/// A player's answer for one move.
enum Reply {
    Move(String),
    Forfeit(Forfeit, String),
}

impl Player {
    /// A player for `side`; an engine program is started at once, so a
    /// wrong command or option is reported before any game.
    pub fn new(side: &Side, variant: &Variant) -> Result<Player, String> {
        Ok(match side {
            Side::Own(settings) => Player::Own {
                settings: settings.clone(),
                searcher: Box::new(crate::searcher(settings.hash_mb)?),
            },
            Side::Uci(settings) => Player::Uci {
                settings: settings.clone(),
                engine: Some(Engine::start(settings, &variant.id)?),
                variant_id: variant.id.clone(),
            },
        })
    }

    /// Gets ready for a new game; an engine that failed in the game before
    /// is started again.
    fn new_game(&mut self) -> Result<(), (Forfeit, String)> {
        match self {
            Player::Own { searcher, .. } => {
                searcher.clear();
                Ok(())
            }
            Player::Uci {
                settings,
                engine,
                variant_id,
            } => {
                if engine.is_none() {
                    let started = Engine::start(settings, variant_id).map_err(|e| (Forfeit::Crash, e))?;
                    *engine = Some(started);
                }
                let running = engine.as_mut().expect("started above");
                running.new_game().map_err(|f| {
                    let kind = forfeit_of(&f);
                    drop_engine(engine);
                    (kind, f.to_string())
                })
            }
        }
    }

    /// The move of this player in `pos`, reached by `moves` from the start.
    fn reply(
        &mut self,
        pos: &mut Position,
        start: Option<&str>,
        moves: &[String],
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Reply>, String> {
        match self {
            Player::Own { settings, searcher } => {
                let result = settings.play(searcher, pos, seed, stop);
                match result.best {
                    Some(m) => Ok(Some(Reply::Move(pos.uci_text(m)))),
                    None if stop() => Ok(None),
                    None => Err(format!("the search found no move in {}", pos.fen())),
                }
            }
            Player::Uci { settings, engine, .. } => {
                let Some(running) = engine.as_mut() else {
                    return Ok(Some(Reply::Forfeit(Forfeit::Crash, "its engine is not running".into())));
                };
                match running.best_move(start, moves, settings) {
                    Ok(text) => Ok(Some(Reply::Move(text))),
                    Err(f) => {
                        let kind = forfeit_of(&f);
                        drop_engine(engine);
                        Ok(Some(Reply::Forfeit(kind, f.to_string())))
                    }
                }
            }
        }
    }
}

fn forfeit_of(f: &Failure) -> Forfeit {
    match f {
        Failure::Exited(_) => Forfeit::Crash,
        Failure::Timeout { .. } => Forfeit::Time,
    }
}

/// Ends an engine that failed: one that no longer answers is killed
/// rather than asked to quit.
fn drop_engine(engine: &mut Option<Engine>) {
    if let Some(mut e) = engine.take() {
        e.kill();
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    pub why: String,
    /// Plies played, the opening's included.
    pub plies: usize,
    /// When the game was lost by forfeit, why.
    pub forfeit: Option<Forfeit>,
    /// The moves played, the opening's included, as UCI text.
    pub moves: Vec<String>,
}

/// Where a game starts: the variant's start position or a position text
/// (a seeded setup), then opening moves (legal, checked by the caller).
pub struct Start<'a> {
    pub fen: Option<&'a str>,
    pub opening: &'a [String],
}

/// Plays a game from `start`; `players[c]` moves for colour `c` and is
/// called `labels[c]` in the reasons. `None` when `stop` ends it before its
/// end; an error when something is wrong with bigboard itself.
pub fn play_game(
    variant: &Arc<Variant>,
    start: Start,
    players: [&mut Player; 2],
    labels: [&str; 2],
    max_plies: usize,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<GameResult>, String> {
    let Start { fen: start, opening } = start;
    let mut pos = match start {
        Some(fen) => Position::from_fen(variant.clone(), fen).map_err(|e| format!("start: {e}"))?,
        None => Position::new(variant.clone()),
    };
    for text in opening {
        pos.play_text(text).map_err(|e| format!("opening: {e}"))?;
    }
    let mut moves: Vec<String> = opening.to_vec();
    let forfeit = |color: Color, kind: Forfeit, why: String, moves: &[String]| GameResult {
        winner: Some(1 - color),
        why,
        plies: moves.len(),
        forfeit: Some(kind),
        moves: moves.to_vec(),
    };
    for color in [0, 1] {
        if let Err((kind, why)) = players[color].new_game() {
            let why = format!("{} {why}", labels[color]);
            return Ok(Some(forfeit(color, kind, why, &moves)));
        }
    }
    loop {
        let plies = moves.len();
        if let Some(o) = pos.outcome() {
            return Ok(Some(GameResult {
                winner: o.winner,
                why: o.reason.to_string(),
                plies,
                forfeit: None,
                moves,
            }));
        }
        if plies >= max_plies {
            return Ok(Some(GameResult {
                winner: None,
                why: format!("adjudicated after {max_plies} plies"),
                plies,
                forfeit: None,
                moves,
            }));
        }
        if stop() {
            return Ok(None);
        }
        let color = pos.side_to_move();
        let label = labels[color];
        let ply_seed = seed ^ (plies as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let text = match players[color].reply(&mut pos, start, &moves, ply_seed, stop)? {
            None => return Ok(None),
            Some(Reply::Forfeit(kind, why)) => {
                if stop() {
                    return Ok(None);
                }
                let why = match kind {
                    Forfeit::Time => format!("{label} lost on time: {why}"),
                    _ => format!("{label}: {why}"),
                };
                return Ok(Some(forfeit(color, kind, why, &moves)));
            }
            Some(Reply::Move(text)) => text,
        };
        match pos.parse_move(&text) {
            Ok(m) => {
                moves.push(pos.uci_text(m));
                pos.play_unchecked(m);
            }
            Err(e) => {
                let why = if text.is_empty() || text == "(none)" || text == "0000" {
                    format!(
                        "{label} gave no move ('bestmove {}') with legal moves on the board",
                        echo(&text)
                    )
                } else {
                    format!("{label} played an illegal move '{}': {}", echo(&text), e.message)
                };
                return Ok(Some(forfeit(color, Forfeit::IllegalMove, why, &moves)));
            }
        }
    }
}
