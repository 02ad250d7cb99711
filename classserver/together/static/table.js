// A table's page: speaks to the table's socket and shows what this seat may see.
// Everything a person typed (names) and every text of the game is written with
// textContent; the only markup inserted is the server's own drawing of the cards.
"use strict";
(function () {
  const config = JSON.parse(document.getElementById("config").textContent);
  const words = config.words;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let table = null;
  let retry = 500;
  let closedForGood = false;

  function el(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children || []) node.append(child);
    return node;
  }

  function ruleLink(item) {
    if (!item.rule || !item.href) return null;
    const a = el("a", { href: item.href, target: "_blank", rel: "noopener", className: "rule-link" });
    a.textContent = item.title || item.rule;
    a.dataset.rule = item.rule;
    return a;
  }

  function send(request) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
  }

  function say(node, text) {
    if (node) node.textContent = text || "";
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const query = "?lang=" + encodeURIComponent(config.lang) + (config.watch ? "&watch=1" : "");
    socket = new WebSocket(scheme + location.host + config.socket + query);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      retry = 500;
      say($("refusal"), "");
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.t === "table") show(message);
      else if (message.t === "refused" || message.t === "choose") refused(message);
      else if (message.t === "gone") gone(message.text);
      else if (message.t === "named") named();
    };
    socket.onclose = (event) => {
      socket = null;
      if (event.code === 1008 || event.code === 4404 || closedForGood) return;
      say($("status"), words.reconnecting);
      if (!opened) {
        // the server is back but would not open the socket: is the table still there?
        fetch(location.pathname, { method: "HEAD", cache: "no-store" })
          .then((response) => {
            if (response.status === 404) gone(words.gone);
            else setTimeout(connect, retry);
          })
          .catch(() => setTimeout(connect, retry));
      } else setTimeout(connect, retry);
      retry = Math.min(retry * 2, 2000); // a restarted server is found within two seconds
    };
  }

  function gone(text) {
    closedForGood = true;
    say($("status"), text);
    const back = el("a", { href: config.root + "?lang=" + encodeURIComponent(config.lang), textContent: words.all_tables });
    $("refusal").replaceChildren(back);
    for (const id of ["mine", "join"]) if ($(id)) $(id).hidden = true;
  }

  function refused(message) {
    const box = $("refusal");
    box.textContent = message.text;
    const link = ruleLink(message);
    if (link) box.append(" (", link, ")");
    for (const button of document.querySelectorAll("#moves button")) {
      button.classList.toggle("offered", (message.labels || []).includes(button.dataset.label));
    }
    if (message.t === "choose") {
      const first = document.querySelector("#moves button.offered");
      if (first) first.focus();
    }
  }

  function seatItem(seat) {
    const item = el("li", { className: "seat" + (seat.current ? " current" : "") });
    item.dataset.seat = seat.seat;
    if (seat.current) item.setAttribute("aria-current", "true");
    const who = el("strong");
    who.textContent = (seat.current ? "▶ " : "") + (seat.name ? seat.name + " · " : "") + seat.player;
    item.append(who);
    const notes = [];
    if (seat.seat === table.you) notes.push(words.you);
    if (seat.kind === "bot") notes.push(words.bot + ": " + seat.strength_name);
    if (seat.kind === "open") notes.push(words.open_seat);
    if (seat.kind === "human" && !seat.here) notes.push(words.away);
    if (seat.stand_in) notes.push(words.stand_in + ": " + seat.strength_name);
    if (seat.cards) notes.push(seat.cards);
    if (seat.role) notes.push(seat.role);
    if (notes.length) item.append(el("span", { className: "notes", textContent: " · " + notes.join(" · ") }));
    if (seat.bot && choosesStrength()) item.append(" ", strengthChooser(seat));
    return item;
  }

  function choosesStrength() {
    // the one who opened the table chooses how strong its bots are (the server checks it too)
    return !config.watch && table.you !== null && table.you !== undefined && table.opener_seat === table.you;
  }

  function strengthChooser(seat) {
    const select = el("select", { className: "strength" });
    select.dataset.seat = seat.seat;
    select.setAttribute("aria-label", words.strength + ": " + seat.player);
    for (const [value, text] of table.strengths) select.append(new Option(text, value, false, value === seat.strength));
    select.addEventListener("change", () => send({ t: "strength", seat: seat.seat, strength: select.value }));
    return select;
  }

  function named() {
    // the name is saved: the form goes and the seats can be taken, with no reload
    config.named = true;
    $("name-form").hidden = true;
    if (table) showJoin(table);
  }

  function show(snapshot) {
    if (table && table.step !== snapshot.step) say($("refusal"), ""); // an old refusal goes when the game moves on
    table = snapshot;
    document.body.classList.toggle("waiting", snapshot.seats.some((s) => s.kind === "open") && !snapshot.over);
    say($("status"), snapshot.status);
    const focused = document.activeElement && document.activeElement.matches("select.strength")
      ? document.activeElement.dataset.seat
      : null;
    $("seats").replaceChildren(...snapshot.seats.map(seatItem));
    if (focused !== null) {
      const again = document.querySelector(`select.strength[data-seat="${focused}"]`);
      if (again) again.focus(); // the chooser keeps the keyboard after the table is redrawn
    }
    $("centre").innerHTML = snapshot.centre; // the server's drawing of the table
    const last = $("last");
    last.replaceChildren();
    if (snapshot.last) {
      last.append(el("span", { className: "label", textContent: words.last + " " }), snapshot.last.text + " ");
      const link = ruleLink(snapshot.last);
      if (link) last.append(link);
    }
    showLog(snapshot);
    if (config.watch) return;
    const seated = snapshot.you !== null && snapshot.you !== undefined;
    $("mine").hidden = !seated;
    $("join").hidden = seated;
    if (seated) showMine(snapshot);
    else showJoin(snapshot);
  }

  function showLog(snapshot) {
    say($("log-count"), String(snapshot.log_total));
    const items = snapshot.log.map((entry) => {
      const item = el("li", { className: "log-" + entry.kind, textContent: entry.text + " " });
      const link = ruleLink(entry);
      if (link) item.append(link);
      return item;
    });
    const list = $("log");
    list.start = snapshot.log_total - snapshot.log.length + 1;
    list.replaceChildren(...items);
  }

  function showMine(snapshot) {
    const legal = new Set(snapshot.hand.filter((c) => c.legal).map((c) => c.card));
    const hand = snapshot.hand.map((card) => {
      const button = el("button", { type: "button", className: "card" + (card.legal ? " legal" : legal.size ? " dim" : "") });
      button.innerHTML = card.svg; // the server's drawing of the card
      button.setAttribute("aria-label", words.play + ": " + card.name + " (" + card.card + ")");
      button.addEventListener("click", () => send({ t: "cards", cards: [card.card], step: table.step }));
      return button;
    });
    $("hand").replaceChildren(...hand);
    const moves = snapshot.moves.map((move) => {
      const button = el("button", { type: "button", className: "move", textContent: move.text, title: move.explain });
      button.dataset.label = move.label;
      button.addEventListener("click", () => send({ t: "move", label: move.label, step: table.step }));
      return button;
    });
    if (!moves.length) moves.push(el("p", { className: "none", textContent: words.no_moves }));
    $("moves").replaceChildren(...moves);
    $("why").replaceChildren(
      ...snapshot.moves.map((move) => {
        const item = el("li", { textContent: move.explain + " " });
        const link = ruleLink(move);
        if (link) item.append(link);
        return item;
      }),
    );
    // the code is written only while the student has it open, and hidden again when the game moves on
    const device = $("move-device");
    if (device.dataset.step !== String(snapshot.step)) device.open = false;
    device.dataset.step = String(snapshot.step);
    say($("my-seat-code"), device.open ? snapshot.seat_code || "" : "");
    $("bots").hidden = !snapshot.seats.some((s) => s.kind === "open");
    $("leave").hidden = snapshot.over;
    $("again").hidden = !snapshot.over;
    $("close").hidden = snapshot.opener_seat !== snapshot.you;
  }

  function showJoin(snapshot) {
    $("name-form").hidden = config.named;
    const free = snapshot.seats
      .filter((seat) => seat.kind !== "human")
      .map((seat) => {
        const button = el("button", { type: "button", disabled: !config.named });
        button.textContent = (seat.kind === "bot" ? words.take_bot : words.sit) + ": " + seat.player;
        button.addEventListener("click", () => send({ t: "sit", seat: seat.seat }));
        return el("li", {}, [button]);
      });
    $("free-seats").replaceChildren(...free);
  }

  function wire() {
    if (config.watch) return;
    $("bots").addEventListener("click", () => send({ t: "bots" }));
    $("leave").addEventListener("click", () => send({ t: "leave" }));
    $("again").addEventListener("click", () => send({ t: "again" }));
    $("close").addEventListener("click", () => {
      if (window.confirm(words.close_confirm)) send({ t: "close" });
    });
    $("move-device").addEventListener("toggle", () => {
      say($("my-seat-code"), $("move-device").open && table ? table.seat_code || "" : "");
    });
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("name").value;
      send({ t: "name", name: name }); // the server answers "named", or a refusal that says what is wrong
    });
    $("code-form").addEventListener("submit", (event) => {
      event.preventDefault();
      send({ t: "code", code: $("seat-code").value });
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && socket === null && !closedForGood) {
      retry = 500;
      connect();
    }
  });
  wire();
  connect();
})();
