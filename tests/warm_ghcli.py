"""A warm ``ghcli`` for the tests that type it in a real shell (issue 24: the suite's time).

A test about a shell session (the README and every walkthrough in one bash, TAB
completion in a bash under tmux) runs ``ghcli`` a hundred times and more; each
real start pays some 150-250 ms of imports before a millisecond of work. What
those tests check is what each command prints and how it exits, not how the
interpreter starts (``tests/test_campaign_startup.py`` and the start-up
benchmark look after that), so they run a warm ``ghcli``:

- a **server**: one Python process (this file run as a script) that imports
  ghcli's modules once (all but the board editor's), then waits on a Unix socket;
- a **client**: the ``ghcli`` on the shell's ``PATH`` (a small script run by
  ``python -S -I`` that imports only modules built into the interpreter: about
  10 ms) sends its argument list, folder, environment and its three standard
  streams (the file descriptors themselves) to the server;
- for each command the server forks a handler, which forks the command's own
  process: the standard streams become the client's, it moves to the client's
  folder, takes the client's environment and runs ``ghcli.cli.main()`` exactly
  as the installed script does (``sys.exit(main())``: atexit, flushing and an
  uncaught exception's traceback as in a fresh interpreter; a command that
  ended by ``sys.exit`` with its files closed then leaves without tearing down
  its modules, see :func:`_exit_quickly`). The handler waits
  for it and sends the client its exit status (a signal's death as 128 + N,
  as a shell reports it), and the client exits with it.

Every command is a process of its own forked from a server that has run no
command: nothing one command leaves in memory reaches the next. What is the
server's and not the client's: the interpreter's start-up settings
(``PYTHON*`` variables, the locale chosen at start) and the process group, so
a terminal's Ctrl-C reaches the client only: tests about signals, terminals'
questions or start-up keep the real script. ``GHCLI_TEST_COLD=1`` makes
:func:`warm_ghcli` hand out the installed script instead (the same tests,
each command a fresh interpreter).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

REAL = Path(sys.executable).parent / "ghcli"

CLIENT = r'''
import _socket, marshal, posix, sys
s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
try:
    s.connect(SOCKET)
except OSError as e:
    sys.stderr.write(f"warm ghcli: no server at {SOCKET}: {e}\n")
    sys.exit(127)
body = marshal.dumps((sys.argv[1:], posix.getcwd(), posix.environ))
fds = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2))
s.sendmsg([len(body).to_bytes(4, "big")], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
s.sendall(body)
got = b""
while len(got) < 4:
    chunk = s.recv(4 - len(got))
    if not chunk:
        sys.stderr.write("warm ghcli: the server went away\n")
        sys.exit(127)
    got += chunk
sys.exit(int.from_bytes(got, "big", signed=True))
'''


def _recv_exact(conn: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = conn.recv(n - len(out))
        if not chunk:
            raise EOFError
        out += chunk
    return out


def _serve(path: str, real: str) -> None:
    """The server's loop (this module run as a script). It returns only in a command's process."""
    import gc
    import importlib
    import marshal
    import pkgutil
    import signal
    import struct

    import ghcli
    from ghcli.cli import COMMANDS, lazy

    for _, module, _ in COMMANDS:  # what each command would import on its first use
        importlib.import_module(lazy.module_name(module))
    # and what they import when they run (the campaign, the journal, sqlite3 ...: some 40 modules, 80 ms a
    # command); not the board editor (textual: a terminal's test runs the real script)
    for found in pkgutil.walk_packages(ghcli.__path__, "ghcli."):
        if not found.name.startswith("ghcli.editor") and found.name != "ghcli.__main__":
            importlib.import_module(found.name)
    gc.freeze()  # what is imported stays put: the commands' processes copy no pages for the collector

    def reap(block: bool) -> None:  # the handlers that have ended (so their CPU time counts as the test's)
        try:
            while os.waitpid(-1, 0 if block else os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass

    def stop(*_) -> None:
        reap(True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        conn, _ = listener.accept()
        if os.fork():  # the server: on to the next client
            conn.close()
            reap(False)
            continue
        # the handler of one command
        listener.close()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        try:
            got, fds, _, _ = socket.recv_fds(conn, 4, 3)
            if len(got) < 4:
                got += _recv_exact(conn, 4 - len(got))
            argv, cwd, environ = marshal.loads(_recv_exact(conn, struct.unpack("!I", got)[0]))
        except (OSError, EOFError, ValueError, TypeError):
            os._exit(1)
        pid = os.fork()
        if pid == 0:  # the command's own process
            conn.close()
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
            for fd in fds:
                if fd > 2:
                    os.close(fd)
            os.chdir(cwd)
            os.environ.clear()
            os.environb.update(environ)  # the client's, byte for byte
            sys.argv = [real, *argv]
            sys.path[0] = os.path.dirname(real)  # the script's folder, as for the installed script
            sys.stdout.reconfigure(line_buffering=os.isatty(1))
            return  # to the script's top level, which runs ghcli as its console script does
        for fd in fds:
            os.close(fd)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        conn.sendall(struct.pack("!i", code if code >= 0 else 128 - code))
        os._exit(0)


@contextlib.contextmanager
def warm_ghcli(env: dict, folder: Path | None = None):
    """A folder holding a ``ghcli`` for the shell's PATH: the warm client of a server started with ``env``
    (stopped on exit). With ``GHCLI_TEST_COLD=1``: the installed script's folder, no server."""
    if os.environ.get("GHCLI_TEST_COLD") or not REAL.exists() or not hasattr(socket, "send_fds"):
        yield REAL.parent
        return
    made = Path(tempfile.mkdtemp(prefix="warm-ghcli-", dir=folder))
    sock = str(made / "s")
    if len(sock) > 100:  # a Unix socket's path is at most 107 bytes
        made = Path(tempfile.mkdtemp(prefix="warm-ghcli-", dir="/tmp"))
        sock = str(made / "s")
    server = subprocess.Popen([sys.executable, __file__, sock, str(REAL)], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, cwd=made)
    try:
        line = server.stdout.readline()
        assert line == b"ready\n", f"the warm ghcli server did not start: {line!r}"
        bin_dir = made / "bin"
        bin_dir.mkdir()
        client = bin_dir / "ghcli"
        client.write_text(f"#!{sys.executable} -SI\nSOCKET = {sock!r}\n{CLIENT}", encoding="utf-8")
        client.chmod(0o755)
        yield bin_dir
    finally:
        server.terminate()  # it waits for the commands still running
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stdout.close()
        with contextlib.suppress(OSError):
            os.unlink(sock)


def _exit_quickly(status: list) -> None:
    """The last of the command's exit handlers (registered first): when it ended by ``sys.exit`` and its
    files are closed, flush the standard streams (as Python's finalization does) and end the process
    without tearing down every module: each object it touches on the way is a page copied from the
    server (some 20 ms a command). Anything else (an interrupt, a file left open, a stream that cannot
    be flushed) ends as Python ends it."""
    import stat

    if not status:
        return
    try:
        for fd in os.listdir("/proc/self/fd"):
            if int(fd) > 2 and stat.S_ISREG(os.stat(f"/proc/self/fd/{fd}").st_mode):
                return  # a file still open (an SQLite database closes at the teardown)
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(status[0])


if __name__ == "__main__":
    _serve(sys.argv[1], sys.argv[2])
    # a command's process: what the installed script does
    import atexit

    status: list = []
    atexit.register(_exit_quickly, status)
    from ghcli.cli import main

    try:
        sys.exit(main())
    except SystemExit as e:  # the status Python exits with (a message, printed by Python itself: 1)
        status.append(0 if e.code is None else e.code if isinstance(e.code, int) else 1)
        raise
