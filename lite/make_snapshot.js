/* The memory snapshot the site's Python starts from (lite/python-start.js).
 *
 *   node lite/make_snapshot.js <pyodide dir> <pack> <snapshot out> <python file>
 *
 * Run by lite/build_site.py. It starts the site's own Pyodide under Node, lays out the
 * pack (the packages' files) exactly as the browser will, runs <python file> (the
 * imports every page shares: the kernel, IPython, ipywidgets, the engine and its views)
 * and writes Pyodide's memory, gzip-compressed. The browser's Pyodide then starts with
 * all of it imported, and only the files are laid out again.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const { unpack, snapshotReference } = require("./python-start.js");

async function main() {
  const [pyodideDir, packFile, out, pythonFile] = process.argv.slice(2);
  const { loadPyodide } = require(path.resolve(pyodideDir, "pyodide.js"));
  const pack = zlib.gunzipSync(fs.readFileSync(packFile));
  let files = 0;
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    _makeSnapshot: true,
    fsInit: (FS, info) => {
      files = unpack(FS, info.sitePackages, new Uint8Array(pack));
    },
  });
  await pyodide.runPythonAsync(fs.readFileSync(pythonFile, "utf8"));
  // Pyodide's record of the packages it found is JavaScript, and must start empty to be
  // snapshotted; the browser's Pyodide finds them again in the same files
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const snapshot = pyodide.makeMemorySnapshot({ serializer: (object) => snapshotReference(object, pyodide) });
  fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
  console.log(`${files} files, snapshot ${(snapshot.length / 1e6).toFixed(1)} MB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
