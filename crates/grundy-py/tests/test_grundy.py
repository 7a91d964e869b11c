"""The Python package as a user meets it: every command as a function whose
``to_dict()`` is the command's ``--json``, games as values, rules written in
Python, exceptions, limits and Ctrl-C."""

import json
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[3]


def cli():
    """The command line built by `cargo test --release` (or GRUNDY_BIN)."""
    path = Path(os.environ.get("GRUNDY_BIN", ROOT / "target" / "release" / "grundy"))
    if not path.exists():
        pytest.skip(f"no grundy binary at {path}: build it with cargo build --release -p grundy-cli")
    return str(path)


def cli_json(*args):
    out = subprocess.run([cli(), *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "expr",
    [
        "nim(3,5,7)",
        "kayles(10) + queen(3,4)",
        "misere(nim(3,5,1))",
        "misere(kayles(5))",
        "conjunctive(nim(3), nim(5))",
        "{3||2*|1*}",
        'domineering("..|..") + nim(2)',
        'misere(domineering("....|...."))',
        "incentives({3||2*|1*})",
        "is_odd_tempered(9/8*)",
        "pow_to(^, 3)",
        "octal[0.376](1000000000000)",
    ],
)
def test_value_to_dict_is_the_commands_json(expr):
    assert grundy.value(expr).to_dict() == cli_json("value", expr)


def test_every_command_answers_as_its_json():
    assert grundy.options("nim(3,5)").to_dict() == cli_json("options", "nim(3,5)")
    assert grundy.seq("kayles", to=104).to_dict() == cli_json("seq", "kayles", "--to", "104")
    assert grundy.seq("dawson", at=[10**12, 3]).to_dict() == cli_json("seq", "dawson", "--at", "1000000000000,3")
    assert grundy.table("queen", size=6).to_dict() == cli_json("table", "queen", "--size", "6")
    assert grundy.verify("kayles + nim", bound=6).to_dict() == cli_json("verify", "kayles + nim", "--bound", "6")
    assert grundy.compare("^", "*").to_dict() == cli_json("compare", "^", "*")
    assert grundy.thermograph("{3||2*|1*}").to_dict() == cli_json("thermograph", "{3||2*|1*}")
    assert grundy.transform("{3|-1}", cool=1).to_dict() == cli_json("transform", "{3|-1}", "--cool", "1")
    assert grundy.quotient("octal[0.75]", heaps=20).to_dict() == cli_json("quotient", "octal[0.75]", "--heaps", "20")
    assert grundy.games().to_dict() == cli_json("games")


def test_perfect_play_moves_and_components():
    # A winning move is one of the winning moves value lists.
    m = grundy.perfect_move("nim(3,5,7)")
    assert m.wins and m.move in grundy.value("nim(3,5,7)").winning_moves
    # From a lost position the move loses but is still made.
    lost = grundy.perfect_move("nim(1,1)")
    assert not lost.wins and grundy.value(lost.move).outcome == "N"
    assert grundy.perfect_move("nim(0)").move is None
    # A partizan game needs its player, and says so.
    with pytest.raises(grundy.GrundyError, match="left or right"):
        grundy.perfect_move('domineering("..|..")')
    with pytest.raises(ValueError, match="'left' or 'right'"):
        grundy.perfect_move('domineering("..|..")', player="up")
    assert grundy.perfect_move('domineering("..|..")', player="left").wins
    assert str(grundy.game("nim(3,5,7)").perfect_move()) == m.move
    parts = list(grundy.components("nim(3) + kayles(4)"))
    assert [p.to_dict() for p in parts] == [grundy.value("nim(3)").to_dict(), grundy.value("kayles(4)").to_dict()]
    assert len(grundy.components("misere(nim(1) + nim(2))")) == 2


def test_text_is_what_the_command_prints():
    out = subprocess.run([cli(), "value", "misere(kayles(5))"], capture_output=True, text=True, check=True)
    assert str(grundy.value("misere(kayles(5))")) == out.stdout


def test_answers_have_attributes_and_exact_numbers():
    a = grundy.value("{3||2*|1*}")
    assert a.outcome == "L"
    assert a.left_stop == 3 and isinstance(a.left_stop, Fraction)
    assert a.mean == Fraction(9, 4) and a.temperature == Fraction(3, 4)
    assert grundy.value("1/2 + 1/4").value == Fraction(3, 4)
    assert grundy.value("nim(3,5,7)").winning_moves == ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]
    with pytest.raises(AttributeError, match="fields are"):
        grundy.value("nim(1)").no_such_field
    s = grundy.seq("kayles", to=200)
    assert (s.period, s.preperiod, s.proved) == (12, 71, True)
    assert grundy.thermograph("{3||2*|1*}").svg.startswith("<svg")
    assert "<table" in s._repr_html_() and "<table" in grundy.table("queen", size=5)._repr_html_()
    assert grundy.value("^*")._repr_latex_() == r"$\uparrow \ast $"


def test_families_of_partizan_positions():
    t = grundy.table("cutcake", size=4)
    assert t.is_forms and t.to_dict() == cli_json("table", "cutcake", "--size", "4")
    assert t.forms[0] == ["0", "-1", "-2", "-3"] and t.outcomes[1][0] == "L"
    assert "antisymmetric: G(x,y) = -G(y,x)" in t.patterns
    assert "<table" in t._repr_html_() and "antisymmetric" in t._repr_html_()
    s = grundy.seq("subtraction(n, [1], [2])", to=20)
    assert s.values[:3] == ["0", "1", "{1|0}"] and (s.period, s.preperiod, s.saltus) == (3, 0, "0")
    assert "{1|0}" in s._repr_html_()
    pd = pytest.importorskip("pandas")
    frame = t.to_pandas()
    assert list(frame.index) == [1, 2, 3, 4] and frame.loc[2, 1] == "1"
    assert isinstance(frame, pd.DataFrame)
    with pytest.raises(grundy.GrundyError, match="variables x and y"):
        grundy.table("cutcake(2,3)", size=3)


def test_games_are_values():
    g = grundy.game('domineering("..|..")')
    assert g.value().value == "+-1"
    assert g == "+-1" and g == grundy.game("+-1")
    assert len(g.left_options()) == 2 and len(g.right_options()) == 2
    assert g - g == 0
    up, star = grundy.game("^"), grundy.game("*")
    assert grundy.compare(up, star).relation == "<>"
    assert not (up <= star) and not (up >= star)
    assert up > 0 and -up < 0 and up + up > up
    assert grundy.game("nim(3)").options() == [grundy.game("nim(0)"), grundy.game("nim(1)"), grundy.game("nim(2)")]
    assert {grundy.game("*2 + *3"), grundy.game("*")} == {grundy.game("*")}
    with pytest.raises(grundy.ParseError):
        grundy.game("nim(")


def test_rules_in_python_reach_every_command():
    grundy.define("pickup", moves=lambda n: [n - k for k in (1, 2, 5) if k <= n], example="pickup(10)")
    assert grundy.seq("pickup", to=11).values == [0, 1, 2] * 4
    assert grundy.value("pickup(10) + nim(3)").winning_moves == ["pickup(10) + nim(1)"]
    assert grundy.value("misere(pickup(7) + kayles(3))").outcome in ("P", "N")
    assert grundy.value("selective(pickup(4), nim(2))").outcome == "N"
    assert "pickup" in grundy.games().names()
    # The same game built in agrees everywhere on small heaps.
    assert grundy.seq("pickup", to=60).values == grundy.seq("sub[1,2,5]", to=60).values
    # Two integers: a table.
    # A rook moving toward the corner is two Nim heaps.
    grundy.define("corner", moves=lambda p: [(a, p[1]) for a in range(p[0])] + [(p[0], b) for b in range(p[1])],
                  example="corner(3,4)")
    assert grundy.table("corner", size=4).values == [[x ^ y for y in range(4)] for x in range(4)]
    # A claim checked by verify, and one refuted.
    grundy.define("nimheap", moves=lambda n: list(range(n)), claim=lambda n: n, example="nimheap(3)")
    assert grundy.verify("nimheap", bound=8)
    grundy.define("nimheap", moves=lambda n: list(range(n)), claim=lambda n: n % 3, example="nimheap(3)")
    refuted = grundy.verify("nimheap", bound=8)
    assert not refuted and refuted.counterexample["position"] == "nimheap(3)"
    # Moves in the game's own words: says(p, q) gets the position and the option.
    grundy.define("corner", moves=lambda p: [(a, p[1]) for a in range(p[0])] + [(p[0], b) for b in range(p[1])],
                  says=lambda p, q: f"slide {'left' if q[0] != p[0] else 'down'} to {q}", example="corner(3,4)")
    said = {m["game"]: m["says"] for m in grundy.options("corner(1,1)").to_dict()["moves"]}
    assert said == {"corner(0,1)": "slide left to (0, 1)", "corner(1,0)": "slide down to (1, 0)"}


def test_partizan_and_loopy_rules_in_python():
    # Left takes 1, Right takes 2: a partizan subtraction game.
    grundy.define("lr", left=lambda n: [n - 1] if n >= 1 else [], right=lambda n: [n - 2] if n >= 2 else [],
                  example="lr(5)")
    assert grundy.value("lr(5)").to_dict() == grundy.value("subtraction(5, [1], [2])").to_dict() | {
        "game": "lr(5)", "left_moves": ["lr(4)"], "right_moves": ["lr(3)"]}
    # Moves that come back: win, loss or draw by retrograde analysis.
    grundy.define("cycle", moves=lambda n: [(n + 1) % 4] + ([4] if n == 2 else []) if n < 4 else [],
                  example="cycle(0)")
    a = grundy.value("cycle(0)").to_dict()
    assert a.get("loopy") is True


def test_loopy_values_have_stops_sides_and_predicates():
    a = grundy.value("+-(5over)")
    assert a.loopy_value is True and a.stopper is True
    assert (a.left_stop, a.right_stop, a.degree) == ("5over", "-5under", "over")
    sided = grundy.value("a{1||a|0}")
    assert (sided.onside, sided.offside) == ("2", "+-1")
    assert sided.left_stop is None
    assert sided.onside_stops == ["2", "2"] and sided.offside_stops == ["1", "-1"]
    assert (sided.left_first, sided.right_first) == ("left", "draw")
    over = grundy.value("{0|pass}")
    assert over.value == "over" and over.left_stop == "over"
    assert grundy.value("is_idempotent(over)").to_dict()["value"] is True
    assert grundy.value("is_stable(over)").to_dict()["value"] is True
    with pytest.raises(grundy.GrundyError, match="idempotent"):
        grundy.value("is_stable({0|||0||0|{|pass}})")
    hare = grundy.value('hare_hounds("xx.x......o")')
    assert hare.loopy_value is True and hare.left_first in ("left", "right", "draw")


def test_each_position_rules_run_once():
    calls = []

    def moves(n):
        calls.append(n)
        return [n - k for k in (1, 3, 4) if k <= n]

    grundy.define("counted", moves=moves)
    grundy.seq("counted", to=300)
    assert sorted(calls) == list(range(301))


def test_errors_say_what_and_where():
    with pytest.raises(grundy.ParseError) as e:
        grundy.value("nim(3,")
    assert isinstance(e.value, SyntaxError) and e.value.column == 7
    assert "expected an argument" in str(e.value)
    with pytest.raises(grundy.InputError, match="board ruleset"):
        grundy.seq("queen")
    with pytest.raises(grundy.PositionLimitError, match="max_positions=") as e:
        grundy.value('domineering("......|......|......|......")', max_positions=500)
    assert e.value.limit == "max_positions"
    with pytest.raises(TypeError, match="unknown limit"):
        grundy.value("nim(1)", max_sheep=3)
    with pytest.raises(ValueError, match="not a size"):
        grundy.value("nim(1)", max_memory="lots")


def test_limits_as_keywords_and_blocks():
    big = 'domineering("......|......|......|......|......")'
    with pytest.raises(TimeoutError):
        grundy.value(big, max_time=0.2)
    with grundy.limits(max_time="200ms"):
        with pytest.raises(grundy.TimeLimitError):
            grundy.value(big)
        assert grundy.value("nim(1)").outcome == "N"
    with pytest.raises(MemoryError):
        grundy.value(big, max_memory="1M")


def test_a_rules_function_that_raises_is_raised_again_with_where():
    def moves(n):
        if n == 3:
            raise ValueError("no moves at 3")
        return [n - 1] if n else []

    grundy.define("raises", moves=moves)
    with pytest.raises(ValueError, match="no moves at 3") as e:
        grundy.value("raises(6)")
    notes = getattr(e.value, "__notes__", [])
    if sys.version_info >= (3, 11):
        assert any("moves(3)" in n and "raises" in n for n in notes), notes


@pytest.mark.parametrize(
    "moves, message",
    [
        (lambda n: [[n - 1]] if n else [], "not hashable"),
        (lambda n: n - 1, "not a list"),
        (lambda n: [{n - 1}] if n else [], "not hashable"),
        (lambda n: ["x"] if n else [], "option"),
        (lambda n: [2**70] if n else [], r"2\^63"),
        (lambda n: None, "list of positions"),
    ],
)
def test_wrong_shapes_are_rules_errors(moves, message):
    grundy.define("shapes", moves=moves)
    with pytest.raises(grundy.RulesError, match=message):
        grundy.value("shapes(3)")


def test_hostile_rules_end_in_clear_exceptions():
    grundy.define("huge", moves=lambda n: range(10**9))
    with pytest.raises(MemoryError):
        grundy.value("huge(5)", max_memory="64M")

    def deep(n):
        return deep(n + 1)

    grundy.define("deep", moves=deep)
    with pytest.raises(RecursionError):
        grundy.value("deep(1)")
    grundy.define("up", moves=lambda n: [n + 1])
    with pytest.raises(grundy.LimitError):
        grundy.value("up(0)", max_positions=10_000)
    # The interpreter lives on.
    assert grundy.value("nim(1,2)").outcome == "N"


def test_hostile_texts_end_in_clear_exceptions():
    for text in ["nim(" * 500, "{" * 1000 + "0" + "|}" * 1000, "nim(18446744073709551616)", "x" * (2 << 20)]:
        with pytest.raises(grundy.GrundyError):
            grundy.value(text, max_time=5)
    # A long sum is no attack: it is answered.
    assert grundy.value("kayles(3)+" * 5000 + "0", max_time=5).outcome == "P"


def test_ctrl_c_stops_a_computation_within_a_second():
    code = (
        "import grundy, sys\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    grundy.value('domineering(\"........|........|........|........|........|........|........|........\")',"
        " max_positions=10**9, max_memory='6G')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.5)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    assert "interrupted" in out
    assert time.monotonic() - sent < 3


def test_ctrl_c_stops_python_rules_too():
    code = (
        "import grundy\n"
        "grundy.define('slow', moves=lambda n: [n + 1])\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    grundy.value('slow(0)', max_positions=10**9)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    assert "interrupted" in out
    assert time.monotonic() - sent < 3


def test_value_many_answers_each_line():
    answers = grundy.value_many(["nim(1,2)", "nim(3,", "queen(2,1)"])
    assert answers[0].outcome == "N" and isinstance(answers[1], grundy.ParseError)
    assert answers[2].outcome == "P"


def test_value_many_answers_are_written_when_read():
    """value_many's answers are the command's: str() is the --batch line and
    to_dict() the --json answer, written only when first asked for; the
    outcome and the game are read without writing either."""
    lines = ["nim(3,5,7)", "kayles(10) + queen(3,4)", "{3||2*|1*}", "misere(nim(3,5,1))", "nim(3,"]
    answers = grundy.value_many(lines)
    text = subprocess.run([cli(), "value", "--batch"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True).stdout.splitlines()
    js = subprocess.run([cli(), "value", "--batch", "--json"], input="\n".join(lines) + "\n",
                        capture_output=True, text=True).stdout.splitlines()
    for a, t, j in zip(answers[:4], text, js):
        assert a._json is None and a._written is None
        assert a.outcome == json.loads(j)["outcome"] and a.game == json.loads(j)["game"]
        assert a._json is None, "the outcome was read without writing the JSON"
        assert str(a) == t
        assert a.to_dict() == json.loads(j)
    assert isinstance(answers[4], grundy.ParseError) and text[4].startswith("error:")
    assert answers[0] == grundy.value_many(["nim(3,5,7)"])[0]
    assert answers[0].wins and answers[0].value == "*"


def test_a_rhai_scripts_values_are_held_to_max_memory(tmp_path):
    """Every byte a Rhai script's values take is counted as it runs, in the
    Python module as in the command: under this suite's address-space cap a
    position that grows on every move ends with the memory limit's error
    (uncounted, it grew until the allocation failed and the interpreter
    aborted)."""
    path = tmp_path / "growing_arr.rhai"
    path.write_text('fn moves(p) { let q = p; q.push(p.len()); [q] }\nfn example() { "growing_arr([0])" }\n')
    assert grundy.load_rules(path) == ["growing_arr"]
    with pytest.raises(grundy.MemoryLimitError) as e:
        grundy.value("growing_arr([0])", max_memory="256M")
    assert "max_memory" in str(e.value) or "--max-memory" in str(e.value)


def test_long_sequences_show_a_progress_bar(capsys):
    """A long seq draws a tqdm bar (tqdm is installed with the tests);
    progress=False draws none."""
    pytest.importorskip("tqdm")
    grundy.clear_cache()
    grundy.seq("grundy_game", to=500_000, progress=True)
    drawn = capsys.readouterr().err
    assert "heaps" in drawn or "%" in drawn or "it/s" in drawn, drawn[-500:]
    grundy.clear_cache()
    grundy.seq("grundy_game", to=500_000, progress=False)
    assert capsys.readouterr().err == ""


def test_load_rules_reads_rhai_files():
    names = grundy.load_rules(ROOT / "rules" / "sub134.rhai")
    assert names == ["sub134"]
    assert grundy.seq("sub134", to=40).values == grundy.seq("sub[1,3,4]", to=40).values


def test_pandas_where_installed():
    pd = pytest.importorskip("pandas")
    s = grundy.seq("kayles", to=20).to_pandas()
    assert isinstance(s, pd.Series) and s[4] == 1
    t = grundy.table("queen", size=5).to_pandas()
    assert t.loc[1, 2] == 0


def test_the_example_notebook_runs():
    """docs/notebooks/grundy.ipynb, executed as a reader would, so it cannot rot
    (CI installs nbclient and ipykernel; elsewhere the test is skipped without them)."""
    if os.environ.get("CI"):
        import nbclient  # noqa: F401  (CI must have it)
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(ROOT / "docs" / "notebooks" / "grundy.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3").execute()
    outputs = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    assert "first player wins" in outputs


def test_positions_are_drawn_from_their_declared_picture():
    board = grundy.game('domineering("..|.#")').picture()
    assert board.startswith("<svg") and board.count("<rect") == 4 and "#555555" in board
    heaps = grundy.game("nim(3,1)").picture()
    assert heaps.count("<rect") == 4
    piece = grundy.game("queen(2,3)").picture()
    assert piece.count("<circle") == 1
    assert grundy.game("nim(2) + kayles(3)").picture().count("<svg") == 2
    assert grundy.game("{1|0}").picture() is None
    assert "<svg" in grundy.value('clobber("xo|ox")')._repr_html_()


def test_graph_games_are_drawn_as_their_game_reads_them():
    # Col: four vertices in a row, one tinted blue, three edges.
    col = grundy.game('col("L-.-.-.")').picture()
    assert col.count("<circle") == 4 and col.count("<path") == 3 and ">1L<" in col
    # Node Kayles: a path of four vertices.
    kayles = grundy.game('node_kayles(".-.-.-.")').picture()
    assert kayles.count("<circle") == 4 and kayles.count("<path") == 3
    # Hackenbush: the ground (a dot on a line) and its coloured edges.
    tree = grundy.game('hackenbush_tree("l(r,e)")').picture()
    assert tree.count("<path") == 3 and tree.count("<line") == 1
    assert ">1L<" in tree and ">2R<" in tree and ">3G<" in tree


def test_picture_says_what_a_move_did():
    # A heap: which heap, and what the move left there.
    assert grundy.picture("nim(3,5)", to="nim(3,2)").moved == (0, {"heap": [1, 2]})
    # A cake cut in two (the component splits): the line cut along, a
    # target of the cake's figure, named by the move in the options too.
    drawn = grundy.picture("cutcake(4,3)", to="cutcake(1,3) + cutcake(3,3)", player="left")
    part, moved = drawn.moved
    assert part == 0 and moved == {"targets": [0]}
    shapes = drawn.parts[0]["figure"]["shapes"]
    assert any(s.get("target") == 0 and s["shape"] == "line" for s in shapes)
    left = grundy.options("cutcake(4,3)").to_dict()["left"]
    assert {"marks": [0], "also": [2]} in [m["touch"] for m in left]
    # Knocking a middle pin splits a row of Kayles: the pins knocked down.
    assert grundy.picture("kayles(7)", to="kayles(2,4)").moved == (0, {"knock": [0, 2, 2]})
    # Without a move, or with a position no move reaches, nothing is marked.
    assert grundy.picture("nim(3,5)").moved is None
    assert grundy.picture("nim(3,5)", to="nim(1,1)").moved is None
    with pytest.raises(ValueError):
        grundy.picture("cutcake(4,3)", to="cutcake(4,1)", player="up")
    with pytest.raises(grundy.ParseError):
        grundy.picture("nim(3,5)", to="nim(3,")
    # The figure games draw as SVG too: a row of cards.
    cards = grundy.game("quicksort(3,1,2)").picture()
    assert cards.count("<rect") == 3 and ">3<" in cards


def test_a_rules_function_that_never_returns_stops_at_the_time_limit():
    def forever(n):
        while True:
            n += 1

    grundy.define("forever", moves=forever)
    started = time.monotonic()
    with pytest.raises(grundy.TimeLimitError, match="max_time=") as e:
        grundy.value("forever(1)", max_time=0.5)
    assert isinstance(e.value, TimeoutError)
    assert time.monotonic() - started < 3
    # Nothing is left pending: the next questions are answered.
    assert grundy.value("nim(1)").outcome == "N"
    grundy.define("quick", moves=lambda n: [n - 1] if n else [])
    assert grundy.value("quick(5)", max_time=0.5).outcome == "N"
    time.sleep(0.7)
    assert grundy.value("quick(6)").outcome == "P"
