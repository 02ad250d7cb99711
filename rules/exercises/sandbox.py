"""The sandbox a student's notebook runs in while it is graded: the kernel sees a copy of the notebook
and the project's code, read-only, and nothing else of the machine.

    python -m rules.exercises.sandbox --base DIR -- python -m ipykernel_launcher -f DIR/ipc/kernel.json

is the command :class:`SandboxKernelManager` starts in place of the kernel's own. On Linux, where the
machine allows namespaces (as root, or where unprivileged user namespaces are allowed), it:

- gives the kernel a root folder of its own, built in memory: ``/usr`` and the system's libraries,
  this Python and its virtual environment and the project's packages, all read-only; a minimal
  ``/etc`` and ``/dev``; an empty ``/tmp`` and a home and working folder holding a copy of the
  notebook, both in memory (64 MiB each); ``DIR/ipc`` (the kernel's sockets). The course folder,
  the teacher's home and key, the gradebook, the sources and the other submissions are not in it
  (``pivot_root``: the machine's root is unmounted, not hidden);
- no network (a network namespace with no interface up; the kernel talks over Unix sockets);
- its own processes only (a PID namespace: when the kernel ends, everything it started ends);
- as an unprivileged user: as root, the ``rulebook-grader`` system user (created if absent);
  otherwise the teacher's user inside a user namespace; either way with no capability, in a
  nested user namespace, with ``no_new_privs``;
- limits: memory per process (``RLIMIT_DATA``), CPU seconds, processes and threads, file size
  and open files; an environment with nothing of the teacher's.

Where the machine refuses namespaces (a user namespace to a teacher who is not root, some
containers even to root), the kernel is not started: the sandbox says why on standard error and
exits with :data:`REFUSED`, and :func:`refusal` (which :func:`rules.exercises.course.autograde`
asks before it grades anyone) gives that reason, so a run never grades a notebook unconfined.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import errno
import importlib.util
import json
import os
import platform
import pwd
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from jupyter_client.manager import AsyncKernelManager

from rules.lang import Bi

__all__ = ["GRADER_USER", "REFUSED", "Limits", "SandboxKernelManager", "prepare", "refusal", "strength", "main"]

#: the system user a kernel runs as when grading is run as root
GRADER_USER = "rulebook-grader"
#: the uid the kernel has inside its sandbox
INSIDE_UID = 1000
#: the sandbox's exit code when the machine refuses it the namespaces it needs (no kernel is started)
REFUSED = 78

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS = 1, 4, 38
_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Limits:
    """What a graded notebook may use: memory per process (MiB), CPU seconds, processes (threads
    count), file size (MiB), open files. Set in the course's configuration through
    ``ExecuteAndGrade`` (``memory_mb``, ``cpu_seconds``, ``processes``)."""

    def __init__(self, memory_mb: int = 1024, cpu_seconds: int = 120, processes: int = 64, file_mb: int = 64):
        self.memory_mb, self.cpu_seconds, self.processes, self.file_mb = memory_mb, cpu_seconds, processes, file_mb

    def args(self) -> list[str]:
        return [
            f"--memory-mb={self.memory_mb}",
            f"--cpu-seconds={self.cpu_seconds}",
            f"--processes={self.processes}",
            f"--file-mb={self.file_mb}",
        ]


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _unshare(flags: int) -> None:
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    enc = lambda s: None if s is None else s.encode()  # noqa: E731
    _check(_libc.mount(enc(source), enc(target), enc(fstype), ctypes.c_ulong(flags), enc(data)), f"mount {target}")


def _prctl(option: int, value: int) -> None:
    _check(_libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0), "prctl")


def _write(path: str, text: str) -> None:
    with open(path, "w") as f:
        f.write(text)


def _map_self(outside_uid: int, outside_gid: int, inside: int) -> None:
    """Map this process's user (just made in a new user namespace) to ``inside``."""
    with contextlib.suppress(FileNotFoundError):
        _write("/proc/self/setgroups", "deny")
    _write("/proc/self/uid_map", f"{inside} {outside_uid} 1\n")
    _write("/proc/self/gid_map", f"{inside} {outside_gid} 1\n")


def grader_ids() -> tuple[int, int]:
    """The uid and gid of :data:`GRADER_USER`, created (as a system user with no login) if absent."""
    try:
        entry = pwd.getpwnam(GRADER_USER)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        subprocess.run(
            [
                useradd,
                "--system",
                "--no-create-home",
                "--home-dir",
                "/nonexistent",
                "--shell",
                "/usr/sbin/nologin",
                "--user-group",
                GRADER_USER,
            ],
            check=False,
            capture_output=True,
        )
        try:
            entry = pwd.getpwnam(GRADER_USER)
        except KeyError:
            entry = pwd.getpwnam("nobody")
            print(f"sandbox: could not create the user {GRADER_USER}; the kernel runs as nobody", file=sys.stderr)
    return entry.pw_uid, entry.pw_gid


def prepare(notebook_json: str, name: str) -> Path:
    """A private folder for one graded notebook: ``home/`` with the notebook's copy, ``ipc/`` for the
    kernel's sockets (short paths: a Unix socket's path is at most 107 bytes)."""
    base = Path(tempfile.mkdtemp(prefix="rbg-"))
    base.chmod(0o711)
    for sub in ("home", "ipc"):
        (base / sub).mkdir(mode=0o700)
    (base / "home" / name).write_text(notebook_json, encoding="utf-8")
    if os.geteuid() == 0:
        uid, gid = grader_ids()
        for path in (base / "home", base / "ipc", base / "home" / name):
            os.chown(path, uid, gid)
    return base


def strength(base: Path) -> str:
    """How the kernel of ``base`` was confined: "namespaces", or why the sandbox was refused."""
    try:
        return (base / "strength").read_text(encoding="utf-8").strip()
    except OSError:
        return "unknown"


# ---------------------------------------------------------------- inside the sandbox


def _project_paths() -> list[str]:
    """What the kernel needs to read: this Python, its virtual environment, the project's packages."""
    paths = {os.path.realpath(p) for p in (sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix)}
    for name in ("rules", "widgets"):
        spec = importlib.util.find_spec(name)
        for location in (spec.submodule_search_locations or []) if spec else []:
            paths.add(os.path.realpath(location))
    return sorted(p for p in paths if not p.startswith("/usr/") and p != "/usr")


def _bind(source: str, target: str, writable: bool = False, device: bool = False) -> None:
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        Path(target).touch()
    _mount(source, target, None, MS_BIND | MS_REC)
    flags = MS_BIND | MS_REMOUNT | MS_NOSUID | (0 if device else MS_NODEV) | (0 if writable else MS_RDONLY)
    st = os.statvfs(source)  # a mount's locked flags must be kept
    for bit, flag in ((os.ST_NOEXEC, MS_NOEXEC), (os.ST_NOATIME, MS_NOATIME), (os.ST_RELATIME, MS_RELATIME)):
        if st.f_flag & bit:
            flags |= flag
    if st.f_flag & os.ST_NODIRATIME:
        flags |= MS_NODIRATIME
    _mount(None, target, None, flags)


def _build_root(root: str, base: Path, uid: int, gid: int) -> None:
    """The kernel's root folder, in memory, at ``root``."""
    _mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=16m,mode=755")
    # the kernel's own /tmp first: the project (or its venv) may itself lie under /tmp, and is
    # then bound inside it, read-only like everywhere else
    os.makedirs(root + "/tmp")
    _mount("tmpfs", root + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777")
    for top in ("usr", "bin", "sbin", "lib", "lib64", "lib32", "libx32"):
        path = "/" + top
        if os.path.islink(path):
            os.symlink(os.readlink(path), root + path)
        elif os.path.isdir(path):
            _bind(path, root + path)
    for path in _project_paths():
        _bind(path, root + path)
    os.makedirs(root + "/etc")
    for name in ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "nsswitch.conf", "mime.types"):
        if os.path.exists("/etc/" + name):
            _bind(os.path.realpath("/etc/" + name), root + "/etc/" + name)
    _write(
        root + "/etc/passwd",
        f"root:x:0:0::/:/bin/false\nstudent:x:{INSIDE_UID}:{INSIDE_UID}::/home/student:/bin/false\n",
    )
    _write(root + "/etc/group", f"root:x:0:\nstudent:x:{INSIDE_UID}:\n")
    _write(root + "/etc/hosts", "127.0.0.1 localhost\n")
    os.makedirs(root + "/dev")
    for name in ("null", "zero", "full", "random", "urandom"):
        _bind("/dev/" + name, root + "/dev/" + name, writable=True, device=True)
    for name, target in (
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ):
        os.symlink(target, f"{root}/dev/{name}")
    os.makedirs(root + "/dev/shm")
    _mount("tmpfs", root + "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=16m,mode=1777")
    os.makedirs(root + "/proc")
    _mount("proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    os.makedirs(root + "/home/student")  # in memory, bounded: nothing a kernel writes reaches the disk
    _mount("tmpfs", root + "/home/student", "tmpfs", MS_NOSUID | MS_NODEV, f"size=64m,mode=700,uid={uid},gid={gid}")
    for item in (base / "home").iterdir():
        shutil.copyfile(item, f"{root}/home/student/{item.name}")
        os.chown(f"{root}/home/student/{item.name}", uid, gid)
    _bind(str(base / "ipc"), root + str(base / "ipc"), writable=True)
    os.makedirs(root + "/.old")


def _pivot(root: str) -> None:
    number = _PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise OSError(errno.ENOSYS, f"pivot_root is not known on {platform.machine()}")
    _check(_libc.syscall(ctypes.c_long(number), root.encode(), (root + "/.old").encode()), "pivot_root")
    os.chdir("/")
    _check(_libc.umount2(b"/.old", ctypes.c_int(MNT_DETACH)), "umount the machine's root")
    os.rmdir("/.old")
    _mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def _limit(args) -> None:
    mib = 1024 * 1024
    for limit, value in (
        (resource.RLIMIT_DATA, args.memory_mb * mib),
        (resource.RLIMIT_CPU, args.cpu_seconds),
        (resource.RLIMIT_NPROC, args.processes),
        (resource.RLIMIT_FSIZE, args.file_mb * mib),
        (resource.RLIMIT_NOFILE, 256),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(limit, (value, value))


def _environment(home: str) -> dict[str, str]:
    """The kernel's environment: nothing of the teacher's (no key, no paths of the course)."""
    env = {
        "HOME": home,
        "PATH": f"{os.path.dirname(sys.executable)}:/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONNOUSERSITE": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MPLBACKEND": "agg",
    }
    if os.environ.get("NBGRADER_EXECUTION"):
        env["NBGRADER_EXECUTION"] = os.environ["NBGRADER_EXECUTION"]
    return env


def _become_student(args, uid: int | None, gid: int | None) -> None:
    """Drop every privilege: the grader's user (when root), then a nested user namespace where the
    kernel is an ordinary user with no capability."""
    if uid is not None:
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        _prctl(PR_SET_DUMPABLE, 1)  # else /proc/self stays root's and the user namespace cannot be mapped
    outside_uid, outside_gid = os.geteuid(), os.getegid()
    try:
        _unshare(CLONE_NEWUSER)
        _map_self(outside_uid, outside_gid, INSIDE_UID)
    except OSError as error:
        if os.geteuid() == 0 and uid is None:
            raise  # still root in a namespace we set up: never run the kernel so
        print(f"sandbox: no nested user namespace ({error}): the kernel runs as {GRADER_USER}", file=sys.stderr)
    _prctl(PR_SET_NO_NEW_PRIVS, 1)
    _limit(args)


def _exec(args, home: str) -> None:
    os.chdir(home)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    quiet = os.open(os.devnull, os.O_WRONLY)  # what the kernel writes outside its messages is nobody's log
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.execve(args.command[0], args.command, _environment(home))


def _reap(child: int) -> int:
    """Wait for ``child`` (and adopt orphans, as a namespace's first process does); its exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 1
        if pid == child:
            return os.waitstatus_to_exitcode(status) & 0xFF


def _confined(args, base: Path) -> int:
    """The kernel in namespaces; raises OSError before anything is started if they are refused."""
    root_user = os.geteuid() == 0
    uid = gid = None
    flags = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS
    if root_user:
        uid, gid = grader_ids()
        _unshare(flags)
    else:
        outside_uid, outside_gid = os.geteuid(), os.getegid()
        _unshare(flags | CLONE_NEWUSER)
        _map_self(outside_uid, outside_gid, 0)
    (base / "strength").write_text("namespaces\n", encoding="utf-8")
    first = os.fork()
    if first:
        return _reap(first)
    # the namespace's first process: builds the root, starts the kernel, ends with it
    try:
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        _mount(None, "/", None, MS_REC | MS_PRIVATE)
        root = str(base / "root")
        os.makedirs(root, exist_ok=True)
        _build_root(root, base, uid or 0, gid or 0)
        _pivot(root)
    except BaseException as error:
        print(f"sandbox: the kernel's root could not be built: {error}", file=sys.stderr)
        os._exit(70)
    kernel = os.fork()
    if kernel:
        os._exit(_reap(kernel))
    try:
        _become_student(args, uid, gid)
        _exec(args, "/home/student")
    except BaseException as error:
        print(f"sandbox: the kernel could not start: {error}", file=sys.stderr)
    os._exit(71)


def _refused(error: OSError) -> Bi:
    """Why the sandbox cannot be built here, and what the teacher can do, in both languages."""
    if os.geteuid() == 0:
        return Bi(
            f"this machine refuses root the namespaces the sandbox needs ({error}), as some containers do: "
            "grade on the machine itself or in a container allowed to make namespaces; no notebook is run "
            "unconfined, so nothing is graded",
            f"эта машина не даёт root пространств имён, нужных песочнице ({error}), как бывает в контейнерах: "
            "оценивайте на самой машине или в контейнере, которому они разрешены; без песочницы тетради не "
            "выполняются, поэтому ничего не оценено",
        )
    try:
        user = pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        user = str(os.geteuid())
    return Bi(
        f"this machine does not let the user {user} make a user namespace ({error}): allow unprivileged user "
        "namespaces (sysctl user.max_user_namespaces above 0, kernel.unprivileged_userns_clone=1 where it "
        "exists, kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu) or grade as root; no notebook is "
        "run unconfined, so nothing is graded",
        f"эта машина не даёт пользователю {user} создать пространство имён пользователей ({error}): разрешите "
        "их непривилегированным пользователям (sysctl user.max_user_namespaces больше 0, "
        "kernel.unprivileged_userns_clone=1, где он есть, kernel.apparmor_restrict_unprivileged_userns=0 в "
        "Ubuntu) или оценивайте от root; без песочницы тетради не выполняются, поэтому ничего не оценено",
    )


def refusal(timeout: float = 60) -> str | None:
    """None when this machine lets the sandbox confine a kernel (tried once, with a command that does
    nothing), else why not and what to do, in both languages (one line each)."""
    base = prepare("", "probe")
    command = [sys.executable, "-m", "rules.exercises.sandbox", f"--base={base}", "--", sys.executable, "-c", "pass"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        confined = strength(base)
    except subprocess.TimeoutExpired:
        return f"the sandbox did not start within {timeout:g} s · песочница не запустилась за {timeout:g} с"
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if done.returncode == 0 and confined == "namespaces":
        return None
    said = [line.removeprefix("sandbox: ") for line in done.stderr.splitlines() if line.startswith("sandbox: ")]
    return "\n".join(said) or (
        f"the sandbox ended with code {done.returncode} · песочница завершилась с кодом {done.returncode}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, type=Path)
    parser.add_argument("--memory-mb", type=int, default=1024)
    parser.add_argument("--cpu-seconds", type=int, default=120)
    parser.add_argument("--processes", type=int, default=64)
    parser.add_argument("--file-mb", type=int, default=64)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupt is the kernel's (sent to the whole group)
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    if not args.command:
        parser.error("no kernel command")
    try:
        return _confined(args, args.base)
    except OSError as error:
        said = _refused(error)
        print(f"sandbox: REFUSED: {said.en}\nsandbox: ОТКАЗ: {said.ru}", file=sys.stderr)
        with contextlib.suppress(OSError):
            (args.base / "strength").write_text(f"refused: {said.en}\n", encoding="utf-8")
        return REFUSED


# ---------------------------------------------------------------- the kernel manager


class SandboxKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel runs in the sandbox of ``base`` and talks over Unix sockets."""

    def __init__(self, *args, base: Path | None = None, limits: Limits | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.base = base
        self.limits = limits or Limits()
        self.transport = "ipc"
        self.ip = str(base / "ipc" / "k")
        self.connection_file = str(base / "ipc" / "kernel.json")

    def format_kernel_cmd(self, extra_arguments=None) -> list[str]:
        command = super().format_kernel_cmd(extra_arguments)
        return [
            sys.executable,
            "-m",
            "rules.exercises.sandbox",
            f"--base={self.base}",
            *self.limits.args(),
            "--",
            *command,
        ]

    def write_connection_file(self, **kwargs):
        super().write_connection_file(**kwargs)
        if os.geteuid() == 0:  # the kernel reads it as the grader's user
            uid, gid = grader_ids()
            os.chown(self.connection_file, uid, gid)


def describe(base: Path) -> str:
    return json.dumps({"strength": strength(base)})


if __name__ == "__main__":
    raise SystemExit(main())
