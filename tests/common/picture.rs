//! Reading pictures back: what an SVG board shows (pieces on points, counts in pits),
//! what the game's scene (`Diagram`) says should stand there, and, for the games whose
//! JSON state this reads, what the state says, all in the same words; for the diagram
//! test and the browser test of the viewer. The scene is read the same way for every
//! game, so a new game needs nothing here; its state, read where a reader exists, is a
//! second witness of its scene.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use tgn::games::Diagram;
use tgn::record::parse_games;
use tgn::replay::{Detail, Settings, Status, replay};

/// What a picture or a state shows: `point → "light man"`, `pit → count`.
#[derive(Debug, Default, PartialEq)]
pub struct Shown {
    pub pieces: BTreeMap<String, String>,
    pub pits: BTreeMap<String, u32>,
    pub tuzdyks: Vec<String>,
}

pub fn from_svg(text: &str) -> Shown {
    let document = roxmltree::Document::parse(text).expect("the SVG is well-formed XML");
    let mut shown = Shown::default();
    for node in document.descendants() {
        let class = node.attribute("class").unwrap_or_default();
        if class.starts_with("piece ") {
            let what = format!(
                "{} {}",
                node.attribute("data-colour").unwrap(),
                node.attribute("data-kind").unwrap()
            );
            shown
                .pieces
                .insert(node.attribute("data-point").unwrap().to_string(), what);
        } else if class.starts_with("pit ") {
            let name = node.attribute("data-pit").unwrap().to_string();
            let count = node.attribute("data-count").unwrap().parse().unwrap();
            if node.attribute("data-kind") == Some("tuzdyk") {
                shown.tuzdyks.push(name.clone());
            }
            shown.pits.insert(name, count);
        }
    }
    shown.tuzdyks.sort();
    shown
}

/// What a scene shows, in the picture's words.
pub fn from_scene(scene: &Diagram) -> Shown {
    let mut shown = Shown::default();
    for piece in &scene.pieces {
        let what = format!("{} {}", piece.colour.name(), piece.kind);
        shown.pieces.insert(piece.point.clone(), what);
    }
    for pit in &scene.pits {
        if pit.kind == "tuzdyk" {
            shown.tuzdyks.push(pit.name.clone());
        }
        shown.pits.insert(pit.name.clone(), pit.count);
    }
    shown.tuzdyks.sort();
    shown
}

fn names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|v| v.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// What the engine's JSON state (`convert --states`, documented per game) says stands
/// where, in the picture's words; `None` for a game whose state this does not read.
pub fn from_state(game: &str, state: &Value) -> Option<Shown> {
    let mut shown = Shown::default();
    let mut put = |points: Vec<String>, what: &str| {
        for p in points {
            shown.pieces.insert(p, what.to_string());
        }
    };
    match game {
        "toguz-kumalak" | "olinda-keliya" => {
            let stores = if game == "toguz-kumalak" {
                "kazans"
            } else {
                "stores"
            };
            let store = if game == "toguz-kumalak" {
                "kazan"
            } else {
                "store"
            };
            for (side, letter) in [("first", 'S'), ("second", 'N')] {
                for (i, count) in state["pits"][side].as_array().unwrap().iter().enumerate() {
                    let count = count.as_u64().unwrap() as u32;
                    shown.pits.insert(format!("{letter}{}", i + 1), count);
                }
            }
            for (i, letter) in ['S', 'N'].into_iter().enumerate() {
                let count = state[stores][i].as_u64().unwrap() as u32;
                shown.pits.insert(format!("{letter} {store}"), count);
            }
            if game == "toguz-kumalak" {
                for (owner, row) in [("first", 'N'), ("second", 'S')] {
                    if let Some(n) = state["tuzdyks"][owner].as_u64() {
                        shown.tuzdyks.push(format!("{row}{n}"));
                    }
                }
            }
            shown.tuzdyks.sort();
        }
        // Black moves first (and is drawn dark), with the default options.
        "mig-mang" | "nei-pat-kono" => {
            put(names(&state["first"]), "dark man");
            put(names(&state["second"]), "light man");
        }
        // The mill games (every Sanmill preset): White first, drawn light.
        _ if state["pending_removal"].is_boolean() => {
            put(names(&state["first"]), "light man");
            put(names(&state["second"]), "dark man");
            put(names(&state["marked"]), "red marked");
        }
        "pinoy-dama" => {
            put(names(&state["first"]["men"]), "light man");
            put(names(&state["first"]["kings"]), "light king");
            put(names(&state["second"]["men"]), "dark man");
            put(names(&state["second"]["kings"]), "dark king");
        }
        "zamma" | "srand" => {
            put(names(&state["first"]["men"]), "light man");
            put(names(&state["first"]["sultans"]), "light sultan");
            put(names(&state["second"]["men"]), "dark man");
            put(names(&state["second"]["sultans"]), "dark sultan");
        }
        "kungser" => {
            put(names(&state["first"]), "light prince");
            put(names(&state["second"]), "dark lama");
        }
        "rimau-rimau" => {
            put(names(&state["first"]), "light tiger");
            put(names(&state["second"]), "dark man");
        }
        // The goats move first, the tigers are drawn light.
        "bagh-chal" => {
            put(names(&state["second"]), "light tiger");
            put(names(&state["first"]), "dark goat");
        }
        "pasang" => {
            for (row, rank) in state["ranks"]
                .as_array()
                .unwrap()
                .iter()
                .zip((1..=11).rev())
            {
                for (cell, file) in row.as_str().unwrap().chars().zip('a'..) {
                    let what = match cell {
                        'W' => "light stone",
                        'B' => "dark stone",
                        'K' | 'k' => "red ka",
                        _ => continue,
                    };
                    shown
                        .pieces
                        .insert(format!("{file}{rank}"), what.to_string());
                }
            }
        }
        _ => return None,
    }
    Some(shown)
}

/// The engine's state at the start and after each played ply of the main line.
pub fn states(text: &str) -> Vec<Value> {
    let record = parse_games(text, Default::default()).remove(0);
    let settings = Settings {
        detail: Detail {
            state: true,
            ..Detail::default()
        },
        ..Settings::default()
    };
    let replayed = replay(&record, &settings);
    let mut states = vec![replayed.start.expect("a start").state];
    for node in &replayed.main.nodes {
        if let Status::Played(played) = &node.status {
            // A turn written as two tokens (a mill's removal) is one ply: its last.
            let state = played.detail.as_ref().expect("asked for").state.clone();
            if played.ply as usize == states.len() {
                states.push(state);
            } else {
                *states.last_mut().unwrap() = state;
            }
        }
    }
    states
}

/// The first game of the first sample record of `game`, if the repository has one.
pub fn sample(game: &str) -> Option<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("records")
        .join(game);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    std::fs::read_to_string(files.first()?).ok()
}
