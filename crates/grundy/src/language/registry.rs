//! The registry: every game grundy knows, each declared once in its own file
//! under [`crate::games`].
//!
//! A declaration ([`GameSpec`]) gives the game's name, what kind of game it
//! is, a line for the help text, an example, and the function that validates
//! a call such as `kayles(3,5)` into a position. The expression language, the
//! engine, `verify`, the JSON output and the command's help all read this
//! list; none of them names a game.
//!
//! Adding a game is one new file in `games/` with its rules and a
//! `pub static SPEC: GameSpec`, and one line in [`GAMES`].

use crate::component::ScriptError;
use crate::script::ScriptGame;
// A game's declaration is read here under the registry's name, by front
// ends that list or draw the games.
pub use crate::component::spec::{
    item_span, natural, partizan_error, BuildFn, Call, Cell, GameKind, GameSpec, Look, Picture,
    RulesetFn, SaysFn,
};

use crate::games;

/// Every game, in the order the help lists them.
pub static GAMES: &[&GameSpec] = &[
    &games::nim::SPEC,
    &games::takebreak::SUB,
    &games::takebreak::ALLBUT,
    &games::takebreak::OCTAL,
    &games::takebreak::KAYLES,
    &games::takebreak::DAWSON,
    &games::takebreak::DAWSONS_CHESS,
    &games::takebreak::OFFICERS,
    &games::takebreak::GRUNDY_GAME,
    &games::takebreak::PICK_UP_BRICKS,
    &games::pieces::QUEEN,
    &games::pieces::ROOK,
    &games::pieces::BISHOP,
    &games::pieces::KING,
    &games::pieces::KNIGHT,
    &games::pieces::PIECE,
    &games::staircase::SPEC,
    &games::cram::SPEC,
    &games::arc_kayles::SPEC,
    &games::domineering::SPEC,
    &games::hackenbush::SPEC,
    &games::hackenbush_tree::SPEC,
    &games::toads_frogs::SPEC,
    &games::cutcake::SPEC,
    &games::subtraction::SPEC,
    &games::ab_game::SPEC,
    &games::clobber::SPEC,
    &games::toppling_dominoes::SPEC,
    &games::col::SPEC,
    &games::snort::SPEC,
    &games::amazons::SPEC,
    &games::konane::SPEC,
    &games::fission::SPEC,
    &games::clobber_variants::ANTICLOBBER_SPEC,
    &games::clobber_variants::HOT_CLOBBER_SPEC,
    &games::clobber_variants::KINGS_SPEC,
    &games::clobber_variants::KNIGHTS_SPEC,
    &games::clobber_variants::ROOKS_SPEC,
    &games::clobber_variants::QUEENS_SPEC,
    &games::clobber_variants::DIAGONAL_SPEC,
    &games::gen_toads_frogs::SPEC,
    &games::gen_toads_frogs::ELEPHANTS_RHINOS,
    &games::gen_cutcake::EATCAKE_SPEC,
    &games::gen_cutcake::MAUNDY_CAKE_SPEC,
    &games::gen_cutcake::TURN_AND_EATCAKE_SPEC,
    &games::partizan_euclid::SPEC,
    &games::partizan_heap::SPEC,
    &games::turning::TURNING,
    &games::turning::TURNING_TURTLES,
    &games::turning::MOCK_TURTLES,
    &games::turning::RULER,
    &games::turning::TURNIPS,
    &games::gen_mem::FIBONACCI_NIM_SPEC,
    &games::gen_mem::TAKE_AWAY_SPEC,
    &games::gen_mem::MEM_SPEC,
    &games::quicksort::SPEC,
    &games::graph_kayles::NODE_KAYLES,
    &games::graph_kayles::ARC_KAYLES,
    &games::ski_jumps::SPEC,
    &games::fjords::SPEC,
    &games::bipartite_snort::SPEC,
    &games::childish_hackenbush::SPEC,
    &games::gen_hackenbush::HACKENBUSH_GRAPH,
    &games::gen_hackenbush::CHILDISH_HACKENBUSH_GRAPH,
    &games::backsliding_toads_frogs::SPEC,
    &games::fox_geese::SPEC,
    &games::quelhas::SPEC,
    &games::splittles::SPEC,
    &games::digraph_placement::SPEC,
    &games::wind_up::SPEC,
    &games::hare_hounds::SPEC,
    &games::value::SPEC,
    &games::misere_form::SPEC,
];

/// The games an expression may name: the built-in ones ([`GAMES`]) and
/// those loaded from script files (`--rules FILE`). The language reads
/// names through it; the front ends list it.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    scripts: Vec<&'static ScriptGame>,
}

impl Registry {
    /// The built-in games alone.
    pub fn builtin() -> &'static Registry {
        static BUILTIN: Registry = Registry {
            scripts: Vec::new(),
        };
        &BUILTIN
    }

    /// Loads the games of the script at `path` into the registry (and
    /// returns them). A name already taken, by a built-in game or an
    /// earlier file, is refused.
    pub fn load(
        &mut self,
        path: &std::path::Path,
        limits: &crate::vocab::limits::Limits,
    ) -> Result<Vec<&'static ScriptGame>, ScriptError> {
        let games = crate::script::load_file(path, limits)?;
        self.add(&games)?;
        Ok(games)
    }

    /// Adds loaded games, refusing a name already taken.
    pub fn add(&mut self, games: &[&'static ScriptGame]) -> Result<(), ScriptError> {
        for g in games {
            let taken = lookup(g.name())
                .map(|_| "a built-in game".to_string())
                .or_else(|| {
                    self.script(g.name())
                        .map(|other| format!("a game of {}", other.path()))
                });
            if let Some(by) = taken {
                return Err(ScriptError::Declaration {
                    file: g.path().to_string(),
                    problem: format!("the name '{}' is taken by {by}", g.name()),
                    accepted: "give the game another name (its file's stem, or name())".into(),
                });
            }
            self.scripts.push(g);
        }
        Ok(())
    }

    /// Takes the scripted game named `name` out (so that a notebook cell
    /// run again can define it anew); whether there was one. Built-in
    /// games stay.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.scripts.len();
        self.scripts.retain(|g| g.name() != name);
        self.scripts.len() != before
    }

    /// The scripted game named `name`, if one is loaded.
    pub fn script(&self, name: &str) -> Option<&'static ScriptGame> {
        self.scripts.iter().copied().find(|g| g.name() == name)
    }

    /// The scripted games, in the order loaded.
    pub fn scripts(&self) -> &[&'static ScriptGame] {
        &self.scripts
    }

    /// The declaration of the game written `name`, if any.
    pub fn lookup(&self, name: &str) -> Option<&'static GameSpec> {
        lookup(name).or_else(|| self.script(name).map(ScriptGame::spec))
    }

    /// Every game: the built-in ones, then the scripted ones.
    pub fn games(&self) -> Vec<&'static GameSpec> {
        GAMES
            .iter()
            .copied()
            .chain(self.scripts.iter().map(|g| g.spec()))
            .collect()
    }

    /// The names of the games of one kind, for "accepted" lists.
    pub fn names(&self, kind: GameKind) -> Vec<&'static str> {
        self.games()
            .into_iter()
            .filter(|g| g.kind == kind)
            .map(|g| g.name)
            .collect()
    }

    /// The known name nearest to `name` (a typo), if one is near enough.
    pub fn closest<'a>(
        &self,
        name: &str,
        extra: impl IntoIterator<Item = &'a str>,
    ) -> Option<String> {
        let scripted: Vec<&str> = self.scripts.iter().map(|g| g.name()).collect();
        closest(name, scripted.into_iter().chain(extra))
    }
}

/// The built-in game written `name`, if any.
pub fn lookup(name: &str) -> Option<&'static GameSpec> {
    GAMES.iter().copied().find(|g| g.name == name)
}

/// The known name nearest to `name` (a typo), if one is near enough.
pub fn closest<'a>(name: &str, extra: impl IntoIterator<Item = &'a str>) -> Option<String> {
    GAMES
        .iter()
        .map(|g| g.name)
        .chain(extra)
        .map(|n| (edit_distance(name, n), n))
        .filter(|&(d, n)| d <= 2.max(n.chars().count() / 3))
        .min()
        .map(|(_, n)| n.to_string())
}

/// The names of the games of one kind, for "accepted" lists.
pub fn names(kind: GameKind) -> Vec<&'static str> {
    GAMES
        .iter()
        .filter(|g| g.kind == kind)
        .map(|g| g.name)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + (ca != b[j]) as usize).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid game's example holds only its declared cells, and a board of
    /// every declared cell is one the game reads: the page's editor writes
    /// boards from this list.
    #[test]
    fn grid_pictures_name_the_cells_their_games_read() {
        let mut grids = 0;
        for spec in GAMES {
            let Picture::Grid { cells, rows, .. } = spec.picture else {
                continue;
            };
            grids += 1;
            // The board is the last quoted argument (`turning` writes its
            // code first); a board of our own goes in its place.
            let (head, board, tail) = spec
                .example
                .rsplit_once('"')
                .and_then(|(front, tail)| {
                    let (head, board) = front.rsplit_once('"')?;
                    Some((head, board, tail))
                })
                .unwrap_or_else(|| panic!("{}: example has no board string", spec.name));
            let with_board = |b: &str| format!("{head}\"{b}\"{tail}");
            for ch in board.chars().filter(|&c| c != '|') {
                assert!(
                    cells.iter().any(|c| c.ch == ch),
                    "{}: example cell {ch:?} is not declared",
                    spec.name
                );
            }
            if spec.name == "hare_hounds" {
                // A board of exactly 11 points, one hare: no other board
                // reads, so the cells are checked by its own tests.
                continue;
            }
            let all: String = cells.iter().map(|c| c.ch).collect();
            let text = with_board(&all);
            crate::language::expr::parse_game(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            // Two rows read exactly when the picture says boards have rows
            // (an empty row on top: a board may hold a piece only once,
            // Fox and Geese's fox).
            let empty = cells
                .iter()
                .find(|c| c.look == Look::Empty)
                .map_or(cells[0].ch, |c| c.ch);
            let filler: String = all.chars().map(|_| empty).collect();
            let two = with_board(&format!("{filler}|{all}"));
            assert_eq!(
                crate::language::expr::parse_game(&two).is_ok(),
                rows,
                "{two}"
            );
        }
        assert!(grids >= 8, "only {grids} grid games");
    }
}
