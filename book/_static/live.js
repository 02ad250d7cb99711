/* The book's live demos (book/_ext/live.py puts a bar on every widget snapshot).
 *
 * "Make it live" loads the demo's static app (JupyterLite's Voici, Python running as
 * Pyodide in this browser, everything served from this site) in a frame under the
 * bar; when the demo has drawn itself there, it takes the snapshot's place.
 */
(function () {
  "use strict";

  var TEXT = {
    starting:
      "Starting Python in your browser… (the first time it loads about 20 MB, then it comes from the cache) · " +
      "Python запускается в браузере… (в первый раз загружается около 20 МБ, потом из кэша)",
    missing:
      "The live demos come with the static site (make site); this build has only the snapshots. · " +
      "Живые примеры есть в статическом сайте (make site); в этой сборке только снимки.",
    failed: "The demo could not start here; the snapshot stays. · Пример не запустился; остаётся снимок.",
    live:
      "Live: this demo runs Python in your browser; it answers your input. · " +
      "Работает: Python выполняется в вашем браузере и отвечает на ввод.",
  };
  var GIVE_UP_MS = 180000;

  function ready(frame) {
    var doc;
    try {
      doc = frame.contentDocument;
    } catch (error) {
      return false;
    }
    if (!doc || doc.getElementById("loading")) return false;
    var cells = doc.getElementById("rendered_cells");
    return !!(cells && cells.style.display !== "none" && cells.querySelector(".jupyter-widgets"));
  }

  // Voici's page scrolls inside #rendered_cells: the frame takes the height of its content
  function fit(frame) {
    var doc = frame.contentDocument;
    var cells = doc && doc.getElementById("rendered_cells");
    if (cells) frame.style.height = cells.scrollHeight + 2 + "px";
  }

  function goLive(bar, frame) {
    var cell = bar.closest(".cell");
    cell.querySelectorAll(".cell_output").forEach(function (output) {
      output.hidden = true;
    });
    frame.classList.add("is-live");
    bar.classList.remove("is-starting");
    bar.classList.add("is-live");
    bar.querySelector(".live-note").textContent = TEXT.live;
    bar.querySelector(".live-status").textContent = "";
    var button = bar.querySelector(".live-start");
    if (button) button.remove();
    fit(frame);
    var content = frame.contentDocument.getElementById("rendered_cells").firstElementChild;
    if (window.ResizeObserver && content) {
      new ResizeObserver(function () {
        fit(frame);
      }).observe(content);
    }
    bar.dispatchEvent(new CustomEvent("live-ready", { bubbles: true }));
  }

  function fail(bar, message) {
    bar.classList.remove("is-starting");
    bar.classList.add("is-failed");
    bar.querySelector(".live-status").textContent = message;
    var button = bar.querySelector(".live-start");
    if (button) button.disabled = false;
  }

  function start(bar) {
    if (bar.classList.contains("is-starting") || bar.classList.contains("is-live")) return;
    var src = bar.getAttribute("data-live-src");
    var button = bar.querySelector(".live-start");
    button.disabled = true;
    bar.classList.remove("is-failed");
    bar.classList.add("is-starting");
    bar.querySelector(".live-status").textContent = TEXT.starting;
    fetch(src, { method: "HEAD" })
      .then(function (response) {
        if (!response.ok) throw new Error("missing");
        var frame = document.createElement("iframe");
        frame.className = "live-frame";
        frame.title = "Live demo";
        frame.src = src;
        bar.closest(".cell").appendChild(frame);
        var began = Date.now();
        var timer = setInterval(function () {
          if (ready(frame)) {
            clearInterval(timer);
            goLive(bar, frame);
          } else if (Date.now() - began > GIVE_UP_MS) {
            clearInterval(timer);
            frame.remove();
            fail(bar, TEXT.failed);
          }
        }, 100);
      })
      .catch(function () {
        fail(bar, TEXT.missing);
      });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".live-start");
    if (button) start(button.closest(".live-bar"));
  });
})();
