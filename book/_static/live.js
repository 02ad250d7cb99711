/* The book's live demos (book/_ext/live.py puts a bar on every widget snapshot).
 *
 * "Make it live" loads the demo's static app (JupyterLite's Voici, Python running as
 * Pyodide in this browser, everything served from this site) in a frame under the
 * bar; when the demo has drawn itself there, it takes the snapshot's place.
 */
(function () {
  "use strict";

  /* Every word the bar shows, in each language: both are written, the page shows the reader's
     one (rulebook.css hides the other by the lang-* classes), so the bar follows the switch. */
  var TEXT = {
    starting: {
      en: "Starting Python in your browser… (the first time it loads about 20 MB, then it comes from the cache)",
      ru: "Python запускается в браузере… (в первый раз загружается около 20 МБ, потом из кэша)",
    },
    missing: {
      en: "The live demos come with the static site (make site); this build has only the snapshots.",
      ru: "Живые примеры есть в статическом сайте (make site); в этой сборке только снимки.",
    },
    failed: { en: "The demo could not start here; the snapshot stays.", ru: "Пример не запустился; остаётся снимок." },
    live: {
      en: "Live: this demo runs Python in your browser; it answers your input.",
      ru: "Работает: Python выполняется в вашем браузере и отвечает на ввод.",
    },
    frame: { en: "Live demo", ru: "Живой пример" },
  };

  function pageLang() {
    return document.documentElement.dataset.lang === "ru" ? "ru" : "en";
  }

  /* Put ``words`` (one of TEXT) in ``element``: a span per language, each marked for its voice. */
  function say(element, words) {
    element.textContent = "";
    if (!words) return;
    ["en", "ru"].forEach(function (lang) {
      var span = document.createElement("span");
      span.className = "lang-" + lang;
      span.lang = lang;
      span.textContent = words[lang];
      element.appendChild(span);
    });
  }

  /* The demo runs in the page's language: its address asks for it, as an app's does. */
  function inPageLanguage(src) {
    var url = new URL(src, location.href);
    url.searchParams.set("lang", pageLang());
    return url.href;
  }

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
    say(bar.querySelector(".live-note"), TEXT.live);
    say(bar.querySelector(".live-status"), null);
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
    say(bar.querySelector(".live-status"), message);
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
    say(bar.querySelector(".live-status"), TEXT.starting);
    fetch(src, { method: "HEAD" })
      .then(function (response) {
        if (!response.ok) throw new Error("missing");
        var frame = document.createElement("iframe");
        frame.className = "live-frame";
        frame.title = TEXT.frame[pageLang()];
        frame.src = inPageLanguage(src);
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

  /* the frame's name follows the reader's switch of language (the demo keeps the language it started in) */
  document.addEventListener("rulebook:language", function () {
    document.querySelectorAll("iframe.live-frame").forEach(function (frame) {
      frame.title = TEXT.frame[pageLang()];
    });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".live-start");
    if (button) start(button.closest(".live-bar"));
  });
})();
