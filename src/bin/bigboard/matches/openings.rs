//! Where the games of a match start: random legal plies drawn from a seed,
//! or the lines of an opening book; and `openings`, which writes a book.

use crate::cli::OpeningsArgs;
use crate::{now_ms, variant_arg};
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::search::{Control, Limits, Score};
use bigboard::variant::Variant;
use std::collections::HashSet;
use std::sync::Arc;

/// SplitMix64: a small, fixed generator, so a seed gives the same
/// openings on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut r = Rng(seed);
        let s = r.next() ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Rng(s)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `plies` random legal plies from the start, drawn by `rng`, as UCI move
/// text; fewer when the game ends first.
fn random_plies(variant: &Arc<Variant>, rng: &mut Rng, plies: usize) -> (Position, Vec<String>) {
    let mut pos = Position::new(variant.clone());
    let mut texts = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        pos.legal_moves(&mut legal);
        let m = legal[rng.below(legal.len())];
        texts.push(pos.uci_text(m));
        pos.play_unchecked(m);
    }
    (pos, texts)
}

/// The opening of pair `pair` of a match without a book: 2-4 random legal
/// plies chosen by (seed, pair).
pub fn random_opening(variant: &Arc<Variant>, seed: u64, pair: u64) -> Vec<String> {
    let mut rng = Rng::new(seed, pair);
    let plies = 2 + rng.below(3);
    random_plies(variant, &mut rng, plies).1
}

/// An opening book: lines of moves from the variant's start position.
#[derive(Debug)]
pub struct Book {
    pub openings: Vec<Vec<String>>,
}

impl Book {
    /// Reads a book file: one opening a line, its moves in coordinate text
    /// separated by spaces (`e4e5 e7e6`); blank lines and lines starting
    /// with `#` are skipped. Every move must be legal and no opening may
    /// end the game; an error names the file, the line and the move.
    pub fn load(path: &str, variant: &Arc<Variant>) -> Result<Book, String> {
        let shown = echo(path);
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read opening book {shown}: {e}"))?;
        Book::parse(&text, variant).map_err(|e| format!("opening book {shown}: {e}"))
    }

    /// Reads a book's text (see `load`).
    pub fn parse(text: &str, variant: &Arc<Variant>) -> Result<Book, String> {
        let mut openings = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("line {}", index + 1);
            let mut pos = Position::new(variant.clone());
            let mut moves = Vec::new();
            for (k, word) in line.split_whitespace().enumerate() {
                if let Some(o) = pos.outcome() {
                    return Err(format!(
                        "{at}: move {} ('{}') comes after the end of the game ({})",
                        k + 1,
                        echo(word),
                        o.reason
                    ));
                }
                let m = pos
                    .parse_move(word)
                    .map_err(|e| format!("{at}: move {} ('{}'): {}", k + 1, echo(word), e.message))?;
                moves.push(pos.uci_text(m));
                pos.play_unchecked(m);
            }
            if let Some(o) = pos.outcome() {
                return Err(format!("{at}: the opening ends the game ({})", o.reason));
            }
            openings.push(moves);
        }
        if openings.is_empty() {
            return Err("no openings in it (one a line, moves separated by spaces)".into());
        }
        Ok(Book { openings })
    }

    /// The opening of pair `pair`: the book's lines in order, from the
    /// first again after the last.
    pub fn opening(&self, pair: u64) -> &[String] {
        &self.openings[(pair % self.openings.len() as u64) as usize]
    }
}

/// Openings tried per opening kept before `openings` gives up.
const TRIES_PER_OPENING: u64 = 200;

/// `openings VARIANT [--count N] [--plies P] [--seed S] [--depth D]
/// [--max-score CP]`: prints a book of N distinct openings of P random
/// legal plies each, drawn from seed S, keeping those that do not end the
/// game and that a search to depth D scores within CP centipawns (0: no
/// search), so that a match does not start from a position already lost.
pub fn openings_command(args: &OpeningsArgs) -> Result<(), String> {
    let variant = variant_arg(&args.variant)?;
    let count = args.count.clamp(1, 100_000);
    let plies = args.plies.clamp(1, 1000);
    let (seed, depth, max_score) = (args.seed, args.depth.min(30), args.max_score);
    println!(
        "# bigboard openings {} --count {count} --plies {plies} --seed {seed} --depth {depth} --max-score {max_score}",
        variant.id
    );
    println!("# {count} openings of {plies} random legal plies, each scored within {max_score} cp at depth {depth}");
    let mut searcher = crate::searcher(16)?;
    let mut seen = HashSet::new();
    let mut kept = 0;
    let mut tries = 0;
    while kept < count {
        if tries >= count * TRIES_PER_OPENING {
            return Err(format!(
                "found only {kept} of {count} openings in {tries} tries; allow more with --max-score or fewer --plies"
            ));
        }
        let mut rng = Rng::new(seed, tries);
        tries += 1;
        let (mut pos, texts) = random_plies(&variant, &mut rng, plies as usize);
        if texts.len() < plies as usize || pos.outcome().is_some() || !seen.insert(pos.hash()) {
            continue;
        }
        if depth > 0 {
            searcher.clear();
            let limits = Limits {
                depth: Some(depth as u32),
                ..Limits::default()
            };
            let control = Control {
                clock: &now_ms,
                stop: &|| false,
            };
            let result = searcher.search(&mut pos, limits, &control, &mut |_| {});
            let balanced = match result.score {
                Score::Cp(cp) => cp.unsigned_abs() as u64 <= max_score,
                Score::Mate(_) => false,
            };
            if !balanced {
                continue;
            }
        }
        println!("{}", texts.join(" "));
        kept += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bigboard::builtin;

    #[test]
    fn random_openings_are_deterministic_and_short() {
        let v = builtin("xhess").unwrap();
        for pair in 0..20 {
            let t1 = random_opening(&v, 7, pair);
            let t2 = random_opening(&v, 7, pair);
            assert_eq!(t1, t2);
            assert!((2..=4).contains(&t1.len()), "{t1:?}");
        }
        let all: Vec<Vec<String>> = (0..20).map(|k| random_opening(&v, 7, k)).collect();
        assert!(all.iter().any(|t| *t != all[0]));
    }

    #[test]
    fn a_book_reads_lines_of_moves_and_cycles() {
        let v = builtin("xhess").unwrap();
        let text = "# a comment\n\ne4e5 e7e6\n  a3b5   a8b6  \n";
        let book = Book::parse(text, &v).unwrap();
        assert_eq!(book.openings, [vec!["e4e5", "e7e6"], vec!["a3b5", "a8b6"]]);
        assert_eq!(book.opening(0), ["e4e5", "e7e6"]);
        assert_eq!(book.opening(3), ["a3b5", "a8b6"]);
    }

    #[test]
    fn a_bad_book_names_the_line_and_the_move() {
        let v = builtin("xhess").unwrap();
        for (text, says) in [
            (
                "e4e5\ne7e6 e4e5\n",
                "line 2: move 1 ('e7e6'): the piece on e7 is not the side to move's",
            ),
            ("# c\ne4e5 e7e6\n\ne4e5 zz\n", "line 4: move 2 ('zz'): expected FROMTO"),
            ("e4e5 e7e6 e5e9\n", "line 1: move 3 ('e5e9'): not a legal move"),
            ("# only comments\n\n", "no openings in it"),
        ] {
            let e = Book::parse(text, &v).unwrap_err();
            assert!(e.contains(says), "{text:?}: {e}");
        }
    }

    #[test]
    fn the_books_in_bench_load_with_fifty_distinct_openings_of_four_plies() {
        for (id, text) in [
            ("xhess", include_str!("../../../../bench/openings/xhess.txt")),
            ("overboard", include_str!("../../../../bench/openings/overboard.txt")),
            (
                "really-big-board",
                include_str!("../../../../bench/openings/really-big-board.txt"),
            ),
            ("flee", include_str!("../../../../bench/openings/flee.txt")),
        ] {
            let book = Book::parse(text, &builtin(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(book.openings.len(), 50, "{id}");
            assert!(book.openings.iter().all(|o| o.len() == 4), "{id}");
            let distinct: HashSet<&Vec<String>> = book.openings.iter().collect();
            assert_eq!(distinct.len(), 50, "{id}");
            assert!(text.starts_with(&format!("# bigboard openings {id} --count 50 --plies 4 --seed 1 ")));
        }
    }
}
