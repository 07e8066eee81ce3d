"""``ghcli`` as a process: the console script (``run``) and ``python -m ghcli``."""

import gc

# A command's start-up is mostly imports (typer, click, ghcli's modules), each a burst of new objects that
# live as long as the process: with the collector's default first threshold (700 allocations) they are
# walked by some thirty collections before the command even starts, about 3 ms of a 90 ms start. A
# process of ghcli collects every 50,000 allocations instead; reference counting still frees everything
# acyclic at once, and a long command (a sync, the board editor) is still collected.
START_UP_THRESHOLD = 50_000


def run() -> None:
    """The ``ghcli`` console script."""
    gc.set_threshold(START_UP_THRESHOLD, *gc.get_threshold()[1:])
    from ghcli.cli import main

    main()


if __name__ == "__main__":
    run()
