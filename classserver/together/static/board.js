// The teacher's board: the class per student and per rule, redrawn whenever a verdict arrives.
"use strict";
(function () {
  const config = JSON.parse(document.getElementById("config").textContent);
  const words = config.words;
  const $ = (id) => document.getElementById(id);
  let retry = 1000;

  function cell(tag, text, className) {
    const node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function row(tag, cells) {
    const tr = document.createElement("tr");
    cells.forEach((c) => tr.append(typeof c === "string" ? cell(tag, c) : c));
    return tr;
  }

  function share(right, answered) {
    return answered ? Math.round((100 * right) / answered) + "" : "–";
  }

  function draw(summary) {
    const students = $("by-student");
    students.replaceChildren(
      row("th", [words.student, words.answered, words.right, words.share, words.stuck]),
      ...summary.students.map((s) => {
        const name = cell("td", s.name, s.named ? "name" : "name unnamed");
        const tr = row("td", [name, String(s.answered), String(s.right), share(s.right, s.answered), s.stuck.join("; ")]);
        tr.dataset.student = s.id;
        if (s.stuck.length) tr.className = "stuck";
        return tr;
      }),
    );
    const rules = $("by-rule");
    rules.replaceChildren(
      row("th", [words.rule, words.students, words.answered, words.right, words.share, words.stuck]),
      ...summary.rules.map((r) => {
        const tr = row("td", [
          r.title,
          String(r.students),
          String(r.answered),
          String(r.right),
          share(r.right, r.answered),
          r.stuck.join(", "),
        ]);
        tr.dataset.rule = r.rule;
        if (r.stuck.length) tr.className = "stuck";
        return tr;
      }),
    );
    const time = new Date().toLocaleTimeString(config.lang);
    $("board-status").textContent = summary.verdicts
      ? `${words.updated} ${time}: ${summary.verdicts} ${words.verdicts}.`
      : words.nobody;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + config.socket);
    socket.onopen = () => (retry = 1000);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.t === "board") draw(message);
    };
    socket.onclose = () => {
      $("board-status").textContent = words.reconnecting;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  draw(config.summary);
  connect();
})();
