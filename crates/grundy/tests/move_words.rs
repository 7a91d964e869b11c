//! Each game's words for its moves (issue 25), checked against its rules:
//! the words of every move of each catalogue game's example, and for the
//! games that declare words, moves whose effect is known by hand said as a
//! player says them.

use grundy::api::{self, Session};
use grundy::registry::GAMES;
use grundy::Limits;

fn session() -> Session {
    Session::new(Limits::default())
}

/// Every move of `q` with its words: (player, position reached, words).
fn said(q: &str) -> Vec<(&'static str, String, String)> {
    let a = api::options(&session(), q).unwrap_or_else(|e| panic!("{q}: {e}"));
    let mut out = Vec::new();
    for (who, list) in [("", &a.moves), ("left", &a.left), ("right", &a.right)] {
        for m in list.iter().flatten() {
            out.push((who, m.game.clone(), m.says.clone()));
        }
    }
    out
}

/// The words of the move from `q` to `to` (by `who`: "", "left", "right").
fn words(q: &str, who: &str, to: &str) -> String {
    let all = said(q);
    all.iter()
        .find(|(w, g, _)| *w == who && g == to)
        .map(|(_, _, s)| s.clone())
        .unwrap_or_else(|| panic!("{q}: no move of {who:?} to {to}; moves: {all:?}"))
}

#[test]
fn every_catalogue_example_has_words_for_every_move_and_no_two_moves_share_them() {
    for spec in GAMES {
        let moves = said(spec.example);
        for who in ["", "left", "right"] {
            let mine: Vec<&(&str, String, String)> =
                moves.iter().filter(|(w, _, _)| *w == who).collect();
            for (_, game, says) in &mine {
                assert!(
                    !says.trim().is_empty(),
                    "{}: no words for {game}",
                    spec.name
                );
                // Every game names every move of its example: none falls
                // back to the position reached.
                assert!(
                    spec.says.is_some(),
                    "{}: the game declares no words for its moves",
                    spec.name
                );
                assert!(
                    !says.starts_with("to ") && says != "take the last of it",
                    "{}: the move to {game} fell back to {says:?}",
                    spec.name
                );
            }
            let mut words: Vec<&str> = mine.iter().map(|(_, _, s)| s.as_str()).collect();
            words.sort_unstable();
            let n = words.len();
            words.dedup();
            assert_eq!(
                words.len(),
                n,
                "{} ({who}): two moves said alike: {mine:?}",
                spec.name
            );
        }
    }
}

#[test]
fn nim_and_subtraction_games_say_how_many_are_taken_from_which_heap() {
    assert_eq!(
        words("nim(3,5,7)", "", "nim(3,1,7)"),
        "take 4 from heap 2, leaving 1"
    );
    assert_eq!(
        words("nim(3,5,7)", "", "nim(5,7)"),
        "take all 3 from heap 1"
    );
    assert_eq!(
        words("nim(3,5,7)", "", "nim(3,5)"),
        "take all 7 from heap 3"
    );
    assert_eq!(words("nim(1)", "", "0"), "take the last counter");
    assert_eq!(
        words("sub[1,3,4](5)", "", "sub[1,3,4](2)"),
        "take 3, leaving 2"
    );
    assert_eq!(
        words("pick_up_bricks(3)", "", "pick_up_bricks(1)"),
        "take 2, leaving 1"
    );
    assert_eq!(
        words("grundy_game(7)", "", "grundy_game(3,4)"),
        "split the heap of 7 into 3 and 4"
    );
    assert_eq!(
        words("allbut[1](4)", "", "allbut[1](2)"),
        "take 2, leaving 2"
    );
}

#[test]
fn kayles_says_which_pins_are_knocked_down() {
    assert_eq!(words("kayles(5)", "", "kayles(1,3)"), "knock down pin 2");
    assert_eq!(
        words("kayles(5)", "", "kayles(1,2)"),
        "knock down pins 2 and 3"
    );
    assert_eq!(words("kayles(5)", "", "kayles(2,2)"), "knock down pin 3");
    assert_eq!(
        words("kayles(5)", "", "kayles(3)"),
        "knock down 2 pins at the end"
    );
    assert_eq!(
        words("kayles(5)", "", "kayles(4)"),
        "knock down 1 pin at the end"
    );
    assert_eq!(
        words("kayles(2,3)", "", "kayles(2,1,1)"),
        "knock down pin 2 of row 2"
    );
    // Dawson's Kayles knocks down two neighbours.
    assert_eq!(
        words("dawson(6)", "", "dawson(1,3)"),
        "knock down pins 2 and 3"
    );
    assert_eq!(words("dawson(2)", "", "0"), "knock down all 2 pins");
}

#[test]
fn dominoes_are_said_by_their_cells_and_their_direction() {
    // Left places vertical dominoes, Right horizontal ones; b1 is row 1
    // (the top), column b.
    let q = r#"domineering("..|..")"#;
    assert_eq!(
        words(q, "left", r##"domineering("#.|#.")"##),
        "vertical domino on a1–a2"
    );
    assert_eq!(
        words(q, "left", r##"domineering(".#|.#")"##),
        "vertical domino on b1–b2"
    );
    assert_eq!(
        words(q, "right", r##"domineering("..|##")"##),
        "horizontal domino on a2–b2"
    );
    assert_eq!(
        words(r#"cram("...|...")"#, "", r##"cram("...|.##")"##),
        "horizontal domino on b2–c2"
    );
}

#[test]
fn stones_say_where_they_go() {
    assert_eq!(
        words(r#"clobber("xo.")"#, "left", r#"clobber(".x.")"#),
        "a1 clobbers b1"
    );
    assert_eq!(
        words(r#"clobber("xo.")"#, "right", r#"clobber("o..")"#),
        "b1 clobbers a1"
    );
    assert_eq!(
        words(r#"konane("xox.")"#, "right", r#"konane("x..o")"#),
        "b1 jumps over c1 to d1"
    );
    assert_eq!(
        words(r#"konane("xo.o.")"#, "left", r#"konane("....x")"#),
        "a1 jumps over b1 and d1 to e1"
    );
    assert_eq!(
        words(r#"amazons("x..|...")"#, "left", r##"amazons(".x#|...")"##),
        "amazon a1 to b1, arrow at c1"
    );
}

#[test]
fn hackenbush_and_toads_and_frogs_say_the_edge_cut_and_the_creature_moved() {
    let q = r#"hackenbush("lre")"#;
    assert_eq!(
        words(q, "left", r#"hackenbush("lr")"#),
        "cut the green edge 3 (from the ground)"
    );
    assert_eq!(
        words(q, "left", r#"hackenbush("")"#),
        "cut the blue edge 1 (from the ground); the 2 edges above it fall"
    );
    assert_eq!(
        words(q, "right", r#"hackenbush("l")"#),
        "cut the red edge 2 (from the ground); the edge above it falls"
    );
    assert_eq!(
        words(r#"toads_frogs("t.f")"#, "left", r#"toads_frogs(".tf")"#),
        "toad 1 slides to 2"
    );
    assert_eq!(
        words(r#"toads_frogs("tf.")"#, "left", r#"toads_frogs(".ft")"#),
        "toad 1 jumps over the frog to 3"
    );
    assert_eq!(
        words(r#"toads_frogs("t.f")"#, "right", r#"toads_frogs("tf.")"#),
        "frog 3 slides to 2"
    );
}

#[test]
fn pieces_and_staircase_say_where_from_and_where_to() {
    assert_eq!(
        words("queen(2,1)", "", "queen(0,1)"),
        "queen from (2, 1) to (0, 1)"
    );
    assert_eq!(
        words("knight(5,4)", "", "knight(3,3)"),
        "knight from (5, 4) to (3, 3)"
    );
    assert_eq!(
        words("staircase(1,2,3)", "", "staircase(1,4,1)"),
        "move 2 coins from step 2 down to step 1"
    );
    assert_eq!(
        words("staircase(1,2,3)", "", "staircase(3,0,3)"),
        "move 2 coins from step 1 down to the ground (step 0)"
    );
}

#[test]
fn a_sum_is_said_component_by_component_and_a_negative_as_its_game() {
    let a = api::options(&session(), "nim(3) + kayles(4)").unwrap();
    let moves = a.moves.unwrap();
    let m = moves
        .iter()
        .find(|m| m.game == "nim(3) + kayles(1,2)")
        .unwrap();
    assert_eq!(m.says, "knock down pin 2");
    assert_eq!(m.part, Some(1));
    // In -G Left makes Right's moves of G: a horizontal domino.
    assert_eq!(
        words(r#"-domineering("..")"#, "left", r###"-domineering("##")"###),
        "horizontal domino on a1–b1"
    );
}

#[test]
fn the_servers_move_is_said_as_the_options_say_it() {
    let before = grundy::language::expr::parse_any("nim(3,5,7)").unwrap();
    let after = grundy::language::expr::parse_any("nim(3,1,7)").unwrap();
    assert_eq!(
        api::move_says(&before, &after, None),
        "take 4 from heap 2, leaving 1"
    );
    // A value has no board: its moves are its options, said with who
    // takes them.
    let before = grundy::language::expr::parse_any("{1|0}").unwrap();
    let after = grundy::language::expr::parse_any("1").unwrap();
    assert_eq!(
        api::move_says(&before, &after, Some(grundy::Player::Left)),
        "Left moves to 1"
    );
}

#[test]
fn graph_games_name_the_vertex_counted_as_written() {
    // Col: Left colours a vertex blue; its blank neighbours take the tint.
    assert_eq!(
        words(r#"col("R-.-L")"#, "left", r#"col("L")"#),
        "colour vertex 2 blue"
    );
    assert_eq!(
        words(r#"snort(".-.-.")"#, "right", r#"snort("R;R")"#),
        "colour vertex 2 red"
    );
    assert_eq!(
        words(r#"fjords("L-.-R")"#, "left", r#"fjords("L-R")"#),
        "claim vertex 1"
    );
    assert_eq!(
        words(
            r#"bipartite_snort("L-R-L-R")"#,
            "left",
            r#"bipartite_snort("L")"#
        ),
        "take vertex 3 and its neighbours 2 and 4"
    );
    assert_eq!(
        words(
            r#"bipartite_snort("L-R-L-R")"#,
            "right",
            r#"bipartite_snort("R")"#
        ),
        "take vertex 2 and its neighbours 1 and 3"
    );
    assert_eq!(
        words(
            r#"bipartite_snort("L;R")"#,
            "right",
            r#"bipartite_snort("L")"#
        ),
        "take vertex 2"
    );
    assert_eq!(
        words(r#"node_kayles(".-.-.-.")"#, "", r#"node_kayles(".")"#),
        "take vertex 2 and its neighbours 1 and 3"
    );
    assert_eq!(
        words(r#"arc_kayles(".-.-.-.")"#, "", r#"arc_kayles(".-.")"#),
        "take the edge 1–2 and its two ends"
    );
    assert_eq!(
        words("arc_kayles_path(6)", "", "arc_kayles_path(2,2)"),
        "take the edge 3–4 and its two ends"
    );
}

#[test]
fn hackenbush_forests_and_graphs_say_the_edge_cut_as_written() {
    let q = r#"hackenbush_tree("l(r,e),e")"#;
    assert_eq!(
        words(q, "left", r#"hackenbush_tree("e")"#),
        "cut the blue edge 1 (as written), on the ground; the 2 edges above it fall"
    );
    assert_eq!(
        words(q, "right", r#"hackenbush_tree("le,e")"#),
        "cut the red edge 2 (as written), 2 up from the ground"
    );
    assert_eq!(
        words(
            r#"childish_hackenbush("lr")"#,
            "right",
            r#"childish_hackenbush("l")"#
        ),
        "cut the red edge 2 (as written), 2 up from the ground"
    );
    assert_eq!(
        words(
            r#"hackenbush_graph("lre")"#,
            "right",
            r#"hackenbush_graph("l")"#
        ),
        "cut the red edge 2 (as written); 1 edge falls with it"
    );
}

#[test]
fn coins_cakes_and_heaps_with_memory_say_what_they_change() {
    assert_eq!(
        words(r#"mock_turtles("tthth")"#, "", r#"mock_turtles("thttt")"#),
        "turn over coins 2, 3 and 5"
    );
    assert_eq!(
        words(r#"turning("1-3","thh")"#, "", r#"turning("1-3","tht")"#),
        "turn over coin 3"
    );
    assert_eq!(
        words("cutcake(3,2)", "left", "cutcake(1,2) + cutcake(2,2)"),
        "cut the 3×2 piece into 1×2 and 2×2"
    );
    assert_eq!(
        words("cutcake(3,2)", "right", "cutcake(3,1) + cutcake(3,1)"),
        "cut the 3×2 piece into 3×1 and 3×1"
    );
    assert_eq!(
        words(
            "maundy_cake(6,1)",
            "right",
            "maundy_cake(3,1) + maundy_cake(3,1)"
        ),
        "cut the (6, 1) cake into 2 equal pieces (3, 1)"
    );
    assert_eq!(
        words("fibonacci_nim(10,4)", "", "fibonacci_nim(7,3)"),
        "take 3, leaving 7"
    );
    assert_eq!(
        words(
            "subtraction(10, [1,2], [2,3])",
            "right",
            "subtraction(7, [1,2], [2,3])"
        ),
        "take 3, leaving 7"
    );
    assert_eq!(
        words("partizan_euclid(8,3)", "left", "partizan_euclid(3,2)"),
        "take 2 × 3 from 8, leaving (3, 2)"
    );
    assert_eq!(
        // Pivoting on 1 sorts it to the front; 3 and 2 are left to sort.
        words("quicksort(3,1,2)", "", "quicksort(1,0)"),
        "pivot on 1"
    );
}

#[test]
fn boards_and_rows_say_the_piece_moved_and_where() {
    assert_eq!(
        words(
            r#"clobber_kings("xo|..")"#,
            "left",
            r#"clobber_kings(".x|..")"#
        ),
        "a1 clobbers b1"
    );
    assert_eq!(
        words(r#"fission(".|x|.")"#, "left", r#"fission("x|.|x")"#),
        "split the stone on a2 into a1 and a3"
    );
    assert_eq!(
        words(
            r#"toppling_dominoes("lrl")"#,
            "left",
            r#"toppling_dominoes("rl")"#
        ),
        "topple the blue domino 1 to the left"
    );
    assert_eq!(
        words(
            r#"toppling_dominoes("lrl")"#,
            "left",
            r#"toppling_dominoes("")"#
        ),
        "topple the blue domino 1 to the right; 2 fall with it"
    );
    assert_eq!(
        words(r#"ab_game("A..B")"#, "left", r#"ab_game(".A.B")"#),
        "A 1 slides to 2"
    );
    assert_eq!(
        words(
            r#"gen_toads_frogs[2]("tff.")"#,
            "left",
            r#"gen_toads_frogs[2](".fft")"#
        ),
        "toad 1 jumps over 2 pieces to 4"
    );
    assert_eq!(
        words(
            r#"elephants_rhinos("t..f")"#,
            "right",
            r#"elephants_rhinos("t.f.")"#
        ),
        "frog 4 slides to 3"
    );
    assert_eq!(
        words(r#"ski_jumps("L..|...")"#, "left", r#"ski_jumps(".L.|...")"#),
        "jumper a1 slides to b1"
    );
    assert_eq!(
        words(r#"ski_jumps("L..|...")"#, "left", r#"ski_jumps("...|...")"#),
        "jumper a1 slides off the slope"
    );
}

#[test]
fn fox_and_geese_and_backsliding_toads_say_the_piece_and_its_squares() {
    // Rows from the top as the board is drawn: the fox on a3, geese on row 1.
    let q = r#"fox_geese[4]("x.x.|....|..o.")"#;
    let all = said(q);
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "left" && s == "goose a1 to b2"),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "right" && s == "fox c3 to d2"),
        "{all:?}"
    );
    let all = said(r#"backsliding_toads_frogs("t.f.")"#);
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "left" && s == "toad 1 slides to 2"),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "right" && s == "frog 3 slides back to 4"),
        "{all:?}"
    );
    // Hare and Hounds: points numbered as the game's picture numbers them.
    let all = said(r#"hare_hounds("xx.x......o")"#);
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "left" && s == "hound 1 to 4"),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|(w, _, s)| *w == "right" && s == "hare 10 to 8"),
        "{all:?}"
    );
}

#[test]
fn a_compound_says_each_part_it_moved_in() {
    let all = said("conjunctive(nim(2), kayles(3))");
    assert!(
        all.iter()
            .any(|(_, _, s)| s == "in part 1, take 1, leaving 1; in part 2, knock down pin 2"),
        "{all:?}"
    );
    let all = said("selective(nim(2), nim(1))");
    assert!(
        all.iter()
            .any(|(_, _, s)| s == "in part 2, take the last counter"),
        "{all:?}"
    );
    let all = said("conjunctive({1|-1}, ^^)");
    assert!(
        all.iter().any(|(w, _, s)| *w == "left"
            && s.starts_with("in part 1, Left moves to 1; in part 2, Left moves to ")),
        "{all:?}"
    );
}

/// The board of a grid game's position: its last quoted argument, as the
/// page reads it.
fn board_of(q: &str) -> Vec<char> {
    let (front, _) = q
        .rsplit_once('"')
        .unwrap_or_else(|| panic!("{q}: no board"));
    let (_, board) = front.rsplit_once('"').unwrap();
    board.chars().collect()
}

/// The games drawn as a strip of cells or coins: every move of each
/// position changes the cells its words name (counted from 1), and nothing
/// else, so the page's picture of the move (the cells that change) and its
/// words agree. Coin-turning moves turn their rightmost coin from heads to
/// tails, the coin a click on the picture names.
#[test]
fn strip_games_words_name_the_cells_their_pictures_change() {
    let positions = [
        r#"turning_turtles("thhth")"#,
        r#"mock_turtles("htththtth")"#,
        r#"ruler("hthhth")"#,
        r#"turnips("tthhthth")"#,
        r#"turning("1-3","htththtth")"#,
        r#"turning("2,4E","hhthhth")"#,
        r#"gen_toads_frogs[2]("tttt..fff")"#,
        r#"gen_toads_frogs[3,2]("tt.tf..ff")"#,
        r#"gen_toads_frogs[1,1,friendly]("tt.t.f")"#,
        r#"elephants_rhinos("tt.t..ff")"#,
    ];
    for q in positions {
        let before = board_of(q);
        let coins = !q.contains("toads") && !q.contains("rhinos");
        let moves = said(q);
        assert!(!moves.is_empty(), "{q}: no moves");
        for (_, game, says) in &moves {
            let after = board_of(game);
            assert_eq!(before.len(), after.len(), "{q} -> {game}");
            let changed: Vec<usize> = (0..before.len())
                .filter(|&i| before[i] != after[i])
                .collect();
            let named: Vec<usize> = says
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            if coins {
                let cells: Vec<usize> = changed.iter().map(|i| i + 1).collect();
                assert_eq!(named, cells, "{q} -> {game}: {says:?}");
                let end = *changed.last().unwrap();
                assert_eq!((before[end], after[end]), ('h', 't'), "{q} -> {game}");
            } else {
                // "toad 1 jumps over 2 pieces to 4": the cell it leaves
                // first and the cell it reaches last.
                let [from, to] = changed[..] else {
                    panic!("{q} -> {game}: {changed:?} changed")
                };
                let (from, to) = if after[from] == '.' {
                    (from, to)
                } else {
                    (to, from)
                };
                assert_eq!(named.first(), Some(&(from + 1)), "{q} -> {game}: {says:?}");
                assert_eq!(named.last(), Some(&(to + 1)), "{q} -> {game}: {says:?}");
                assert_eq!(before[from], after[to], "{q} -> {game}");
            }
        }
    }
}

/// A heap with a memory is drawn as one heap: every move's words say what
/// it takes and what it leaves, the heap the picture shows next, and the
/// take is the next position's memory.
#[test]
fn memory_heaps_say_the_take_the_picture_shows() {
    for q in ["fibonacci_nim(10,4)", "take_away[3](12,2)", "mem(9,2)"] {
        let (name, args) = q.split_once('(').unwrap();
        let n: u32 = args.split(',').next().unwrap().parse().unwrap();
        let moves = said(q);
        assert!(!moves.is_empty(), "{q}");
        for (_, game, says) in &moves {
            let rest = game.strip_prefix(name).and_then(|g| g.strip_prefix('('));
            let (left, memory) = rest
                .and_then(|r| r.strip_suffix(')'))
                .and_then(|r| r.split_once(','))
                .unwrap_or_else(|| panic!("{q} -> {game}"));
            let (left, memory): (u32, u32) = (left.parse().unwrap(), memory.parse().unwrap());
            assert_eq!(n - left, memory, "{q} -> {game}");
            let expected = if left == 0 {
                format!("take all {memory}")
            } else {
                format!("take {memory}, leaving {left}")
            };
            assert_eq!(says, &expected, "{q} -> {game}");
        }
    }
}
