//! The referee: plays one game between two players from an opening,
//! judging every move and the end of the game by the variant's rules. A
//! player that gives an illegal move, exceeds its time, or whose engine
//! exits loses the game, and the reason is reported.

use super::engine::{Engine, Failure};
use super::settings::{Settings, Side, UciSettings};
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::core::piece::Color;
use bigboard::search::{Score, Searcher};
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
    /// The move's text and the player's score for it, if it gave one.
    Move(String, Option<Score>),
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
                    Some(m) => Ok(Some(Reply::Move(pos.uci_text(m), Some(result.score)))),
                    None if stop() => Ok(None),
                    None => Err(format!("the search found no move in {}", pos.fen())),
                }
            }
            Player::Uci { settings, engine, .. } => {
                let Some(running) = engine.as_mut() else {
                    return Ok(Some(Reply::Forfeit(Forfeit::Crash, "its engine is not running".into())));
                };
                match running.best_move(start, moves, settings) {
                    Ok((text, score)) => Ok(Some(Reply::Move(text, score))),
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
    /// The score each player gave for its move, from its own side, for
    /// the moves after the opening (`None` where it gave none).
    pub scores: Vec<Option<Score>>,
}

/// When a game ends before its end by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judging {
    /// A game still going after this many plies (the opening's included)
    /// is drawn.
    pub max_plies: usize,
    /// Both engines' scores may decide a game (`--resign`).
    pub resign: Option<Resign>,
    /// Both engines' scores may draw a game (`--draw`).
    pub draw: Option<Draw>,
}

/// A game is drawn once it has lasted `from_ply` plies (the opening's
/// included) and both players' own scores stayed within `cp` of 0 over
/// the last `moves` moves of each (cutechess-cli's draw adjudication).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub from_ply: usize,
    pub moves: usize,
    pub cp: i32,
}

impl Draw {
    /// Reads `PLY,MOVES,CP`.
    pub fn parse(text: &str) -> Result<Draw, String> {
        let bad = || format!("--draw wants PLY,MOVES,CP (as in 80,8,10), not '{}'", echo(text));
        let numbers: Vec<i64> = text
            .split(',')
            .map(|n| n.trim().parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let &[from_ply, moves, cp] = numbers.as_slice() else {
            return Err(bad());
        };
        if !(0..=100_000).contains(&from_ply) || !(1..=1_000).contains(&moves) || !(0..=100_000).contains(&cp) {
            return Err(format!(
                "--draw: PLY must be 0 to 100000, MOVES 1 to 1000 and CP 0 to 100000, not '{}'",
                echo(text)
            ));
        }
        Ok(Draw {
            from_ply: from_ply as usize,
            moves: moves as usize,
            cp: cp as i32,
        })
    }

    /// Whether a game of `plies` plies whose players scored `scores` (as
    /// in [`Resign::decides`]) is drawn.
    pub fn decides(self, plies: usize, scores: &[Option<i32>]) -> bool {
        let n = 2 * self.moves;
        plies >= self.from_ply
            && scores.len() >= n
            && scores[scores.len() - n..]
                .iter()
                .all(|s| s.is_some_and(|s| s.abs() <= self.cp))
    }
}

/// A game is won by the side both players agree is ahead: over the last
/// `moves` moves of each, the winner's own score was at least `cp` and the
/// loser's at most `-cp` (cutechess-cli's two-sided resign adjudication).
/// A move without a score (an engine that gave none) breaks the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign {
    pub cp: i32,
    pub moves: usize,
}

impl Resign {
    /// Reads `CP,MOVES`.
    pub fn parse(text: &str) -> Result<Resign, String> {
        let bad = || format!("--resign wants CP,MOVES (as in 800,4), not '{}'", echo(text));
        let (cp, moves) = text.split_once(',').ok_or_else(bad)?;
        let cp: i32 = cp.trim().parse().map_err(|_| bad())?;
        let moves: usize = moves.trim().parse().map_err(|_| bad())?;
        if !(1..=100_000).contains(&cp) || !(1..=1_000).contains(&moves) {
            return Err(format!(
                "--resign: CP must be 1 to 100000 and MOVES 1 to 1000, not '{}'",
                echo(text)
            ));
        }
        Ok(Resign { cp, moves })
    }

    /// With `scores[i]` the score the player of ply `i` gave for its move
    /// (from its own side), whether the game is decided: `Some(true)` when
    /// the player of the last ply wins, `Some(false)` when its opponent
    /// does.
    pub fn decides(self, scores: &[Option<i32>]) -> Option<bool> {
        let n = 2 * self.moves;
        let last = scores.get(scores.len().checked_sub(n)?..)?;
        // Plies alternate: the last ply's player holds the odd offsets.
        let (mut mover_ahead, mut mover_behind) = (true, true);
        for (i, s) in last.iter().enumerate() {
            let s = (*s)?;
            let own = if i % 2 == 1 { s } else { -s };
            mover_ahead &= own >= self.cp;
            mover_behind &= own <= -self.cp;
        }
        if mover_ahead {
            Some(true)
        } else if mover_behind {
            Some(false)
        } else {
            None
        }
    }
}

/// A score in centipawns for comparing with a threshold: a mate counts as
/// more than any.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => 1_000_000,
        Score::Mate(_) => -1_000_000,
    }
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
    judging: Judging,
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
    // The players' scores for the plies after the opening.
    let mut scores: Vec<Option<i32>> = Vec::new();
    // The same as the players gave them, for the game's record.
    let mut said: Vec<Option<Score>> = Vec::new();
    let max_plies = judging.max_plies;
    let forfeit = |color: Color, kind: Forfeit, why: String, moves: &[String], said: &[Option<Score>]| GameResult {
        winner: Some(1 - color),
        why,
        plies: moves.len(),
        forfeit: Some(kind),
        moves: moves.to_vec(),
        scores: said.to_vec(),
    };
    for color in [0, 1] {
        if let Err((kind, why)) = players[color].new_game() {
            let why = format!("{} {why}", labels[color]);
            return Ok(Some(forfeit(color, kind, why, &moves, &said)));
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
                scores: said,
            }));
        }
        if let Some(resign) = judging.resign
            && let Some(mover_wins) = resign.decides(&scores)
        {
            let last_mover = 1 - pos.side_to_move();
            let winner = if mover_wins { last_mover } else { 1 - last_mover };
            return Ok(Some(GameResult {
                winner: Some(winner),
                why: format!(
                    "adjudicated: both scored {} ahead by {} cp or more over their last {} moves",
                    labels[winner], resign.cp, resign.moves
                ),
                plies,
                forfeit: None,
                moves,
                scores: said,
            }));
        }
        if let Some(draw) = judging.draw
            && draw.decides(plies, &scores)
        {
            return Ok(Some(GameResult {
                winner: None,
                why: format!(
                    "adjudicated: both scored within {} cp over their last {} moves",
                    draw.cp, draw.moves
                ),
                plies,
                forfeit: None,
                moves,
                scores: said,
            }));
        }
        if plies >= max_plies {
            return Ok(Some(GameResult {
                winner: None,
                why: format!("adjudicated after {max_plies} plies"),
                plies,
                forfeit: None,
                moves,
                scores: said,
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
                return Ok(Some(forfeit(color, kind, why, &moves, &said)));
            }
            Some(Reply::Move(text, score)) => {
                scores.push(score.map(centipawns));
                said.push(score);
                text
            }
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
                return Ok(Some(forfeit(color, Forfeit::IllegalMove, why, &moves, &said)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Draw, Resign};

    #[test]
    fn a_resign_needs_both_sides_to_agree_over_their_last_moves() {
        let r = Resign { cp: 500, moves: 2 };
        // The last ply's player is ahead by 600, its opponent behind.
        let won = [Some(0), Some(-600), Some(600), Some(-700), Some(650)];
        assert_eq!(r.decides(&won), Some(true));
        // The same from the opponent's side: the last ply's player is lost.
        let lost = [Some(600), Some(-600), Some(700), Some(-650)];
        assert_eq!(r.decides(&lost), Some(false));
        assert_eq!(r.decides(&won[..3]), None, "too few plies");
        let disagree = [Some(-600), Some(600), Some(-700), Some(-650)];
        assert_eq!(r.decides(&disagree), None, "the side ahead thinks it is behind");
        let unsure = [Some(-600), Some(600), Some(-499), Some(650)];
        assert_eq!(r.decides(&unsure), None, "one score under the bound");
        let silent = [Some(-600), None, Some(-700), Some(650)];
        assert_eq!(r.decides(&silent), None, "a move without a score");
    }

    #[test]
    fn a_draw_needs_both_sides_near_zero_late_enough() {
        let d = Draw {
            from_ply: 10,
            moves: 2,
            cp: 20,
        };
        let level = [Some(300), Some(15), Some(-20), Some(0), Some(5)];
        assert!(d.decides(10, &level));
        assert!(!d.decides(9, &level), "too early");
        assert!(!d.decides(10, &level[..3]), "too few plies");
        let one_up = [Some(15), Some(-21), Some(0), Some(5)];
        assert!(!d.decides(12, &one_up), "one score past the bound");
        let silent = [Some(15), None, Some(0), Some(5)];
        assert!(!d.decides(12, &silent), "a move without a score");
    }

    #[test]
    fn draw_settings_are_read() {
        assert_eq!(
            Draw::parse("80,8,10"),
            Ok(Draw {
                from_ply: 80,
                moves: 8,
                cp: 10
            })
        );
        for bad in ["80,8", "80,0,10", "x,8,10", "80,8,10,1", "80,8,-1"] {
            assert!(Draw::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn resign_settings_are_read() {
        assert_eq!(Resign::parse("800,4"), Ok(Resign { cp: 800, moves: 4 }));
        for bad in ["800", "x,4", "800,0", "0,3", "800,4,1"] {
            assert!(Resign::parse(bad).is_err(), "{bad}");
        }
    }
}
