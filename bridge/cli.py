"""The rulecheck command.

  rulecheck ask SCENARIO [--ask "can_transform miles"] [--json]
  rulecheck facts SCENARIO [--ask Q] [--files]
                                     (the facts as clingo text, or the rule files: reproduce an answer with clingo)
  rulecheck check PATH...            (scenarios with expect:; exit 1 if any fails)
  rulecheck cards NAME
  rulecheck seeds [SEEDS_DIR]        (coverage of the seed rulings)
  rulecheck graph SCENARIO [--at N] [--object X] [--format dot|svg] [-o FILE]
                                     (each layer's effects and their dependencies, drawn)
  rulecheck schema                   (the scenario JSON Schema)
  rulecheck verify [PROPERTY...]     (search small states for a counterexample; exit 1 if any)

Bad input exits 2 with one line naming the file, the place in it and what is wrong.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

from .errors import UserError

EXIT_FAIL = 1
EXIT_USAGE = 2

# The longest --time-limit: a day. clingo's wait takes any float, but no question rulecheck
# answers needs longer, and a mistyped 1e9 would otherwise hold the process for ever.
MAX_TIME_LIMIT = 24 * 3600


class _Parser(argparse.ArgumentParser):
    """argparse, with a misused command line said on one line, as every other mistake is
    (argparse prints the usage, then the error: two lines or more)."""

    def error(self, message: str):
        command = self.prog.removeprefix("rulecheck").strip()
        _say(f"rulecheck: {command + ': ' if command else ''}{message} (see '{self.prog} --help')")
        raise SystemExit(EXIT_USAGE)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; given the command, with only that command's arguments (a lone
    command built all ten subcommands' parsers, ~5% of a small `rulecheck ask`): what it
    accepts, its help and its errors are the same, as everything after the command is that
    command's."""
    def wanted(name: str) -> bool:
        return command is None or command == name

    p = _Parser(prog="rulecheck", description="Magic: The Gathering rules questions, answered with the CR rules they rest on.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="add the cards of a Scryfall JSON file (one object, a list, or a bulk file)")
        sp.add_argument("--time-limit", default="20", metavar="SECONDS",
                        help="solving time limit per question (default 20)")

    if wanted("ask"):
        ask = sub.add_parser("ask", help="answer a scenario's questions, or the one given with --ask")
        ask.add_argument("scenario")
        ask.add_argument("--ask", action="append", default=[], metavar="QUESTION",
                         help='a question: "NAME ARG ... [at=N]", e.g. "can_transform miles"')
        ask.add_argument("--json", action="store_true", help="print answers as JSON")
        ask.add_argument("--cr", metavar="FILE", default=os.environ.get("RULECHECK_CR"),
                         help="a Comprehensive Rules text file: show the text of each cited rule (or set RULECHECK_CR)")
        common(ask)

    if wanted("facts"):
        facts = sub.add_parser("facts", help="write the facts of a scenario's questions as clingo text (and --files: the rule files)")
        facts.add_argument("scenario")
        facts.add_argument("--ask", action="append", default=[], metavar="QUESTION",
                           help="a question, as for ask (default: the scenario's questions)")
        facts.add_argument("--files", action="store_true",
                           help="print the rule files clingo needs with the facts, one per line, instead of the facts")
        common(facts)

    if wanted("check"):
        check = sub.add_parser("check", help="run scenarios' expect: entries and print a pass/fail table")
        check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
        check.add_argument("--json", action="store_true")
        check.add_argument("--each", action="store_true",
                           help="a line per expectation and every note (default for one file; many: a line per folder)")
        common(check)

    if wanted("cards"):
        cards = sub.add_parser("cards", help="show what the card pool knows of a card")
        cards.add_argument("name")
        cards.add_argument("--json", action="store_true")
        common(cards)

    if wanted("seeds"):
        seeds = sub.add_parser("seeds", help="coverage of the seed rulings by passing scenarios")
        seeds.add_argument("seeds_dir", nargs="?", default=None,
                           help="a seeds folder (index.yaml, documents/, scenarios/); default: the seeds rulecheck comes with")
        seeds.add_argument("--json", action="store_true")
        common(seeds)

    if wanted("graph"):
        graph = sub.add_parser("graph", help="draw each layer's continuous effects, in order, and their dependencies")
        graph.add_argument("scenario")
        graph.add_argument("--at", default=None, metavar="N", help="after timeline entry N (default: the last)")
        graph.add_argument("--object", default=None, metavar="OBJECT",
                           help="only the effects that apply to OBJECT, and those they depend on")
        graph.add_argument("--format", choices=["dot", "svg"], default="dot", help="Graphviz DOT text (default) or SVG")
        graph.add_argument("-o", "--output", default=None, metavar="FILE", help="write to FILE instead of standard output")
        common(graph)

    if wanted("verify"):
        verify = sub.add_parser("verify", help="search every small state for one that breaks a property (properties/)")
        verify.add_argument("properties", nargs="*", metavar="PROPERTY",
                            help="property names (default: all); a seeds folder (seeds/): the seed consistency report")
        verify.add_argument("--seeds", default=None, metavar="DIR",
                            help="the seed consistency report for the seeds folder DIR (its index.yaml): each ruling a "
                                 "property states, checked under the CR in force")
        verify.add_argument("--bound", default="2,3", metavar="OBJECTS,EVENTS",
                            help="at most this many objects and timeline events (default 2,3)")
        verify.add_argument("--time-limit", default="60", metavar="SECONDS",
                            help="time limit per property (default 60)")
        verify.add_argument("-o", "--out", default="counterexamples", metavar="DIR",
                            help="where counterexamples are written as scenario files (default ./counterexamples)")
        verify.add_argument("--jobs", default="auto", metavar="N",
                            help="parts of the sweep searched at once, in processes or dask workers (default auto: "
                                 "one for each CPU this process may use)")
        verify.add_argument("--engine", default="processes", metavar="ENGINE",
                            help="where the parts run with --jobs: processes (default) or dask (the dist extra)")
        verify.add_argument("--scheduler", default=None, metavar="ADDRESS",
                            help="with --engine dask: the cluster's scheduler (default: a local cluster of --jobs workers)")
        verify.add_argument("--list", action="store_true", help="list the properties and exit")

    if wanted("generate"):
        generate = sub.add_parser("generate", help="write scenario files of edge cases a condition describes "
                                                   "(properties/conditions/), with rulecheck's answers as expect:")
        generate.add_argument("condition", nargs="?", metavar="CONDITION", help="a condition's name")
        generate.add_argument("-n", default="5", metavar="N", help="how many files, distinct up to renaming objects (default 5)")
        generate.add_argument("-o", "--out", default="generated", metavar="DIR",
                              help="where the files go, in DIR/CONDITION/ with an index.yaml (default ./generated)")
        generate.add_argument("--bound", default=None, metavar="OBJECTS,EVENTS",
                              help="at most this many objects and timeline events (default: the condition's, else 2,3)")
        generate.add_argument("--time-limit", default="120", metavar="SECONDS", help="time limit (default 120)")
        generate.add_argument("--list", action="store_true", help="list the conditions and exit")

    if wanted("schema"):
        sub.add_parser("schema", help="print the scenario format as JSON Schema")
    if wanted("questions"):
        sub.add_parser("questions", help="list the questions rulecheck answers")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = _parser(argv[0] if argv and argv[0] in _COMMANDS else None).parse_args(argv)
    try:
        if hasattr(args, "time_limit"):
            args.time_limit = _time_limit(args.time_limit)
        return _COMMANDS[args.command](args)
    except UserError as exc:
        _say(f"rulecheck: {exc}")
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """The `rulecheck` command (the installed script): main(), then out of the process without
    tearing it down. Freeing clingo's Control and the interpreter's objects costs a lone
    question ~7% of its CPU time (bench/command.py), and nothing rulecheck keeps needs it:
    the cache's files are written whole and renamed before an answer is printed."""
    global _LEAVING
    _LEAVING = True
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        pass
    os._exit(code)


# Set by run(): the process leaves with os._exit once the answer is printed, so a command that
# answers one scenario leaves its clingo Controls unfreed (solve.keep_until_exit).
_LEAVING = False


def _time_limit(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_TIME_LIMIT:        # also refuses nan
        raise UserError("--time-limit", None, f"expected a number of seconds greater than 0 and at most "
                                              f"{MAX_TIME_LIMIT} (a day), not '{text}'")
    return seconds


# Control characters (a newline in an object id, say) are shown escaped, as Python's repr
# would, so that every message stays one line.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _say(message: str) -> None:
    """Print a message for the user on stderr, on one line."""
    print(_CONTROL.sub(lambda m: repr(m.group())[1:-1], message), file=sys.stderr)


def _terminal(stream) -> bool:
    """Whether a stream is a terminal: there, output is drawn with rich (bridge/terminal.py);
    piped, it is plain text (bridge/render.py), and rich is never imported."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def _progress(total: int, what: str) -> Iterator[Callable[[str], None]]:
    """Progress over many scenario files, on standard error: a bar on a terminal, otherwise a
    plain line per file ("check: [3/49] PATH"). Nothing for a single file."""
    if total <= 1:
        yield lambda name: None
    elif _terminal(sys.stderr):
        from .terminal import progress_bar
        with progress_bar(total, what) as step:
            yield step
    else:
        done = 0

        def step(name: str) -> None:
            nonlocal done
            done += 1
            print(f"{what}: [{done}/{total}] {name}", file=sys.stderr, flush=True)
        yield step


def _pool(args):
    from .cards import CardPool
    pool = CardPool.builtin()
    for path in args.cards:
        pool.add_file(path)
    if pool.skipped:
        _say(f"rulecheck: warning: skipped {len(pool.skipped)} card(s) with data no rule models (Un-card "
             f"mana symbols or powers, a layout rulecheck doesn't know); the first: {pool.skipped[0]}")
    return pool


def cmd_ask(args) -> int:
    from .ask import answer_all
    from .load import load_scenario
    from .question_text import parse_ask
    from .render import render_answers

    scn = load_scenario(args.scenario, _pool(args))
    questions = [parse_ask(text, scn) for text in args.ask] if args.ask else list(scn.questions)
    if not questions:
        raise UserError(args.scenario, "questions", "the scenario asks nothing; add questions: or use --ask")
    if _LEAVING:
        from .solve import keep_until_exit
        keep_until_exit()
    rule_texts = None
    if args.cr:
        from .crtext import read_rule_texts
        rule_texts = read_rule_texts(args.cr)
    answers = answer_all(scn, questions, time_limit=args.time_limit)
    if args.json:
        print(json.dumps([a.to_json(rule_texts) for a in answers], indent=2, ensure_ascii=False))
    elif _terminal(sys.stdout):
        from .terminal import print_answers
        print_answers(answers, rule_texts)
    else:
        print(render_answers(answers, rule_texts))
    return 0


CLINGO_COMMAND = "python -m clingo --models=0 --project=project --warn=none"


def cmd_facts(args) -> int:
    from .ask import program_of
    from .load import load_scenario
    from .question_text import parse_ask

    scn = load_scenario(args.scenario, _pool(args))
    questions = [parse_ask(text, scn) for text in args.ask] if args.ask else list(scn.questions)
    if not questions:
        raise UserError(args.scenario, "questions", "the scenario asks nothing; add questions: or use --ask")
    program = program_of(scn, questions, time_limit=args.time_limit)
    files = [_shown_path(f) for f in program.files]
    if args.files:
        print("\n".join(files))
        return 0
    asked = " ".join(f"--ask {shlex.quote(q)}" for q in args.ask)
    lines = [f"% rulecheck facts {args.scenario}: {'; '.join(q.label() for q in questions)}",
             "% The answers are clingo's, with these facts and the rule files `rulecheck facts --files` lists:",
             f"%   rulecheck facts {shlex.quote(args.scenario)} {asked} > facts.lp".replace("  >", " >"),
             f"%   {CLINGO_COMMAND} $(rulecheck facts --files {shlex.quote(args.scenario)} {asked}) facts.lp"
             .replace(" )", ")"),
             *(f"% {f}" for f in files)]
    print("\n".join(lines + [f"{symbol}." for symbol in program.facts]))
    return 0


def _shown_path(path: Path) -> str:
    """A rule file's path: relative to the working directory when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path.resolve())


def scenario_paths(paths: Sequence[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml", ".json")
                              and p.name != "index.yaml" and p.is_file()))
        elif path.exists():
            out.append(path)
        else:
            raise UserError(raw, None, "no such file or folder")
    return out


def cmd_graph(args) -> int:
    from .ask import answer_all
    from .graph import to_dot, to_svg
    from .load import load_scenario
    from .question_text import parse_ask

    scn = load_scenario(args.scenario, _pool(args))
    if args.object is not None and args.object not in scn.objects:
        raise UserError("--object", None, f"no object named '{args.object}' in {args.scenario}; known: "
                                          f"{', '.join(sorted(scn.objects))}")
    question = parse_ask("layer_dependencies" + (f" at={args.at}" if args.at is not None else ""), scn)
    answer = answer_all(scn, [question], time_limit=args.time_limit)[0]
    outcome = answer.single
    if outcome is None:
        raise UserError(args.scenario, None, "the effects differ with players' choices: ask layer_dependencies to see each")
    title = f"{Path(args.scenario).name}, after entry {question.at}" + (f", effects on {args.object}" if args.object else "")
    text = to_svg(outcome.value, args.object, title) if args.format == "svg" else to_dot(outcome.value, args.object)
    if args.output is None:
        sys.stdout.write(text)
    else:
        # Written whole or not at all: to a temporary file beside it, then renamed.
        target = Path(args.output)
        partial = target.with_name(target.name + ".partial")
        try:
            partial.write_text(text, encoding="utf-8")
            partial.replace(target)
        except OSError as exc:
            partial.unlink(missing_ok=True)
            raise UserError(args.output, None, f"can't write: {exc.strerror or exc}") from None
    for line in answer.invalid:
        _say(f"warning: {line}")
    return 0


def cmd_check(args) -> int:
    from .ask import check_scenario
    from .load import load_scenario
    from .render import check_counts, render_check_summary, render_check_table

    pool = _pool(args)
    rows = []
    paths = scenario_paths(args.paths)
    with _progress(len(paths), "check") as step:
        for path in paths:
            scn = load_scenario(path, pool)
            if scn.expectations:
                rows.append((str(path), check_scenario(scn, time_limit=args.time_limit)))
            step(str(path))
    if not rows:
        raise UserError(" ".join(args.paths), None, "no scenario with expect: entries found")
    each = args.each or len(paths) == 1
    if args.json:
        print(json.dumps([{"scenario": p, "question": r.expectation.question.label(), "passed": r.passed,
                           "problems": r.problems} | ({"warnings": r.answer.warnings} if r.answer.warnings else {})
                          for p, results in rows for r in results], indent=2))
    elif _terminal(sys.stdout):
        from .terminal import print_check
        print_check(rows, each)
    else:
        print(render_check_table(rows) if each else render_check_summary(rows))
    return EXIT_FAIL if check_counts(rows)[1] else 0


def cmd_cards(args) -> int:
    from .cards import format_card
    from .render import card_rules_view
    pool = _pool(args)
    card = pool.find(args.name)
    abilities, rule_names, colors = card_rules_view(card)
    if args.json:
        print(json.dumps({"name": card.name, "layout": card.layout, "token": card.is_token,
                          "faces": [f.name for f in card.faces], "rules_names": rule_names,
                          "colors": {side: "".join(c) for side, c in colors.items()},
                          "abilities": abilities}, indent=2, ensure_ascii=False))
    else:
        print(format_card(card, colors))
        renamed = {side: name for side, name in rule_names.items()
                   if name != next(f.name for f in card.faces if f.side == side)}
        for side, name in renamed.items():
            print(f"  the rules name its {side} face {name} (111.4: a token is named for its subtypes)")
        if abilities:
            print("Scripted abilities (for activate: or trigger: ... ability: NAME):")
            for a in abilities:
                kind = f" ({a['kind']})" if a.get("kind") in ("triggered", "static") else ""
                print(f"  {a['face']}: {a['name']}{kind}" + (f" — {a['effect']}" if a.get("effect") else ""))
    return 0


def cmd_seeds(args) -> int:
    from .ask import check_scenario
    from .load import load_scenario
    from .seeds import check_index, coverage, format_coverage, load_index

    from .resources import seeds_dir
    root = Path(args.seeds_dir) if args.seeds_dir is not None else seeds_dir()
    if not (root / "index.yaml").exists():
        raise UserError(str(root), None, "no seeds index here (expected index.yaml); give the seeds folder")
    index = load_index(root)
    problems = check_index(index)
    if problems:
        raise UserError(str(root / "index.yaml"), None, "; ".join(problems[:5]))
    pool = _pool(args)
    passed: dict[str, bool] = {}
    checked = []
    scenarios = list(dict.fromkeys(rel for ruling in index.rulings for rel in ruling.scenarios))
    with _progress(len(scenarios), "seeds") as step:
        for rel in scenarios:
            scn = load_scenario(root / rel, pool)
            results = check_scenario(scn, time_limit=args.time_limit)
            passed[rel] = bool(results) and all(r.passed for r in results)
            checked.append((str(root / rel), results))
            step(rel)
    rows = coverage(index, passed)
    if args.json:
        print(json.dumps(rows, indent=2))
    elif _terminal(sys.stdout):
        from .terminal import print_coverage
        print_coverage(rows, checked)
    else:
        from .render import render_failures
        print(format_coverage(rows) + render_failures(checked))
    return 0


def _bound(text: str):
    from .verify import Bound
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise UserError("--bound", None, f"expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not '{text}'")
    objects, events = (int(p) for p in parts)
    if not 1 <= objects <= 6 or not 0 <= events <= 8:
        raise UserError("--bound", None, f"objects must be 1 to 6 and events 0 to 8, not '{text}'")
    return Bound(objects, events)


def _jobs(text: str) -> int:
    """--jobs: a whole number from 1 to 64, or auto, one for each CPU this process may use.

    >>> _jobs("3"), _jobs("auto") == min(64, len(os.sched_getaffinity(0)))
    (3, True)
    """
    if text == "auto":
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        return max(1, min(64, cpus))
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise UserError("--jobs", None, f"expected a whole number of processes from 1 to 64 or auto, not '{text}'")
    return int(text)


def cmd_verify(args) -> int:
    from .verify import render_report, run_all, seed_properties, select
    bound = _bound(args.bound)
    jobs = _jobs(args.jobs)
    from .verify import ENGINES
    if args.engine not in ENGINES:
        raise UserError("--engine", None, f"expected one of {', '.join(ENGINES)}, not '{args.engine}'")
    if args.scheduler is not None and args.engine != "dask":
        raise UserError("--scheduler", None, "a scheduler is for --engine dask")
    if args.engine == "dask":
        from .verify_dist import EXTRA_MISSING, available
        if not available():
            raise UserError("--engine", None, EXTRA_MISSING)
    seeds_dir = args.seeds
    if seeds_dir is None and len(args.properties) == 1 and (Path(args.properties[0]) / "index.yaml").is_file():
        seeds_dir = args.properties[0]
    index = None
    if seeds_dir is not None:
        from .seeds import load_index
        if not (Path(seeds_dir) / "index.yaml").is_file():
            raise UserError(seeds_dir, None, "no seeds index here (expected index.yaml); give the seeds folder")
        index = load_index(Path(seeds_dir))
        props = seed_properties()
    else:
        props = select(args.properties)
    if args.list:
        for p in props:
            print(f"{p.name} (CR {', '.join(p.rules)})\n    {p.summary}")
        return 0
    tty = sys.stderr.isatty()

    def progress(done: int, outcome) -> None:
        line = f"[{done}/{len(props)}] {outcome.prop.name}: {outcome.result} ({outcome.seconds:.1f} s)"
        if tty:
            print("\r\x1b[K" + line, end="" if done < len(props) else "\n", file=sys.stderr, flush=True)
        else:
            print("verify: " + line, file=sys.stderr, flush=True)

    outcomes = run_all(props, bound, out_dir=Path(args.out), time_limit=args.time_limit, jobs=jobs,
                       progress=progress, engine=args.engine, scheduler=args.scheduler)
    if index is not None:
        # The seed report: exit 1 when verify and the index disagree about a ruling (one the index
        # says holds has a counterexample, a superseded one has none, or the search ran out).
        from .verify import render_seed_report, seed_rows
        rows = seed_rows(outcomes, index)
        print(render_seed_report(rows, index))
        return 0 if all(r.agrees for r in rows) else EXIT_FAIL
    print(render_report(outcomes))
    return 0 if all(o.result == "holds" for o in outcomes) else EXIT_FAIL


def cmd_generate(args) -> int:
    from .verify import _n, all_conditions, generate, select_condition
    if args.list or args.condition is None:
        if not args.list:
            raise UserError("generate", None, "name a condition; the conditions are: "
                            + ", ".join(c.name for c in all_conditions()))
        for c in all_conditions():
            print(f"{c.name} (CR {', '.join(c.rules)})\n    {c.summary}")
        return 0
    if not args.n.isdigit() or not 1 <= int(args.n) <= 100:
        raise UserError("-n", None, f"expected a whole number of files from 1 to 100, not '{args.n}'")
    cond = select_condition(args.condition)
    bound = _bound(args.bound or cond.default_bound or "2,3")
    out = Path(args.out) / cond.name
    got = generate(cond, int(args.n), bound, out, time_limit=args.time_limit)
    for path in got.files:
        print(path)
    print(f"{out / 'index.yaml'}: {len(got.files)} of {args.n} files for {cond.name} (≤{_n(bound.objects, 'object')}, "
          f"≤{_n(bound.events, 'event')}; timelines of {', '.join(map(str, got.searched))} events searched"
          + ("; no other state satisfies it within the bound)" if got.exhausted and len(got.files) < int(args.n) else ")"))
    return 0 if len(got.files) == int(args.n) else EXIT_FAIL


def cmd_schema(args) -> int:
    from .scenario import json_schema
    print(json.dumps(json_schema(), indent=2, ensure_ascii=False))
    return 0


def cmd_questions(args) -> int:
    from .catalogue import catalogue
    for q in catalogue().values():
        params = " ".join(p.name.upper() for p in q.params)
        print(f"{q.name} {params} [at=N]\n    {q.summary}\n    rules: {', '.join(q.rules)}"
              + (f"\n    example: {q.example}" if q.example else ""))
    return 0


_COMMANDS = {"ask": cmd_ask, "facts": cmd_facts, "check": cmd_check, "cards": cmd_cards, "seeds": cmd_seeds,
             "graph": cmd_graph, "schema": cmd_schema, "verify": cmd_verify, "generate": cmd_generate,
             "questions": cmd_questions}

if __name__ == "__main__":  # pragma: no cover
    run()
