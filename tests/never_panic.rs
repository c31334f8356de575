use bigboard::position::Position;
use bigboard::variant::Variant;

const DEF: &str = r#"
id = "t"
name = "T"
width = 8
height = 8
setup = "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Rook"
code = "R"
moves = "R"
[[castling]]
king = "e1"
king_to = "g1"
rook = "h1"
rook_to = "g1"
[[castling]]
king = "e1"
king_to = "f1"
rook = "h1"
rook_to = "e1"
"#;

#[test]
fn probe() {
    let v = Variant::from_toml(DEF);
    println!("{:?}", v.as_ref().map(|_| ()).map_err(|e| e.to_string()));
    let v = v.unwrap();
    let mut pos = Position::new(v.clone());
    println!("{}", pos.fen());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for m in &moves { print!("{} {:?}; ", pos.move_text(*m), m.kind); }
    println!();
    for &m in &moves {
        if m.kind == bigboard::moves::MoveKind::Castle {
            pos.play_unchecked(m);
            println!("after {}: {} hash ok {}", pos.move_text(m), pos.fen(), pos.hash() == pos.compute_hash());
            let re = Position::from_fen(v.clone(), &pos.fen());
            println!("reread {:?}", re.map(|p| p.fen()));
            pos.undo();
        }
    }
}
