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

  function labelled(tr, headings) {
    // on a phone each row reads as a card: every value says what it is
    [...tr.children].forEach((td, i) => (td.dataset.label = headings[i] || ""));
    return tr;
  }

  function act(fields) {
    const body = new FormData();
    body.append("_xsrf", config.xsrf);
    body.append("lang", config.lang);
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    fetch(config.root + "board/tables", { method: "POST", body: body, credentials: "same-origin" }).then(
      async (response) => {
        const answer = response.status === 204 ? {} : await response.json().catch(() => ({ error: String(response.status) }));
        $("board-error").textContent = answer.error || "";
      },
    );
  }

  function button(text, onClick) {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = text;
    node.addEventListener("click", onClick);
    return node;
  }

  function select(label, options) {
    const wrap = document.createElement("label");
    wrap.textContent = label + " ";
    const node = document.createElement("select");
    for (const [value, text] of options) node.append(new Option(text, value));
    wrap.append(node);
    return [wrap, node];
  }

  function studentName(s) {
    return s.name + (s.tell ? " · " + s.tell : "");
  }

  function drawTables(summary) {
    const named = summary.students.filter((s) => s.named).map((s) => [s.id, studentName(s)]);
    const cards = (summary.tables || []).map((t) => {
      const box = document.createElement("article");
      box.className = "board-table" + (t.over ? " over" : "");
      box.dataset.code = t.code;
      const head = document.createElement("h3");
      head.textContent = `${t.game} · ${words.table} ${t.code}`;
      const seats = document.createElement("ul");
      for (const seat of t.seats) {
        let who = seat.kind === "human" ? seat.name : seat.kind === "bot" ? words.bot : words.open_seat;
        if (seat.kind === "human" && seat.bot) who += ` (${words.bot})`;
        const item = cell("li", `${seat.player}: ${who}`);
        if (seat.bot) {
          // the teacher chooses how strong the bot playing this seat is
          const chooser = document.createElement("select");
          chooser.className = "strength";
          chooser.setAttribute("aria-label", `${words.strength}: ${t.code}, ${seat.player}`);
          for (const [value, text] of summary.strengths) chooser.append(new Option(text, value, false, value === seat.strength));
          chooser.addEventListener("change", () => act({ action: "strength", code: t.code, seat: String(seat.seat), strength: chooser.value }));
          item.append(" ", chooser);
        }
        seats.append(item);
      }
      const facts = cell("p", `${words.step}: ${t.step}` + (t.over ? ` · ${words.over}` : "") + (t.last ? ` · ${words.last}: ${t.last}` : ""));
      const tools = document.createElement("div");
      tools.className = "tools";
      tools.append(
        button(words.close, () => window.confirm(words.close_confirm) && act({ action: "close", code: t.code })),
        button(words.again, () => act({ action: "again", code: t.code })),
      );
      if (named.length) {
        const [whoLabel, who] = select(words.seat_student, named);
        const [whereLabel, where] = select(words.seat_where, t.seats.map((s) => [String(s.seat), s.player]));
        tools.append(
          whoLabel,
          whereLabel,
          button(words.seat, () => act({ action: "seat", code: t.code, seat: where.value, student: who.value })),
        );
      }
      box.append(head, seats, facts, tools);
      return box;
    });
    $("tables").replaceChildren(...(cards.length ? cards : [cell("p", words.no_tables)]));
  }

  function share(right, answered) {
    return answered ? Math.round((100 * right) / answered) + "" : "–";
  }

  function draw(summary) {
    drawTables(summary);
    const students = $("by-student");
    const studentHeads = [words.student, words.answered, words.right, words.share, words.stuck];
    students.replaceChildren(
      row("th", studentHeads),
      ...summary.students.map((s) => {
        const name = cell("td", studentName(s), s.named ? "name" : "name unnamed");
        const tr = labelled(
          row("td", [name, String(s.answered), String(s.right), share(s.right, s.answered), s.stuck.join("; ")]),
          studentHeads,
        );
        tr.dataset.student = s.id;
        if (s.stuck.length) tr.className = "stuck";
        return tr;
      }),
    );
    const rules = $("by-rule");
    const ruleHeads = [words.rule, words.students, words.answered, words.right, words.share, words.stuck];
    rules.replaceChildren(
      row("th", ruleHeads),
      ...summary.rules.map((r) => {
        const tr = labelled(row("td", [
          r.title,
          String(r.students),
          String(r.answered),
          String(r.right),
          share(r.right, r.answered),
          r.stuck.join(", "),
        ]), ruleHeads);
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
