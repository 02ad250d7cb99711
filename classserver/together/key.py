"""A new key for the teacher's board (the board keeps only a hash of it, so a lost key is replaced).

    python -m classserver.together.key [--class-dir DIR] [--address http://HOST:PORT/together/]

The old key, and every board opened with it, stop working at once, on a running server too.
"""

from __future__ import annotations

import argparse
import os

from .board import Board, write_key
from .mount import DEFAULT_CLASS_DIR


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class-dir", default=os.environ.get("RULEBOOK_CLASS_DIR", str(DEFAULT_CLASS_DIR)))
    parser.add_argument("--address", default="", help="the class page's address, to print the board's whole address")
    args = parser.parse_args(argv)
    board = Board(args.class_dir)
    key = board.new_teacher_key()
    if (board.folder / "teacher-key.txt").exists():  # the hub's service leaves its key there
        write_key(board.folder, key)
    board.close()
    address = args.address.rstrip("/") + "/" if args.address else "…/together/"
    print(f"The teacher's new key: {key}\nThe board: {address}board?key={key}")


if __name__ == "__main__":
    main()
