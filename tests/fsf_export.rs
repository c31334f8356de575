//! `bigboard export fsf` (src/text/fsf/export.rs) round trip: every
//! variant that exports (the built-ins that fit, the gallery's definitions,
//! the test definitions of `tests/data/definitions` and the sections of
//! Fairy-Stockfish's example `variants.ini` that import) is exported, the
//! section read back by the project's own importer, and the two variants
//! must agree on perft from the start and from positions of random games.
//! What cannot export is refused with the piece or rule and the reason.
//!
//! The independent check: Fairy-Stockfish's own perft counts for each
//! exported section, loaded by Fairy-Stockfish itself, are kept in
//! `tests/data/fsf/export-perft.txt` and bigboard must give them. With
//! `FSF=path` (a largeboards build, `bench/fairy-stockfish.sh`) the engine
//! is asked again; `FSF_RECORD=1` besides writes the file.

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::text::fsf::{convert, export, read_sections};
use bigboard::variant::{BUILTIN_IDS, Variant};
#[path = "common/fsf.rs"]
mod fsf_uci;
use fsf_uci::{Count, Fsf, read_counts};
use std::process::Command;
use std::sync::Arc;

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

/// The variants exported from: (where from, the variant).
fn sources() -> Vec<(String, Arc<Variant>)> {
    let mut out = Vec::new();
    for id in BUILTIN_IDS {
        out.push((format!("built-in {id}"), bigboard::builtin(id).expect("a built-in")));
    }
    for dir in ["examples/variants", "tests/data/definitions"] {
        let mut files: Vec<_> = std::fs::read_dir(format!("{}/{dir}", root()))
            .expect("a directory")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a definition");
            // Some test definitions are meant not to load.
            if let Ok(v) = bigboard::load(&text) {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
                out.push((format!("{dir}/{name}"), v));
            }
        }
    }
    let ini = std::fs::read_to_string(format!("{}/tests/data/fsf/variants.ini", root())).expect("variants.ini");
    let sections = read_sections(&ini).expect("the sections");
    for i in 0..sections.len() {
        if let Ok(c) = convert(&sections, i) {
            let v = bigboard::load(&c.toml).expect("an imported section loads");
            out.push((format!("variants.ini [{}]", sections[i].name), v));
        }
    }
    out
}

/// The variant a section reads back as, through the importer. The
/// importer does not read `nMoveRuleTypes` (which men reset the move
/// count: not a move, so not in perft); the exporter writes it where a
/// pawn of bigboard's is not Fairy-Stockfish's pawn type, and it is taken
/// out here before reading back.
fn reimport(section: &str) -> Result<Arc<Variant>, String> {
    let kept: Vec<&str> = section.lines().filter(|l| !l.starts_with("nMoveRuleTypes =")).collect();
    let sections = read_sections(&kept.join("\n"))?;
    assert_eq!(sections.len(), 1, "one section: {section}");
    let c = convert(&sections, 0).map_err(|r| r.to_string())?;
    bigboard::load(&c.toml).map_err(|e| e.to_string())
}

/// A small deterministic generator for the random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The moves of a random game of up to `plies` plies (cut before a move
/// that ends it).
fn random_game(v: &Arc<Variant>, plies: usize, rng: &mut Rng) -> Vec<String> {
    let mut pos = Position::new(v.clone());
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let text = pos.uci_text(m);
        pos.play_unchecked(m);
        if pos.outcome().is_some() {
            pos.undo();
            break;
        }
        moves.push(text);
    }
    moves
}

fn perft_after(v: &Arc<Variant>, depth: u32, moves: &[String]) -> u64 {
    let mut pos = Position::new(v.clone());
    for m in moves {
        pos.play_text(m).unwrap_or_else(|e| panic!("{}: {moves:?}: {e}", v.id));
    }
    perft(&mut pos, depth)
}

/// The depth from the start: 3, or 2 where the start has many moves.
fn start_depth(v: &Arc<Variant>) -> u32 {
    if perft_after(v, 2, &[]) > 10_000 { 2 } else { 3 }
}

/// The positions compared: the start at its depth and three positions
/// of random games at depth 2.
fn positions(v: &Arc<Variant>, rng: &mut Rng) -> Vec<(u32, Vec<String>)> {
    let mut out = vec![(start_depth(v), Vec::new())];
    for _ in 0..3 {
        let plies = 4 + rng.below(40);
        let moves = random_game(v, plies, rng);
        if !moves.is_empty() {
            out.push((2, moves));
        }
    }
    out
}

/// Fairy-Stockfish's counts for the exported sections.
fn counts_path() -> String {
    format!("{}/tests/data/fsf/export-perft.txt", root())
}

/// Fairy-Stockfish set to play the section `name` written to `dir`, or
/// why it does not: it leaves out a section it rejects and plays chess
/// instead, so it must list the variant and start as we do.
fn engine_for(path: &str, dir: &std::path::Path, name: &str, section: &str, v: &Arc<Variant>) -> Result<Fsf, String> {
    let ini = dir.join(format!("{name}.ini"));
    std::fs::write(&ini, section).expect("write the section");
    let mut engine = Fsf::start(path, ini.to_str().expect("a path"), name);
    let listed = engine.knows(name);
    // `uci` sets the engine back to chess.
    engine.send(&format!("setoption name UCI_Variant value {name}"));
    let board = |fen: &str| fen.split_whitespace().next().unwrap_or("").to_string();
    let start = engine.fen(&[]);
    let ours = Position::new(v.clone()).fen();
    if listed && board(&start) == board(&ours) {
        Ok(engine)
    } else {
        Err(format!(
            "Fairy-Stockfish lists it: {listed}; its start {start}, ours {ours}\n{section}"
        ))
    }
}

/// Every variant that exports agrees on perft with the counts recorded
/// from Fairy-Stockfish for its section (from the start, and from
/// positions of random games), and reads back through the importer as a
/// variant with the same perft. With `FSF=path`, Fairy-Stockfish loads
/// each section and is asked again; `FSF_RECORD=1` besides writes the
/// counts (Fairy-Stockfish's, never bigboard's).
#[test]
fn exported_variants_agree_with_fairy_stockfish_and_read_back() {
    let fsf = std::env::var("FSF").ok();
    let record = std::env::var("FSF_RECORD").is_ok();
    let dir = std::env::temp_dir().join(format!("bigboard-fsf-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    // Each exported section under a name of bigboard's own: Fairy-Stockfish
    // keeps its built-ins (capablanca, shako, 3check, ...) rather than a
    // section so named.
    let exported: Vec<(String, String, Arc<Variant>, String)> = sources()
        .into_iter()
        .filter_map(|(from, v)| {
            let name = format!("bb-{}", v.id);
            export(&v, &name).ok().map(|section| (from, name, v, section))
        })
        .collect();
    if record {
        let path = fsf.expect("FSF_RECORD needs FSF=path/to/fairy-stockfish");
        let revision =
            std::fs::read_to_string(format!("{path}.commit")).unwrap_or_else(|_| "unknown revision\n".into());
        let mut text = format!(
            "# Perft counts of Fairy-Stockfish ({}) for the sections `bigboard export fsf`\n# writes (tests/fsf_export.rs): from the start to depth 3 (2 where the start\n# has over 10,000 moves at depth 2), and from random games' positions to depth 2;\n# written by\n# `FSF=... FSF_RECORD=1 cargo test --release --test fsf_export`.\n# NAME DEPTH NODES ; MOVES from the start ('-': none)\n",
            revision.trim()
        );
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for (from, name, v, section) in &exported {
            let mut engine = engine_for(&path, &dir, name, section, v).unwrap_or_else(|e| panic!("{from}: {e}"));
            for (depth, moves) in positions(v, &mut rng) {
                let nodes = engine.perft(depth, &moves);
                let shown = if moves.is_empty() { "-".into() } else { moves.join(" ") };
                text.push_str(&format!("{name} {depth} {nodes} ; {shown}\n"));
            }
        }
        std::fs::write(counts_path(), text).expect("write the counts");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let recorded = read_counts(&counts_path());
    let (mut reimported, mut fsf_agree) = (0, 0);
    let mut failures = Vec::new();
    for (from, name, v, section) in &exported {
        let counts: Vec<&Count> = recorded.iter().filter(|c| &c.name == name).collect();
        if !counts.iter().any(|c| c.moves.is_empty()) {
            failures.push(format!("{from}: no count from the start recorded for [{name}]"));
        }
        for c in &counts {
            let ours = perft_after(v, c.depth, &c.moves);
            if ours != c.nodes {
                failures.push(format!(
                    "{from}: perft {} after '{}': bigboard {ours}, Fairy-Stockfish {}",
                    c.depth,
                    c.moves.join(" "),
                    c.nodes
                ));
            }
        }
        match reimport(section) {
            Ok(back) => {
                reimported += 1;
                assert_eq!(&back.id, name, "{from}: the section's name");
                assert_eq!(
                    Position::new(back.clone()).fen(),
                    Position::new(v.clone()).fen(),
                    "{from}: the start read back"
                );
                for c in &counts {
                    let (ours, theirs) = (perft_after(v, c.depth, &c.moves), perft_after(&back, c.depth, &c.moves));
                    if ours != theirs {
                        failures.push(format!(
                            "{from}: perft {} after '{}': {ours}, read back {theirs}",
                            c.depth,
                            c.moves.join(" ")
                        ));
                    }
                }
            }
            Err(e) => {
                failures.push(format!(
                    "{from}: the exported section does not read back: {e}\n{section}"
                ));
            }
        }
        if let Some(path) = &fsf {
            match engine_for(path, &dir, name, section, v) {
                Err(e) => failures.push(format!("{from}: {e}")),
                Ok(mut engine) => {
                    let mut agree = true;
                    for c in &counts {
                        let theirs = engine.perft(c.depth, &c.moves);
                        if theirs != c.nodes {
                            agree = false;
                            failures.push(format!(
                                "{from}: Fairy-Stockfish now gives {theirs} for perft {} after '{}', recorded {}",
                                c.depth,
                                c.moves.join(" "),
                                c.nodes
                            ));
                        }
                    }
                    fsf_agree += usize::from(agree);
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{} variants export, {reimported} read back through the importer{}",
        exported.len(),
        if fsf.is_some() {
            format!(", Fairy-Stockfish loads {fsf_agree} and gives the recorded counts")
        } else {
            String::new()
        }
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let unused: Vec<&str> = recorded
        .iter()
        .filter(|c| !exported.iter().any(|(_, n, _, _)| *n == c.name))
        .map(|c| c.name.as_str())
        .collect();
    assert!(
        unused.is_empty(),
        "counts recorded for sections no longer exported: {unused:?}"
    );
    // The gallery's chess-like definitions and the importable sections of
    // Fairy-Stockfish's own file all come back.
    assert!(exported.len() >= 33, "only {} variants export", exported.len());
}

/// Xhess does not export: its Horseman's forward horse moves are two-leg
/// moves. Written as lame leaps (`tests/data/definitions/xhess-lame-horseman.toml`)
/// they make the same moves, from the start and in random games, and that
/// variant exports (its counts from Fairy-Stockfish are recorded with the
/// others).
#[test]
fn xhess_exports_with_its_horseman_as_lame_leaps() {
    let xhess = bigboard::builtin("xhess").expect("Xhess");
    let text = std::fs::read_to_string(format!("{}/tests/data/definitions/xhess-lame-horseman.toml", root()))
        .expect("the rewrite");
    let lame = bigboard::load(&text).expect("the rewrite loads");
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let mut compared = vec![(3, Vec::new())];
    for _ in 0..6 {
        let plies = 10 + rng.below(50);
        compared.push((2, random_game(&xhess, plies, &mut rng)));
    }
    for (depth, moves) in &compared {
        assert_eq!(
            perft_after(&xhess, *depth, moves),
            perft_after(&lame, *depth, moves),
            "perft {depth} after {moves:?}"
        );
    }
    let section = export(&lame, "bb-xhess-lame-horseman").expect("the rewrite exports");
    assert!(section.contains("customPiece2 = h:mnfNmnfsNcfFmfW"), "{section}");
    assert!(section.contains("flagRegionWhite = *10"), "{section}");
}

/// What Fairy-Stockfish cannot express is refused with the piece or the
/// rule and the reason.
#[test]
fn what_cannot_export_is_refused_with_the_reason() {
    let refusal = |v: &Arc<Variant>| export(v, "t").expect_err("refused").to_string();
    let builtin = |id: &str| bigboard::builtin(id).expect("a built-in");
    let uc = refusal(&builtin("uc-170-17"));
    assert!(uc.contains("[reserve]") && uc.contains("drops"), "{uc}");
    let big = refusal(&builtin("really-big-board"));
    assert!(
        big.contains("16 x 16") && big.contains("at most 12 files and 10 ranks"),
        "{big}"
    );
    let xhess = refusal(&builtin("xhess"));
    assert!(
        xhess.contains("piece 'Horseman'") && xhess.contains("more than one leg"),
        "{xhess}"
    );
    let gallery = |file: &str| {
        let path = format!("{}/examples/variants/{file}.toml", root());
        bigboard::load(&std::fs::read_to_string(&path).expect("a gallery definition")).expect("it loads")
    };
    for (file, want) in [
        ("chu-shogi", "board: 12 x 12"),
        (
            "grand",
            "[[promotion]]: choices, optional promotion or limits that differ",
        ),
        ("jeson-mor", "[[goal]] hold"),
        ("shatranj", "[rules] bare_king"),
        ("courier", "[rules] bare_king"),
        ("troitzky", "holes"),
        ("wildebeest", "moves_by_rank"),
        ("xiangqi", "a region the piece may not leave"),
    ] {
        let e = refusal(&gallery(file));
        assert!(e.contains(want), "{file}: {e}");
    }
    let def = |moves: &str, rules: &str| {
        bigboard::load(&format!(
            "id = \"t\"\nname = \"T\"\nwidth = 8\nheight = 8\nsetup = \"4k3/8/8/8/8/8/8/3XK3 w - - 0 1\"\n{rules}\n[[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = \"K\"\nroyal = true\n[[piece]]\nname = \"Odd\"\ncode = \"X\"\nmoves = \"{moves}\"\n"
        ))
        .expect("a test definition")
    };
    for (moves, rules, want) in [
        (
            "pNN",
            "",
            "piece 'Odd' (moves \"pNN\"): a hopper other than pR, pB, gR or gB",
        ),
        ("AA", "", "a rider of the (2, 2) leap"),
        ("{far}R", "", "sliding style"),
        ("{withdraw}Q", "", "capture mechanisms"),
        ("iR", "", "initial moves (i) of a piece other than the chess pawn"),
        ("R", "[rules]\nbare_king = true", "[rules] bare_king"),
        ("R", "[rules]\nroyals = \"extinction\"", "[rules] royals"),
    ] {
        let e = refusal(&def(moves, rules));
        assert!(e.contains(want), "{moves}: {e}");
    }
}

/// `bigboard export fsf VARIANT [--out FILE]`: the section on stdout or in
/// a file; a refusal is an error with status 2.
#[test]
fn the_command_exports_and_refuses() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bigboard"))
            .args(args)
            .output()
            .expect("run bigboard")
    };
    let capablanca = format!("{}/examples/variants/capablanca.toml", root());
    // Fairy-Stockfish has a Capablanca of its own: the section needs
    // another name.
    let taken = run(&["export", "fsf", &capablanca]);
    assert_eq!(taken.status.code(), Some(2));
    let err = String::from_utf8(taken.stderr).expect("text");
    assert!(
        err.contains("'capablanca' is a Fairy-Stockfish built-in variant"),
        "{err}"
    );
    let ok = run(&["export", "fsf", &capablanca, "--name", "capablanca-bb"]);
    assert!(ok.status.success());
    let section = String::from_utf8(ok.stdout).expect("text");
    for line in [
        "[capablanca-bb]",
        "maxFile = 10",
        "chancellor = c",
        "archbishop = a",
        "castlingKingsideFile = i",
        "promotionPieceTypes = qcarbn",
    ] {
        assert!(section.lines().any(|l| l == line), "{line}\n{section}");
    }
    let file = std::env::temp_dir().join(format!("bigboard-export-{}.ini", std::process::id()));
    let out = run(&[
        "export",
        "fsf",
        &capablanca,
        "--name",
        "capablanca-bb",
        "--out",
        file.to_str().expect("a path"),
    ]);
    assert!(out.status.success() && out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), section);
    let _ = std::fs::remove_file(&file);
    let refused = run(&["export", "fsf", "flee"]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8(refused.stderr).expect("text");
    assert!(err.starts_with("error: cannot export flee: board: 16 x 16"), "{err}");
    let unknown = run(&["export", "fsf", "nosuch"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        String::from_utf8(unknown.stderr)
            .expect("text")
            .contains("unknown variant 'nosuch'")
    );
}
