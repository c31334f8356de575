//! Every key Fairy-Stockfish's `variants.ini` documents, sorted by what
//! the importer does with it: read (converted), ignored (no effect on the
//! rules, named in the definition's head), or accepted only at its
//! default, with the reason bigboard cannot express another value.

/// Keys the converter reads (besides the piece keys).
pub const CONVERTED: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionLimit",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "pawnTypes",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "castling",
    "castlingKingsideFile",
    "castlingRank",
    "castlingQueensideFile",
    "castlingRookPieces",
    "checkmateValue",
    "stalemateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "checkCounting",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flyingGeneral",
];

/// Keys without effect on the rules: (key, what it is).
pub const IGNORED: &[(&str, &str)] = &[
    ("pieceToCharTable", "WinBoard's table of piece images"),
    ("pocketSize", "WinBoard's pocket display"),
    ("variantTemplate", "WinBoard's GUI template"),
    (
        "pieceValueMg",
        "the engine's own piece values (bigboard's AI values pieces itself)",
    ),
    (
        "pieceValueEg",
        "the engine's own piece values (bigboard's AI values pieces itself)",
    ),
    ("nnueAlias", "the engine's evaluation network"),
];

/// Keys accepted only at their default value: (key, default, why another
/// value is refused).
pub const DEFAULT_ONLY: &[(&str, &str, &str)] = &[
    (
        "chess960",
        "false",
        "shuffled chess960 setups and castling: not converted",
    ),
    (
        "twoBoards",
        "false",
        "bughouse's second board: bigboard plays one board",
    ),
    (
        "sittuyinPromotion",
        "false",
        "Sittuyin's promotion: no such rule in bigboard",
    ),
    (
        "promotedPieceType",
        "",
        "shogi-style promotion of pieces and demotion on capture: not converted",
    ),
    (
        "piecePromotionOnCapture",
        "false",
        "promotion only on capture: no such rule in bigboard",
    ),
    (
        "mandatoryPiecePromotion",
        "false",
        "shogi-style piece promotion: not converted",
    ),
    ("pieceDemotion", "false", "demotion of pieces: no such rule in bigboard"),
    (
        "blastOnCapture",
        "false",
        "explosions on capture (atomic): no such rule in bigboard",
    ),
    (
        "blastImmuneTypes",
        "",
        "explosions on capture (atomic): no such rule in bigboard",
    ),
    (
        "mutuallyImmuneTypes",
        "",
        "pieces that cannot take each other: no such rule in bigboard",
    ),
    ("petrifyOnCaptureTypes", "", "petrification: no such rule in bigboard"),
    ("petrifyBlastPieces", "false", "petrification: no such rule in bigboard"),
    (
        "enPassantRegion",
        "",
        "a region for en passant: bigboard allows it on every crossed square",
    ),
    (
        "enPassantRegionWhite",
        "",
        "a region for en passant: bigboard allows it on every crossed square",
    ),
    (
        "enPassantRegionBlack",
        "",
        "a region for en passant: bigboard allows it on every crossed square",
    ),
    (
        "enPassantTypes",
        "p",
        "en passant by pieces other than the pawn: not converted",
    ),
    (
        "enPassantTypesWhite",
        "p",
        "en passant by pieces other than the pawn: not converted",
    ),
    (
        "enPassantTypesBlack",
        "p",
        "en passant by pieces other than the pawn: not converted",
    ),
    (
        "castlingDroppedPiece",
        "false",
        "castling with dropped men: bigboard has no drops from a hand",
    ),
    ("castlingKingFile", "e", "castling with several kings: not converted"),
    (
        "castlingKingPiece",
        "k",
        "castling of a piece other than the king: not converted",
    ),
    (
        "castlingRookKingsideFile",
        "",
        "castling with a rook off the corner: not converted",
    ),
    (
        "castlingRookQueensideFile",
        "",
        "castling with a rook off the corner: not converted",
    ),
    (
        "oppositeCastling",
        "false",
        "castling only on the side the opponent did not: no such rule in bigboard",
    ),
    ("checking", "true", "a game without check: no such rule in bigboard"),
    ("dropChecks", "true", "drops: bigboard has no drops from a hand"),
    ("mustCapture", "false", "compulsory capture: no such rule in bigboard"),
    ("mustDrop", "false", "drops: bigboard has no drops from a hand"),
    ("mustDropType", "*", "drops: bigboard has no drops from a hand"),
    (
        "pieceDrops",
        "false",
        "drops from a hand: bigboard's reserve holds the setup's men off the board, not captured ones",
    ),
    ("dropLoop", "false", "drops: bigboard has no drops from a hand"),
    (
        "capturesToHand",
        "false",
        "captured men going to the captor's hand: no such rule in bigboard",
    ),
    (
        "firstRankPawnDrops",
        "false",
        "drops: bigboard has no drops from a hand",
    ),
    (
        "promotionZonePawnDrops",
        "false",
        "drops: bigboard has no drops from a hand",
    ),
    (
        "enclosingDrop",
        "none",
        "drops that enclose (Reversi, Ataxx): no such rule in bigboard",
    ),
    (
        "enclosingDropStart",
        "",
        "drops that enclose (Reversi, Ataxx): no such rule in bigboard",
    ),
    ("dropRegionWhite", "", "drops: bigboard has no drops from a hand"),
    ("dropRegionBlack", "", "drops: bigboard has no drops from a hand"),
    ("sittuyinRookDrop", "false", "drops: bigboard has no drops from a hand"),
    (
        "dropOppositeColoredBishop",
        "false",
        "drops: bigboard has no drops from a hand",
    ),
    ("dropPromoted", "false", "drops: bigboard has no drops from a hand"),
    ("dropNoDoubled", "", "drops: bigboard has no drops from a hand"),
    ("dropNoDoubledCount", "1", "drops: bigboard has no drops from a hand"),
    (
        "immobilityIllegal",
        "false",
        "a rule against moves to squares a man cannot leave: not converted",
    ),
    ("gating", "false", "gating (S-Chess): no such rule in bigboard"),
    (
        "wallingRule",
        "none",
        "walls (Duck chess, Amazons): no such rule in bigboard",
    ),
    (
        "wallingRegionWhite",
        "",
        "walls (Duck chess, Amazons): no such rule in bigboard",
    ),
    (
        "wallingRegionBlack",
        "",
        "walls (Duck chess, Amazons): no such rule in bigboard",
    ),
    (
        "wallOrMove",
        "false",
        "walls (Duck chess, Amazons): no such rule in bigboard",
    ),
    ("seirawanGating", "false", "gating (S-Chess): no such rule in bigboard"),
    (
        "cambodianMoves",
        "false",
        "Cambodian chess's special moves: no such rule in bigboard",
    ),
    ("diagonalLines", "", "Janggi's palace diagonals: not converted"),
    ("pass", "false", "passing: no such rule in bigboard"),
    ("passWhite", "false", "passing: no such rule in bigboard"),
    ("passBlack", "false", "passing: no such rule in bigboard"),
    ("passOnStalemate", "false", "passing: no such rule in bigboard"),
    ("passOnStalemateWhite", "false", "passing: no such rule in bigboard"),
    ("passOnStalemateBlack", "false", "passing: no such rule in bigboard"),
    ("makpongRule", "false", "Makpong's rule: no such rule in bigboard"),
    (
        "soldierPromotionRank",
        "1",
        "a soldier that changes its move: not converted",
    ),
    (
        "flipEnclosedPieces",
        "none",
        "flipping enclosed men (Reversi): no such rule in bigboard",
    ),
    (
        "nFoldValueAbsolute",
        "false",
        "a repetition result from White's side: no such rule in bigboard",
    ),
    (
        "perpetualCheckIllegal",
        "false",
        "perpetual check forbidden: no such rule in bigboard",
    ),
    (
        "moveRepetitionIllegal",
        "false",
        "repeated moves forbidden: no such rule in bigboard",
    ),
    (
        "chasingRule",
        "none",
        "Xiangqi's chasing rules: no such rule in bigboard",
    ),
    (
        "stalematePieceCount",
        "false",
        "counting material at stalemate: no such rule in bigboard",
    ),
    (
        "shogiPawnDropMateIllegal",
        "false",
        "drops: bigboard has no drops from a hand",
    ),
    (
        "shatarMateRule",
        "false",
        "Shatar's mating rules: no such rule in bigboard",
    ),
    ("bikjangRule", "false", "Janggi's bikjang: no such rule in bigboard"),
    (
        "extinctionValue",
        "none",
        "extinction of a kind of men: bigboard's extinction is of royal men only, not converted",
    ),
    ("extinctionClaim", "false", "extinction of a kind of men: not converted"),
    (
        "extinctionPseudoRoyal",
        "false",
        "extinction of a kind of men: not converted",
    ),
    ("dupleCheck", "false", "duple check: no such rule in bigboard"),
    ("extinctionPieceTypes", "", "extinction of a kind of men: not converted"),
    (
        "extinctionPieceCount",
        "0",
        "extinction of a kind of men: not converted",
    ),
    (
        "extinctionOpponentPieceCount",
        "0",
        "extinction of a kind of men: not converted",
    ),
    (
        "flagPieceCount",
        "1",
        "several flag pieces: bigboard's goal is one man on a goal square",
    ),
    (
        "flagPieceBlockedWin",
        "false",
        "several flag pieces: bigboard's goal is one man on a goal square",
    ),
    (
        "flagMove",
        "false",
        "a reply after reaching the flag region: not converted",
    ),
    (
        "flagPieceSafe",
        "false",
        "a flag piece that must be safe: no such rule in bigboard",
    ),
    ("connectN", "0", "connecting men in a line: no such rule in bigboard"),
    (
        "connectPieceTypes",
        "*",
        "connecting men in a line: no such rule in bigboard",
    ),
    (
        "connectVertical",
        "true",
        "connecting men in a line: no such rule in bigboard",
    ),
    (
        "connectHorizontal",
        "true",
        "connecting men in a line: no such rule in bigboard",
    ),
    (
        "connectDiagonal",
        "true",
        "connecting men in a line: no such rule in bigboard",
    ),
    (
        "connectRegion1White",
        "",
        "connecting regions: no such rule in bigboard",
    ),
    (
        "connectRegion2White",
        "",
        "connecting regions: no such rule in bigboard",
    ),
    (
        "connectRegion1Black",
        "",
        "connecting regions: no such rule in bigboard",
    ),
    (
        "connectRegion2Black",
        "",
        "connecting regions: no such rule in bigboard",
    ),
    (
        "connectNxN",
        "0",
        "connecting men in a square: no such rule in bigboard",
    ),
    ("collinearN", "0", "men in a line: no such rule in bigboard"),
    (
        "connectValue",
        "win",
        "connecting men in a line: no such rule in bigboard",
    ),
    (
        "materialCounting",
        "none",
        "material counting: no such rule in bigboard",
    ),
    (
        "adjudicateFullBoard",
        "false",
        "material counting: no such rule in bigboard",
    ),
    (
        "countingRule",
        "none",
        "Makruk's counting rules: no such rule in bigboard",
    ),
    ("castlingWins", "", "castling as a win: no such rule in bigboard"),
];

/// What the importer does with `key`.
pub enum Kind {
    /// Converted into the variant's definition.
    Converted,
    /// Ignored, for the reason given.
    Ignored(&'static str),
    /// The default and the reason another value is refused.
    DefaultOnly(&'static str, &'static str),
    /// A piece's region (`mobilityRegionWhiteRook`).
    PieceRegion,
    /// Not a key the importer knows.
    Unknown,
}

/// What the importer does with `key`.
pub fn kind(key: &str) -> Kind {
    if CONVERTED.contains(&key) || super::pieces::is_piece_key(key) {
        return Kind::Converted;
    }
    if let Some((_, what)) = IGNORED.iter().find(|(k, _)| *k == key) {
        return Kind::Ignored(what);
    }
    if let Some((_, default, why)) = DEFAULT_ONLY.iter().find(|(k, _, _)| *k == key) {
        return Kind::DefaultOnly(default, why);
    }
    if key.starts_with("mobilityRegion") {
        return Kind::PieceRegion;
    }
    Kind::Unknown
}

/// Is `value` the same as `default` (`-` and an empty value are both
/// "none")?
pub fn is_default(value: &str, default: &str) -> bool {
    let norm = |s: &str| {
        let s = s.trim();
        if s == "-" { String::new() } else { s.to_string() }
    };
    norm(value) == norm(default)
}
