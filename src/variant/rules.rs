//! How a game ends, as a definition says: what checkmate, stalemate and
//! repetition score, the bare-king rule and goal squares (`[rules]` and
//! `[[goal]]`).

use super::problems::{Errors, path};
use super::region::{Region, read_region};
use super::toml::{Table, Value};
use crate::core::echo::echo;
use crate::core::geometry::Geometry;

/// A game's result for the player who brought it about (the one who made
/// the last move: who gives checkmate or stalemate, or repeats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// That player wins.
    Win,
    /// The game is drawn.
    Draw,
    /// That player loses.
    Loss,
}

impl Verdict {
    fn read(e: &mut Errors, r: &Table, key: &str, default: Verdict) -> Verdict {
        match e.string("rules", r, key, false).as_deref() {
            None => default,
            Some("win") => Verdict::Win,
            Some("draw") => Verdict::Draw,
            Some("loss") => Verdict::Loss,
            Some(other) => {
                e.add(
                    path("rules", key),
                    format!(
                        "'{}': one of \"win\", \"draw\", \"loss\" (for the player who {})",
                        echo(other),
                        match key {
                            "checkmate" => "gives checkmate",
                            "stalemate" => "gives stalemate",
                            _ => "repeats the position",
                        }
                    ),
                );
                default
            }
        }
    }
}

/// A square a piece wins by reaching (Jeson Mor's e5, king of the hill's
/// centre).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Per kind: its men count (every kind when the goal names none).
    pub kinds: Vec<bool>,
    /// The goal squares, per colour.
    pub region: Region,
    /// The piece must still stand there when its side is to move again
    /// (through the opponent's reply, who may take it or win first);
    /// otherwise reaching it wins at once.
    pub hold: bool,
}

/// What ends a game besides the move-count rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinRules {
    /// A player whose royal piece reaches the far rank wins at once.
    pub royal_far_rank: bool,
    /// Checkmate, for the player who gives it (`Win` in chess).
    pub checkmate: Verdict,
    /// Stalemate, for the player who gives it (`Draw` in chess, `Win` in
    /// Shatranj).
    pub stalemate: Verdict,
    /// Repetition, for the player whose move repeats the position.
    pub repetition: Verdict,
    /// A side whose royal pieces stand alone loses, unless it bares the
    /// other side at once (a draw).
    pub bare_king: bool,
    /// Royal pieces of the two sides may not stand on one file with
    /// nothing between them (Xiangqi's flying general): each attacks the
    /// other along it.
    pub flying_royals: bool,
    /// The squares a piece wins by reaching ([`Goal`]).
    pub goals: Vec<Goal>,
    /// `royals = "extinction"`: each side's royal mode follows the royals
    /// it has on the board (`crate::rules::legal::royals`): check rules for a lone
    /// capturable royal, extinction otherwise, anti-royals and `flee`
    /// royals. Off (`"check"`, the default): no royal may be left attacked,
    /// however many a side has.
    pub royal_modes: bool,
    /// `checks = N`: a side that has given check N times wins at once
    /// (three-check); 0 when checks are not counted.
    pub checks: u32,
    /// Some rule (bare king, goals, royal modes, counted checks) can end
    /// the game before any move is generated.
    pub early: bool,
}

impl Default for WinRules {
    fn default() -> WinRules {
        WinRules {
            royal_far_rank: false,
            checkmate: Verdict::Win,
            stalemate: Verdict::Draw,
            repetition: Verdict::Draw,
            bare_king: false,
            flying_royals: false,
            goals: Vec::new(),
            royal_modes: false,
            checks: 0,
            early: false,
        }
    }
}

pub(super) const RULE_KEYS: &[&str] = &[
    "en_passant",
    "royal_far_rank",
    "move_rule",
    "repetition",
    "repetition_result",
    "stalemate",
    "checkmate",
    "bare_king",
    "flying_royals",
    "royals",
    "checks",
];

const GOAL_KEYS: &[&str] = &["pieces", "squares", "hold"];

/// The keys of `[rules]` that say how a game ends.
pub(super) fn read_win_rules(e: &mut Errors, r: &Table, win: &mut WinRules) {
    win.royal_far_rank = e.bool("rules", r, "royal_far_rank").unwrap_or(false);
    win.checkmate = Verdict::read(e, r, "checkmate", Verdict::Win);
    win.stalemate = Verdict::read(e, r, "stalemate", Verdict::Draw);
    win.repetition = Verdict::read(e, r, "repetition_result", Verdict::Draw);
    win.bare_king = e.bool("rules", r, "bare_king").unwrap_or(false);
    win.flying_royals = e.bool("rules", r, "flying_royals").unwrap_or(false);
    win.checks = e.int("rules", r, "checks", 1, 100).unwrap_or(0) as u32;
    win.royal_modes = match e.string("rules", r, "royals", false).as_deref() {
        None | Some("check") => false,
        Some("extinction") => true,
        Some(other) => {
            e.add(
                "rules.royals",
                format!(
                    "'{}': \"check\" (no royal may be left attacked) or \"extinction\" (royal modes by the royals on the board)",
                    echo(other)
                ),
            );
            false
        }
    };
}

/// The `[[goal]]` tables.
pub(super) fn read_goals(
    e: &mut Errors,
    table: &Table,
    geometry: Option<Geometry>,
    kinds: usize,
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Goal> {
    let mut out = Vec::new();
    for (i, t) in e.tables(table, "goal").into_iter().enumerate() {
        let at = format!("goal[{i}]");
        e.unknown_keys(&at, t, GOAL_KEYS);
        let mut of_kind = vec![true; kinds];
        if t.contains_key("pieces") {
            of_kind = vec![false; kinds];
            for name in e.strings(&at, t, "pieces") {
                match kind_of(&name) {
                    Some(k) => of_kind[k] = true,
                    None => e.add(path(&at, "pieces"), format!("unknown piece '{}'", echo(&name))),
                }
            }
        }
        let hold = e.bool(&at, t, "hold").unwrap_or(false);
        let squares = e.strings(&at, t, "squares");
        if squares.is_empty() {
            e.add(path(&at, "squares"), "missing or empty");
        }
        let Some(g) = geometry else {
            continue;
        };
        match read_region(g, &squares) {
            Ok(region) => out.push(Goal {
                kinds: of_kind,
                region,
                hold,
            }),
            Err(problems) => {
                for (j, msg) in problems {
                    e.add(format!("{}[{j}]", path(&at, "squares")), msg);
                }
            }
        }
    }
    if let Some(Value::Array(a)) = table.get("goal")
        && a.len() > 100
    {
        e.add("goal", format!("{} tables; at most 100", a.len()));
    }
    out
}
