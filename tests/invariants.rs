//! Invariants checked at every ply of random games of every built-in
//! variant, plus unit tests of the game-ending rules.
//!
//! The games are reproducible: a small xorshift generator with fixed seeds
//! picks the moves, with a bias towards captures and pawn moves so that
//! promotions, en-passant captures and castling come up in a few hundred
//! plies.

use bigboard::Position;
use bigboard::builtin;
use bigboard::rules::legal::royals::RoyalMode;
use bigboard::rules::outcome::{Outcome, Reason};
use bigboard::rules::perft::perft;
use bigboard::rules::walk::capture_cache::CaptureCache;
use bigboard::variant::{BUILTIN_IDS, Loader, Variant, builtin_source};
use bigboard::{Move, MoveKind};
use std::collections::HashSet;
use std::sync::Arc;

/// Games per variant and plies per game; `INVARIANT_GAMES`, `INVARIANT_PLIES`
/// and `INVARIANT_SEED` override them for a longer search.
const GAMES: u64 = 30;
const PLIES: usize = 150;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// xorshift64*: tiny, deterministic, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What the random games met, to make sure the special moves were tested.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    promotions: usize,
    en_passant: usize,
    castles: usize,
    checks: usize,
    rejected: usize,
    finished: usize,
    /// Positions whose side to move plays by extinction rules.
    extinction: usize,
    /// Legal turns with drops.
    drops: usize,
    /// Moves whose landing square was told attacked, and told safe,
    /// before they were played.
    landings: [usize; 2],
    /// Moves told illegal without a play, by the path of a lone check.
    lone_check_skips: usize,
    /// Moves told legal without a play by the squares the enemy's paths
    /// to the royals look at, where the tables' lines could not tell.
    off_paths: usize,
    /// How the games that ran out of moves ended.
    ends: Vec<Reason>,
    /// The capture walks kept between positions, as a search keeps them.
    captures: CaptureCache,
    /// Moves whose hash was told before they were played.
    hashed_ahead: usize,
}

fn royal_squares(pos: &Position, color: usize) -> Vec<u16> {
    let v = pos.variant();
    (0..v.geometry.len() as u16)
        .filter(|&sq| matches!(pos.piece_at(sq), Some((k, c)) if c == color && v.pieces[k].royal))
        .collect()
}

/// The slow definition of a legal castling: the king does not start on,
/// pass or land on an attacked square.
fn castling_path_safe(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let g = v.geometry;
    let us = pos.side_to_move();
    let r = v.castling_for(m.aux as usize, us);
    let (a, b) = (
        g.file(r.king).min(g.file(r.king_to)),
        g.file(r.king).max(g.file(r.king_to)),
    );
    (a..=b).all(|f| !pos.is_attacked(g.square(f, g.rank(r.king)).unwrap(), us ^ 1))
}

/// Checks 1, 2, 5 and the attack table: the legal list is exactly the
/// pseudo-legal moves that leave no royal of the mover attacked, each
/// play/undo restores the position, the hash is always right, and the
/// attack on a move's landing square told before the move is the one
/// after it.
fn check_legality(pos: &mut Position, legal: &[Move], seen: &mut Seen, ctx: &str) {
    let us = pos.side_to_move();
    let them = us ^ 1;
    let n = pos.variant().geometry.len() as u16;
    assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: incremental hash");

    let keys: HashSet<_> = legal.iter().map(|&m| (m.key(), pos.drops(m))).collect();
    assert_eq!(keys.len(), legal.len(), "{ctx}: duplicate legal moves {legal:?}");
    // Turns with drops are checked on their own; the rest as moves.
    let (plain, turns): (Vec<Move>, Vec<Move>) = legal.iter().partition(|&&m| pos.drops(m).is_empty());
    check_drop_turns(pos, &turns, ctx);
    seen.drops += turns.len();
    let legal = &plain[..];

    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let pseudo_set: HashSet<Move> = pseudo.iter().copied().collect();
    for m in legal {
        assert!(pseudo_set.contains(m), "{ctx}: legal {m:?} is not pseudo-legal");
    }

    // The staged generators split the pseudo-legal moves exactly: captures
    // and promotions, then the rest.
    let tactical = |m: &Move| pos.is_capture(*m) || m.promotion != 0;
    let mut captures = Vec::new();
    pos.pseudo_legal_captures(&mut captures);
    let mut quiets = Vec::new();
    pos.pseudo_legal_quiets(&mut quiets);
    let expect_captures: HashSet<Move> = pseudo.iter().copied().filter(|m| tactical(m)).collect();
    let expect_quiets: HashSet<Move> = pseudo.iter().copied().filter(|m| !tactical(m)).collect();
    assert_eq!(captures.len(), expect_captures.len(), "{ctx}: captures {captures:?}");
    assert_eq!(
        captures.iter().copied().collect::<HashSet<_>>(),
        expect_captures,
        "{ctx}: captures"
    );
    assert_eq!(quiets.len(), expect_quiets.len(), "{ctx}: quiets {quiets:?}");
    assert_eq!(
        quiets.iter().copied().collect::<HashSet<_>>(),
        expect_quiets,
        "{ctx}: quiets"
    );
    // Captures among some enemies: all of those onto them, nothing that is
    // not a capture.
    let mut mask = vec![0u64; (n as usize).div_ceil(64)];
    for sq in (0..n).filter(|&sq| pos.piece_at(sq).is_some_and(|(_, c)| c == them) && sq % 2 == 0) {
        mask[sq as usize >> 6] |= 1 << (sq & 63);
    }
    let mut among = Vec::new();
    pos.pseudo_legal_captures_among(&mask, &mut among);
    let among: HashSet<Move> = among.into_iter().collect();
    assert!(among.is_subset(&expect_captures), "{ctx}: captures among");
    for m in expect_captures
        .iter()
        .filter(|m| m.to % 2 == 0 && pos.piece_at(m.to).is_some())
    {
        assert!(among.contains(m), "{ctx}: {m:?} missing from the captures among");
    }

    // Captures through the cache kept over the game and its children:
    // the same moves in the same order as a fresh walk.
    for targets in [pos.occupied_by(them).to_vec(), mask.clone()] {
        let mut fresh = Vec::new();
        pos.pseudo_legal_captures_among(&targets, &mut fresh);
        let mut cached = Vec::new();
        pos.pseudo_legal_captures_cached(&targets, &mut seen.captures, &mut cached);
        assert_eq!(cached, fresh, "{ctx}: cached captures");
    }
    for &m in legal.iter().step_by(3) {
        pos.play_unchecked(m);
        let targets = pos.occupied_by(us).to_vec();
        let mut fresh = Vec::new();
        pos.pseudo_legal_captures_among(&targets, &mut fresh);
        let mut cached = Vec::new();
        pos.pseudo_legal_captures_cached(&targets, &mut seen.captures, &mut cached);
        pos.undo();
        assert_eq!(cached, fresh, "{ctx}: cached captures after {m:?}");
    }

    // The hash a move will give, told without playing it, is the hash
    // playing it gives.
    for &m in &pseudo {
        if let Some(h) = pos.hash_after(m) {
            pos.play_unchecked(m);
            let after = pos.hash();
            pos.undo();
            assert_eq!(h, after, "{ctx}: hash after {m:?}");
            seen.hashed_ahead += 1;
        }
    }

    // Quiet moves that may check: exactly the quiets whose piece could
    // capture on an enemy royal from its destination (and, when asked,
    // every royal move, and every move of a special kind).
    let t = &pos.variant().tables;
    for royal_moves in [false, true] {
        let mut checks = Vec::new();
        pos.pseudo_legal_quiet_checks(royal_moves, &mut checks);
        let expect: HashSet<Move> = quiets
            .iter()
            .copied()
            .filter(|m| {
                let (kind, _) = pos.piece_at(m.from).unwrap();
                let royal = royal_moves && pos.variant().pieces[kind].royal;
                // A special kind's checks are not in the tables: all of its
                // quiet moves come.
                royal
                    || pos.variant().special[kind]
                    || pos.mechanics_on_board()
                    || pos.variant().reserve.is_some()
                    || royal_squares(pos, them)
                        .iter()
                        .any(|&k| t.reaches(t.program_index(kind, us, m.to), k))
            })
            .collect();
        assert_eq!(checks.len(), expect.len(), "{ctx}: quiet checks {checks:?}");
        assert_eq!(
            checks.into_iter().collect::<HashSet<_>>(),
            expect,
            "{ctx}: quiet checks"
        );
    }
    for m in &pseudo {
        assert!(pos.is_pseudo_legal(*m), "{ctx}: {m:?} generated but not pseudo-legal");
        // The same step to every other square, and other promotions, are
        // pseudo-legal only when generated.
        for to in [m.to.wrapping_add(1), m.to.wrapping_sub(1), m.from] {
            let other = Move { to, ..*m };
            assert_eq!(
                pos.is_pseudo_legal(other),
                pseudo_set.contains(&other),
                "{ctx}: {other:?}"
            );
        }
    }

    // is_attacked agrees with the capture targets of the move generator,
    // men taken on the way included.
    // (An en-passant victim is taken off a square the capture does not go
    // to: the attack tables do not count it attacked. A capture en passant
    // onto a man, a leapt pawn standing there, does attack its square.)
    let targets: HashSet<u16> = pseudo
        .iter()
        .flat_map(|&m| {
            let mut taken = pos.captures_of(m);
            if m.kind == MoveKind::EnPassant {
                taken.retain(|&sq| sq == m.to);
            }
            taken
        })
        .collect();
    for sq in 0..n {
        if let Some((_, c)) = pos.piece_at(sq)
            && c == them
        {
            assert_eq!(
                pos.is_attacked(sq, us),
                targets.contains(&sq),
                "{ctx}: is_attacked({sq}) disagrees with the moves {}",
                pos.fen()
            );
        }
    }

    let finished = pos.decided().is_some();
    if finished {
        assert!(legal.is_empty(), "{ctx}: a finished game has moves");
        seen.finished += 1;
        return;
    }
    let legal_set: HashSet<Move> = legal.iter().copied().collect();
    if pos.royal_mode(us) == RoyalMode::Extinction {
        // With drops, which turns keep an anti-royal attacked is a
        // question of whole turns: those are checked above.
        if !pos.has_anti_royal(us) || turns.is_empty() {
            check_extinction_legality(pos, &pseudo, &legal_set, ctx);
        }
        seen.extinction += 1;
        return;
    }
    let before = pos.clone();
    let in_check = pos.in_check();
    // In check, the moves the search passes over unplayed (they leave a
    // lone check standing) are illegal.
    let mut check_path = Vec::new();
    if pos.lone_check_path(&mut check_path) {
        assert!(in_check, "{ctx}: a lone check's path out of check");
        for &m in pseudo.iter().filter(|&&m| pos.leaves_lone_check(m, &check_path)) {
            assert!(
                !legal_set.contains(&m),
                "{ctx}: {} ({m:?}) leaves the lone check standing, but is legal in {}",
                pos.move_text(m),
                pos.fen()
            );
            seen.lone_check_skips += 1;
        }
    }
    assert!(*pos == before, "{ctx}: the lone check's path changed the position");
    let paths = pos.royal_paths_seen();
    assert!(
        paths.is_none() || !in_check,
        "{ctx}: the paths to a royal in check were given"
    );
    for &m in &pseudo {
        let (_, color) = pos.piece_at(m.from).expect("a move starts on a piece");
        assert_eq!(color, us, "{ctx}: {m:?} moves an enemy piece");
        assert!(m.to < n, "{ctx}: {m:?} leaves the board");
        if let Some(k) = m.promotion_kind() {
            assert!(k < pos.variant().pieces.len(), "{ctx}: {m:?} bad promotion");
        }
        let path_ok = m.kind != MoveKind::Castle || castling_path_safe(pos, m);
        let known_safe = !in_check && pos.is_safe_unless_in_check(m);
        let off_paths = paths.as_ref().is_some_and(|seen| pos.is_safe_off_paths(m, seen));
        // Whether the opponent attacks the landing square, told before
        // the move from the board changed in place, and put back.
        let landing = pos.attacked_on_landing(m);
        assert!(*pos == before, "{ctx}: the landing test of {m:?} changed the position");
        pos.play_unchecked(m);
        if let Some(attacked) = landing {
            seen.landings[usize::from(attacked)] += 1;
            assert_eq!(
                attacked,
                pos.is_attacked(m.to, them),
                "{ctx}: the landing square of {m:?} told before the move in {}",
                before.fen()
            );
        }
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: hash after {m:?}");
        check_weights(pos, ctx);
        check_special_men(pos, ctx);
        assert_eq!(pos.side_to_move(), them);
        let royal_safe = royal_squares(pos, us).iter().all(|&sq| !pos.is_attacked(sq, them));
        assert!(
            royal_safe || !known_safe,
            "{ctx}: {m:?} said safe without a test, but it exposes a royal"
        );
        assert!(
            royal_safe || !off_paths,
            "{ctx}: {} ({m:?}) is off the enemy's paths to the royals, but exposes one in {}",
            before.move_text(m),
            before.fen()
        );
        if off_paths && !known_safe {
            seen.off_paths += 1;
        }
        if royal_safe {
            // After a legal move, check is told from that move alone.
            assert_eq!(
                pos.in_check_after_last_move(),
                pos.in_check(),
                "{ctx}: check after {m:?}"
            );
        }
        assert_eq!(pos.undo(), Some(m), "{ctx}: undo of {m:?}");
        assert!(*pos == before, "{ctx}: undo of {m:?} gives {}", pos.fen());
        let slow = royal_safe && path_ok;
        assert_eq!(
            slow,
            legal_set.contains(&m),
            "{ctx}: {} ({m:?}) legal by definition: {slow}, in the legal list: {} in {}",
            pos.move_text(m),
            !slow,
            pos.fen()
        );
        if !slow {
            seen.rejected += 1;
        }
    }
}

/// Turns with drops: the move alone is pseudo-legal (and legal, under
/// check rules); the drops land on empty squares, pieces on the piece
/// rank (an anti-royal anywhere, attacked after the turn) and pawns on the
/// pawn rank, each the next man of its reserve, paid by a credit; play and
/// undo restore the position and its hash; the text reads back.
fn check_drop_turns(pos: &mut Position, turns: &[Move], ctx: &str) {
    use bigboard::rules::reserve::reserves::{PAWNS, PIECES};
    if turns.is_empty() {
        return;
    }
    let us = pos.side_to_move();
    let v = pos.variant().clone();
    let g = v.geometry;
    let rules = v.reserve.expect("drops only with reserves");
    let rank = |r: u8| {
        if us == 0 {
            r as i32
        } else {
            g.height as i32 - 1 - r as i32
        }
    };
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let before = pos.clone();
    for &t in turns {
        let d = pos.drops(t);
        // The move alone: the turn without its drops (above `aux`'s six
        // low bits).
        let base = Move { aux: t.aux & 63, ..t };
        assert!(pseudo.contains(&base), "{ctx}: the move of {t:?} is not pseudo-legal");
        if pos.royal_mode(us) == RoyalMode::Check {
            assert!(
                legal.contains(&base),
                "{ctx}: the move of {} is not legal alone",
                pos.move_text(t)
            );
        }
        let text = pos.move_text(t);
        assert_eq!(pos.parse_move(&text), Ok(t), "{ctx}: text {text}");
        let next = [
            pos.reserve(us, PIECES).first().copied(),
            pos.reserve(us, PAWNS).first().copied(),
        ];
        let credits = pos.credits(us);
        pos.play_unchecked(base);
        let earned = pos.credits(us);
        pos.undo();
        pos.play_unchecked(t);
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: hash after {text}");
        if let Some(sq) = d.piece {
            let k = next[PIECES].expect("a piece to drop");
            assert!(
                earned[PIECES] > 0 || credits[PIECES] > 0,
                "{ctx}: {text} without a piece credit"
            );
            assert_eq!(pos.piece_at(sq), Some((k, us)), "{ctx}: {text}");
            if v.pieces[k].anti_royal {
                assert!(
                    pos.anti_royal_attacked(sq, us ^ 1),
                    "{ctx}: {text} drops an unattacked anti-royal"
                );
            } else {
                assert_eq!(g.rank(sq), rank(rules.piece_rank), "{ctx}: {text}");
            }
        }
        if let Some(sq) = d.pawn {
            let k = next[PAWNS].expect("a pawn to drop");
            assert!(earned[PAWNS] > 0, "{ctx}: {text} without a pawn credit");
            assert_eq!(pos.piece_at(sq), Some((k, us)), "{ctx}: {text}");
            assert_eq!(g.rank(sq), rank(rules.pawn_rank), "{ctx}: {text}");
        }
        pos.undo();
        assert!(*pos == before, "{ctx}: undo of {text}");
    }
}

/// Does a game that ends for `reason` have no moves left (unlike the
/// draws by repetition or the move rule, which are claimed)?
fn ends_the_moves(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Checkmate
            | Reason::Stalemate
            | Reason::RoyalFarRank
            | Reason::BareKing
            | Reason::Goal
            | Reason::Checks
            | Reason::RoyalsCaptured
            | Reason::AntiKingMated
    )
}

/// Legality where the mover's royals follow extinction rules (docs/variants/uc-170-17-game-rules.md R2,
/// R3, R5): every pseudo-legal move, then those that leave each of its
/// anti-royals attacked if some do (none when none do and no capturable
/// royal is left), then, when a fleeing royal of its stands attacked, that
/// royal's moves if it has any. Each move's play and undo restore the
/// position and its hash.
fn check_extinction_legality(pos: &mut Position, pseudo: &[Move], legal: &HashSet<Move>, ctx: &str) {
    let us = pos.side_to_move();
    let them = us ^ 1;
    let before = pos.clone();
    let mut kept: Vec<Move> = Vec::new();
    let mut keeps_anti = Vec::new();
    for &m in pseudo {
        pos.play_unchecked(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: hash after {m:?}");
        let antis = pos.anti_royals(us);
        let attacked = !antis.is_empty() && antis.iter().all(|&sq| pos.anti_royal_attacked(sq, them));
        assert_eq!(pos.undo(), Some(m), "{ctx}: undo of {m:?}");
        assert!(*pos == before, "{ctx}: undo of {m:?} gives {}", pos.fen());
        kept.push(m);
        keeps_anti.push(attacked);
    }
    if pos.has_anti_royal(us) {
        if keeps_anti.iter().any(|&a| a) {
            kept = kept
                .into_iter()
                .zip(keeps_anti)
                .filter(|&(_, a)| a)
                .map(|(m, _)| m)
                .collect();
        } else if royal_squares(pos, us).is_empty() {
            kept.clear();
        }
    }
    let v = pos.variant().clone();
    let fleeing: Vec<u16> = royal_squares(pos, us)
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|(k, _)| v.pieces[k].flee) && pos.is_attacked(sq, them))
        .collect();
    if kept.iter().any(|m| fleeing.contains(&m.from)) {
        kept.retain(|m| fleeing.contains(&m.from));
    }
    let expected: HashSet<Move> = kept.into_iter().collect();
    assert_eq!(&expected, legal, "{ctx}: extinction legality in {}", pos.fen());
}

/// The count of men that take in ways the tables miss, kept by moves,
/// equals a recount.
fn check_special_men(pos: &Position, ctx: &str) {
    for color in 0..2 {
        let n = pos
            .squares_of(color)
            .iter()
            .filter(|&&sq| pos.variant().special_attacks[pos.piece_at(sq).unwrap().0])
            .count();
        assert_eq!(pos.special_men(color), n, "{ctx}: special men of {color}");
    }
}

/// Piece-square weights kept by moves equal their sums from scratch, and
/// each square's weight that of the man standing there.
fn check_weights(pos: &Position, ctx: &str) {
    let (weights, sums) = pos.weights();
    let mut fresh = pos.clone();
    fresh.set_weights(weights.clone());
    assert_eq!(sums, fresh.weights().1, "{ctx}: weight sums");
    assert_eq!(pos.weight_at(), fresh.weight_at(), "{ctx}: weight per square");
}

/// Check 3: the position text reads back to the same position.
fn check_fen(pos: &Position, v: &Arc<Variant>, legal: &[Move], ctx: &str) {
    let text = pos.fen();
    let mut back = Position::from_fen(v.clone(), &text).unwrap_or_else(|e| panic!("{ctx}: {text}: {e}"));
    assert!(back == *pos, "{ctx}: {text} reads back as {}", back.fen());
    assert_eq!(back.fen(), text, "{ctx}");
    assert_eq!(back.hash(), pos.hash(), "{ctx}: {text}");
    let mut moves = Vec::new();
    back.legal_moves(&mut moves);
    let a: HashSet<String> = legal.iter().map(|&m| pos.move_text(m)).collect();
    let b: HashSet<String> = moves.iter().map(|&m| back.move_text(m)).collect();
    assert_eq!(a, b, "{ctx}: moves after reading back {text}");
}

/// Check 4: move text and SAN read back to the same move.
fn check_move_text(pos: &mut Position, legal: &[Move], rng: &mut Rng, ply: usize, ctx: &str) {
    let all = ply % 50 == 5;
    if legal.is_empty() {
        return;
    }
    let fen = pos.fen();
    let count = if all { legal.len() } else { 4.min(legal.len()) };
    for i in 0..count {
        let m = if all { legal[i] } else { legal[rng.below(legal.len())] };
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "{ctx}: move text {text} in {fen}");
    }
    if all {
        let sans: Vec<String> = legal
            .iter()
            .map(|&m| pos.san(m).trim_end_matches(['+', '#']).to_string())
            .collect();
        let unique: HashSet<&String> = sans.iter().collect();
        assert_eq!(unique.len(), sans.len(), "{ctx}: SAN not unique {sans:?} in {fen}");
    }
    if ply % 16 == 1 {
        let m = legal[rng.below(legal.len())];
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "{ctx}: SAN {san} in {fen}");
    }
    assert_eq!(pos.fen(), fen, "{ctx}: reading moves changed the position");
}

/// Picks a move: often a capture, the most advanced move of a promoting
/// piece or a castling, so that games reach promotions, en-passant captures
/// and castling.
fn pick(pos: &Position, legal: &[Move], rng: &mut Rng) -> Move {
    let v = pos.variant();
    let g = v.geometry;
    let us = pos.side_to_move();
    let progress = |m: &Move| if us == 0 { g.rank(m.to) } else { -g.rank(m.to) };
    let pawn = |m: &Move| v.promotes[pos.piece_at(m.from).map_or(0, |p| p.0)];
    let pool: Vec<Move> = match rng.below(8) {
        0 | 1 => legal
            .iter()
            .copied()
            .filter(|m| m.kind == MoveKind::EnPassant || (m.from != m.to && pos.piece_at(m.to).is_some()))
            .collect(),
        2 | 3 => {
            let best = legal.iter().filter(|m| pawn(m)).map(progress).max();
            legal
                .iter()
                .copied()
                .filter(|m| pawn(m) && Some(progress(m)) == best)
                .collect()
        }
        4 => legal.iter().copied().filter(|m| m.kind == MoveKind::Castle).collect(),
        5 if v.win.royal_far_rank => {
            let royal = |m: &Move| v.pieces[pos.piece_at(m.from).map_or(0, |p| p.0)].royal;
            let best = legal.iter().filter(|m| royal(m)).map(progress).max();
            legal
                .iter()
                .copied()
                .filter(|m| royal(m) && Some(progress(m)) == best)
                .collect()
        }
        _ => Vec::new(),
    };
    let pool = if pool.is_empty() { legal } else { &pool };
    pool[rng.below(pool.len())]
}

/// Extra starting positions, used for every third game.
fn extra_starts(id: &str) -> &'static [&'static str] {
    match id {
        "really-big-board" => &[
            "rn1q4k5nr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RN1Q4K5NR w KQkq - 0 1",
            "r7k6r/pppppppppppppppp/16/4PPPP8/16/16/16/16/16/16/16/16/pppp12/16/PPPPPPPPPPPPPPPP/R7K6R w KQkq - 0 1",
        ],
        _ => &[],
    }
}

fn random_games(id: &str, games: u64) -> Seen {
    random_games_on(builtin(id).unwrap(), games)
}

/// A built-in variant compiled into compact tables (no per-program
/// bitsets), as large boards are.
fn compact(id: &str) -> Arc<Variant> {
    let mut loader = Loader::new(builtin_source(id).unwrap()).unwrap();
    loader.use_compact_tables();
    let v = bigboard::text::load::finish(loader).unwrap();
    assert!(v.tables.compact);
    v
}

fn random_games_on(v: Arc<Variant>, games: u64) -> Seen {
    random_games_from(v, games, |v, game, _| {
        let extra = extra_starts(&v.id);
        if game % 3 == 2 && !extra.is_empty() {
            Position::from_fen(v.clone(), extra[(game / 3) as usize % extra.len()]).unwrap()
        } else {
            Position::new(v.clone())
        }
    })
}

/// Random games from the positions `start` gives (for game number `game`).
fn random_games_from(v: Arc<Variant>, games: u64, start: impl Fn(&Arc<Variant>, u64, &mut Rng) -> Position) -> Seen {
    let id = v.id.as_str();
    let games = env_or("INVARIANT_GAMES", games);
    let plies = env_or("INVARIANT_PLIES", PLIES as u64) as usize;
    let seed = env_or("INVARIANT_SEED", 0);
    let mut seen = Seen::default();
    let mut legal = Vec::new();
    for game in 0..games {
        let mut rng = Rng::new(seed ^ (game * 7919 + id.len() as u64));
        let mut pos = start(&v, game, &mut rng);
        // Arbitrary weights, to check that moves and undo keep their sums.
        let cells = 2 * v.pieces.len() * v.geometry.len();
        pos.set_weights(Arc::new((0..cells).map(|i| (i * 7919 % 1001) as i32 - 500).collect()));
        assert_ne!(pos.weights().1, [0, 0]);
        let start = pos.clone();
        let mut trail: Vec<(String, u64)> = Vec::new();
        for ply in 0..plies {
            let ctx = format!("{id} game {game} ply {ply}");
            pos.legal_moves(&mut legal);
            // The search's form, told whether the side is in check, agrees.
            let mut told = Vec::new();
            let in_check = pos.in_check();
            pos.legal_moves_knowing_check(&mut told, Some(in_check));
            assert_eq!(told, legal, "{ctx}: legal moves knowing check {in_check}");
            check_legality(&mut pos, &legal, &mut seen, &ctx);
            check_fen(&pos, &v, &legal, &ctx);
            check_move_text(&mut pos, &legal, &mut rng, ply, &ctx);
            let outcome = pos.outcome();
            if legal.is_empty() {
                let reason = outcome.map(|o| o.reason);
                assert!(
                    reason.is_some_and(ends_the_moves),
                    "{ctx}: no moves but outcome {outcome:?}"
                );
                seen.ends.push(reason.expect("an outcome"));
                break;
            }
            assert!(
                !outcome.is_some_and(|o| ends_the_moves(o.reason)),
                "{ctx}: moves but {outcome:?}"
            );
            seen.plies += 1;
            seen.checks += pos.in_check() as usize;
            let m = pick(&pos, &legal, &mut rng);
            seen.promotions += (m.promotion != 0) as usize;
            seen.en_passant += (m.kind == MoveKind::EnPassant) as usize;
            seen.castles += (m.kind == MoveKind::Castle) as usize;
            trail.push((pos.fen(), pos.hash()));
            if ply % 2 == 0 {
                pos.play(m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            } else {
                let text = pos.move_text(m);
                assert_eq!(pos.play_text(&text), Ok(m), "{ctx}");
            }
            assert_eq!(pos.moves_played().last(), Some(&m));
        }
        // Taking every move back walks the game backwards exactly.
        while let Some((fen, hash)) = trail.pop() {
            assert!(pos.undo().is_some());
            assert_eq!(pos.fen(), fen, "{id} game {game}: undo to ply {}", trail.len());
            assert_eq!(pos.hash(), hash);
        }
        assert_eq!(pos.undo(), None);
        assert!(pos == start, "{id} game {game}: undo back to the start");
        assert_eq!(
            pos.weights().1,
            start.weights().1,
            "{id} game {game}: weights after undo"
        );
    }
    seen
}

#[test]
fn random_games_xhess() {
    let seen = random_games("xhess", GAMES);
    assert!(seen.promotions > 0 && seen.checks > 0 && seen.finished > 0, "{seen:?}");
    assert!(seen.landings.iter().all(|&n| n > 0), "{seen:?}");
    assert!(seen.captures.replays() > 0 && seen.lone_check_skips > 0, "{seen:?}");
    assert!(seen.off_paths > 0, "{seen:?}");
    // Most moves' hashes are told ahead (all but castling, en passant
    // and the like).
    assert!(seen.hashed_ahead > 10 * seen.plies, "{seen:?}");
}

#[test]
fn random_games_overboard() {
    let seen = random_games("overboard", GAMES);
    assert!(
        seen.promotions > 0 && seen.checks > 0 && seen.captures.replays() > 0 && seen.off_paths > 0,
        "{seen:?}"
    );
    // Most moves' hashes are told ahead (all but castling, en passant
    // and the like).
    assert!(seen.hashed_ahead > 10 * seen.plies, "{seen:?}");
}

#[test]
fn random_games_really_big_board() {
    let seen = random_games("really-big-board", GAMES);
    assert!(
        seen.castles > 0
            && seen.en_passant > 0
            && seen.promotions > 0
            && seen.landings.iter().all(|&n| n > 0)
            && seen.lone_check_skips > 0,
        "{seen:?}"
    );
    // Most moves' hashes are told ahead (all but castling, en passant
    // and the like).
    assert!(seen.hashed_ahead > 10 * seen.plies, "{seen:?}");
}

#[test]
fn random_games_flee() {
    let seen = random_games("flee", GAMES);
    assert!(seen.promotions > 0 && seen.checks > 0, "{seen:?}");
    // Most moves' hashes are told ahead (all but castling, en passant
    // and the like).
    assert!(seen.hashed_ahead > 10 * seen.plies, "{seen:?}");
}

/// Compact tables answer "maybe" where full tables know better: the
/// generators and legality shortcuts must still agree with a full test.
#[test]
fn random_games_on_compact_tables() {
    for id in BUILTIN_IDS {
        let seen = random_games_on(compact(id), 2);
        assert!(seen.plies > 100, "{id}: {seen:?}");
    }
}

#[test]
fn compact_tables_count_the_same_moves() {
    for id in BUILTIN_IDS {
        let full = builtin(id).unwrap();
        let small = compact(id);
        assert!(small.tables.bytes() < full.tables.bytes());
        let depth = if *id == "xhess" { 3 } else { 2 };
        assert_eq!(
            perft(&mut Position::new(small), depth),
            perft(&mut Position::new(full), depth),
            "{id}"
        );
    }
}

#[test]
fn random_games_uc_170_17() {
    let seen = random_games("uc-170-17", 4);
    assert!(seen.plies > 200 && seen.checks > 0, "{seen:?}");
}

/// A position of UC-170-17 with a King and 15 kinds drawn at random for
/// each side, on random squares (pawns off the first and last ranks), with
/// the special kinds (men taken on the way, chains, hops over pawns) in
/// every other army, the mechanical kinds or the hurdle Grasshoppers in
/// the others, and in every eighth game a royal of another kind (the
/// Anti-King, the Wuss, the Royal Knight) beside each King, so that the
/// side plays by extinction rules; drawn again until the side not to move
/// is not in check.
fn mixed_army(v: &Arc<Variant>, game: u64, rng: &mut Rng) -> Position {
    let g = v.geometry;
    let king = v.kind_by_name("King").unwrap();
    let special: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.special[k]).collect();
    assert!(special.len() >= 3, "the Lion, the Frog and the Jumping Pawn");
    // (The Anti-King's immunity is an aura too; royals come below.)
    let mechanical: Vec<usize> = (0..v.pieces.len())
        .filter(|&k| v.mechanical[k] && !v.pieces[k].any_royal())
        .collect();
    assert!(
        mechanical.len() >= 11,
        "the Rococo and Ultima kinds, the Mamra, the Pincer Pawn"
    );
    // The Grasshoppers with effects on the man they leap.
    let hurdles: Vec<usize> = ["AGH", "EGH", "CGH", "AECG"]
        .iter()
        .map(|code| v.kind_by_name(code).unwrap())
        .collect();
    loop {
        let mut cells: Vec<Option<(usize, usize)>> = vec![None; g.len()];
        for color in 0..2 {
            let mut kinds: Vec<usize> = if game.is_multiple_of(2) {
                special.clone()
            } else if game % 4 == 1 {
                mechanical.clone()
            } else {
                hurdles.clone()
            };
            // Every eighth game, a royal of another kind beside the King
            // (the Anti-King, the Wuss, the Royal Knight): extinction rules.
            if game % 8 == 3 {
                let royals: Vec<usize> = (0..v.pieces.len())
                    .filter(|&k| k != king && v.pieces[k].any_royal())
                    .collect();
                kinds.push(royals[rng.below(royals.len())]);
            }
            while kinds.len() < 15 {
                let k = rng.below(v.pieces.len());
                if k != king && !v.pieces[k].any_royal() && !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            kinds.push(king);
            for k in kinds {
                loop {
                    let sq = rng.below(g.len());
                    let rank = g.rank(sq as u16);
                    let pawn_rank_ok = !v.pawn[k] || (rank > 0 && rank < g.height as i32 - 1);
                    if cells[sq].is_none() && pawn_rank_ok {
                        cells[sq] = Some((k, color));
                        break;
                    }
                }
            }
        }
        let mut rows = Vec::new();
        for rank in (0..g.height as i32).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for file in 0..g.width as i32 {
                match cells[g.square(file, rank).unwrap() as usize] {
                    None => gap += 1,
                    Some((k, color)) => {
                        if gap > 0 {
                            row += &gap.to_string();
                            gap = 0;
                        }
                        let code = &v.pieces[k].code;
                        let code = if color == 0 {
                            code.clone()
                        } else {
                            code.to_ascii_lowercase()
                        };
                        row += &if code.len() == 1 { code } else { format!("{{{code}}}") };
                    }
                }
            }
            if gap > 0 {
                row += &gap.to_string();
            }
            rows.push(row);
        }
        // The armies with hurdle effects take their own squares for their
        // home squares (`home=`, every rank) in every other game.
        let home = if game % 8 == 7 {
            format!(" home={}", rows.join("/"))
        } else {
            String::new()
        };
        let fen = format!("{} w - - 0 1{home}", rows.join("/"));
        if let Ok(pos) = Position::from_fen(v.clone(), &fen) {
            return pos;
        }
    }
}

/// Mixed armies of the UC-170-17 library, the special kinds in half of
/// them, the kinds with capture mechanisms and auras in a quarter and the
/// Grasshoppers with hurdle effects in the other quarter (half of those
/// games with home squares of their own): every generated move is legal,
/// play and undo restore position and hash, position and move text
/// round-trip.
#[test]
fn random_games_with_mixed_uc_armies() {
    let v = builtin("uc-170-17").unwrap();
    let seen = random_games_from(v, 30, mixed_army);
    assert!(seen.plies > 300 && seen.checks > 0 && seen.extinction > 0, "{seen:?}");
}

#[test]
fn every_builtin_has_a_random_games_test() {
    assert_eq!(
        BUILTIN_IDS,
        ["xhess", "overboard", "really-big-board", "flee", "uc-170-17"]
    );
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner: None, reason })
}

#[test]
fn knight_shuffles_draw_by_threefold_repetition_in_xhess() {
    let mut pos = Position::new(builtin("xhess").unwrap());
    let shuffle = ["d2b1", "d9b10", "b1d2", "b10d9"];
    for round in 0..2 {
        for (i, text) in shuffle.iter().enumerate() {
            assert_eq!(pos.outcome(), None, "round {round} before {text}");
            pos.play_text(text).unwrap();
            assert_eq!(pos.repetitions(), round + (i == 3) as u32);
        }
    }
    assert_eq!(
        pos.fen().split(' ').next(),
        Position::new(pos.variant().clone()).fen().split(' ').next()
    );
    assert_eq!(pos.outcome(), draw(Reason::Repetition));
    // One move back the position has occurred only twice.
    pos.undo();
    assert_eq!(pos.outcome(), None);
}

#[test]
fn a_position_read_from_text_has_no_repetition_history() {
    let mut pos = Position::new(builtin("xhess").unwrap());
    for text in ["d2b1", "d9b10", "b1d2", "b10d9", "d2b1", "d9b10", "b1d2"] {
        pos.play_text(text).unwrap();
    }
    // A position read from text has no history: no repetition yet.
    let mut fresh = Position::from_fen(pos.variant().clone(), &pos.fen()).unwrap();
    fresh.play_text("b10d9").unwrap();
    assert_eq!(fresh.outcome(), None);
    pos.play_text("b10d9").unwrap();
    assert_eq!(pos.outcome(), draw(Reason::Repetition));
}

fn with_clock(id: &str, halfmove: u32) -> Position {
    let v = builtin(id).unwrap();
    let setup = v.setup.split_whitespace().next().unwrap().to_string();
    let castling = if id == "really-big-board" { "KQkq" } else { "-" };
    Position::from_fen(v, &format!("{setup} w {castling} - {halfmove} 60")).unwrap()
}

#[test]
fn move_rule_draws_at_100_plies_in_xhess() {
    assert_eq!(with_clock("xhess", 99).outcome(), None);
    assert_eq!(with_clock("xhess", 100).outcome(), draw(Reason::MoveRule));
    assert_eq!(with_clock("xhess", 5000).outcome(), draw(Reason::MoveRule));
    let mut pos = with_clock("xhess", 99);
    pos.play_text("d2b1").unwrap();
    assert_eq!(pos.halfmove_clock(), 100);
    assert_eq!(pos.outcome(), draw(Reason::MoveRule));
    // A horseman (pawn) move resets the clock.
    let mut pos = with_clock("xhess", 99);
    pos.play_text("b4b5").unwrap();
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn move_rule_draws_at_200_plies_in_really_big_board() {
    assert_eq!(with_clock("really-big-board", 100).outcome(), None);
    assert_eq!(with_clock("really-big-board", 199).outcome(), None);
    assert_eq!(with_clock("really-big-board", 200).outcome(), draw(Reason::MoveRule));
    let mut pos = with_clock("really-big-board", 199);
    pos.play_text("b1c3").unwrap();
    assert_eq!(pos.outcome(), draw(Reason::MoveRule));
    let mut pos = with_clock("really-big-board", 199);
    pos.play_text("e2e8").unwrap();
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn a_king_on_the_far_rank_wins_xhess_and_ends_the_game() {
    let v = builtin("xhess").unwrap();
    let mut pos = Position::from_fen(v, "k9/4K5/10/10/10/10/10/10/10/10 w - - 0 1").unwrap();
    assert_eq!(pos.outcome(), None);
    pos.play_text("e9e10").unwrap();
    assert_eq!(pos.royal_on_far_rank(), Some(0));
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(0),
            reason: Reason::RoyalFarRank
        })
    );
    let mut moves = vec![Move::normal(0, 0)];
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

/// Replays `moves` from `fen` (the setup when empty) and returns the error.
fn replay_error(id: &str, fen: &str, moves: &str) -> String {
    let v = builtin(id).unwrap();
    let mut pos = if fen.is_empty() {
        Position::new(v)
    } else {
        Position::from_fen(v, fen).unwrap()
    };
    pos.replay(moves, |_, _| {}).unwrap_err().to_string()
}

#[test]
fn a_move_list_stops_where_the_game_ended() {
    let shuffle = "d2b1 d9b10 b1d2 b10d9";
    let cases = [
        // Threefold repetition after two rounds of knight moves.
        (
            "xhess",
            "",
            format!("{shuffle} {shuffle} d2b1"),
            "move 9 (d2b1): the game is over: threefold repetition",
        ),
        // Ng6-e7 mates (see tests/search.rs).
        (
            "xhess",
            "4k5/3h1h4/1B5B2/10/6N3/10/10/10/4C5/K9 w - - 0 1",
            "g6e7 e10e9".into(),
            "move 2 (e10e9): the game is over: checkmate, White wins",
        ),
        // Qb7-b8 leaves the a10 king no move.
        (
            "xhess",
            "k9/10/10/1Q8/10/10/10/10/10/K9 w - - 0 1",
            "b7b8 a10a9".into(),
            "move 2 (a10a9): the game is over: stalemate",
        ),
        (
            "xhess",
            "k9/4K5/10/10/10/10/10/10/10/10 w - - 0 1",
            "e9e10 a10b10".into(),
            "move 2 (a10b10): the game is over: a royal piece reached the far rank, White wins",
        ),
        (
            "xhess",
            "rnbqkbnr2/10/10/10/10/10/10/10/10/RNBQKBNR2 w - - 99 80",
            "b1c3 b10c8".into(),
            "move 2 (b10c8): the game is over: the 50-move rule",
        ),
        // Not legal at all: said so, with the move's place.
        ("xhess", "", "e4e5 e4e5".into(), "move 2 (e4e5): no piece on e4"),
    ];
    for (id, fen, moves, want) in cases {
        assert_eq!(replay_error(id, fen, &moves), want, "{fen} {moves}");
    }
}

#[test]
fn replay_plays_every_move_and_calls_back_before_each() {
    let mut pos = Position::new(builtin("xhess").unwrap());
    let mut seen = Vec::new();
    pos.replay("e4e5 e7e6", |p, m| seen.push((p.fen(), p.move_text(m))))
        .unwrap();
    assert_eq!(pos.moves_played().len(), 2);
    assert_eq!(seen[1].1, "e7e6");
    assert_eq!(seen[0].0, Position::new(pos.variant().clone()).fen());
}

/// Files that wrap round ('o') and reflecting and halfling sliders
/// ({bounce}, {half}) are compiled into ordinary programs: their attacks,
/// checks and legality shortcuts must agree with full tests too.
#[test]
fn random_games_with_wrapping_and_reflecting_pieces() {
    for text in [
        include_str!("data/definitions/soak-cylinder.toml"),
        include_str!("data/definitions/soak-bounce-half.toml"),
        include_str!("data/definitions/soak-static.toml"),
    ] {
        let v = bigboard::load(text).unwrap();
        let seen = random_games_on(v.clone(), 6);
        assert!(seen.plies > 300 && seen.checks > 0, "{}: {seen:?}", v.id);
    }
}

/// Every gallery variant (`examples/variants/`): the rule families of
/// author definitions (promotion limits and zones, regions, moves by rank,
/// facing royals, bare kings, goals, counted checks, several castling moves
/// a side, the Lion's double move) keep the invariants above.
#[test]
fn random_games_of_the_gallery() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/variants");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut ends = HashSet::new();
    let mut promotions = 0;
    let mut castles = 0;
    for path in files {
        let v = bigboard::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let seen = random_games_on(v.clone(), 6);
        assert!(seen.plies > 100, "{}: {seen:?}", v.id);
        ends.extend(seen.ends);
        promotions += seen.promotions;
        castles += seen.castles;
    }
    assert!(promotions > 0 && castles > 0);
    for reason in [Reason::Checkmate, Reason::BareKing, Reason::Goal, Reason::Checks] {
        assert!(ends.contains(&reason), "no game ended by {reason:?}: {ends:?}");
    }
}

#[test]
fn undo_restores_the_piece_lists_in_order() {
    let v = builtin("really-big-board").unwrap();
    let mut pos = Position::new(v);
    for text in ["i2i7", "h15h10", "g1h3", "h10h9"] {
        pos.play_text(text).unwrap();
    }
    let before = [pos.squares_of(0).to_vec(), pos.squares_of(1).to_vec()];
    let mut moves = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    for m in moves {
        pos.play_unchecked(m);
        pos.undo();
        assert_eq!(
            [pos.squares_of(0).to_vec(), pos.squares_of(1).to_vec()],
            before,
            "{}",
            pos.move_text(m)
        );
    }
}

#[test]
fn a_bare_king_cannot_win_except_by_the_far_rank() {
    let flee = builtin("flee").unwrap();
    // Flee kings see each other along open lines: not on one file.
    let fen = "3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1";
    let pos = Position::from_fen(flee, fen).unwrap();
    assert!(pos.can_win(0));
    assert!(!pos.can_win(1));
    let xhess = builtin("xhess").unwrap();
    let pos = Position::from_fen(xhess, "4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1").unwrap();
    assert!(pos.can_win(1), "a bare Xhess king can still walk to the far rank");
}
