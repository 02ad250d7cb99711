"""Add the in-browser Python to the built book: the static site (``make site``).

    python lite/build_site.py [--html _build/html] [--cache _build/site-cache] [--downloads DIR]

The book's demos and apps then run in the reader's browser with no server and no
network: JupyterLite's Voici renders every app notebook as a static page whose Python
is Pyodide, taken from the npm registry; each book page with demos gets
``lite/demos/<chapter>-<page>.json`` (its code cells), which the page's own Python, a web
worker (``live-host.js``), runs for ``book/_static/live.js``. Everything the pages load
is bundled under ``<html>/lite/``: Pyodide itself, the project's own wheel, ipywidgets
and every other wheel (pure Python, from PyPI, pinned in ``lite/browser-requirements.txt``).
The downloads (Pyodide, the wheels) and the memory snapshots are kept in ``--downloads``
(``~/.cache/card-rulebook/site`` by default, as pip keeps its cache), so a rebuild, or a build
in a fresh clone, fetches nothing; a snapshot is named by everything it is made from and is
made again only when one of them changes. The staging of the build is in ``--cache``, inside
the tree.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nbformat
from jupyterlite_pyodide_kernel import constants as pyodide_kernel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VOILA = ROOT / "classserver"
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import live  # noqa: E402  (the book's extension: which cells are demos, and their names)
import offline  # noqa: E402  (the book's extension: the service worker and the manifest)

#: the Pyodide that jupyterlite-pyodide-kernel is built for, from the npm registry
PYODIDE_VERSION = pyodide_kernel.PYODIDE_VERSION
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
#: the JupyterLab extensions the static apps load (nothing else from the environment)
FRONT_END = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_WHEELS = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
#: the wheels the kernel brings itself: its stubs of ipykernel and widgetsnbextension
KERNEL_OWN = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")

#: the kernel installs these at start unless they are there already; all come from the pack
KERNEL_NEEDS = ("micropip", "piplite", "pyodide_kernel", "ipykernel", "comm", "ipython", "sqlite3")
#: what the kernel would install but the site leaves out: IPython completes without Jedi
#: (and the apps never complete), so its 1,900 files are neither shipped nor laid out
KERNEL_SKIPS = ("jedi",)
#: how the site's Python starts (python-start.js: the pack of files, the memory snapshot)
PYTHON_START = "python-start.js"
PACK = "python-start-{}.pack"
#: a book page's one Python, in a web worker (``book/_static/live.js`` starts it)
LIVE_HOST = "live-host.js"
SNAPSHOT = "python-start-{}.snapshot"


def run(*cmd: str, **kwargs) -> None:
    """Run a step; its chatter is shown only when it fails."""
    print("  $", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if done.returncode:
        print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}")


def default_downloads() -> Path:
    """Where downloads and snapshots are kept between builds and clones: ``RULEBOOK_SITE_CACHE``,
    else ``card-rulebook/site`` in the user's cache folder (``XDG_CACHE_HOME``, else ``~/.cache``)."""
    if os.environ.get("RULEBOOK_SITE_CACHE"):
        return Path(os.environ["RULEBOOK_SITE_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "card-rulebook" / "site"


def _download_into(folder: Path, fetch) -> None:
    """``fetch(staging)`` downloads into a staging folder of its own, whose files then take their
    places in ``folder`` whole (``os.replace``): builds running at once never see half a file."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".part-") as staging:
        fetch(Path(staging))
        for file in Path(staging).iterdir():
            os.replace(file, folder / file.name)


def pyodide_package(cache: Path, downloads: Path) -> Path:
    """The ``pyodide`` npm package, unpacked in the cache (downloaded once into ``downloads``)."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide.asm.wasm").exists():
        cache.mkdir(parents=True, exist_ok=True)
        tgz = downloads / f"pyodide-{PYODIDE_VERSION}.tgz"
        if not tgz.exists():
            if not shutil.which("npm"):
                raise SystemExit("the site takes Pyodide from the npm registry: install npm (apt-get install -y npm)")
            _download_into(
                downloads,
                lambda staging: run(
                    "npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(staging), "--silent"
                ),
            )
        shutil.rmtree(cache / "npm", ignore_errors=True)
        with tarfile.open(tgz) as archive:
            archive.extractall(cache / "npm", filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (cache / "npm" / "package").rename(unpacked)
    return unpacked


def pinned() -> list[str]:
    lines = (HERE / "browser-requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def _wheel_stem(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{name.replace('-', '_').lower()}-{version}-"


def pypi_wheels(downloads: Path) -> list[Path]:
    """The pinned pure-Python wheels, downloaded from PyPI once."""
    folder = downloads / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = pinned()
    have = {w.name.lower(): w for w in folder.glob("*.whl")}
    missing = [r for r in wanted if not any(n.startswith(_wheel_stem(r)) for n in have)]
    if missing:
        env = dict(os.environ, PIP_CONSTRAINT="")
        _download_into(
            folder,
            lambda staging: run(
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                "--python-version", "3.13", "--platform", "any", "--implementation", "py",
                "-d", str(staging), *missing, env=env,
            ),
        )  # fmt: skip
    found = []
    for requirement in wanted:
        matches = [w for w in folder.glob("*.whl") if w.name.lower().startswith(_wheel_stem(requirement))]
        if not matches:
            raise SystemExit(f"no pure-Python wheel found for {requirement}")
        found.append(matches[0])
    return found


def project_wheel(cache: Path) -> Path:
    """The project's own wheel (rules and widgets), built fresh from a copy of this tree.

    A copy, so the build leaves nothing (``build/``, ``*.egg-info``) in the work tree.
    """
    source, folder = cache / "project-src", cache / "project"
    for path in (source, folder):
        shutil.rmtree(path, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("rules", "widgets"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", source / "pyproject.toml")
    # the wheel's description: one line, not the README, whose every edit would change the pack
    # and so the snapshot named by it (nothing in the browser reads the description)
    (source / "README.md").write_text("The rules engine and the views of the card rulebook, for the site's Python.\n")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder), str(source))
    return next(folder.glob("card_rulebook-*.whl"))


def small_wheel(folder: Path, name: str, version: str, why: str, data: dict[str, str] | None = None) -> Path:
    """A wheel written here; ``data`` maps paths inside site-packages to their text."""
    stem = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{stem}-py3-none-any.whl"
    info = f"{stem}.dist-info"
    files = {
        **(data or {}),
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {why}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{p},sha256={_b64(hashlib.sha256(t.encode()).digest())},{len(t.encode())}" for p, t in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    with zipfile.ZipFile(path, "w") as archive:
        for p, t in files.items():
            archive.writestr(zipfile.ZipInfo(p, date_time=(2020, 1, 1, 0, 0, 0)), t)
    return path


_LABEL_LINE = re.compile(r"^\([\w.\-]+\)=\s*$")


def rule_labels() -> dict[str, str]:
    """The rule labels of the book's pages, where the views look for them.

    ``widgets.common`` finds the page of a rule in ``book/<chapter>/<page>.md`` beside
    its package; in the browser those pages are not installed, so each page's label
    lines are, under the same names.
    """
    labels = {}
    for source in sorted((ROOT / "book").glob("*/*.md")):
        lines = [line for line in source.read_text(encoding="utf-8").splitlines() if _LABEL_LINE.match(line)]
        if lines:
            labels[f"book/{source.parent.name}/{source.name}"] = "\n".join(lines) + "\n"
    return labels


def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _wheel_name(wheel: Path) -> tuple[str, str]:
    name, version = wheel.name.split("-")[:2]
    return name.lower().replace("_", "-"), version


def _imports(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        tops = {
            n.split("/")[0].removesuffix(".py")
            for n in archive.namelist()
            if not n.split("/")[0].endswith(".dist-info")
        }
    return sorted(t for t in tops if t.isidentifier())


def lay_out_pyodide(npm: Path, wheels: list[Path], dest: Path) -> list[str]:
    """Pyodide from npm plus every wheel, with a lock file that lists exactly those wheels.

    Pyodide's own lock names hundreds of packages it would fetch from its CDN; the
    site's lock names only what is bundled, so nothing is ever looked for elsewhere.
    """
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(npm / name, dest / name)
    lock = json.loads((npm / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        shutil.copy2(wheel, dest / wheel.name)
        name, version = _wheel_name(wheel)
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": _imports(wheel),
            "depends": [],
            "unvendored_tests": False,
        }
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def write_pack(wheels: list[Path], folder: Path) -> Path:
    """Every wheel's files in one gzip-compressed pack, named by its content.

    ``python-start.js`` writes them straight into site-packages before Python starts
    (what Pyodide's own installer does file by file through Python, seconds slower).
    A wheel's ``.data`` folder (a JupyterLab extension's JavaScript) is left out.
    """
    entries, blobs = [], []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for info in sorted(archive.infolist(), key=lambda i: i.filename):
                top = info.filename.split("/")[0]
                if info.is_dir() or top.endswith(".data"):
                    continue
                entries.append([info.filename, info.file_size])
                blobs.append(archive.read(info))
    header = json.dumps(entries, separators=(",", ":")).encode()
    data = gzip.compress(struct.pack("<I", len(header)) + header + b"".join(blobs), compresslevel=9, mtime=0)
    path = folder / PACK.format(hashlib.sha256(data).hexdigest()[:12])
    path.write_bytes(data)
    return path


def snapshot_imports() -> str:
    """What every page's Python imports before its notebook runs, as the kernel does it.

    The kernel's own start (its package manager, IPython's shell), ipywidgets, the
    engine and every game's views: imported once, at build time, into the snapshot.
    """
    views = sorted(p.stem for p in (ROOT / "widgets" / "games").glob("*.py") if p.stem != "__init__")
    return "\n".join(
        [
            "import micropip, piplite.piplite",
            "import pyodide_kernel",
            "import ipywidgets",
            "import rules, widgets.common, widgets.game, widgets.exercises, widgets.notation",
            *(f"import widgets.games.{name}" for name in views),
            "import gc",
            "gc.collect()",
        ]
    )


def make_snapshot(pyodide: Path, pack: Path, cache: Path, downloads: Path) -> Path:
    """Pyodide's memory with everything imported (``make_snapshot.js``), kept in ``downloads``.

    It is made again only when the pack, the imports or Pyodide change.
    """
    imports = snapshot_imports()
    key = hashlib.sha256()
    for part in (pack.read_bytes(), imports.encode(), (pyodide / "pyodide.asm.wasm").read_bytes()):
        key.update(part)
    for script in ("make_snapshot.js", PYTHON_START):
        key.update((HERE / script).read_bytes())
    kept = downloads / "snapshots" / f"{key.hexdigest()[:16]}.snapshot"
    if not kept.exists():
        script = cache / "snapshot_imports.py"
        script.write_text(imports, encoding="utf-8")
        _download_into(
            kept.parent,
            lambda staging: run("node", str(HERE / "make_snapshot.js"), str(pyodide), str(pack),
                                str(staging / kept.name), str(script)),
        )  # fmt: skip
    data = kept.read_bytes()
    path = pyodide / SNAPSHOT.format(hashlib.sha256(data).hexdigest()[:12])
    path.write_bytes(data)
    return path


def app_notebooks() -> list[Path]:
    """The notebooks the book opens as apps (``{app}`` links): the Voila apps' twins."""
    found = []
    for notebook in sorted((ROOT / "book").glob("*/*.ipynb")):
        if "{app}`" in notebook.read_text(encoding="utf-8"):
            found.append(notebook)
    return found


def _without_last_expression(source: str) -> str:
    """A cell's code without the expression it ends on (the value the cell shows)."""
    tree = ast.parse(source)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        tree.body.pop()
    return ast.unparse(tree)


def page_demos() -> dict[str, dict]:
    """Each book page with demos, named as ``live`` names it: its code cells up to its last demo.

    ``live.js`` runs a demo's cell in the page's one Python when the reader asks for that
    demo, after the cells before it; those run as ``setup``: a demo's cell without the
    value it shows (its widget is not made twice), any other cell whole.
    """
    pages = {}
    for path in sorted((ROOT / "book").glob("*/*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        code = [(i, c) for i, c in enumerate(notebook.cells) if c.cell_type == "code"]
        demos = [i for i, c in code if live.is_widget_demo(c.get("outputs", []))]
        if not demos:
            continue
        cells = [
            {
                "index": i,
                "source": c.source,
                "setup": _without_last_expression(c.source) if i in demos else c.source,
            }
            for i, c in code
            if i <= max(demos)
        ]
        pages[live.page_name(path.relative_to(ROOT).with_suffix("").as_posix())] = {"cells": cells, "demos": demos}
    return pages


def write_demos(out: Path, pyodide: str, start: dict[str, str]) -> None:
    """Every page's demos (``page_demos``) and where its Python comes from, for ``live.js``."""
    folder = out / live.DEMOS
    folder.mkdir(parents=True, exist_ok=True)
    python = {name: f"../{pyodide}/{file}" for name, file in start.items()}
    for name, page in page_demos().items():
        (folder / f"{name}.json").write_text(
            json.dumps({"python": python, **page}, ensure_ascii=False), encoding="utf-8"
        )


def write_contents(contents: Path) -> None:
    shutil.rmtree(contents, ignore_errors=True)
    for notebook in app_notebooks():
        target = contents / notebook.parent.name / notebook.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = nbformat.read(notebook, as_version=4)
        nb.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        nbformat.write(nb, target)


def lite_config(packages: list[str], pack: str, snapshot: str) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Card games, rule by rule",
            "disabledExtensions": [],
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": f"./static/pyodide/{PYTHON_START}",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {
                        # what the kernel finds there already and does not install: the
                        # pack brings it all before Python starts (python-start.js)
                        "packages": sorted({*packages, *KERNEL_NEEDS, *KERNEL_SKIPS}),
                        "rulebookPackURL": f"static/pyodide/{pack}",
                        "rulebookSnapshotURL": f"static/pyodide/{snapshot}",
                        # rule links of the apps go to the book, four folders up from voici/render/<dir>/
                        "env": {"RULEBOOK_BOOK_URL": "../../../.."},
                    },
                }
            },
        },
    }


_REMOTE_STYLESHEET = re.compile(r'<link rel="stylesheet" href="https?://[^"]*"[^>]*>\s*')
_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL)
#: the page's ``?lang=...`` reaches Python as ``QUERY_STRING``, as under Voila (``widgets.common.page_lang``)
_QUERY_TO_PYTHON = (
    "<script>(function () {"
    'var el = document.getElementById("jupyter-config-data"), config = JSON.parse(el.textContent);'
    f'var options = config.litePluginSettings["{KERNEL_PLUGIN}"].loadPyodideOptions;'
    'options.env = Object.assign({}, options.env, {QUERY_STRING: location.search.replace(/^\\?/, "")});'
    "el.textContent = JSON.stringify(config);"
    "})();</script>"
)


def patch_app_pages(out: Path, kernel_settings: dict) -> None:
    """Make Voici's pages self-contained and give them the bundled Pyodide.

    Voici's template links Font Awesome from a CDN (the apps use no icon font), and its
    pages read only their own inline configuration, so the kernel's settings (the
    bundled Pyodide, its packages, the rule links' base) are written into each page.
    Each page also names the site's manifest and lists what it loaded for the site's
    service worker (``book/_ext/offline.py``), so that an app once opened opens offline.
    """
    keeper = (ROOT / "book" / "_static" / "offline.js").read_text(encoding="utf-8")
    for page in (out / "voici").rglob("*.html"):
        text = _REMOTE_STYLESHEET.sub("", page.read_text(encoding="utf-8"))
        match = _CONFIG.search(text)
        if match:
            config = json.loads(match[2])
            plugins = config.setdefault("litePluginSettings", {})
            settings = {**plugins.get(KERNEL_PLUGIN, {}), **kernel_settings}
            settings["pyodideUrl"] = config["baseUrl"] + f"static/pyodide/{PYTHON_START}"
            plugins[KERNEL_PLUGIN] = settings
            inline = json.dumps(config).replace("<", "\\u003c")
            site = config["baseUrl"] + "../"  # the site's root, from the page
            offline_js = (
                f'<link rel="manifest" href="{site}{offline.MANIFEST}">'
                f'<meta name="theme-color" content="{offline.THEME}">'
                f'<script data-root="{site}" data-app="1">{keeper}</script>'
            )
            text = (
                text[: match.start()]
                + match[1]
                + inline
                + match[3]
                + _QUERY_TO_PYTHON
                + offline_js
                + text[match.end() :]
            )
        page.write_text(text, encoding="utf-8")


def build_config() -> dict:
    """Only the front-end extensions the apps use: the widgets and the Pyodide kernel."""
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    return {
        "LiteBuildConfig": {
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(labextensions / name) for name in FRONT_END],
        }
    }


def build(html: Path, cache: Path, downloads: Path) -> None:
    if not (html / "index.html").exists():
        raise SystemExit(f"build the book first: {html}/index.html is missing")
    src = cache / "src"
    print(f"Pyodide {PYODIDE_VERSION} from npm, wheels from PyPI (kept in {downloads})")
    npm = pyodide_package(cache, downloads)
    stubs = cache / "stubs"
    stubs.mkdir(parents=True, exist_ok=True)
    kernel_own = [w for w in sorted(KERNEL_WHEELS.glob("*.whl")) if w.name.startswith(KERNEL_OWN)]
    wheels = [
        *pypi_wheels(downloads),
        *kernel_own,
        project_wheel(cache),
        # Pyodide's sqlite3 is a compiled module outside the npm package; IPython runs without it
        small_wheel(stubs, "sqlite3", "1.0.0", "placeholder: IPython keeps no history in the browser"),
        # the rule links of the apps lead to the page that holds each rule
        small_wheel(stubs, "card-rulebook-labels", "1.0.0", "the book's rule labels", rule_labels()),
    ]
    pyodide = src / "static" / "pyodide"
    packages = lay_out_pyodide(npm, wheels, pyodide)
    missing = [p for p in KERNEL_NEEDS if p.replace("_", "-") not in packages]
    if missing:
        raise SystemExit(f"the kernel needs {missing}, which no bundled wheel provides")
    for script in (PYTHON_START, LIVE_HOST):
        shutil.copy2(HERE / script, pyodide / script)
    pack = write_pack(wheels, pyodide)
    snapshot = make_snapshot(pyodide, pack, cache, downloads)
    config = lite_config(packages, pack.name, snapshot.name)
    write_contents(src / "contents")
    (src / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    (src / "jupyter_lite_config.json").write_text(json.dumps(build_config(), indent=1))
    (src / "overrides.json").unlink(missing_ok=True)
    out = html / "lite"
    shutil.rmtree(out, ignore_errors=True)
    run(
        str(Path(sys.executable).parent / "voici"), "build",
        "--lite-dir", str(src), "--contents", str(src / "contents"), "--output-dir", str(out),
        "--no-sourcemaps", "--no-unused-shared-packages",
        # the Voila apps' own template (no code, no tracebacks, no "book-only" cells)
        "--template=rulebook", "--show_tracebacks=False", "--strip_sources=True",
        cwd=src, env=dict(os.environ, JUPYTER_PATH=os.pathsep.join([str(VOILA), os.environ.get("JUPYTER_PATH", "")])),
    )  # fmt: skip
    patch_app_pages(out, config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN])
    # the pages JupyterLite draws register its worker here: the site's own, which keeps them for offline
    (out / "service-worker.js").write_text(f'importScripts("../{offline.WORKER}");\n', encoding="utf-8")
    start = {"host": LIVE_HOST, "index": "", "pack": pack.name, "snapshot": snapshot.name}
    write_demos(out, "static/pyodide", start)
    offline.stamp(html)  # a new build, a new cache
    size = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
    print(f"site: {html} ({size / 1e6:.1f} MB, of which lite/ {_size(out) / 1e6:.1f} MB)")


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="the built book")
    parser.add_argument("--cache", type=Path, default=ROOT / "_build" / "site-cache", help="the build's staging")
    parser.add_argument(
        "--downloads", type=Path, default=default_downloads(), help="Pyodide, the wheels and the snapshots, kept"
    )
    args = parser.parse_args()
    build(args.html.resolve(), args.cache.resolve(), args.downloads.resolve())


if __name__ == "__main__":
    main()
