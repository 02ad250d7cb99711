"""JupyterHub for a class larger than one app server: each student gets the book's apps.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Every student logs in and lands on the apps' gallery (`/user/<name>/`: the hub starts
their server at once, with no "Start My Server" page; its "starting" page and its page for a
server stopped meanwhile, which starts it again by itself, speak both languages:
`templates/`); their server is the book's app
server (`python -m classserver --hub`), which runs only the apps: no code from a page,
no file beyond the apps' pictures and styles and the built book (at `/user/<name>/book/`),
no traceback (see `classserver/app.py`). The teacher's sheet (`/user/<name>/sheet`)
prints addresses through the hub (`/hub/user-redirect/...`), which take each student,
once logged in, to the app on their own server. At most `RULEBOOK_HUB_MAX_SERVERS`
servers run at once; a server idle for `RULEBOOK_HUB_IDLE` seconds (default 15 minutes) is
stopped by JupyterHub's idle culler; inside it, the kernel of a closed tab is shut down at
once.

A class logs in within the same minute, and nobody is turned away: the servers start a few at
a time (`RULEBOOK_HUB_STARTING`), the others wait in line on the "starting" page, which says
how many are ahead (`classserver/hub_spawner.py`); every page of the hub a student can meet
speaks both languages and goes on by itself (`templates/`: the "starting" page, a server
stopped, an error such as a full class, which tries again by itself and says when in its
`Retry-After`). Each server listens on a port checked free when handed out (from
`RULEBOOK_HUB_PORTS` if given) or stops at once, and is then started again on another port;
its kernels take no TCP port (Unix sockets). Each server is forked from the hub's fork server
(`classserver/fork_server.py`, started with the first student; `RULEBOOK_HUB_FORK=0` turns it
off), which has imported everything a server needs once for the class. The teacher starts the class's servers before the
lesson, each with a warm kernel, so that logging in lands at once on a running gallery:

    python -m classserver.hub_start --names names.txt

(the hub's service `class-start`, whose token is kept in `$RULEBOOK_HUB_DIR/class-start-token`).

The settings come from the environment, so the same file serves a class and the tests:

| variable | meaning | default |
|---|---|---|
| RULEBOOK_HUB_IP, RULEBOOK_HUB_PORT | where the hub listens (0.0.0.0 for the class's network) | 127.0.0.1, 8000 |
| RULEBOOK_HUB_HOSTS | names the class reaches the hub by (IP addresses always pass), space-separated | localhost |
| RULEBOOK_HUB_PASSWORD | the class's shared password (any user name, 8 characters or more) | none |
| RULEBOOK_HUB_AUTHENTICATOR | `shared-password`, `dummy` (below) or a school's authenticator class | shared-password |
| RULEBOOK_HUB_DIR | the hub's database, cookie secret and the students' (empty) folders | ./hub-data |
| RULEBOOK_HUB_WARM | kernels kept warm (everything imported) for any app, in each student's server | 1 |
| RULEBOOK_HUB_POOL | preheated pages per app in each student's server | 0 |
| RULEBOOK_HUB_POOL_APPS | the apps that get them, space-separated (the lesson's: `durak/play.ipynb`) | every app |
| RULEBOOK_HUB_POOL_LANG | the language they are drawn in, `en` or `ru` (the class's) | en |
| RULEBOOK_HUB_MAX_KERNELS | apps open at once per student | 4 |
| RULEBOOK_HUB_MAX_SERVERS | students' servers running at once (the next student is asked to wait) | 40 |
| RULEBOOK_HUB_STARTING | servers starting at the same time (the others wait in line) | the machine's cores |
| RULEBOOK_HUB_PORTS | the ports handed to students' servers, `first-last` (a firewall's range) | any free port |
| RULEBOOK_HUB_FORK | `0`: each student's server starts as a program of its own, not forked from the fork server | 1 |
| RULEBOOK_HUB_API_PORT, RULEBOOK_HUB_PROXY_API_PORT | the hub's and its proxy's own loopback ports | 8081, 8001 |
| RULEBOOK_HUB_SSL_CERT, RULEBOOK_HUB_SSL_KEY | the hub's TLS certificate and key (HTTPS, no proxy in front) | none |
| RULEBOOK_BOOK_URL | where the apps' rule links go, if not to the book each student's server serves | the served book |
| RULEBOOK_HUB_IDLE | seconds before an unused server is stopped | 900 |
| RULEBOOK_HUB_PROXY | the hub's proxy command | deploy/jupyterhub/node_modules/.bin/configurable-http-proxy |
| RULEBOOK_HUB_TOGETHER_PORT | the loopback port of the class together (the service below) | 8870 |
| RULEBOOK_CLASS_DIR | the class's board (SQLite), the teacher's key (`teacher-key.txt`) | `$RULEBOOK_HUB_DIR/class` |
| RULEBOOK_TOGETHER_SECRET | the secret signing the verdict tokens | made once: `$RULEBOOK_HUB_DIR/together_secret` |

`dummy` is JupyterHub's test login, refused unless the hub listens on loopback only.

The class together (tables across devices and the teacher's board, `classserver/together/`)
runs once for the whole hub, as a JupyterHub service: `/services/together/`, behind the
hub's login (every user has the role to reach it; no confirmation page). Each student's
server is told the class page's address (the gallery links to it), where the service takes
practice verdicts (on loopback, past the proxy) and the student's own verdict token (an HMAC
of `hub:<name>` with the shared secret): so a student's practice goes to the teacher's board
under the name they logged in with, and no other. The teacher's board's key is printed in
the hub's log and kept in `$RULEBOOK_CLASS_DIR/teacher-key.txt`.

All students' servers run as the hub's own system user (SimpleLocalProcessSpawner):
the servers run no student code and serve no student files, so there is nothing for one
student to reach of another's. For the Kubernetes form, see `deploy/zero-to-jupyterhub/`.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = Path(os.environ.get("RULEBOOK_HUB_DIR", Path.cwd() / "hub-data")).resolve()
DATA.mkdir(parents=True, exist_ok=True)
IP = os.environ.get("RULEBOOK_HUB_IP", "127.0.0.1")
LOOPBACK = IP.startswith("127.") or IP in ("localhost", "::1")

c.JupyterHub.ip = IP
c.JupyterHub.port = int(os.environ.get("RULEBOOK_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("RULEBOOK_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('RULEBOOK_HUB_PROXY_API_PORT', '8001'))}"
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(DATA / "jupyterhub-proxy.pid")
c.ConfigurableHTTPProxy.command = [
    os.environ.get("RULEBOOK_HUB_PROXY", str(HERE / "node_modules" / ".bin" / "configurable-http-proxy"))
]
c.JupyterHub.allow_named_servers = False
# a server takes about 170 MB and 45 MB more for each app open (README, "Apps for a class")
c.JupyterHub.active_server_limit = int(os.environ.get("RULEBOOK_HUB_MAX_SERVERS", "40"))
# nobody is turned away while others start: the spawner lines them up (ClassSpawner.starting_at_once)
c.JupyterHub.concurrent_spawn_limit = 0
# how long the hub holds a student's request for a server that is starting before it shows the
# "starting" page with the start's progress (JupyterHub's default: 10 s)
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": float(os.environ.get("RULEBOOK_HUB_SLOW_SPAWN", "10"))}
cert, key = os.environ.get("RULEBOOK_HUB_SSL_CERT"), os.environ.get("RULEBOOK_HUB_SSL_KEY")
if cert and key:
    c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key = cert, key

# who may log in: the class's shared password, a test login on loopback, or your school's
authenticator = os.environ.get("RULEBOOK_HUB_AUTHENTICATOR", "shared-password")
password = os.environ.get("RULEBOOK_HUB_PASSWORD", "")
c.JupyterHub.authenticator_class = authenticator
c.Authenticator.allow_all = True
if authenticator == "shared-password":
    if len(password) < 8:
        raise SystemExit("set RULEBOOK_HUB_PASSWORD to the class's password (8 characters or more)")
    c.SharedPasswordAuthenticator.user_password = password
elif authenticator == "dummy":  # JupyterHub's test login: only on this machine
    if not LOOPBACK:
        raise SystemExit("the test login (dummy) serves only this machine: RULEBOOK_HUB_IP=127.0.0.1")
    c.DummyAuthenticator.password = password

# the class together, one for the hub: its address, its folder and the secret it shares with the
# students' servers (their verdict tokens)
from classserver.together.tokens import verdict_token  # noqa: E402 (a module with no other import)

TOGETHER = "together"
TOGETHER_URL = f"http://127.0.0.1:{int(os.environ.get('RULEBOOK_HUB_TOGETHER_PORT', '8870'))}"
TOGETHER_PAGE = f"/services/{TOGETHER}/"
CLASS_DIR = Path(os.environ.get("RULEBOOK_CLASS_DIR", DATA / "class")).resolve()


def together_secret() -> str:
    """The secret of the verdict tokens: from the environment, or made once and kept with the hub's data."""
    if os.environ.get("RULEBOOK_TOGETHER_SECRET"):
        return os.environ["RULEBOOK_TOGETHER_SECRET"]
    path = DATA / "together_secret"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_hex(32), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


SECRET = together_secret()


def together_environment() -> dict:
    """What a student's server is told: the class page (for the gallery), where verdicts go, and
    the student's own verdict token (a callable: JupyterHub calls it with the student's spawner)."""
    return {
        "RULEBOOK_TOGETHER_PAGE": TOGETHER_PAGE,
        "RULEBOOK_TOGETHER_URL": f"{TOGETHER_URL}{TOGETHER_PAGE}api/verdict",
        "RULEBOOK_TOGETHER_TOKEN": lambda spawner: verdict_token(SECRET, f"hub:{spawner.user.name}"),
    }


# each student's server: the book's apps, landing on the gallery; started in line, on a port checked
c.JupyterHub.spawner_class = "classserver.hub_spawner.ClassSpawner"
c.ClassSpawner.home_dir_template = str(DATA / "students" / "{username}")
c.ClassSpawner.starting_at_once = int(os.environ.get("RULEBOOK_HUB_STARTING", str(os.cpu_count() or 2)))
c.ClassSpawner.port_range = os.environ.get("RULEBOOK_HUB_PORTS", "")
# servers forked from one process that has imported them (classserver/fork_server.py), through a
# socket only the hub's user opens; RULEBOOK_HUB_FORK=0 starts each as a program of its own
if os.environ.get("RULEBOOK_HUB_FORK", "1") != "0":
    c.ClassSpawner.fork_server_socket = str(DATA / "fork-server.sock")
c.Spawner.cmd = [sys.executable, "-m", "classserver", "--hub"]
c.Spawner.args = [
    f"--warm={os.environ.get('RULEBOOK_HUB_WARM', '1')}",
    f"--pool={os.environ.get('RULEBOOK_HUB_POOL', '0')}",
    *(f"--pool-apps={app}" for app in os.environ.get("RULEBOOK_HUB_POOL_APPS", "").split()),
    f"--pool-lang={os.environ.get('RULEBOOK_HUB_POOL_LANG', 'en')}",
    f"--max-kernels={os.environ.get('RULEBOOK_HUB_MAX_KERNELS', '4')}",
    f"--max-per-client={os.environ.get('RULEBOOK_HUB_MAX_KERNELS', '4')}",
    *(f"--allowed-host={host}" for host in os.environ.get("RULEBOOK_HUB_HOSTS", "localhost").split()),
]
c.Spawner.default_url = "/"
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "LANG", "LC_ALL", "JUPYTER_PATH", "RULEBOOK_BOOK_URL"]
c.Spawner.environment = together_environment()  # the class together: see above
# the hub's timeout counts the time in line (a class of 40 on two busy cores waits minutes for the last);
# once its turn comes, a server has ClassSpawner.listen_timeout (180 s) to listen
c.Spawner.start_timeout = 1800
c.Spawner.http_timeout = 120
# after logging in, or following a sheet's code, a student goes straight to their server
# (JupyterHub starts it): no "Start My Server" page in between
c.JupyterHub.redirect_to_server = True
c.JupyterHub.implicit_spawn_seconds = 0.5
# its pages a student meets ("your apps are starting", "...were stopped") in both languages
c.JupyterHub.template_paths = [str(HERE / "templates")]

# an error page says when to try again (Retry-After, as the page itself does by itself): JupyterHub
# sets it only for its spawn throttle, not for a full class
from jupyterhub.handlers.base import BaseHandler  # noqa: E402

RETRY_AFTER = {429: "30", 502: "30", 503: "30", 504: "30"}
if not getattr(BaseHandler.write_error, "says_when_to_retry", False):
    _write_error = BaseHandler.write_error

    def write_error(self, status_code, **kwargs):
        if status_code in RETRY_AFTER:
            self.set_header("Retry-After", RETRY_AFTER[status_code])
        return _write_error(self, status_code, **kwargs)

    write_error.says_when_to_retry = True
    BaseHandler.write_error = write_error


def class_start_token() -> str:
    """The token of the teacher's command that starts the class's servers ahead (classserver.hub_start):
    made once, kept with the hub's data, readable by the hub's user only."""
    path = DATA / "class-start-token"
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_hex(32), encoding="utf-8")
    return path.read_text(encoding="utf-8").strip()


# servers nobody uses are stopped (JupyterHub's idle culler, as a hub service)
idle = os.environ.get("RULEBOOK_HUB_IDLE", "900")
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}", "--cull-every=60"],
    },
    {  # the class together: every user reaches it behind the hub's login, with no confirmation page
        "name": TOGETHER,
        "url": TOGETHER_URL,
        "command": [
            sys.executable,
            "-m",
            "classserver.together.service",
            "--hub",
            f"--class-dir={CLASS_DIR}",
            *(f"--allowed-host={host}" for host in os.environ.get("RULEBOOK_HUB_HOSTS", "localhost").split()),
        ],
        "environment": {"RULEBOOK_TOGETHER_SECRET": SECRET},
        "oauth_no_confirm": True,
        "timeout": 120,  # the hub stops if it does not answer in time: a busy machine takes longer than 30 s
    },
    # the teacher's command that starts the class's servers before the lesson (no process of its own)
    {"name": "class-start", "api_token": class_start_token()},
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
    {
        "name": "class-start",
        "scopes": ["admin:users", "admin:servers"],
        "services": ["class-start"],
    },
    # every user may reach the class together (the hub's own role for users, and this)
    {"name": "user", "scopes": ["self", f"access:services!service={TOGETHER}"]},
]
c.JupyterHub.last_activity_interval = 60
