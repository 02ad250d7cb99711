"""The hub's fork server (``classserver/fork_server.py``) on its own: what a forked child is given
and what it is not, its socket, and its answers. A fork server here runs a stand-in for the
student's server that reports what it sees (the real server under the hub is
``tests/test_hub_servers.py``'s)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pytest

from classserver.fork_server import pack, read_message

#: a fork server whose children report what they see instead of running a student's server
STAND_IN = """
import json, os, random, signal, sys
from pathlib import Path
from classserver.fork_server import ForkServer

random.seed(1234)  # as an import could leave it: every child would start from the same state


def report(request):
    fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
    seen = {
        "random": random.getrandbits(64),
        "pid": os.getpid(),
        "session_leader": os.getsid(0) == os.getpid(),
        "sigint_default": signal.getsignal(signal.SIGINT) is signal.default_int_handler,
        "sigterm_default": signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,
        "sigchld_default": signal.getsignal(signal.SIGCHLD) == signal.SIG_DFL,
        "fds": fds,
        "env": dict(os.environ),
        "cwd": os.getcwd(),
    }
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    seen.update(env=dict(os.environ), cwd=os.getcwd())
    Path(request["env"]["REPORT"]).write_text(json.dumps(seen))
    return int(request["env"].get("STATUS", "0"))


ForkServer(Path(sys.argv[1]), run=report).serve()
"""


@pytest.fixture
def fork_server():
    folder = Path(tempfile.mkdtemp(prefix="fork-server-"))
    folder.chmod(0o755)  # open, as a hub's data folder may be: the socket itself must not be
    path = folder / "fork.sock"
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB")}
    server = subprocess.Popen([sys.executable, "-c", STAND_IN, str(path)], env=env, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not path.exists():
        assert server.poll() is None, server.stderr.read().decode()
        assert time.monotonic() < deadline, "the fork server did not listen"
        time.sleep(0.05)
    yield path, server
    server.terminate()
    server.wait(30)
    shutil.rmtree(folder, ignore_errors=True)


def ask(path: Path, request: dict) -> tuple[dict, socket.socket]:
    connection = socket.socket(socket.AF_UNIX)
    connection.settimeout(30)
    connection.connect(str(path))
    connection.sendall(pack({"ping": True}))
    assert read_message(connection) is not None
    connection.sendall(pack(request))
    return read_message(connection), connection


def request(tmp_path: Path, name: str, **env: str) -> dict:
    folder = tmp_path / name
    return {
        "argv": [sys.executable, "-m", "classserver", "--hub"],
        "env": {"REPORT": str(tmp_path / f"{name}.json"), "JUPYTERHUB_USER": name, **env},
        "cwd": str(folder),
    }


def test_each_child_starts_as_a_new_process_with_its_own_random_numbers(fork_server, tmp_path):
    path, server = fork_server
    assert stat.S_IMODE(path.stat().st_mode) == 0o600, "the socket is open to other users"
    reports = {}
    for name, status in (("ada", "0"), ("boris", "7")):
        answer, connection = ask(path, request(tmp_path, name, STATUS=status))
        assert "pid" in answer, answer
        with connection:
            ended = read_message(connection)  # the fork server tells its exit status, once reaped
        assert ended == {"exit": int(status)}, ended
        assert not psutil.pid_exists(answer["pid"]), "the child was not reaped (a zombie)"
        reports[name] = json.loads((tmp_path / f"{name}.json").read_text())
        assert reports[name]["pid"] == answer["pid"]

    ada, boris = reports["ada"], reports["boris"]
    assert ada["random"] != boris["random"], "two students' servers draw the same random numbers"
    for seen in (ada, boris):
        assert seen["session_leader"], "the child shares the fork server's session (the hub's signals)"
        assert seen["sigint_default"] and seen["sigterm_default"] and seen["sigchld_default"], seen
        # the fork server's socket, its pipe and the connections (another student's) are closed:
        # only the standard streams and the listing's own descriptor are open
        assert len(seen["fds"]) <= 4 and seen["fds"][:3] == [0, 1, 2], seen["fds"]
    assert ada["env"] == request(tmp_path, "ada", STATUS="0")["env"], "the child's environment is not the student's"
    assert boris["cwd"] == str(tmp_path / "boris")
    assert server.poll() is None


def test_a_request_for_another_program_is_refused(fork_server, tmp_path):
    path, _ = fork_server
    other = {**request(tmp_path, "eve"), "argv": [sys.executable, "-c", "print('hello')"]}
    answer, connection = ask(path, other)
    connection.close()
    assert "pid" not in answer and "classserver" in answer["error"], answer
    assert not (tmp_path / "eve.json").exists()


@pytest.mark.skipif(os.getuid() != 0, reason="needs another user to connect as (root switches to nobody)")
def test_another_user_cannot_reach_the_socket(fork_server):
    path, _ = fork_server
    tried = subprocess.run(
        [
            "/usr/bin/python3",  # one that user may run
            "-c",
            "import socket, sys\ns = socket.socket(socket.AF_UNIX)\ntry:\n    s.connect(sys.argv[1])\n"
            "except PermissionError:\n    print('refused')\nelse:\n    print('connected')",
            str(path),
        ],
        preexec_fn=lambda: (os.setgid(65534), os.setuid(65534)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert tried.stdout.strip() == "refused", tried.stdout + tried.stderr


def test_the_fork_server_stops_when_asked(fork_server):
    path, server = fork_server
    server.send_signal(signal.SIGTERM)
    assert server.wait(30) == 0
    assert not path.exists(), "the socket's file is left behind"


def memory_holds(pid: int, secret: bytes) -> bool:
    """Whether ``secret`` is anywhere in the readable memory of process ``pid``."""
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as memory:
        for line in maps:
            span, perms = line.split()[:2]
            if not perms.startswith("r"):
                continue
            start, end = (int(x, 16) for x in span.split("-"))
            try:
                memory.seek(start)
                if secret in memory.read(end - start):
                    return True
            except (OSError, OverflowError, ValueError):  # [vvar] and the like
                continue
    return False


def test_the_fork_server_never_holds_a_students_token(fork_server, tmp_path):
    """A student's token reaches their own child only: the fork server, whose memory every later
    child inherits, never reads a request."""
    path, server = fork_server
    token = f"token-of-ada-{os.urandom(8).hex()}"
    answer, connection = ask(path, request(tmp_path, "ada", JUPYTERHUB_API_TOKEN=token))
    assert "pid" in answer, answer
    with connection:
        assert read_message(connection) == {"exit": 0}
    assert json.loads((tmp_path / "ada.json").read_text())["env"]["JUPYTERHUB_API_TOKEN"] == token
    assert memory_holds(os.getpid(), token.encode()), "the search finds a token where there is one"
    assert not memory_holds(server.pid, token.encode()), "the fork server holds ada's token"
