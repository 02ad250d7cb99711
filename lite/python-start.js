/* How the site's Python starts (lite/build_site.py puts this file beside Pyodide and
 * names it as the kernel's `pyodideUrl`, so the kernel's worker loads it in place of
 * pyodide.js).
 *
 * Starting Pyodide the ordinary way unpacks some thirty wheels through Python and then
 * imports IPython, ipywidgets and the engine: seconds of CPU on every page. Here:
 * - the packages' files come as one pack (`python-start.pack`, built with the site) that
 *   is written straight into site-packages before Python starts;
 * - Python itself starts from a memory snapshot (`python-start.snapshot`) taken at build
 *   time, under Node, by lite/make_snapshot.js, right after the same pack was laid out
 *   the same way and the kernel, the widgets and every game were imported;
 * - what a snapshot cannot carry is set afresh: the page's environment (its `?lang=`),
 *   the random generator's seed, the links to Pyodide's own JavaScript.
 * A snapshot that does not load (another browser's build of the same WebAssembly may
 * refuse it) falls back to the ordinary start from the same pack: slower, same result.
 *
 * Both files may arrive gzip-compressed (as built) or already decompressed by the
 * server: the first two bytes tell.
 */
(function () {
  "use strict";

  var GZIP = [0x1f, 0x8b];

  /* The pack's layout: a 4-byte little-endian length, a JSON list of [path, size], then
     the files' bytes one after another. */
  function unpack(FS, root, bytes) {
    var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var headerLength = view.getUint32(0, true);
    var entries = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)));
    var offset = 4 + headerLength;
    var made = {};
    entries.forEach(function (entry) {
      var path = root + "/" + entry[0];
      var folder = path.slice(0, path.lastIndexOf("/"));
      if (!made[folder]) {
        FS.mkdirTree(folder);
        made[folder] = true;
      }
      FS.writeFile(path, bytes.subarray(offset, offset + entry[1]));
      offset += entry[1];
    });
    return entries.length;
  }

  /* JavaScript objects the snapshot's Python holds (the kernel and micropip import a few
     of Pyodide's own functions), by where they are found on the Pyodide API (or its
     internal `_api`); the new Pyodide's objects of the same names stand in for them. */
  function snapshotReference(object, pyodide) {
    if (object === pyodide) return { pyodide: "" };
    var places = { pyodide: pyodide, api: pyodide._api };
    for (var place in places) {
      for (var name in places[place]) {
        var found;
        try {
          found = places[place][name];
        } catch (error) {
          continue;
        }
        if (found === object) return { [place]: name };
      }
    }
    // a function the API hands out anew at each look-up: the same name
    var plain = typeof object === "function" ? object.name.replace(/^bound /, "") : "";
    if (plain && typeof pyodide[plain] === "function") return { pyodide: plain };
    throw new Error("the snapshot holds a JavaScript object it cannot name: " + String(object).slice(0, 80));
  }

  function snapshotObject(reference, pyodide) {
    var place = "pyodide" in reference ? "pyodide" : "api";
    var name = reference[place];
    function owner() {
      return place === "pyodide" ? pyodide() : pyodide()._api;
    }
    if (name === "") {
      return new Proxy(
        {},
        {
          get: function (_, key) {
            return Reflect.get(owner(), key);
          },
          has: function (_, key) {
            return key in owner();
          },
        },
      );
    }
    return function () {
      var target = owner();
      return target[name].apply(target, arguments);
    };
  }

  /* What the snapshot's Python must not keep from the build: the environment (the page's
     address, the book's address) and the random seed. */
  var REFRESH =
    "import os as _os, random as _random\n" +
    "_os.environ.update(_RULEBOOK_ENV)\n" +
    "_random.seed()\n" +
    "del _os, _random, _RULEBOOK_ENV\n";

  function gunzip(bytes) {
    if (bytes[0] !== GZIP[0] || bytes[1] !== GZIP[1]) return Promise.resolve(bytes);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }

  function download(url) {
    return fetch(url)
      .then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + url);
        return response.arrayBuffer();
      })
      .then(function (buffer) {
        return gunzip(new Uint8Array(buffer));
      });
  }

  function inWorker() {
    return typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;
  }

  async function loadRulebookPython(options) {
    importScripts(options.indexURL + "pyodide.js");
    var loadPyodide = self.loadPyodide;
    self.loadPyodide = loadRulebookPython;
    var settings = Object.assign({}, options);
    var packURL = settings.rulebookPackURL;
    var snapshotURL = settings.rulebookSnapshotURL;
    delete settings.rulebookPackURL;
    delete settings.rulebookSnapshotURL;
    // the kernel reads `packages` to know what is there; the pack brings all of it
    var packed = settings.packages || [];
    delete settings.packages;
    var pack = download(packURL);
    var snapshot = snapshotURL ? download(snapshotURL) : null;
    settings.fsInit = async function (FS, info) {
      unpack(FS, info.sitePackages, await pack);
    };
    var pyodide = null;
    /* Pyodide loads a package the code imports unless it knows the package is there:
       it is, from the pack */
    function known(pyodide) {
      packed.forEach(function (name) {
        if (!pyodide.loadedPackages[name]) pyodide.loadedPackages[name] = "python-start pack";
      });
      return pyodide;
    }
    if (snapshot) {
      try {
        pyodide = await loadPyodide(
          Object.assign({}, settings, {
            _loadSnapshot: snapshot,
            _snapshotDeserializer: function (reference) {
              return snapshotObject(reference, function () {
                return pyodide;
              });
            },
          }),
        );
        var env = pyodide.toPy(settings.env || {});
        pyodide.globals.set("_RULEBOOK_ENV", env);
        pyodide.runPython(REFRESH);
        env.destroy();
        return known(pyodide);
      } catch (error) {
        console.warn("Python's snapshot did not load; starting from the beginning", error);
        pyodide = null;
      }
    }
    return known(await loadPyodide(settings));
  }

  if (typeof module !== "undefined" && module.exports) {
    // lite/make_snapshot.js lays the pack out the same way and names the same objects
    module.exports = { unpack: unpack, snapshotReference: snapshotReference };
  } else if (inWorker()) {
    self.loadPyodide = loadRulebookPython;
  }
})();
