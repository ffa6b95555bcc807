//! Tests of the mill engine.
use super::*;
use crate::games::playout::random_game;

#[test]
fn scratch() {
    let g = random_game::<Mill>(&Mill::GAMES[0], 3, 400, false).unwrap();
    println!("{} {}", g.moves.join(" "), g.result);
    let m = Mill::configure(&Setup::new(&Mill::GAMES[0], &[], &[])).unwrap();
    let mut p = m.start_position();
    for t in g.moves.iter().take(30) {
        let tok = m.parse_token(t).unwrap();
        let mv = m.resolve(&p, &tok).unwrap();
        let before = p.clone();
        m.play(&mut p, &mv);
        println!("{}", m.describe(&before, &mv, &p));
    }
    println!("{}\n{}\n{}", m.draw(&p), m.write_position(&p), m.state(&p));
    let n = Mill::configure(&Setup::new(&Mill::GAMES[1], &[], &[])).unwrap();
    println!("{}", n.draw(&n.start_position()));
}
