"""Run a command as an unprivileged user, from root, for the tests of grading by a teacher who is not root.

    python tests/support/as_teacher.py --uid 65534 --gid 65534 --expose /root/.pyenv/versions/3.11.7 \\
        [--no-user-namespaces] -- COMMAND ...

In a mount namespace of its own (nothing done here is seen by the rest of the machine), it makes
each ``--expose`` path reachable by that user: where a folder above it is closed to others (``/root``
is ``drwx------``), that folder is covered, in this namespace only, by an empty one open to all, into
which only the exposed paths are bound. With ``--no-user-namespaces``, that mount namespace is in a
user namespace of its own (the machine's users mapped as they are) where the user may make no user
namespace (``user.max_user_namespaces`` is 0 there), as on a machine that refuses them to users.
Then it becomes that user (``setpriv``: no groups, no capability) and runs the command; its exit code
is the command's.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path


def closed_to(path: Path, uid: int, gid: int) -> bool:
    """Whether ``uid`` (in group ``gid`` only) cannot pass through the folder ``path``."""
    st = path.stat()
    if st.st_uid == uid:
        return not st.st_mode & stat.S_IXUSR
    if st.st_gid == gid:
        return not st.st_mode & stat.S_IXGRP
    return not st.st_mode & stat.S_IXOTH


def expose(paths: list[Path], uid: int, gid: int) -> None:
    """Each of ``paths`` reachable by ``uid``: the highest closed folder above it is covered by an open
    one (in memory) in which only the exposed paths are bound, each at its own place."""
    covers: dict[Path, list[Path]] = {}
    for path in sorted({p.resolve() for p in paths}):
        closed = next((f for f in reversed(path.parents) if closed_to(f, uid, gid)), None)
        if closed is not None and not any(path.is_relative_to(kept) for kept in covers.get(closed, [])):
            covers.setdefault(closed, []).append(path)
    if not covers:
        return
    stage = Path(tempfile.mkdtemp(prefix="as-teacher-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=700", "tmpfs", str(stage)], check=True)
    kept = {}
    for n, path in enumerate(p for found in covers.values() for p in found):
        kept[path] = stage / str(n)
        (kept[path].mkdir() if path.is_dir() else kept[path].touch())
        subprocess.run(["mount", "--bind", str(path), str(kept[path])], check=True)
    for folder, found in covers.items():
        subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=755,size=1m", "tmpfs", str(folder)], check=True)
        for path in found:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
            (path.mkdir() if kept[path].is_dir() else path.touch())
            subprocess.run(["mount", "--bind", str(kept[path]), str(path)], check=True)
    # each path is bound at its place now, which holds on without the stage: the stage goes (its folder
    # was made on the machine's own /tmp, seen outside this namespace)
    subprocess.run(["umount", "--lazy", str(stage)], check=True)
    stage.rmdir()


CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
#: the machine's users and groups mapped as they are in the user namespace of ``--no-user-namespaces``
MAPPED = 65536


def _unshare(flags: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(ctypes.c_int(flags)) != 0:
        raise OSError(ctypes.get_errno(), "unshare")


def _own_user_namespace() -> None:
    """This process in a new user namespace (and mount namespace), the machine's first users mapped
    as they are, written by a parent left outside (which then waits and exits with our exit code)."""
    ready, mapped = os.pipe(), os.pipe()
    child = os.fork()
    if child == 0:
        _unshare(CLONE_NEWUSER | CLONE_NEWNS)
        os.write(ready[1], b"1")
        os.read(mapped[0], 1)  # the parent has written the maps
        return
    os.read(ready[0], 1)
    for name in ("uid_map", "gid_map"):
        Path(f"/proc/{child}/{name}").write_text(f"0 0 {MAPPED}\n")
    os.write(mapped[1], b"1")
    _, status = os.waitpid(child, 0)
    os._exit(os.waitstatus_to_exitcode(status) & 0xFF)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uid", type=int, default=65534)
    parser.add_argument("--gid", type=int, default=65534)
    parser.add_argument("--expose", action="append", default=[], type=Path)
    parser.add_argument("--no-user-namespaces", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if os.geteuid() != 0:
        parser.error("run as root")
    if args.no_user_namespaces:
        _own_user_namespace()
        Path("/proc/sys/user/max_user_namespaces").write_text("0\n")
    else:
        _unshare(CLONE_NEWNS)
    subprocess.run(["mount", "--make-rprivate", "/"], check=True)
    expose(args.expose, args.uid, args.gid)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    sys.stdout.flush()
    setpriv = ["setpriv", f"--reuid={args.uid}", f"--regid={args.gid}", "--clear-groups", "--inh-caps=-all"]
    os.execvp("setpriv", [*setpriv, "--", *command])
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
