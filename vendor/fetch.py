"""Fetch the vendored browser files again from the npm registry, or check them against it.

    python vendor/fetch.py            # write vendor/<package>@<version>/ from npm's tarballs
    python vendor/fetch.py --check    # exit 1 if a committed file differs from npm's

Each package's files are served by the book under ``_static/widgets/`` (``_config.yml``'s
``html_static_path`` lists each ``vendor/<package>@<version>/static``). To move to another
version: change it in ``PACKAGES`` and in ``_config.yml``, rename the folder, delete its
``static/widgets`` files (a new embedder names its fonts anew), run this, then ``make book``
and the browser tests.
"""

from __future__ import annotations

import argparse
import fnmatch
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: package@version -> {pattern of a file in the npm tarball: where it goes in the package's folder}
PACKAGES = {
    "requirejs@2.3.7": {"package/require.js": "static/widgets/"},
    "@jupyter-widgets/html-manager@1.0.15": {
        "package/dist/embed-amd.js": "static/widgets/",
        "package/dist/*.woff2": "static/widgets/",
        "package/dist/*.woff": "static/widgets/",
        "package/dist/*.ttf": "static/widgets/",
        # the notices of the libraries bundled in the embedder (embed-amd.js points to its own
        # chunk's notice files, which the package does not ship)
        "package/dist/embed.js.LICENSE.txt": "THIRD-PARTY-NOTICES.txt",
    },
}


def fetched(spec: str, into: Path) -> dict[str, bytes]:
    """The files of ``spec`` (package@version) as ``PACKAGES`` places them, from ``npm pack``."""
    subprocess.run(["npm", "pack", spec, "--pack-destination", str(into)], check=True, cwd=into, capture_output=True)
    (tarball,) = into.glob(f"{spec.lstrip('@').replace('/', '-').replace('@', '-')}.tgz")
    files = {}
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            for pattern, target in PACKAGES[spec].items():
                if member.isfile() and fnmatch.fnmatch(member.name, pattern):
                    name = target + Path(member.name).name if target.endswith("/") else target
                    files[name] = archive.extractfile(member).read()
    if not files:
        raise SystemExit(f"{spec}: no file of the tarball matches {sorted(PACKAGES[spec])}")
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with npm's files; change nothing")
    args = parser.parse_args()
    differ = []
    with tempfile.TemporaryDirectory() as tmp:
        for spec in PACKAGES:
            folder = HERE / spec
            for name, data in fetched(spec, Path(tmp)).items():
                path = folder / name
                if args.check:
                    if not path.exists() or path.read_bytes() != data:
                        differ.append(str(path.relative_to(HERE)))
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    if differ:
        print("differ from npm:", *differ, sep="\n  ")
        sys.exit(1)
    print("the vendored files are npm's" if args.check else "fetched")


if __name__ == "__main__":
    main()
