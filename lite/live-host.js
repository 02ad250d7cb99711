/* A book page's one Python, in a web worker: its "host" (book/_static/live.js starts it,
 * lite/build_site.py puts it beside Pyodide and python-start.js).
 *
 * Python starts the site's way (python-start.js: the pack of files, the memory snapshot
 * with IPython, ipywidgets and every game already imported), then runs what the page
 * asks, one message at a time:
 *
 *   {type: "start", settings}            start Python (loadPyodide's options)
 *   {type: "run", id, code, lang}        run a cell in the page's language
 *   {type: "comm", id, msgType, content, buffers}
 *                                        a widget's message from the page (comm_msg, comm_close)
 *
 * and answers each with {type: "done", id, ok, error, sent}: `sent` is what Python sent
 * while doing it, in order: the widgets' messages ({type: "comm_open" | "comm_msg" |
 * "comm_close", content, metadata, buffers}) and the cell's outputs ({type: "output",
 * data, metadata}). The page draws the widgets with the book's own widget manager.
 */
"use strict";

importScripts("python-start.js");

/* The page's side of IPython: the kernel's shell (from the snapshot) runs the cells, and
   what it would publish (comm messages, results, displays) is kept for the answer. */
var GLUE = [
  "import json as _json, os as _os",
  "import pyodide_kernel as _kernel",
  "_shell = _kernel.ipython_shell",
  "_sent = []",
  "def _send_comm(msg_type, content, metadata, ident, buffers):",
  "    _sent.append(({'type': msg_type, 'content': content, 'metadata': metadata}, list(buffers or [])))",
  "def _output(data, metadata, *_):",
  "    _sent.append(({'type': 'output', 'data': data, 'metadata': metadata or {}}, []))",
  "_shell.send_comm = _send_comm",
  "_shell.displayhook.publish_execution_result = lambda count, data, metadata: _output(data, metadata)",
  "_shell.display_pub.display_data_callback = _output",
  "_shell.display_pub.update_display_data_callback = lambda *_: None",
  "_shell.display_pub.clear_output_callback = lambda *_: None",
  "_kernel.stdout_stream.publish_stream_callback = lambda *_: None",
  "_kernel.stderr_stream.publish_stream_callback = lambda *_: None",
  "def _take():",
  "    sent = _sent[:]",
  "    _sent.clear()",
  "    return _json.dumps([m for m, _ in sent]), [bytes(b) for _, bs in sent for b in bs], [len(bs) for _, bs in sent]",
  "def _run(code, lang):",
  "    _os.environ['QUERY_STRING'] = 'lang=' + lang",
  "    _shell._last_traceback = None",
  "    _shell.run_cell(code, store_history=False)",
  "    failed = _shell._last_traceback",
  "    return (failed['ename'] + ': ' + failed['evalue']) if failed else ''",
  "def _comm(msg_type, message, buffers):",
  "    message = _json.loads(message)",
  "    message['buffers'] = [memoryview(b.to_py()) for b in buffers]",
  "    manager = _kernel.kernel_instance.comm_manager",
  "    getattr(manager, msg_type)(None, None, message)",
].join("\n");

var python = null;
var glue = {};

async function start(settings) {
  var started = await self.loadPyodide(settings);
  started.runPython(GLUE);
  ["_take", "_run", "_comm"].forEach(function (name) {
    glue[name] = started.globals.get(name);
  });
  python = started;
}

/* What Python sent since the last answer: messages as JSON, their buffers as bytes. */
function take() {
  var taken = glue._take();
  var converted = taken.toJs();
  taken.destroy();
  var messages = JSON.parse(converted[0]);
  var buffers = converted[1];
  var counts = converted[2];
  var next = 0;
  messages.forEach(function (message, index) {
    message.buffers = buffers.slice(next, next + counts[index]);
    next += counts[index];
  });
  return messages;
}

function handle(message) {
  if (message.type === "start") return start(message.settings).then(function () {
    return "";
  });
  if (!python) throw new Error("Python has not started");
  if (message.type === "run") {
    return glue._run(message.code, message.lang);
  }
  if (message.type === "comm") {
    var body = JSON.stringify({
      header: { msg_id: message.id, msg_type: message.msgType },
      parent_header: {},
      metadata: {},
      content: message.content,
    });
    var buffers = python.toPy((message.buffers || []).map(function (buffer) {
      return new Uint8Array(buffer);
    }));
    try {
      glue._comm(message.msgType, body, buffers);
    } finally {
      buffers.destroy();
    }
    return "";
  }
  throw new Error("unknown request: " + message.type);
}

var queue = Promise.resolve();

self.onmessage = function (event) {
  var message = event.data;
  queue = queue.then(function () {
    return Promise.resolve()
      .then(function () {
        return handle(message);
      })
      .then(
        function (error) {
          return { ok: !error, error: error || "" };
        },
        function (error) {
          return { ok: false, error: String((error && error.message) || error) };
        },
      )
      .then(function (answer) {
        var sent = python ? take() : [];
        var transfer = [];
        sent.forEach(function (m) {
          m.buffers.forEach(function (b) {
            transfer.push(b.buffer);
          });
        });
        self.postMessage({ type: "done", id: message.id, ok: answer.ok, error: answer.error, sent: sent }, transfer);
      });
  });
};
