/* A book page's one Python: its "host" (lite/build_site.py adds this script, and the
 * page's code cells, to the page's host, a Voici page that the book page loads in a
 * hidden frame: book/_static/live.js).
 *
 * Voici starts the kernel and runs the host's notebook (the imports the page's code
 * needs). Then `rulebookLive.show(cell, lang, target)` runs a demo when the reader asks
 * for it: the page's code cells before it (once; again if the language changed), then
 * the demo's own cell, and draws its output into `target`, an element of the demo's
 * frame on the book page. Every demo of the page thus shares one kernel, one widget
 * manager, one Python.
 */
(function () {
  "use strict";

  var page = JSON.parse(document.getElementById("rulebook-page-cells").textContent);
  var order = Object.keys(page.cells)
    .map(Number)
    .sort(function (a, b) {
      return a - b;
    });

  /* ready once Voici has started the kernel, run the notebook and shown it */
  var ready = new Promise(function (resolve) {
    var timer = setInterval(function () {
      var app = window.jupyterapp;
      var cells = document.getElementById("rendered_cells");
      if (app && app.widgetManager && app.widgetManager.kernel && cells && cells.style.display !== "none") {
        clearInterval(timer);
        resolve(app.widgetManager);
      }
    }, 50);
  });

  /* run `code` in the kernel; each output (a display bundle) goes to `collect` */
  function run(kernel, code, collect) {
    var future = kernel.requestExecute({ code: code, silent: false, store_history: false });
    future.onIOPub = function (message) {
      var type = message.header.msg_type;
      if (!collect) return;
      if (type === "display_data" || type === "execute_result") collect(message.content);
      else if (type === "stream") collect({ data: { "text/plain": message.content.text }, metadata: {} });
    };
    return future.done.then(function (reply) {
      if (reply.content.status !== "ok") throw new Error("the demo's cell failed: " + reply.content.ename);
    });
  }

  /* the demo's frame gets this page's styles (JupyterLab's, the widgets', the theme) */
  function dress(doc) {
    if (doc.documentElement.hasAttribute("data-host-styles")) return Promise.resolve();
    doc.documentElement.setAttribute("data-host-styles", "");
    var base = doc.createElement("base");
    base.href = location.href;
    doc.head.prepend(base);
    var loading = [];
    document.querySelectorAll('link[rel="stylesheet"], style').forEach(function (element) {
      var copy;
      if (element.tagName === "LINK") {
        copy = doc.createElement("link");
        copy.rel = "stylesheet";
        copy.href = element.href;
        loading.push(
          new Promise(function (resolve) {
            copy.onload = copy.onerror = resolve;
          }),
        );
      } else {
        copy = doc.createElement("style");
        copy.textContent = element.textContent;
      }
      doc.head.appendChild(copy);
    });
    [document.documentElement, document.body].forEach(function (element, index) {
      var target = index ? doc.body : doc.documentElement;
      element.classList.forEach(function (name) {
        target.classList.add(name);
      });
      Array.prototype.forEach.call(element.attributes, function (attribute) {
        if (attribute.name.indexOf("data-jp-") === 0) target.setAttribute(attribute.name, attribute.value);
      });
    });
    return Promise.all(loading);
  }

  /* one output, drawn by this page's renderers (a widget by its widget manager) */
  function draw(manager, target, output) {
    var rendermime = manager.rendermime;
    var mime = rendermime.preferredMimeType(output.data, "any");
    if (!mime) return Promise.resolve();
    var renderer = rendermime.createRenderer(mime);
    var doc = target.ownerDocument;
    var child = doc.createElement("div");
    child.className = "jp-OutputArea-child";
    var area = doc.createElement("div");
    area.className = "jp-OutputArea-output";
    child.appendChild(area);
    target.appendChild(child);
    var model = { data: output.data, metadata: output.metadata || {}, trusted: true, setData: function () {} };
    return Promise.resolve(renderer.renderModel(model)).then(function () {
      // Lumino's Widget.attach, which every renderer's class inherits
      renderer.constructor.attach(renderer, area);
    });
  }

  var queue = Promise.resolve();
  var ranIn = null;
  var ran = {};

  function show(cell, lang, target) {
    if (!(String(cell) in page.cells) || !/^[a-z]{2}$/.test(lang)) return Promise.reject(new Error("no such demo"));
    var task = queue.then(function () {
      return ready.then(function (manager) {
        var kernel = manager.kernel;
        if (lang !== ranIn) {
          ran = {};
          ranIn = lang;
        }
        var outputs = [];
        var steps = run(kernel, "import os\nos.environ['QUERY_STRING'] = " + JSON.stringify("lang=" + lang));
        order.forEach(function (index) {
          if (index >= cell || ran[index]) return;
          steps = steps.then(function () {
            return run(kernel, page.cells[index]).then(function () {
              ran[index] = true;
            });
          });
        });
        return steps
          .then(function () {
            return run(kernel, page.cells[cell], function (output) {
              outputs.push(output);
            });
          })
          .then(function () {
            ran[cell] = true;
            return dress(target.ownerDocument);
          })
          .then(function () {
            return outputs.reduce(function (drawn, output) {
              return drawn.then(function () {
                return draw(manager, target, output);
              });
            }, Promise.resolve());
          });
      });
    });
    queue = task.catch(function () {});
    return task;
  }

  window.rulebookLive = { ready: ready, show: show };
})();
