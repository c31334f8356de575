//! The Fairy-Stockfish built-in variants a `variants.ini` section may name
//! as its parent, each written as the `variants.ini` keys that make it from
//! its own parent (Fairy-Stockfish's variant.cpp sets the same fields in
//! code). A section inheriting one gets these keys under its own, and the
//! converter reads them as it reads the section's: a built-in whose rules
//! bigboard cannot express is refused on the key that says so (the
//! `mustCapture` of `giveaway`, the `capturesToHand` of `crazyhouse`),
//! never as an unknown parent. docs/importing.md lists them.

/// One built-in: its name, the built-in it is made from (none: the
/// template, chess's rules and no pieces), and the keys it sets over it.
pub struct Builtin {
    /// The name a section writes after `:`.
    pub name: &'static str,
    /// The built-in it starts from.
    pub parent: Option<&'static str>,
    /// Its keys, as a section would write them.
    pub keys: &'static [(&'static str, &'static str)],
}

/// Chess's pieces, which the template of a built-in starts with.
const CHESS_PIECES: &[(&str, &str)] = &[
    ("pawn", "p"),
    ("knight", "n"),
    ("bishop", "b"),
    ("rook", "r"),
    ("queen", "q"),
    ("king", "k"),
];

/// The built-ins known, parents before the variants made from them.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "chess",
        parent: None,
        keys: CHESS_PIECES,
    },
    Builtin {
        name: "fairy",
        parent: Some("chess"),
        // Chess with five more pieces at hand (variant.cpp's
        // fairy_variant): a section may place them without naming them.
        keys: &[
            ("silver", "s"),
            ("fers", "f"),
            ("archbishop", "a"),
            ("chancellor", "c"),
            ("commoner", "m"),
        ],
    },
    Builtin {
        name: "nocastle",
        parent: Some("chess"),
        keys: &[
            ("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            ("castling", "false"),
        ],
    },
    Builtin {
        name: "3check",
        parent: Some("chess"),
        keys: &[
            (
                "startFen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            ),
            ("checkCounting", "true"),
        ],
    },
    Builtin {
        name: "kingofthehill",
        parent: Some("chess"),
        keys: &[
            ("flagPiece", "k"),
            ("flagRegionWhite", "d4 e4 d5 e5"),
            ("flagRegionBlack", "d4 e4 d5 e5"),
        ],
    },
    Builtin {
        name: "racingkings",
        parent: Some("chess"),
        keys: &[
            ("startFen", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"),
            ("flagPiece", "k"),
            ("flagRegionWhite", "*8"),
            ("flagRegionBlack", "*8"),
            ("flagMove", "true"),
            ("castling", "false"),
            ("checking", "false"),
        ],
    },
    Builtin {
        name: "gardner",
        parent: Some("chess"),
        keys: &[
            ("maxRank", "5"),
            ("maxFile", "e"),
            ("startFen", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"),
            ("promotionRegionWhite", "*5"),
            ("promotionRegionBlack", "*1"),
            ("doubleStep", "false"),
            ("castling", "false"),
        ],
    },
    Builtin {
        name: "losalamos",
        parent: Some("chess"),
        keys: &[
            ("maxRank", "6"),
            ("maxFile", "f"),
            ("bishop", "-"),
            ("startFen", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"),
            ("promotionRegionWhite", "*6"),
            ("promotionRegionBlack", "*1"),
            ("promotionPieceTypes", "qrn"),
            ("doubleStep", "false"),
            ("castling", "false"),
        ],
    },
    Builtin {
        name: "capablanca",
        parent: Some("chess"),
        keys: &[
            ("maxRank", "8"),
            ("maxFile", "j"),
            ("castlingKingsideFile", "i"),
            ("castlingQueensideFile", "c"),
            ("archbishop", "a"),
            ("chancellor", "c"),
            (
                "startFen",
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            ),
            ("promotionPieceTypes", "acqrbn"),
        ],
    },
    Builtin {
        name: "janus",
        parent: Some("chess"),
        keys: &[
            ("maxRank", "8"),
            ("maxFile", "j"),
            ("castlingKingsideFile", "i"),
            ("castlingQueensideFile", "b"),
            ("archbishop", "j"),
            (
                "startFen",
                "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
            ),
            ("promotionPieceTypes", "jqrbn"),
        ],
    },
    Builtin {
        name: "grand",
        parent: Some("chess"),
        keys: &[
            ("maxRank", "10"),
            ("maxFile", "j"),
            ("archbishop", "a"),
            ("chancellor", "c"),
            (
                "startFen",
                "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
            ),
            ("promotionPieceTypes", "acqrbn"),
            ("promotionRegionWhite", "*8 *9 *10"),
            ("promotionRegionBlack", "*3 *2 *1"),
            ("promotionLimit", "a:1 c:1 q:1 r:2 b:2 n:2"),
            ("mandatoryPawnPromotion", "false"),
            ("immobilityIllegal", "true"),
            ("doubleStepRegionWhite", "*3"),
            ("doubleStepRegionBlack", "*8"),
            ("castling", "false"),
        ],
    },
    Builtin {
        name: "breakthrough",
        parent: Some("chess"),
        keys: &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("breakthrough", "p"),
            ("startFen", "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"),
            ("doubleStep", "false"),
            ("castling", "false"),
            ("stalemateValue", "loss"),
            ("flagPiece", "p"),
            ("flagRegionWhite", "*8"),
            ("flagRegionBlack", "*1"),
        ],
    },
    Builtin {
        name: "makruk",
        parent: Some("chess"),
        keys: &[
            ("bishop", "-"),
            ("queen", "-"),
            ("silver", "s"),
            ("fers", "m"),
            ("startFen", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
            ("promotionRegionWhite", "*6 *7 *8"),
            ("promotionRegionBlack", "*3 *2 *1"),
            ("promotionPieceTypes", "m"),
            ("doubleStep", "false"),
            ("castling", "false"),
            ("nMoveRule", "0"),
            ("countingRule", "makruk"),
        ],
    },
    Builtin {
        name: "crazyhouse",
        parent: Some("chess"),
        keys: &[
            ("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
            ("pieceDrops", "true"),
            ("capturesToHand", "true"),
        ],
    },
    Builtin {
        name: "pocketknight",
        parent: Some("chess"),
        keys: &[
            ("pocketSize", "2"),
            (
                "startFen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
            ),
            ("pieceDrops", "true"),
        ],
    },
    Builtin {
        name: "placement",
        parent: Some("chess"),
        keys: &[
            ("startFen", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"),
            ("mustDrop", "true"),
            ("pieceDrops", "true"),
            ("dropRegionWhite", "*1"),
            ("dropRegionBlack", "*8"),
            ("dropOppositeColoredBishop", "true"),
            ("castlingDroppedPiece", "true"),
        ],
    },
    Builtin {
        name: "giveaway",
        parent: Some("chess"),
        keys: &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("promotionPieceTypes", "kqrbn"),
            ("stalemateValue", "win"),
            ("extinctionValue", "win"),
            ("extinctionPieceTypes", "*"),
            ("mustCapture", "true"),
        ],
    },
    Builtin {
        name: "antichess",
        parent: Some("giveaway"),
        keys: &[
            ("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            ("castling", "false"),
        ],
    },
    Builtin {
        name: "extinction",
        parent: Some("chess"),
        keys: &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("promotionPieceTypes", "kqrbn"),
            ("extinctionValue", "loss"),
            ("extinctionPieceTypes", "kqrbnp"),
        ],
    },
    Builtin {
        name: "nocheckatomic",
        parent: Some("chess"),
        keys: &[
            ("king", "-"),
            ("commoner", "k"),
            ("castlingKingPiece", "k"),
            ("extinctionValue", "loss"),
            ("extinctionPieceTypes", "k"),
            ("blastOnCapture", "true"),
        ],
    },
    Builtin {
        name: "atomic",
        parent: Some("nocheckatomic"),
        keys: &[("extinctionPseudoRoyal", "true")],
    },
    Builtin {
        name: "amazons",
        parent: Some("chess"),
        keys: &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("customPiece1", "q:mQ"),
            ("maxRank", "10"),
            ("maxFile", "j"),
            ("startFen", "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1"),
            ("stalemateValue", "loss"),
            ("wallingRule", "arrow"),
        ],
    },
    Builtin {
        name: "snailtrail",
        parent: Some("chess"),
        keys: &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("customPiece1", "p:mK"),
            ("maxRank", "7"),
            ("maxFile", "g"),
            ("startFen", "6p/7/7/7/7/7/P6 w - - 0 1"),
            ("stalemateValue", "loss"),
            ("wallingRule", "past"),
        ],
    },
    Builtin {
        name: "ataxx",
        parent: Some("chess"),
        keys: &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("customPiece1", "p:mDmNmA"),
            ("maxRank", "7"),
            ("maxFile", "g"),
            ("startFen", "P5p/7/7/7/7/7/p5P w 0 1"),
            ("pieceDrops", "true"),
            ("doubleStep", "false"),
            ("castling", "false"),
            ("stalemateValue", "loss"),
            ("stalematePieceCount", "true"),
            ("passOnStalemate", "true"),
            ("enclosingDrop", "ataxx"),
            ("flipEnclosedPieces", "ataxx"),
            ("materialCounting", "unweighted"),
            ("adjudicateFullBoard", "true"),
            ("nMoveRule", "0"),
        ],
    },
    Builtin {
        name: "flipersi",
        parent: Some("chess"),
        keys: &[
            ("pawn", "-"),
            ("knight", "-"),
            ("bishop", "-"),
            ("rook", "-"),
            ("queen", "-"),
            ("king", "-"),
            ("immobile", "p"),
            (
                "startFen",
                "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1",
            ),
            ("pieceDrops", "true"),
            ("doubleStep", "false"),
            ("castling", "false"),
            ("stalemateValue", "loss"),
            ("stalematePieceCount", "true"),
            ("enclosingDrop", "reversi"),
            ("enclosingDropStart", "d4 e4 d5 e5"),
            ("flipEnclosedPieces", "reversi"),
            ("materialCounting", "unweighted"),
            ("adjudicateFullBoard", "true"),
        ],
    },
    Builtin {
        name: "flipello",
        parent: Some("flipersi"),
        keys: &[
            (
                "startFen",
                "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1",
            ),
            ("passOnStalemate", "true"),
        ],
    },
    Builtin {
        name: "minishogi",
        parent: Some("chess"),
        keys: MINISHOGI,
    },
    Builtin {
        name: "gorogoro",
        parent: Some("minishogi"),
        keys: &[
            ("pocketSize", "3"),
            ("maxRank", "6"),
            ("maxFile", "e"),
            ("startFen", "sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1"),
            ("promotionRegionWhite", "*5 *6"),
            ("promotionRegionBlack", "*2 *1"),
            // Goro goro shogi is made from minishogi's base, without the
            // repetition rules minishogi adds.
            ("nFoldValue", "draw"),
            ("nFoldValueAbsolute", "false"),
        ],
    },
    Builtin {
        name: "shogi",
        parent: Some("minishogi"),
        keys: &[
            ("maxRank", "9"),
            ("maxFile", "i"),
            ("lance", "l"),
            ("shogiKnight", "n"),
            (
                "startFen",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            ),
            ("promotionRegionWhite", "*7 *8 *9"),
            ("promotionRegionBlack", "*3 *2 *1"),
            ("promotedPieceType", "p:g s:g b:h r:d l:g n:g"),
            ("nFoldValue", "draw"),
            ("nFoldValueAbsolute", "false"),
        ],
    },
    Builtin {
        name: "xiangqi",
        parent: Some("chess"),
        keys: XIANGQI,
    },
    Builtin {
        name: "janggi",
        parent: Some("xiangqi"),
        keys: &[
            ("fers", "-"),
            ("cannon", "-"),
            ("elephant", "-"),
            ("wazir", "a"),
            ("janggiCannon", "c"),
            ("janggiElephant", "b"),
            (
                "startFen",
                "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
            ),
            ("mobilityRegionWhiteWazir", "d1 e1 f1 d2 e2 f2 d3 e3 f3"),
            ("mobilityRegionBlackWazir", "d8 e8 f8 d9 e9 f9 d10 e10 f10"),
            ("soldierPromotionRank", "1"),
            ("flyingGeneral", "false"),
            ("bikjangRule", "true"),
            ("materialCounting", "janggi"),
            ("diagonalLines", "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10"),
            ("pass", "true"),
            ("nFoldValue", "draw"),
            ("chasingRule", "none"),
        ],
    },
];

/// Minishogi (variant.cpp's minishogi base and minishogi).
const MINISHOGI: &[(&str, &str)] = &[
    ("pawn", "-"),
    ("knight", "-"),
    ("bishop", "-"),
    ("rook", "-"),
    ("queen", "-"),
    ("king", "-"),
    ("maxRank", "5"),
    ("maxFile", "e"),
    ("shogiPawn", "p"),
    ("silver", "s"),
    ("gold", "g"),
    ("bishop", "b"),
    ("dragonHorse", "h"),
    ("rook", "r"),
    ("bers", "d"),
    ("king", "k"),
    ("startFen", "rbsgk/4p/5/P4/KGSBR[-] w 0 1"),
    ("pieceDrops", "true"),
    ("capturesToHand", "true"),
    ("promotionRegionWhite", "*5"),
    ("promotionRegionBlack", "*1"),
    ("doubleStep", "false"),
    ("castling", "false"),
    ("promotedPieceType", "p:g s:g b:h r:d"),
    ("dropNoDoubled", "p"),
    ("immobilityIllegal", "true"),
    ("shogiPawnDropMateIllegal", "true"),
    ("stalemateValue", "loss"),
    ("nFoldRule", "4"),
    ("nMoveRule", "0"),
    ("perpetualCheckIllegal", "true"),
    ("pocketSize", "5"),
    ("nFoldValue", "loss"),
    ("nFoldValueAbsolute", "true"),
];

/// Xiangqi (variant.cpp's minixiangqi, xiangqi base and xiangqi).
const XIANGQI: &[(&str, &str)] = &[
    ("pawn", "-"),
    ("knight", "-"),
    ("bishop", "-"),
    ("rook", "-"),
    ("queen", "-"),
    ("king", "-"),
    ("rook", "r"),
    ("horse", "n"),
    ("king", "k:W"),
    ("cannon", "c"),
    ("soldier", "p"),
    ("elephant", "b"),
    ("fers", "a"),
    ("maxRank", "10"),
    ("maxFile", "i"),
    (
        "startFen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    ("mobilityRegionWhiteKing", "d1 e1 f1 d2 e2 f2 d3 e3 f3"),
    ("mobilityRegionBlackKing", "d8 e8 f8 d9 e9 f9 d10 e10 f10"),
    ("mobilityRegionWhiteFers", "d1 e1 f1 d2 e2 f2 d3 e3 f3"),
    ("mobilityRegionBlackFers", "d8 e8 f8 d9 e9 f9 d10 e10 f10"),
    ("mobilityRegionWhiteElephant", "*1 *2 *3 *4 *5"),
    ("mobilityRegionBlackElephant", "*6 *7 *8 *9 *10"),
    ("soldierPromotionRank", "6"),
    ("doubleStep", "false"),
    ("castling", "false"),
    ("stalemateValue", "loss"),
    ("perpetualCheckIllegal", "true"),
    ("flyingGeneral", "true"),
    ("chasingRule", "axf"),
];

/// The built-in named `name`.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// The names of the built-ins known, for a refusal's text.
pub fn names() -> Vec<&'static str> {
    BUILTINS.iter().map(|b| b.name).collect()
}

/// The keys of the built-in `name` with those of the built-ins it is made
/// from, the furthest first (a later key overrides an earlier one), each
/// with the built-in that sets it.
pub fn keys(name: &str) -> Option<Vec<(&'static str, &'static str, &'static str)>> {
    let mut chain = vec![builtin(name)?];
    while let Some(parent) = chain.last().and_then(|b| b.parent) {
        chain.push(builtin(parent)?);
    }
    let mut out = Vec::new();
    for b in chain.iter().rev() {
        for (k, v) in b.keys {
            out.push((*k, *v, b.name));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parent_is_known_and_comes_first() {
        for (i, b) in BUILTINS.iter().enumerate() {
            if let Some(p) = b.parent {
                let at = BUILTINS.iter().position(|x| x.name == p);
                assert!(at.is_some_and(|at| at < i), "{}: parent {p}", b.name);
            }
            assert!(keys(b.name).is_some());
        }
    }

    #[test]
    fn a_built_in_carries_its_parents_keys() {
        let k = keys("antichess").expect("known");
        assert!(k.contains(&("mustCapture", "true", "giveaway")));
        assert!(k.contains(&("castling", "false", "antichess")));
        assert_eq!(k[0], ("pawn", "p", "chess"));
        assert!(keys("nosuch").is_none());
    }
}
