/* The book's live demos (book/_ext/live.py puts a bar on every widget snapshot).
 *
 * A book page has one Python for all its demos: its "host", the static site's Pyodide in
 * a web worker (lite/live-host.js), which starts from a memory snapshot with the engine
 * and the widgets already imported. "Make it live" asks it to run the demo's cell (after
 * the page's cells before it) and draws the demo with the book's own widget manager (the
 * one that draws the snapshots), in the snapshot's place, on the page itself.
 *
 * The host starts when a demo is first made live, or before: when a demo has been in view
 * for a moment on a connection the browser says is neither data-saving nor slow (2G),
 * the host starts and that demo is made ready out of sight, so the button answers at
 * once. Where the browser says nothing about the connection, it waits for the click.
 *
 * The snapshot looks like the demo, so a click on it starts the demo as the button does,
 * and says so where it landed; a book built without the static site says there that the
 * snapshot is a picture.
 *
 * What it does shows on the page for the tests and the benchmark: <html data-live-python>
 * (starting, ready, failed, missing), <html data-live-ahead> (started, or declined on a
 * metered connection) and each bar's data-live-state (preparing, ready).
 */
(function () {
  "use strict";

  /* Every word the bar shows, in each language: both are written, the page shows the reader's
     one (rulebook.css hides the other by the lang-* classes), so the bar follows the switch. */
  var TEXT = {
    starting: {
      en: "Starting Python in your browser… (the first time it loads about 25 MB, then it comes from the cache)",
      ru: "Python запускается в браузере… (в первый раз загружается около 25 МБ, потом из кэша)",
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
    /* said where a click on a snapshot landed */
    waking: { en: "Starting this demo…", ru: "Пример запускается…" },
    picture: {
      en: "This is a picture of the demo (a snapshot): it cannot answer here. Open it as an app to use it.",
      ru: "Это картинка примера (снимок): здесь он не отвечает. Чтобы им пользоваться, откройте его как приложение.",
    },
  };

  var WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
  var GIVE_UP_MS = 180000;
  /* a demo this long in view starts the page's Python ahead (not one scrolled past) */
  var AHEAD_AFTER_MS = 1000;

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

  function later(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  function withTimeout(promise, ms) {
    return Promise.race([
      promise,
      later(ms).then(function () {
        throw new Error("failed");
      }),
    ]);
  }

  /* The book's widget manager class, from the script that draws the snapshots
     (_static/widgets/embed-amd.js, loaded with RequireJS after this script). */
  function widgetManagerModule() {
    var began = Date.now();
    return (function wait() {
      if (typeof window.require === "function" && window.require.defined) {
        return new Promise(function (resolve, reject) {
          window.require(["@jupyter-widgets/html-manager"], resolve, reject);
        });
      }
      if (Date.now() - began > GIVE_UP_MS) return Promise.reject(new Error("failed"));
      return later(50).then(wait);
    })();
  }

  function bytes(buffer) {
    if (!ArrayBuffer.isView(buffer)) return new Uint8Array(buffer.slice(0));
    return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
  }

  /* A widget's channel to its Python object (ipywidgets' "comm"), through the host. */
  function HostComm(host, id, target) {
    this.comm_id = id;
    this.target_name = target;
    this._host = host;
    this._onMsg = null;
    this._onClose = null;
  }
  HostComm.prototype.open = function () {
    return "";
  };
  HostComm.prototype.send = function (data, callbacks, metadata, buffers) {
    return this._host.comm("comm_msg", { comm_id: this.comm_id, data: data }, buffers, callbacks);
  };
  HostComm.prototype.close = function (data, callbacks, metadata, buffers) {
    delete this._host.comms[this.comm_id];
    return this._host.comm("comm_close", { comm_id: this.comm_id, data: data || {} }, buffers, callbacks);
  };
  HostComm.prototype.on_msg = function (callback) {
    this._onMsg = callback;
  };
  HostComm.prototype.on_close = function (callback) {
    this._onClose = callback;
  };

  var ids = 0;
  function newId() {
    ids += 1;
    return "live-" + ids + "-" + Date.now().toString(36);
  }

  /* The page's one Python and the widget manager that draws what it makes. */
  function Host(src, how) {
    var self = this;
    this.src = new URL(src, location.href);
    this.how = how;
    this.comms = {};
    this.waiting = {};
    this.chain = Promise.resolve();
    this.runs = Promise.resolve();
    this.ranIn = null;
    this.ran = {};
    this.ready = fetch(this.src.href)
      .then(function (response) {
        if (!response.ok) throw new Error("missing");
        return response.json();
      })
      .then(function (page) {
        self.page = page;
        var at = function (name) {
          return new URL(page.python[name], self.src).href;
        };
        self.worker = new Worker(at("host"));
        self.worker.onmessage = function (event) {
          self.answer(event.data);
        };
        var started = self.request({
          type: "start",
          settings: {
            indexURL: at("index"),
            rulebookPackURL: at("pack"),
            rulebookSnapshotURL: at("snapshot"),
            env: {},
          },
        });
        return Promise.all([started, self.makeManager()]);
      })
      .then(function (done) {
        if (!done[0].ok) throw new Error(done[0].error);
        document.documentElement.dataset.livePython = "ready";
        return self;
      });
    document.documentElement.dataset.livePython = "starting";
    document.documentElement.dataset.liveStarted = how;
  }

  Host.prototype.makeManager = function () {
    var self = this;
    return widgetManagerModule().then(function (module) {
      class LiveManager extends module.HTMLManager {
        _create_comm() {
          // every widget here is made by Python, which opens its channel
          return Promise.reject(new Error("widgets are made by Python"));
        }
        _get_comm_info() {
          return Promise.resolve({});
        }
      }
      self.manager = new LiveManager();
    });
  };

  /* Send a request; resolves with the answer once what Python sent has been delivered. */
  Host.prototype.request = function (message, id) {
    var self = this;
    message.id = id || newId();
    return new Promise(function (resolve) {
      self.waiting[message.id] = resolve;
      var transfer = (message.buffers || []).map(function (b) {
        return b.buffer;
      });
      self.worker.postMessage(message, transfer);
    });
  };

  Host.prototype.answer = function (answer) {
    var self = this;
    var resolve = this.waiting[answer.id];
    delete this.waiting[answer.id];
    // what Python sent is delivered in order, each message once the one before is handled
    this.chain = this.chain
      .then(function () {
        return self.deliver(answer);
      })
      .catch(function (error) {
        console.error("live demo:", error);
        return [];
      })
      .then(function (outputs) {
        if (resolve) resolve({ ok: answer.ok, error: answer.error, outputs: outputs });
      });
  };

  Host.prototype.deliver = function (answer) {
    var self = this;
    var outputs = [];
    return answer.sent
      .reduce(function (done, message) {
        return done.then(function () {
          var buffers = (message.buffers || []).map(function (b) {
            return new DataView(b.buffer, b.byteOffset, b.byteLength);
          });
          var msg = {
            header: { msg_id: newId(), msg_type: message.type },
            parent_header: { msg_id: answer.id },
            metadata: message.metadata || {},
            content: message.content,
            buffers: buffers,
          };
          if (message.type === "output") {
            outputs.push(message);
          } else if (message.type === "comm_open") {
            var comm = new HostComm(self, message.content.comm_id, message.content.target_name);
            self.comms[comm.comm_id] = comm;
            return self.manager.handle_comm_open(comm, msg);
          } else if (message.type === "comm_msg") {
            var target = self.comms[message.content.comm_id];
            if (target && target._onMsg) return target._onMsg(msg);
          } else if (message.type === "comm_close") {
            var closing = self.comms[message.content.comm_id];
            delete self.comms[message.content.comm_id];
            if (closing && closing._onClose) return closing._onClose(msg);
          }
        });
      }, Promise.resolve())
      .then(function () {
        return outputs;
      });
  };

  /* A widget's message to Python; ipywidgets counts on an "idle" once it is handled. */
  Host.prototype.comm = function (msgType, content, buffers, callbacks) {
    var id = newId();
    this.request({ type: "comm", msgType: msgType, content: content, buffers: (buffers || []).map(bytes) }, id).then(
      function () {
        var status = callbacks && callbacks.iopub && callbacks.iopub.status;
        if (status) status({ header: { msg_type: "status" }, parent_header: { msg_id: id }, content: { execution_state: "idle" } });
      },
    );
    return id;
  };

  Host.prototype.run = function (code, lang) {
    return this.request({ type: "run", code: code, lang: lang }).then(function (done) {
      if (!done.ok) throw new Error("the demo's cell failed: " + done.error);
      return done.outputs;
    });
  };

  /* Run the demo of cell `index` in `lang`, after the page's cells before it (once per
     language): resolves to the cell's outputs. One demo at a time. */
  Host.prototype.demo = function (index, lang) {
    var self = this;
    var task = this.runs.then(function () {
      if (self.ranIn !== lang) {
        self.ranIn = lang;
        self.ran = {};
      }
      var cells = self.page.cells;
      var demo = cells.filter(function (cell) {
        return cell.index === index;
      })[0];
      if (!demo) throw new Error("no such demo");
      var steps = Promise.resolve();
      cells.forEach(function (cell) {
        if (cell.index >= index || self.ran[cell.index]) return;
        steps = steps.then(function () {
          return self.run(cell.setup, lang).then(function () {
            self.ran[cell.index] = true;
          });
        });
      });
      return steps.then(function () {
        return self.run(demo.source, lang).then(function (outputs) {
          self.ran[index] = true;
          return outputs;
        });
      });
    });
    this.runs = task.catch(function () {});
    return task;
  };

  /* Draw `outputs` into `area`: widgets by the widget manager, the rest as the book shows it. */
  Host.prototype.draw = function (outputs, area) {
    var manager = this.manager;
    return outputs.reduce(function (drawn, output) {
      return drawn.then(function () {
        var data = output.data || {};
        var place = document.createElement("div");
        area.appendChild(place);
        if (data[WIDGET_VIEW]) {
          place.className = "widget-subarea";
          return manager
            .get_model(data[WIDGET_VIEW].model_id)
            .then(function (model) {
              return manager.create_view(model);
            })
            .then(function (view) {
              return manager.display_view(view, place);
            });
        }
        if (data["text/html"]) {
          place.className = "output text_html";
          place.innerHTML = data["text/html"];
        } else if (data["text/plain"]) {
          var pre = document.createElement("pre");
          pre.textContent = data["text/plain"];
          place.appendChild(pre);
        }
      });
    }, Promise.resolve());
  };

  var host = null;

  function startHost(how) {
    if (!host) {
      var bar = document.querySelector(".live-bar[data-live-src]");
      if (!bar) return Promise.reject(new Error("missing"));
      var started = new Host(bar.getAttribute("data-live-src"), how);
      started.ready.catch(function (error) {
        // a later click tries again with a new host
        if (started.worker) started.worker.terminate();
        if (host === started) host = null;
        document.documentElement.dataset.livePython = error && error.message === "missing" ? "missing" : "failed";
      });
      host = started;
    }
    return host.ready;
  }

  /* Each demo, made ready (run and drawn out of sight) at most once per language. */
  var prepared = new WeakMap();

  function prepare(bar, how) {
    var lang = pageLang();
    var ready = prepared.get(bar);
    if (ready && ready.lang === lang) return ready.shown;
    if (ready) ready.shown.then(function (area) {
      area.remove();
    }, function () {});
    var cell = bar.closest(".cell");
    var area = document.createElement("div");
    area.className = "cell_output live-output docutils container";
    area.hidden = true;
    area.lang = lang;
    var shown = startHost(how)
      .then(function (started) {
        cell.appendChild(area);
        return started.demo(Number(bar.getAttribute("data-live-cell")), lang).then(function (outputs) {
          return started.draw(outputs, area);
        });
      })
      .then(function () {
        return area;
      });
    var entry = { lang: lang, shown: shown };
    prepared.set(bar, entry);
    bar.dataset.liveState = "preparing";
    shown.then(
      function () {
        if (prepared.get(bar) === entry) bar.dataset.liveState = "ready";
      },
      function () {
        area.remove();
        if (prepared.get(bar) !== entry) return;
        prepared.delete(bar);
        delete bar.dataset.liveState;
      },
    );
    return shown;
  }

  function goLive(bar, area) {
    var cell = bar.closest(".cell");
    var button = bar.querySelector(".live-start");
    var hadFocus = button && document.activeElement === button;
    cell.querySelectorAll(".cell_output:not(.live-output)").forEach(function (output) {
      output.hidden = true;
    });
    area.hidden = false;
    bar.classList.remove("is-starting");
    bar.classList.add("is-live");
    say(bar.querySelector(".live-note"), TEXT.live);
    say(bar.querySelector(".live-status"), null);
    if (button) button.remove();
    var tip = cell.querySelector(".live-tip");
    if (tip) tip.remove();
    // the widgets measure themselves again now that they are seen
    window.dispatchEvent(new Event("resize"));
    if (hadFocus) {
      var first = area.querySelector("input, select, textarea, button, [tabindex]");
      if (first) first.focus();
    }
  }

  function fail(bar, message) {
    bar.classList.remove("is-starting");
    bar.classList.add("is-failed");
    say(bar.querySelector(".live-status"), message);
    var button = bar.querySelector(".live-start");
    if (button) button.disabled = false;
    var tip = bar.closest(".cell").querySelector(".live-tip");
    if (tip) say(tip, message === TEXT.missing ? TEXT.picture : message);
  }

  /* A note where a click on a snapshot landed; it goes when the demo is live or after a while. */
  function tipAt(cell, event, words) {
    var old = cell.querySelector(".live-tip");
    if (old) old.remove();
    var tip = document.createElement("div");
    tip.className = "live-tip";
    tip.setAttribute("role", "status");
    say(tip, words);
    var box = cell.getBoundingClientRect();
    var at = event.clientX || event.clientY ? event : null;
    if (!at) {
      var target = event.target.getBoundingClientRect();
      at = { clientX: target.left, clientY: target.bottom };
    }
    cell.appendChild(tip);
    var left = Math.max(0, Math.min(at.clientX - box.left, box.width - tip.offsetWidth));
    tip.style.left = left + "px";
    tip.style.top = at.clientY - box.top + 8 + "px";
    setTimeout(function () { tip.remove(); }, 8000);
    return tip;
  }

  /* The snapshot looks like the demo: a click on it starts the demo, as its button does. */
  function onSnapshot(event) {
    var output = event.target.closest && event.target.closest(".live-demo .cell_output:not(.live-output)");
    if (!output || (event.target.closest("a[href]") && event.type === "click")) return;
    var cell = output.closest(".live-demo");
    var bar = cell.querySelector(".live-bar[data-live-src]");
    if (!bar || bar.classList.contains("is-live")) return;
    event.preventDefault(); /* a snapshot's list does not open, its box takes no typing */
    if (event.type !== "click") return;
    event.stopPropagation();
    if (document.documentElement.dataset.livePython === "missing") {
      tipAt(cell, event, TEXT.picture);
      return;
    }
    tipAt(cell, event, TEXT.waking);
    start(bar);
  }

  function start(bar) {
    if (bar.classList.contains("is-starting") || bar.classList.contains("is-live")) return;
    var button = bar.querySelector(".live-start");
    button.disabled = true;
    bar.classList.remove("is-failed");
    bar.classList.add("is-starting");
    say(bar.querySelector(".live-status"), TEXT.starting);
    withTimeout(prepare(bar, "click"), GIVE_UP_MS).then(
      function (area) {
        goLive(bar, area);
      },
      function (error) {
        console.error("live demo:", error);
        fail(bar, error && error.message === "missing" ? TEXT.missing : TEXT.failed);
      },
    );
  }

  /* Whether starting ahead costs the reader nothing they would mind: the browser says the
     connection saves no data and is not slow. Without a word from it, nothing starts. */
  function unmetered() {
    var connection = navigator.connection;
    if (!connection || connection.saveData) return false;
    return !/(^|-)2g$/.test(connection.effectiveType || "");
  }

  /* a failed start ahead is not tried again out of sight (a click still tries) */
  var aheadFailed = false;

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
              waiting.delete(entry.target);
              var bar = entry.target.querySelector(".live-bar[data-live-src]");
              if (!bar || document.visibilityState !== "visible" || aheadFailed) return;
              if (!unmetered()) {
                document.documentElement.dataset.liveAhead = "declined";
                return;
              }
              document.documentElement.dataset.liveAhead = "started";
              observer.unobserve(entry.target);
              prepare(bar, "ahead").catch(function () {
                aheadFailed = true;
              });
            }, AHEAD_AFTER_MS),
          );
        }
      });
    });
    document.querySelectorAll(".live-demo").forEach(function (cell) {
      observer.observe(cell);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".live-start");
    if (button) start(button.closest(".live-bar"));
  });
  document.addEventListener("click", onSnapshot, true);
  document.addEventListener("mousedown", onSnapshot, true);

  startAhead();
})();
