/* The book's live demos (book/_ext/live.py puts a bar on every widget snapshot).
 *
 * A book page has one Python for all its demos: its "host", the static site's Voici
 * page for this book page (lite/build_site.py, lite/live-host.js), loaded in a hidden
 * frame. "Make it live" asks the host to run the demo's cell and to draw the demo in a
 * frame of its own under the bar; when it is drawn there, it takes the snapshot's place.
 *
 * The host starts when a demo is first made live, or before, when a demo has been in
 * view for a moment on a connection the browser says is neither data-saving nor slow
 * (2G): then the button answers at once. Where the browser does not say, it waits for
 * the click.
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
    host: { en: "Python for this page's demos", ru: "Python для примеров этой страницы" },
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
  /* a demo this long in view starts the page's Python ahead (not one scrolled past) */
  var AHEAD_AFTER_MS = 1000;

  /* Voici's page scrolls inside #rendered_cells: the frame takes the height of its content */
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
    var content = frame.contentDocument.getElementById("rendered_cells");
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

  function later(ms, value) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms, value);
    });
  }

  /* The page's one Python, started once: resolves to the host's `rulebookLive`. */
  var host = null;

  function startHost(how) {
    if (host) return host.ready;
    var bar = document.querySelector(".live-bar[data-live-src]");
    if (!bar) return Promise.reject(new Error("missing"));
    var src = bar.getAttribute("data-live-src");
    var frame = document.createElement("iframe");
    frame.className = "live-host";
    frame.title = TEXT.host[pageLang()];
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.dataset.started = how;
    frame.dataset.state = "starting";
    var started = { frame: frame };
    started.ready = fetch(src, { method: "HEAD" })
      .then(function (response) {
        if (!response.ok) throw new Error("missing");
        frame.src = inPageLanguage(src);
        document.body.appendChild(frame);
        var began = Date.now();
        return (function wait() {
          var live = frame.contentWindow && frame.contentWindow.rulebookLive;
          if (live) {
            return live.ready.then(function () {
              return live;
            });
          }
          if (Date.now() - began > GIVE_UP_MS) throw new Error("failed");
          return later(100).then(wait);
        })();
      })
      .then(function (live) {
        frame.dataset.state = "ready";
        return live;
      });
    started.ready.catch(function () {
      // a later click tries again with a new host
      frame.remove();
      if (host === started) host = null;
    });
    host = started;
    return started.ready;
  }

  /* the demo's own frame, same-origin and empty: the host draws the demo in it */
  function demoFrame(bar) {
    var frame = document.createElement("iframe");
    frame.className = "live-frame";
    frame.title = TEXT.frame[pageLang()];
    frame.srcdoc =
      '<!doctype html><html><head><meta charset="utf-8"></head>' +
      '<body><div id="rendered_cells" style="overflow: visible; height: auto"></div></body></html>';
    var loaded = new Promise(function (resolve) {
      frame.addEventListener("load", resolve, { once: true });
    });
    bar.closest(".cell").appendChild(frame);
    return { frame: frame, loaded: loaded };
  }

  function start(bar) {
    if (bar.classList.contains("is-starting") || bar.classList.contains("is-live")) return;
    var button = bar.querySelector(".live-start");
    button.disabled = true;
    bar.classList.remove("is-failed");
    bar.classList.add("is-starting");
    say(bar.querySelector(".live-status"), TEXT.starting);
    var cell = Number(bar.getAttribute("data-live-cell"));
    var demo = demoFrame(bar);
    var shown = Promise.all([startHost("click"), demo.loaded]).then(function (done) {
      return done[0].show(cell, pageLang(), demo.frame.contentDocument.getElementById("rendered_cells"));
    });
    Promise.race([
      shown,
      later(GIVE_UP_MS).then(function () {
        throw new Error("failed");
      }),
    ])
      .then(function () {
        goLive(bar, demo.frame);
      })
      .catch(function (error) {
        demo.frame.remove();
        fail(bar, error && error.message === "missing" ? TEXT.missing : TEXT.failed);
      });
  }

  /* Whether starting ahead costs the reader nothing they would mind: the browser says the
     connection saves no data and is not slow. Without a word from it, nothing starts. */
  function unmetered() {
    var connection = navigator.connection;
    if (!connection || connection.saveData) return false;
    return !/(^|-)2g$/.test(connection.effectiveType || "");
  }

  function startAhead() {
    if (!window.IntersectionObserver || !document.querySelector(".live-bar[data-live-src]")) return;
    var waiting = new Map();
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) {
          clearTimeout(waiting.get(entry.target));
          waiting.delete(entry.target);
        } else if (!waiting.has(entry.target)) {
          waiting.set(
            entry.target,
            setTimeout(function () {
              if (host || document.visibilityState !== "visible" || !unmetered()) return;
              observer.disconnect();
              startHost("ahead").catch(function () {});
            }, AHEAD_AFTER_MS),
          );
        }
      });
    });
    document.querySelectorAll(".live-demo").forEach(function (cell) {
      observer.observe(cell);
    });
  }

  /* the frame's name follows the reader's switch of language (the demo keeps the language it started in) */
  document.addEventListener("rulebook:language", function () {
    document.querySelectorAll("iframe.live-frame").forEach(function (frame) {
      frame.title = TEXT.frame[pageLang()];
    });
    document.querySelectorAll("iframe.live-host").forEach(function (frame) {
      frame.title = TEXT.host[pageLang()];
    });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".live-start");
    if (button) start(button.closest(".live-bar"));
  });

  startAhead();
})();
