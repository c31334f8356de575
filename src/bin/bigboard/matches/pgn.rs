//! `match --pgn FILE`: each game as PGN, in the order the games end, with
//! coordinate moves as the engines gave them and each player's score for
//! its move as a comment, so that `replay --pgn` (or any reader of
//! coordinate PGN) can step through it.

use super::referee::GameResult;
use bigboard::search::Score;
use std::fmt::Write;

/// One finished game and what the file says of it.
pub struct GameRecord<'a> {
    pub variant: &'a str,
    /// 1-based, as in the match's own lines.
    pub round: u64,
    /// The players' settings, White's first.
    pub players: [&'a str; 2],
    /// The start position where it is not the variant's own (a random
    /// setup).
    pub fen: Option<&'a str>,
    /// Plies of the opening (played by the match, not by the players).
    pub opening: usize,
    pub result: &'a GameResult,
}

/// A player's score as a comment, from its own side as engines give it:
/// `{+0.35}` in pawns, `{+M3}` for a mate in three, `{-M2}` for being mated.
fn score_comment(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!(
            "{{{}{}.{:02}}}",
            if cp < 0 { "-" } else { "+" },
            cp.abs() / 100,
            cp.abs() % 100
        ),
        Score::Mate(m) if m > 0 => format!("{{+M{m}}}"),
        Score::Mate(m) => format!("{{-M{}}}", -m),
    }
}

/// The game as PGN text, ending with a blank line.
pub fn pgn_text(g: &GameRecord) -> String {
    let result = match g.result.winner {
        None => "1/2-1/2",
        Some(0) => "1-0",
        Some(_) => "0-1",
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag("Event", "bigboard match");
    tag("Round", &g.round.to_string());
    tag("White", g.players[0]);
    tag("Black", g.players[1]);
    tag("Result", result);
    tag("Variant", g.variant);
    if let Some(fen) = g.fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    tag("Termination", &g.result.why);
    tag("PlyCount", &g.result.moves.len().to_string());
    out.push('\n');
    // The move text, wrapped before 80 columns as PGN asks.
    let mut line = String::new();
    let tokens = g.result.moves.iter().enumerate().flat_map(|(i, m)| {
        let number = (i % 2 == 0).then(|| format!("{}.", i / 2 + 1));
        let comment = i
            .checked_sub(g.opening)
            .and_then(|j| g.result.scores.get(j).copied().flatten())
            .map(score_comment);
        number.into_iter().chain(std::iter::once(m.clone())).chain(comment)
    });
    for token in tokens.chain(std::iter::once(result.to_string())) {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_reads_as_pgn() {
        let result = GameResult {
            winner: Some(1),
            why: "checkmate".into(),
            plies: 3,
            forfeit: None,
            moves: vec!["e2e4".into(), "e7e5".into(), "d1h5".into()],
            scores: vec![Some(Score::Cp(-5)), Some(Score::Mate(1))],
        };
        let text = pgn_text(&GameRecord {
            variant: "xhess",
            round: 2,
            players: ["B \"depth=1\"", "A"],
            fen: None,
            opening: 1,
            result: &result,
        });
        assert_eq!(
            text,
            "[Event \"bigboard match\"]\n[Round \"2\"]\n[White \"B \\\"depth=1\\\"\"]\n[Black \"A\"]\n\
             [Result \"0-1\"]\n[Variant \"xhess\"]\n[Termination \"checkmate\"]\n[PlyCount \"3\"]\n\n\
             1. e2e4 e7e5 {-0.05} 2. d1h5 {+M1} 0-1\n\n"
        );
    }

    #[test]
    fn scores_read_in_pawns_from_the_players_side() {
        let said = [
            Score::Cp(0),
            Score::Cp(35),
            Score::Cp(-1234),
            Score::Mate(3),
            Score::Mate(-2),
        ];
        let text: Vec<String> = said.into_iter().map(score_comment).collect();
        assert_eq!(text, ["{+0.00}", "{+0.35}", "{-12.34}", "{+M3}", "{-M2}"]);
    }

    #[test]
    fn long_games_wrap_before_eighty_columns() {
        let result = GameResult {
            winner: None,
            why: "the ply limit".into(),
            plies: 100,
            forfeit: None,
            moves: vec!["a10a9".to_string(); 100],
            scores: vec![None; 100],
        };
        let text = pgn_text(&GameRecord {
            variant: "flee",
            round: 1,
            players: ["A", "B"],
            fen: Some("16/16 w - - 0 1"),
            opening: 0,
            result: &result,
        });
        assert!(text.contains("[FEN \"16/16 w - - 0 1\"]\n"));
        let moves: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
        assert!(moves.len() > 1);
        assert!(moves.iter().all(|l| l.len() < 80), "{moves:#?}");
        assert!(moves.last().unwrap().ends_with("1/2-1/2"));
        assert_eq!(moves.join(" ").split(' ').filter(|t| *t == "a10a9").count(), 100);
    }
}
