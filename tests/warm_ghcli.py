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
- for each command the server forks the command's own process (a handler
  process in between where the system has no pidfds): the standard streams
  become the client's, it moves to the client's
  folder, takes the client's environment and runs ``ghcli.cli.main()`` exactly
  as the installed script does (``sys.exit(main())``: atexit, flushing and an
  uncaught exception's traceback as in a fresh interpreter; a command that
  ended by ``sys.exit`` with its files closed then leaves without tearing down
  its modules, see :func:`_exit_quickly`). The server waits
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
    import select
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

    def receive(conn: socket.socket):
        """A client's request: its three standard streams, argument list, folder and environment."""
        got, fds, _, _ = socket.recv_fds(conn, 4, 3)
        if len(got) < 4:
            got += _recv_exact(conn, 4 - len(got))
        return fds, *marshal.loads(_recv_exact(conn, struct.unpack("!I", got)[0]))

    def command(fds, argv, cwd, environ, keep: list) -> None:
        """In the forked process: become the client's command (then return to the script's top level)."""
        for fd in keep:
            os.close(fd)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
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

    def status(pid: int) -> bytes:
        code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])  # waited for: its CPU time is the test's
        return struct.pack("!i", code if code >= 0 else 128 - code)

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    running: dict = {}  # a command's pidfd -> (its pid, its client's connection)

    def stop(*_) -> None:  # the commands still running end first (and their clients hear how)
        for pid, conn in list(running.values()):
            with contextlib.suppress(OSError):
                conn.sendall(status(pid))
        with contextlib.suppress(ChildProcessError):  # and any handler (_serve_by_handlers)
            while os.waitpid(-1, 0)[0]:
                pass
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    if not hasattr(os, "pidfd_open"):
        return _serve_by_handlers(listener, receive, command, status)
    while True:
        ready, _, _ = select.select([listener, *running], [], [])
        for fd in ready:
            if fd is listener:
                conn, _ = listener.accept()
                try:
                    request = receive(conn)
                except (OSError, EOFError, ValueError, TypeError):
                    conn.close()
                    continue
                pid = os.fork()
                if pid == 0:  # the command's own process
                    conn.close()
                    command(*request, keep=[listener.detach(), *running,
                                            *(c.detach() for _, c in running.values())])
                    return
                for got in request[0]:
                    os.close(got)
                running[os.pidfd_open(pid)] = (pid, conn)
            else:  # a command has ended
                pid, conn = running.pop(fd)
                os.close(fd)
                with contextlib.suppress(OSError):
                    conn.sendall(status(pid))
                conn.close()


def _serve_by_handlers(listener, receive, command, status) -> None:
    """Without pidfds: a handler process per command, which forks the command and waits for it."""
    while True:
        conn, _ = listener.accept()
        if os.fork():  # the server: on to the next client (and the handlers that have ended)
            conn.close()
            with contextlib.suppress(ChildProcessError):
                while os.waitpid(-1, os.WNOHANG)[0]:
                    pass
            continue
        try:
            request = receive(conn)
        except (OSError, EOFError, ValueError, TypeError):
            os._exit(1)
        pid = os.fork()
        if pid == 0:
            conn.close()
            command(*request, keep=[listener.detach()])
            return
        for got in request[0]:
            os.close(got)
        conn.sendall(status(pid))
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
            try:
                mode = os.stat(f"/proc/self/fd/{fd}").st_mode
            except FileNotFoundError:  # the listing's own descriptor, closed once it was read
                continue
            if int(fd) > 2 and stat.S_ISREG(mode):
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
