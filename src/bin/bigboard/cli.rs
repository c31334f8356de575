//! Every command and option of the command line, declared once: clap
//! reads the arguments, writes `--help` for the program and for each
//! command, and reports arguments it cannot read in its own form with
//! exit status 2 (docs/command-line.md).

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Notes after the list of commands in `bigboard --help`.
const NOTES: &str = "\
VARIANT is a built-in id or the path of a definition file (.toml).
SETTINGS is a list of level=N (1-8), depth=N, movetime=MS, nodes=N, hash=MB,
separated by spaces or commas: \"depth=4 hash=16\".
SIDE is SETTINGS, or a UCI engine program: \"uci:COMMAND,init=LINE,...,movetime=MS\"
(comma-separated: init= lines sent after uci, movetime=, depth=, nodes=, timeout=MS).
Each command's options: bigboard COMMAND --help.";

/// bigboard: a rules engine and search for large chess variants.
#[derive(Parser, Debug)]
#[command(name = "bigboard", version, after_help = NOTES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lists the built-in variants' ids, one a line.
    Variants,
    /// Counts the legal move sequences of DEPTH plies.
    Perft(PerftArgs),
    /// Counts the legal move sequences of DEPTH plies, one line a first move.
    Divide(PerftArgs),
    /// Prints the position text of a start (a seed's setup) after the moves.
    Position(PositionArgs),
    /// Loads a definition and lists its problems, or what it costs.
    Check(CheckArgs),
    /// Prints each piece's value to the evaluation.
    Values(ValuesArgs),
    /// Searches a position and prints each depth's line and the best move.
    Search(SearchArgs),
    /// Fixed-depth searches of every built-in variant, with the nodes a second.
    Bench(BenchArgs),
    /// Two players play each other from varied openings.
    Match(MatchArgs),
    /// Prints a book of random openings that a search scores as even.
    Openings(OpeningsArgs),
    /// Plays self-play games and writes their quiet positions for `tune`.
    TuneData(TuneDataArgs),
    /// Fits the evaluation's weights to positions written by `tune-data`.
    Tune(TuneArgs),
    /// Speaks the UCI protocol on stdin and stdout.
    Uci,
    /// Speaks the XBoard (CECP) protocol on stdin and stdout.
    Xboard(XboardArgs),
    /// Reads a recorded game (PGN or moves) and plays it through.
    Replay(ReplayArgs),
    /// Shows where a movement string goes, or a man's moves in a position.
    #[command(after_help = PIECE_NOTES)]
    Piece(PieceArgs),
    /// Reads another program's variant format into bigboard definitions.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Writes a variant in another program's variant format.
    #[command(subcommand)]
    Export(ExportCommand),
    /// Prints the completion script of a shell.
    Completions(CompletionsArgs),
}

/// The formats `import` reads.
#[derive(Subcommand, Debug)]
pub enum ImportCommand {
    /// Converts the sections of a Fairy-Stockfish variants.ini to definitions
    /// (TOML); a section bigboard cannot express is refused with its key and
    /// the reason (docs/importing.md).
    Fsf(ImportFsfArgs),
    /// Converts an Interactive Diagram's settings block to a definition
    /// (TOML), checked by loading it (docs/importing.md).
    Diagram(ImportDiagramArgs),
}

/// The formats `export` writes.
#[derive(Subcommand, Debug)]
pub enum ExportCommand {
    /// Writes a variant as a Fairy-Stockfish variants.ini section; what
    /// Fairy-Stockfish cannot express is refused with the piece or rule and
    /// the reason (docs/importing.md).
    Fsf(ExportFsfArgs),
}

#[derive(Args, Debug)]
pub struct ExportFsfArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// Writes the section to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// The section's name (default: the variant's id); not the name of a
    /// variant Fairy-Stockfish has built in.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Args, Debug)]
pub struct ImportFsfArgs {
    /// A Fairy-Stockfish variants.ini.
    #[arg(value_name = "FILE")]
    pub path: String,
    /// Only the section of this name (the name before any ':parent').
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// Writes each definition to DIR/ID.toml instead of printing them.
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
}

#[derive(Args, Debug)]
pub struct ImportDiagramArgs {
    /// The block: the key=value lines and piece lines (- for stdin).
    pub file: String,
    /// Writes the definition to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// The definition's id (default: from the file's name).
    #[arg(long)]
    pub id: Option<String>,
}

/// Where a game starts and the moves played from there.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The position to start from.
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// The random setup of seed S, in a variant with random setups.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Moves played from the start, space-separated: "M1 M2 ...".
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// Plies, 0 to 20.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    pub depth: u32,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Args, Debug)]
pub struct PositionArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    #[command(flatten)]
    pub start: StartArgs,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// A definition file (.toml).
    #[arg(value_name = "DEFINITION")]
    pub path: String,
}

#[derive(Args, Debug)]
pub struct ValuesArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
}

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    #[command(flatten)]
    pub start: StartArgs,
    /// Search to depth N (at most 100).
    #[arg(long, value_name = "N")]
    pub depth: Option<u64>,
    /// Search for MS milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Search N nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The hash table's megabytes (1 to 4096).
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: u64,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Lists the positions (VARIANT, DEPTH, FEN, MOVES) instead.
    #[arg(long)]
    pub list: bool,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// Player A.
    #[arg(long, value_name = "SIDE", allow_hyphen_values = true)]
    pub a: String,
    /// Player B.
    #[arg(long, value_name = "SIDE", allow_hyphen_values = true)]
    pub b: String,
    /// Games to play, 1 to 100000 (in pairs: each opening with both colours).
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The seed of the openings (or of the setups).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Plies after which a game is a draw.
    #[arg(long, value_name = "P", default_value_t = 400)]
    pub max_plies: u64,
    /// A book of openings, one a line (as `openings` writes).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Games played at once, 1 to 64.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: u64,
    /// A sequential test that ends the match on a decision.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// Resign at CP centipawns down for MOVES moves of both players.
    #[arg(long, value_name = "CP,MOVES", allow_hyphen_values = true)]
    pub resign: Option<String>,
    /// A draw from ply PLY when both score within CP for MOVES moves.
    #[arg(long, value_name = "PLY,MOVES,CP", allow_hyphen_values = true)]
    pub draw: Option<String>,
    /// Writes each game as PGN.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
}

#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// Openings to write (at most 100000).
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub count: u64,
    /// Random legal plies in each (at most 1000).
    #[arg(long, value_name = "P", default_value_t = 4)]
    pub plies: u64,
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// The depth of the search that scores each (0: none; at most 30).
    #[arg(long, value_name = "D", default_value_t = 6)]
    pub depth: u64,
    /// Keeps openings scored within CP centipawns.
    #[arg(long, value_name = "CP", default_value_t = 150)]
    pub max_score: u64,
}

#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("limit").args(["depth", "movetime", "nodes"]))]
pub struct TuneDataArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// Games to play, 1 to 1000000.
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The file the positions are written to.
    #[arg(long, value_name = "FILE")]
    pub out: String,
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Each move searched to depth D (depth 4 when no limit is given).
    #[arg(long, value_name = "D")]
    pub depth: Option<u64>,
    /// Each move searched for MS milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Each move searched for N nodes.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The hash table's megabytes.
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: u64,
    /// Games played at once, 1 to 64.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: u64,
    /// Plies after which a game is a draw.
    #[arg(long, value_name = "P", default_value_t = 400)]
    pub max_plies: u64,
    /// Plies at the start of each game whose positions are not written.
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub skip_plies: u64,
    /// Ends a game won at CP centipawns (0: never).
    #[arg(long, value_name = "CP", default_value_t = 0)]
    pub adjudicate: u64,
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// The positions, as `tune-data` writes them.
    #[arg(long, value_name = "FILE")]
    pub data: String,
    /// Writes the weights as an [evaluation] table to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Passes of the fit (at most 1000000).
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// Weights left as they are, comma-separated.
    #[arg(long, value_name = "WEIGHT,...")]
    pub fix: Vec<String>,
}

#[derive(Args, Debug)]
pub struct XboardArgs {
    /// XBoard's -rankOffset: the first rank is numbered 0 or 1.
    #[arg(long, value_name = "0|1", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=1))]
    pub rank_offset: i32,
    /// Definition files offered as variants besides the built-in ones.
    #[arg(value_name = "DEFINITION.toml")]
    pub files: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A built-in id or the path of a definition file (.toml).
    pub variant: String,
    /// A PGN file (- for stdin).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// The game as text, in place of a file.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub game: u64,
    /// The start position, in place of the game's FEN tag.
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Reads XBoard's way of writing the variant's games.
    #[arg(long)]
    pub xboard: bool,
    /// XBoard's -rankOffset, with --xboard.
    #[arg(long, value_name = "0|1", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=1))]
    pub rank_offset: i32,
}

/// Notes after `bigboard piece --help`.
const PIECE_NOTES: &str = "\
piece prints where a movement string goes (pseudo-legal: no check, no turn):
a diagram (* the piece, F friends, E enemies, m moves, x captures) and the
destinations; SQS is a list like e5,f6; defaults 8x8, --at d4, white; i moves
only with --initial. With --fen, the moves of the man on --at in that position,
each with what it does: men taken (by any mechanism), swapped, changing side
or kind; and the frozen men.";

#[derive(Args, Debug)]
pub struct PieceArgs {
    /// A movement string (Betza notation).
    pub movement: Option<String>,
    /// The board, WxH.
    #[arg(long, value_name = "WxH")]
    pub board: Option<String>,
    /// The piece's square.
    #[arg(long, value_name = "SQ", default_value = "d4")]
    pub at: String,
    /// Friendly men.
    #[arg(long, value_name = "SQS")]
    pub friends: Vec<String>,
    /// Enemy men.
    #[arg(long, value_name = "SQS")]
    pub enemies: Vec<String>,
    /// Which of the men given are pawns.
    #[arg(long, value_name = "SQS")]
    pub pawns: Vec<String>,
    /// A kind of --variant, by code or name, in place of a MOVEMENT.
    #[arg(long, value_name = "NAME")]
    pub kind: Option<String>,
    /// A built-in id or the path of a definition file (.toml).
    #[arg(long)]
    pub variant: Option<String>,
    /// A position of --variant: the moves of the man on --at there.
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    #[arg(long, value_enum, default_value_t = Side::White)]
    pub side: Side,
    /// Counts the movement's initial (i) moves.
    #[arg(long)]
    pub initial: bool,
}

/// The side a piece of `piece` belongs to.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    #[value(alias = "w")]
    White,
    #[value(alias = "b")]
    Black,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    pub shell: clap_complete::Shell,
}
