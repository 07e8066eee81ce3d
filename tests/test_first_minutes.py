"""Issue 24, the first five minutes: the README then every walkthrough in one shell, completion
in a real bash, what is due, questions before skipping or paying, and help that does not mislead."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import DOC_FILES, README, ROOT, Campaign, run_ok, snapshot
from warm_ghcli import warm_ghcli

BIN = Path(sys.executable).parent
GHCLI = BIN / "ghcli"


def _env(home: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GHCLI_", "_GHCLI"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), NO_COLOR="1",
               PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", **extra)
    return env


# -- the README's set-up, then every walkthrough, in one shell -------------------------------------

def _docs_in_reading_order() -> list[Path]:
    """The README, then the pages in the order its map of the docs lists them."""
    text = README.read_text(encoding="utf-8")
    listed = re.findall(r"^- \[docs/([\w-]+\.md)\]", text.split("## The docs", 1)[1], flags=re.M)
    return [README, *[ROOT / "docs" / name for name in listed]]


PLACEHOLDER = re.compile(r"\b(BOARD|HEX|DEST|NAME|FILE)\b|\[--")


def _walkthrough_lines(path: Path) -> list[tuple[str, int]]:
    """Each ```sh line of a page that a reader runs: (the line, the exit code its comment says, else 0).
    The README's set-up runs after its `pip install -e .`; a block of synopses (BOARD, [--json]) or of
    the interactive editor is a reference, not a walkthrough."""
    text = path.read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        block = block.replace("\\\n", " ")
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        if any(PLACEHOLDER.search(ln.split("#")[0]) for ln in lines) or any("rules edit" in ln for ln in lines):
            continue
        for line in lines:
            if line.startswith("pip install -e '.[test]'"):
                continue  # the tests: not a walkthrough
            if line.startswith("pip install -e . && "):
                line = line.split("&&", 1)[1].strip()
            command, _, comment = line.partition("  #")
            m = re.search(r"exit (\d+)", comment)
            out.append((command.strip(), int(m.group(1)) if m else 0))
    return out


def _shown_outputs(path: Path) -> list[tuple[str, str, str | None]]:
    """The outputs a page shows: "`ghcli ...` prints:" and the ```text block after it, with the board
    typed just before (the file the command reads)."""
    text = path.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"`(ghcli [^`]+)` prints:\s*```text\n(.*?)```", text, flags=re.S):
        boards = re.findall(r"```text\n(board:.*?)```", text[:m.start()], flags=re.S)
        out.append((m.group(1), m.group(2), boards[-1] if boards else None))
    return out


def _run_in_one_shell(lines: list[str], cwd: Path, env: dict) -> list[tuple[str, int]]:
    """Run ``lines`` one after another in one bash process: each one's standard output and exit code."""
    script = ["set +e"]
    for i, line in enumerate(lines):
        script.append(f"printf '\\n@@@ {i}\\n'")
        script.append(line)
        script.append("printf '\\n@@@rc %d\\n' $?")
    r = subprocess.run(["bash", "--noprofile", "--norc", "-c", "\n".join(script)], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    results = []
    for i in range(len(lines)):
        body = r.stdout.split(f"\n@@@ {i}\n", 1)[1]
        out, _, rest = body.partition("\n@@@rc ")
        results.append((out, int(rest.split("\n", 1)[0])))
    return results


@pytest.mark.slow
def test_the_readme_then_every_walkthrough_in_one_shell(tmp_path):
    """A new user: one HOME, no GHCLI_DB, the README's set-up, then each page's walkthrough as written,
    in reading order; each command exits as its page says and prints what the page shows."""
    if not GHCLI.exists() or not shutil.which("git"):
        pytest.skip("needs the installed ghcli script and git")
    home, cwd = tmp_path / "home", tmp_path / "checkout"
    home.mkdir()
    cwd.mkdir()
    (cwd / "tests").symlink_to(ROOT / "tests")  # a reader is in the checkout (docs/rules.md reads tests/...)
    pages = _docs_in_reading_order()
    assert [p.name for p in pages[:3]] == ["README.md", "campaign.md", "between-sessions.md"]
    plan: list[tuple[str, int, str]] = []
    for page in pages:
        for command, code in _walkthrough_lines(page):
            plan.append((command, code, page.name))
        for command, shown, board in _shown_outputs(page):
            name = next((w for w in shlex.split(command) if w.endswith(".txt")), None)
            if board is not None and name is not None:  # the board typed just before, saved as the reader would
                plan.append((f"cat > {name} <<'BOARD'\n{board}BOARD", 0, page.name))
            plan.append((command, 0, page.name))
    assert sum(1 for _, _, page in plan if page == "README.md") >= 14
    assert any(c.startswith("export GHCLI_DB=") for c, _, _ in plan)
    with warm_ghcli(_env(home), tmp_path) as warm:  # each `ghcli` a process of its own (tests/warm_ghcli.py)
        env = _env(home)
        env["PATH"] = f"{warm}{os.pathsep}{env['PATH']}"
        results = _run_in_one_shell([c for c, _, _ in plan], cwd, env)
    for (command, code, page), (out, rc) in zip(plan, results):
        assert rc == code, f"{page}: `{command}` exited {rc}, the page says {code}:\n{out[-400:]}"
    shown = {(page.name, c): s for page in pages for c, s, _ in _shown_outputs(page)}
    checked = 0
    for (command, _, page), (out, _) in zip(plan, results):
        if (page, command) in shown:
            assert out.rstrip() == shown[(page, command)].rstrip(), f"{page}: `{command}` printed\n{out}"
            checked += 1
    assert checked >= 8
    # the set-up's campaign is the tour's, and the pages' campaigns are files of their own
    tour = json.loads(subprocess.run([str(GHCLI), "status", "--json"], env=_env(home), cwd=cwd,
                                     capture_output=True, text=True).stdout)
    assert tour["campaign"]["name"] == "Our Gloomhaven"
    assert [c["name"] for c in tour["characters"]] == ["Hilda", "Quill"]
    assert (home / "lumberjacks.db").exists() and (home / "short-campaign.db").exists()


def test_the_readme_says_how_to_start_a_second_campaign():
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "A second campaign is a second file" in text and "export GHCLI_DB=" in text and "--db" in text
    for page in DOC_FILES[1:]:
        body = page.read_text(encoding="utf-8")
        for block in re.findall(r"```sh\n(.*?)```", body, flags=re.S):
            lines = [ln for ln in block.splitlines() if ln.strip()]
            if lines and lines[0].startswith("ghcli init"):
                pytest.fail(f"{page.name}: a walkthrough starts `ghcli init` on the default campaign")


# -- completion in a real bash ------------------------------------------------------------------

def _complete(words: str, db: Path, warm: Path | None = None) -> list[str]:
    """What the bash script's call of ``ghcli`` answers: by ``python -m ghcli``, or the warm ghcli in ``warm``."""
    env = dict(os.environ, GHCLI_DB=str(db), _GHCLI_COMPLETE="complete_bash", GHCLI_COMP_LINE=words,
               COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
    command = [str(warm / "ghcli")] if warm else [sys.executable, "-m", "ghcli"]
    r = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


@pytest.fixture
def town(cli, db_file):
    """A campaign at the README tour's first steps: Hilda (brute) and Quill (spellweaver) in town."""
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "7")
    c.ok("character", "new", "Hilda", "--class", "brute", "--quest", "512")
    c.ok("character", "new", "Quill", "--class", "spellweaver")
    return c


def test_completion_offers_what_the_campaign_allows_now(town, db_file, warm):
    from ghcli import data

    # the six starting classes and Forgotten Circles' Diviner, playable at once (init unlocks it)
    unlocked = {"brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief", "diviner"}
    assert {r["class"] for r in town.q("SELECT class FROM unlocked_classes")} == unlocked
    assert _complete("ghcli character new X --class s", db_file, warm) == ["spellweaver", "scoundrel"]
    assert set(_complete("ghcli class show ", db_file, warm)) == unlocked
    shop = town.q("SELECT item FROM supply WHERE copies > 0")
    assert len(_complete("ghcli buy Hilda ", db_file, warm)) == len(shop) == 14
    assert _complete("ghcli travel ", db_file, warm) == ["1"]
    assert _complete("ghcli event draw ", db_file, warm) == ["city"]  # may be drawn (none is due before a return)
    assert _complete("ghcli scenario finish 1 --xp H", db_file, warm) == ["Hilda="]
    assert _complete("ghcli scenario finish 1 --item Hilda=iron", db_file, warm) == ["Hilda=iron-helmet"]
    offer = json.loads(town.q("SELECT quest_offer FROM characters WHERE name = 'Quill'")[0]["quest_offer"])
    assert _complete("ghcli character quest Quill ", db_file, warm) == [str(n) for n in offer]
    brute = [c for c in data.load("ability_cards") if c["class"] == "brute"]
    level2 = sorted(c["name"].lower().replace(" ", "-") for c in brute if c["level"] == 2)
    assert sorted(_complete("ghcli level-up Hilda --card ", db_file, warm)) == level2
    assert _complete("ghcli enhance apply Hilda --card trample --action top --ability ", db_file, warm) == [
        "attack", "pierce"]  # what Trample's top prints, with a slot
    assert "heal" not in _complete("ghcli enhance apply Hilda --card trample --action top --ability ", db_file, warm)
    assert _complete("ghcli party switch ", db_file, warm) == []
    assert "sun" in _complete("ghcli campaign unlock-class ", db_file, warm)  # a locked class by its box only
    assert not {"sunkeeper", "summoner"} & set(_complete("ghcli campaign unlock-class ", db_file, warm))
    town.ok("travel", "1")
    assert _complete("ghcli event draw ", db_file, warm) == ["road"]
    town.ok("event", "draw", "road")
    assert _complete("ghcli event resolve ", db_file, warm) == ["road"]
    assert _complete("ghcli scenario finish ", db_file, warm) == ["1"]
    monsters = _complete("ghcli monster show ", db_file, warm)
    assert monsters == sorted(data.scenario_monsters()["1"])  # scenario 1's, nothing else


def test_completion_without_a_campaign_is_quiet(tmp_path, warm):
    missing = tmp_path / "none.db"
    assert _complete("ghcli buy Hilda ", missing, warm) == []
    assert _complete("ghcli travel ", missing, warm) == []
    assert set(_complete("ghcli character new X --class ", missing, warm)) == {
        "brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief"}  # what any campaign starts with


def test_completion_is_fast(town, db_file):
    import resource

    def cpu() -> float:  # what the answers cost, whatever else the machine is doing
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    started = cpu()
    for _ in range(3):
        _complete("ghcli buy Hilda ", db_file)  # a whole `python -m ghcli` each: what a TAB costs
    assert (cpu() - started) / 3 < 2.0  # a TAB answered well within a second on a quiet machine


@pytest.mark.slow
def test_completion_in_bash_under_tmux(town, db_file, tmp_path, warm):
    """The bash script of --show-completion in a real bash: TAB completes from the campaign."""
    if not shutil.which("tmux") or not GHCLI.exists():
        pytest.skip("needs tmux and the installed ghcli script")
    rc = tmp_path / "rc"  # the warm ghcli first (tests/warm_ghcli.py): each TAB still a ghcli process of its own
    rc.write_text(f"export PATH={warm}:{BIN}:$PATH\nexport GHCLI_DB={db_file}\nPS1='$ '\n"
                  'eval "$(ghcli --show-completion bash)"\n', encoding="utf-8")
    sock = f"ghcli-test-{os.getpid()}"
    tmux = ["tmux", "-L", sock]
    env = _env(tmp_path / "home")
    env.pop("TMUX", None)
    subprocess.run([*tmux, "new-session", "-d", "-s", "t", "-x", "200", "-y", "50",
                    f"bash --noprofile --rcfile {rc} -i"], check=True, env=env)

    def last(pane: str) -> str:
        lines = [ln for ln in pane.splitlines() if ln.strip()]
        return lines[-1] if lines else ""

    def typed(keys: list[str], done) -> str:
        """Type ``keys`` on a cleared line; the screen once ``done(screen)`` holds (waited for, not slept)."""
        subprocess.run([*tmux, "send-keys", "-t", "t", "C-u", *keys], check=True)
        deadline = time.monotonic() + 60
        while True:
            pane = subprocess.run([*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True).stdout
            if done(pane) or time.monotonic() > deadline:
                return pane
            time.sleep(0.05)

    def completed(line: str):
        """The line as typed, then longer: the TAB has been answered."""
        shown = f"$ {line}".rstrip()
        return lambda pane: last(pane).startswith(shown) and last(pane) != shown

    try:
        typed([], lambda pane: last(pane) == "$")  # the prompt: the rc file (and its completion script) has run
        last_line = last(typed(["ghcli travel ", "Tab"], completed("ghcli travel ")))
        assert last_line == "$ ghcli travel 1", last_line  # the one scenario open: completed in place
        last_line = last(typed(["ghcli scenario finish 1 --xp H", "Tab"], completed("ghcli scenario finish 1 --xp H")))
        assert last_line == "$ ghcli scenario finish 1 --xp Hilda=", last_line  # no space: the number follows
        line = "$ ghcli character new X --class s"
        pane = typed(["ghcli character new X --class s", "Tab", "Tab"], lambda pane: pane.count(line) >= 2)
        assert pane.count(line) >= 2, pane  # the choices listed, the line given back
        assert "spellweaver" in pane and "scoundrel" in pane and "sunkeeper" not in pane and "summoner" not in pane
        last_line = last(typed(["ghcli buy Hilda iron-h", "Tab"], completed("ghcli buy Hilda iron-h")))
        assert last_line == "$ ghcli buy Hilda iron-helmet", last_line
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


# -- what is due, and the commands that would skip it -------------------------------------------

def test_status_shows_what_is_due(town, cli):
    due = {(d["step"], d["character"]) for d in town.ok("status", "--json")["due"]}
    assert due == {("quest", "Quill")}
    town.ok("character", "quest", "Quill", "519")
    town.ok("travel", "1")
    assert [d["step"] for d in town.ok("status", "--json")["due"]] == ["road-event"]
    town.ok("event", "draw", "road")
    assert [d["step"] for d in town.ok("status", "--json")["due"]] == ["resolve-event"]
    town.ok("event", "resolve", "road", "--option", "A", "--return")
    town.ok("scenario", "finish", "1", "--won", "--xp", "Hilda=40", "--checkmarks", "Quill=2")
    town.ok("return")
    status = town.ok("status", "--json")
    assert [(d["step"], d["character"]) for d in status["due"]] == [("city-event", None), ("level-up", "Hilda")]
    text = run_ok(cli, "status").stdout
    assert "City event:   this visit's city event is not drawn yet (`ghcli event draw city`)" in text
    assert "Level-up:     Hilda has 46 XP: level 2 is due (`ghcli level-up Hilda --card CARD --perk N`)" in text


def test_the_campaigns_start_and_a_new_party_owe_no_city_event(town):
    assert not [d for d in town.ok("status", "--json")["due"] if d["step"] == "city-event"]
    town.ok("party", "new", "Second Wind")
    assert not [d for d in town.ok("status", "--json")["due"] if d["step"] == "city-event"]


def _to_town_after_scenario_1(c: Campaign) -> None:
    c.ok("character", "quest", "Quill", "519")
    c.ok("travel", "1")
    c.ok("event", "draw", "road")
    c.ok("event", "resolve", "road", "--option", "A", "--return")
    c.ok("scenario", "finish", "1", "--won")
    c.ok("return")


def test_travel_without_this_visits_city_event_is_asked(town):
    _to_town_after_scenario_1(town)
    err = town.refused("travel", "2", words="city event is not drawn yet")
    assert "`ghcli event draw city` first" in err and "--yes" in err
    town.refused("travel", "2", "--json", words="--yes")
    town.ok("travel", "2", "--yes")
    town.ok("undo")
    town.ok("event", "draw", "city")
    town.ok("event", "resolve", "city", "--option", "A", "--return")
    town.ok("travel", "2")  # nothing skipped: no question


def _reading_its_input(pid: int, seconds: float = 30.0) -> None:
    """Wait until the process waits in a system call on its standard input (the question's read),
    as a person's Ctrl-C finds it. Python's read of a line checks for a signal only when the read is
    interrupted: a SIGINT that lands between printing the question and the read is seen by no one and
    the command waits for its answer for ever (CPython's race, not the command's). Where
    /proc/PID/syscall cannot be read, a moment's wait instead."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{pid}/syscall") as f:
                call = f.read().split()
        except OSError:
            time.sleep(0.5)
            return
        if state == "S" and len(call) > 1 and call[0] != "running" and int(call[1], 16) == 0:
            return
        time.sleep(0.02)


def _in_a_terminal(args: list[str], env: dict, answer: bytes | None, interrupt: bool = False) -> tuple[int, str]:
    """Run ``ghcli ARGS`` with a terminal for its input; answer its question, or Ctrl-C at it."""
    import pty

    import select

    master, slave = pty.openpty()
    # Ctrl-C reaches the command as at a person's prompt even where the suite itself was started with SIGINT
    # ignored (a shell's background job: `pytest &`), which the command would inherit
    proc = subprocess.Popen([sys.executable, "-m", "ghcli", *args], stdin=slave, stdout=slave, stderr=slave, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    seen = b""

    def read(until) -> None:
        nonlocal seen
        deadline = time.time() + 120
        while not until() and time.time() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the terminal's other side is closed: the command has ended
                    chunk = b""
                if not chunk:
                    if proc.poll() is not None:
                        return
                    time.sleep(0.05)
                seen += chunk
            elif proc.poll() is not None:
                return

    read(lambda: b"[y/N]" in seen)
    if interrupt:
        _reading_its_input(proc.pid)
        proc.send_signal(signal.SIGINT)
    elif answer is not None:
        os.write(master, answer)
    read(lambda: proc.poll() is not None)  # keep reading: a full terminal buffer would block the command
    if proc.poll() is None:  # it did not end: say what it was doing (its signals), then end it
        status = ""
        with contextlib.suppress(OSError):
            with open(f"/proc/{proc.pid}/status") as f:
                status = " ".join(ln.strip() for ln in f if ln.startswith(("State", "Sig", "Shd")))
        proc.kill()
        proc.wait()
        os.close(master)
        raise AssertionError(f"`ghcli {' '.join(args)}` did not end ({status}); it printed:\n{seen.decode()[-600:]}")
    code = proc.wait(timeout=60)
    read(lambda: not select.select([master], [], [], 0.2)[0])
    os.close(master)
    return code, seen.decode(errors="replace")


def test_the_questions_in_a_terminal(town, db_file):
    _to_town_after_scenario_1(town)
    env = dict(os.environ, GHCLI_DB=str(db_file))
    before = snapshot(db_file)
    code, seen = _in_a_terminal(["travel", "2"], env, b"n\n")
    assert code == 1 and "Travel to scenario 2 without it? [y/N]" in seen and "not travelled" in seen
    assert snapshot(db_file)[1] == before[1]
    code, _ = _in_a_terminal(["travel", "2"], env, None, interrupt=True)
    assert code == 130 and snapshot(db_file)[1] == before[1]
    code, seen = _in_a_terminal(["travel", "2"], env, b"y\n")
    assert code == 0 and "travels from town to scenario 2" in seen
    town.ok("undo")
    # Ctrl-C at undo --to's question exits 130, as the exit codes say; nothing undone
    before = snapshot(db_file)
    code, seen = _in_a_terminal(["undo", "--to", "2"], env, None, interrupt=True)
    assert code == 130 and "Undo them? [y/N]" in seen and "Aborted" not in seen
    assert snapshot(db_file)[1] == before[1]


# -- enhance apply: the card, the cost first ------------------------------------------------------

@pytest.fixture
def enhancing(town):
    town.ok("campaign", "achievement", "add", "The Power of Enhancement")
    town.ok("character", "adjust", "Hilda", "--gold", "+200")
    return town


def test_a_sticker_the_card_cannot_take_is_refused_and_costs_nothing(enhancing):
    gold = enhancing.char("Hilda")["gold"]
    err = enhancing.refused("enhance", "apply", "Hilda", "--card", "Trample", "--action", "top", "--ability", "heal",
                            "--yes", words="prints no Heal")
    assert "Attack (diamond)" in err
    enhancing.refused("enhance", "apply", "Hilda", "--card", "Trample", "--action", "bottom", "--effect", "fire",
                      "--yes", code=2, words="--on")
    assert enhancing.char("Hilda")["gold"] == gold


def test_the_cost_is_shown_before_paying(enhancing, cli, db_file):
    from ghcli.rules import enhance

    before = snapshot(db_file)
    r = run_ok(cli, "enhance", "apply", "Hilda", "--card", "Trample", "--action", "bottom", "--ability", "attack",
               "--dry-run")
    several = enhance.quote(edition="gh", ability="attack", multi=True).cost
    assert f"costs {several} gold" in r.stdout and "several targets: x2" in r.stdout and "nothing paid" in r.stdout
    assert snapshot(db_file) == before
    enhancing.refused("enhance", "apply", "Hilda", "--card", "Trample", "--action", "bottom", "--ability", "attack",
                      words=f"costs {several} gold")  # nobody to ask: refused, naming --yes
    paid = enhancing.ok("enhance", "apply", "Hilda", "--card", "Trample", "--action", "bottom", "--ability",
                        "attack", "--yes", "--json")
    assert paid["cost"] == several and paid["several_targets"] is True
    env = dict(os.environ, GHCLI_DB=str(db_file))
    code, seen = _in_a_terminal(["enhance", "apply", "Hilda", "--card", "Trample", "--action", "top", "--ability",
                                 "attack"], env, b"y\n")
    assert code == 0 and "Pay " in seen and "enhanced Trample (top)" in seen


# -- battle goals, export -------------------------------------------------------------------------

def test_a_battle_goal_gives_at_most_two_checkmarks(town):
    town.ok("character", "quest", "Quill", "519")
    town.ok("travel", "1")
    town.ok("event", "draw", "road")
    town.ok("event", "resolve", "road", "--option", "A", "--return")
    town.refused("scenario", "finish", "1", "--won", "--checkmarks", "Hilda=3", code=2, words="at most 2")
    town.ok("scenario", "finish", "1", "--won", "--checkmarks", "Hilda=2")
    town.refused("dungeon", "finish", "--won", "--checkmarks", "Hilda=3", code=2, words="at most 2")


def test_export_refuses_an_existing_file_without_force(town, cli, tmp_path):
    out = tmp_path / "campaign.json"
    out.write_text("keep", encoding="utf-8")
    r = cli("export", "-o", str(out))
    assert r.exit_code == 1 and "--force" in r.stderr and out.read_text(encoding="utf-8") == "keep"
    run_ok(cli, "export", "-o", str(out), "--force")
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "ghcli-campaign"


# -- help that does not mislead --------------------------------------------------------------------

def test_help_fixes(cli):
    focus = run_ok(cli, "rules", "focus", "-h").stdout
    assert focus.count("Example") == 1 and "--check 3,0:s" in focus
    root = " ".join(run_ok(cli, "-h").stdout.split())
    assert "bash, zsh, fish, powershell" in root
    r = cli("event", "resolve", "road", "--option", "A", "--gold-each", "--", "-500", "--return")
    assert r.exit_code == 2 and "--gold-each -500" in r.stderr and "-5 " not in r.stderr
    from ghcli.cli.rules.rounds import LONG_REST_INITIATIVE
    from ghcli.rules import order

    assert LONG_REST_INITIATIVE == order.LONG_REST_INITIATIVE


# every example of every help text, run in a state where it makes sense (what the table did before it)
ROAD_1 = [("travel", "1"), ("event", "draw", "road"), ("event", "resolve", "road", "--option", "A", "--return")]
BACK = [*ROAD_1, ("scenario", "finish", "1", "--won"), ("return",)]
BEFORE = {
    "scenario finish": ROAD_1,
    "return": [*ROAD_1, ("scenario", "finish", "1", "--won")],
    "travel": [*BACK, ("event", "draw", "city"), ("event", "resolve", "city", "--option", "A", "--return")],
    "event draw": BACK,
    "event resolve": [*BACK, ("event", "draw", "city")],
    "sell": [("buy", "Hilda", "1")],
    "level-up": [("character", "adjust", "Hilda", "--xp", "+45")],
    "perk": [("character", "adjust", "Hilda", "--checkmarks", "+3")],
    "retire": [("character", "quest", "Hilda", "512"), ("character", "quest", "Hilda", "--fulfilled")],
    "enhance apply": [("campaign", "achievement", "add", "the-power-of-enhancement"),
                      ("character", "adjust", "Hilda", "--gold", "+100")],
    "party switch": [("party", "new", "Second Wind"), ("party", "switch", "Party")],
    "party achievement remove": [("party", "achievement", "add", "first-steps")],
    "campaign achievement remove": [("campaign", "achievement", "add", "city-rule-economic")],
    "scenario complete": [("campaign", "unlock-scenario", "2")],
    "undo": [("party", "reputation", "+1")],
    "redo": [("party", "reputation", "+1"), ("undo",)],
}
NO_CAMPAIGN = ("rules", "enhance cost", "class show", "monster", "dungeon draw")
ARKHAM_JOINED = [("arkham", "init", "--name", "Night of the Zealot"),
                 ("arkham", "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity",
                  "5")]
ARKHAM = {
    "arkham init": [],
    "arkham investigator add": ARKHAM_JOINED[:1],
    "arkham investigator join": ARKHAM_JOINED[:1],  # the example names the printed values: a fresh campaign
    "arkham deck remove": [*ARKHAM_JOINED, ("arkham", "deck", "add", "Roland Banks", "Guard Dog")],
    "arkham buy": [*ARKHAM_JOINED, ("arkham", "deck", "add", "Roland Banks", "Knife"),
                   ("arkham", "scenario", "The Gathering", "--victory", "4")],
    "arkham upgrade": [*ARKHAM_JOINED, ("arkham", "deck", "add", "Roland Banks", "Machete"),
                       ("arkham", "scenario", "The Gathering", "--victory", "4")],
    "arkham xp": [*ARKHAM_JOINED, ("arkham", "scenario", "The Gathering", "--victory", "1")],
    "arkham log cross": [*ARKHAM_JOINED, *[("arkham", "log", "add", f"note {n}") for n in (1, 2, 3)]],
    "arkham redo": [*ARKHAM_JOINED, ("arkham", "log", "add", "a note"), ("arkham", "undo")],
}
INTERACTIVE = {"rules edit": "the editor: tests/test_board_editor.py drives it"}
ASKS = {"enhance apply"}  # asks before paying: answered in a terminal


def _prepare(cli, path: str, tmp_path: Path) -> None:
    readme = README.read_text(encoding="utf-8")
    board = re.search(r"```text\n(board: gloomhaven flat.*?)```", readme, re.S).group(1)
    (tmp_path / "tour.txt").write_text(board, encoding="utf-8")
    run_ok(cli, "rules", "board", "convert", str(tmp_path / "tour.txt"), "--to", "json",
           "-o", str(tmp_path / "board.json"))
    if path != "rules board convert":  # it writes board.txt itself
        (tmp_path / "board.txt").write_text(board, encoding="utf-8")
    if path.startswith("arkham"):
        for step in ARKHAM.get(path, ARKHAM_JOINED):
            run_ok(cli, *step)
        return
    if path == "import":  # a GHS game whose party is the example's
        game = json.loads(next((ROOT / "tests" / "ghs_fixtures" / "a-gh-bare-export").glob("ghs-game_*.json"))
                          .read_text(encoding="utf-8"))
        text = json.dumps(game).replace(f'"{game["party"]["name"]}"', '"The Lost"')
        (tmp_path / "ghs-backup.json").write_text(text, encoding="utf-8")
        return
    if path == "init" or path.startswith(NO_CAMPAIGN):
        return
    run_ok(cli, "init", "--name", "Our campaign", "--seed", "7")
    if path == "solo finish":  # the seed-play walkthrough's way to a level 5 character with two retirements
        for name, cls, quest in (("Ann", "brute", "512"), ("Bo", "tinkerer", "513")):
            run_ok(cli, "character", "new", name, "--class", cls, "--quest", quest)
            if name == "Ann":
                run_ok(cli, "campaign", "prosperity", "+20")
            run_ok(cli, "character", "quest", name, "--fulfilled")
            run_ok(cli, "retire", name)
        run_ok(cli, "character", "new", "Hilda", "--class", "spellweaver", "--level", "5", "--quest", "514",
               *[w for n in (72, 74, 76, 78) for w in ("--card", str(n))])
        return
    if path != "character new":
        run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--player", "Ann")
    if path.startswith("sync"):
        remote = tmp_path / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        home = Path(os.environ["HOME"])
        home.mkdir(parents=True, exist_ok=True)
        (home / ".gitconfig").write_text(f'[url "{remote}"]\n\tinsteadOf = git@example.org:friends/gloomhaven.git\n'
                                         "[user]\n\tname = Ann\n\temail = ann@example.org\n", encoding="utf-8")
        if path != "sync init":
            run_ok(cli, "sync", "init", "git@example.org:friends/gloomhaven.git")
    for step in BEFORE.get(path, []):
        run_ok(cli, *step)
    if path in ("sync retry", "sync drop"):  # the examples name entry 14 in the retry queue
        _queued_as(cli, 14)


def _queued_as(cli, seq: int) -> None:
    """Put a change of the party's reputation into the retry queue as entry ``seq`` (what a sync does with a
    local entry the rules refuse once the group's entries came in)."""
    from ghcli.campaign.kind import Store
    from ghcli.journal import history, rebase, run

    path = os.environ["GHCLI_DB"]
    while True:
        store = Store.open(path)
        nxt = run.next_seq(store)
        store.close()
        if nxt >= seq - 1:
            break
        run_ok(cli, "party", "reputation", "+1" if nxt % 2 else "-1")
    run_ok(cli, "party", "reputation", "+1")
    store = Store.open(path)
    try:
        last = history.rows(store, 1)[0]
        taken = rebase.take_back(store, last["id"])
        rebase.queue(store, taken.document, taken.player, "a test's queued entry")
        assert history.rows(store, 1)[0]["seq"] == seq
    finally:
        store.close()


def _examples() -> list[str]:
    from ghcli.cli.examples import EXAMPLES

    return sorted(EXAMPLES)


@pytest.mark.parametrize("path", _examples())
def test_every_help_example_runs(cli, db_file, tmp_path, monkeypatch, path):
    """The example at the end of every command's help, as printed there, exits 0."""
    from ghcli.cli.examples import EXAMPLES

    if path in INTERACTIVE:
        pytest.skip(INTERACTIVE[path])
    if path.startswith("sync") and not shutil.which("git"):
        pytest.skip("needs git")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "arkham.db"))
    _prepare(cli, path, tmp_path)
    example = EXAMPLES[path]
    shown = " ".join(run_ok(cli, *path.split(), "--help").stdout.split())
    assert example in shown, (path, "the example is the one the help shows")
    words = shlex.split(example)[1:]
    if path in ASKS:
        code, seen = _in_a_terminal(words, dict(os.environ), b"y\n")
        assert code == 0, (example, seen)
        return
    r = cli(*words)
    assert r.exit_code == 0, (example, r.output)
