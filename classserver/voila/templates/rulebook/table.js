/* The game table's page behaviour (widgets.game.GameView), the same in the apps (the Voila
   template includes this file) and in the book (book/_ext/rulebook.py inlines it):

   - the bar's Settings, Save · load and Log buttons are disclosure buttons: each opens its
     drawer over the table, says so with aria-expanded, and Escape closes it again; the page
     does this itself, so a drawer opens at once, also on a saved page with no Python behind it;
   - after a move, focus goes to the group of move buttons (named "Your moves"), a control that
     stays where it is: the buttons themselves are relabelled for the next move, and a second
     Enter on one of them would play another move;
   - the hand's cards (buttons in a group named "Hand of Player 1"): the arrow keys move between
     them, Home and End go to the first and the last; once a card or one of its moves is played,
     focus goes to the hand's group (the button held another card now, and a second Enter on it
     would play that one); a card that was only selected keeps it;
   - a New game, a set-up or a loaded game closes its drawer and gives focus back to its button;
     the New game under a finished game gives it to the new game's moves;
   - in an app (not in the book) the table fills the first screen: the centre of the table gets
     the height the screen has left once the bar, the seats, the viewer's hand, the status line
     and the move buttons are placed, and scrolls inside itself when it needs more.
   No braces pairs that a template engine would read are used in this file (it is included raw). */
(function () {
  "use strict";
  if (window.rulebookTable) return;
  window.rulebookTable = true;

  var TOGGLE = /(?:^|\s)rb-toggle-([\w-]+)/;
  var counter = 0, refocus = null, tapped = null;

  function followCard() {
    if (!tapped) return;
    if (Date.now() > tapped.until) { tapped = null; return; }
    if (document.activeElement !== tapped.button || tapped.button.textContent === tapped.text) return;
    var hand = tapped.button.closest(".rb-cards");
    tapped = null;
    refocus = null;
    if (hand) hand.focus({ preventScroll: true });
  }

  function keepFocus() {
    if (!refocus) return;
    if (Date.now() > refocus.until) { refocus = null; return; }
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    /* not the control being replaced (it may still be on the page while its successor is drawn) */
    var target = Array.prototype.slice.call(refocus.game.querySelectorAll(refocus.selector)).filter(function (e) {
      return e !== refocus.stale;
    })[0];
    if (target) { target.focus(); refocus = null; }
  }

  function drawerOf(toggle) {
    var match = TOGGLE.exec(toggle.className), game = toggle.closest(".rb-game");
    return match && game ? game.querySelector(".rb-drawer-" + match[1]) : null;
  }

  function toggleOf(drawer) {
    var match = /(?:^|\s)rb-drawer-([\w-]+)/.exec(drawer.className), game = drawer.closest(".rb-game");
    return match && game ? game.querySelector(".rb-toggle-" + match[1]) : null;
  }

  function setOpen(toggle, drawer, open) {
    drawer.classList.toggle("rb-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  }

  function closeAll(game, except) {
    game.querySelectorAll(".rb-drawer.rb-open").forEach(function (drawer) {
      var toggle = toggleOf(drawer);
      if (drawer !== except && toggle) setOpen(toggle, drawer, false);
    });
  }

  function decorate(root) {
    (root.querySelectorAll ? root : document).querySelectorAll(".rb-game .rb-toggle").forEach(function (toggle) {
      var drawer = drawerOf(toggle);
      if (!drawer) return;
      if (!drawer.id) drawer.id = "rb-drawer-" + ++counter;
      toggle.setAttribute("aria-controls", drawer.id);
      toggle.setAttribute("aria-expanded", String(drawer.classList.contains("rb-open")));
      if (!drawer.hasAttribute("role")) {
        drawer.setAttribute("role", "region");
        drawer.setAttribute("aria-label", toggle.title || toggle.textContent.trim());
      }
    });
    document.querySelectorAll(".rb-game .rb-cards").forEach(function (hand) {
      var title = hand.closest(".rb-game").querySelector(".rb-hand-title");
      hand.setAttribute("role", "group");
      hand.setAttribute("tabindex", "-1");
      if (title) hand.setAttribute("aria-label", title.textContent);
    });
    document.querySelectorAll(".rb-game .rb-actions").forEach(function (group) {
      var meta = group.closest(".rb-game").querySelector(".rb-meta-data");
      group.setAttribute("role", "group");
      group.setAttribute("tabindex", "-1");
      group.setAttribute("aria-label", (meta && meta.dataset.moves) || "Your moves");
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var toggle = target.closest(".rb-game .rb-toggle");
    if (toggle) {
      var drawer = drawerOf(toggle);
      if (!drawer) return;
      var open = !drawer.classList.contains("rb-open");
      closeAll(toggle.closest(".rb-game"), drawer);
      decorate(document);
      setOpen(toggle, drawer, open);
      return;
    }
    var done = target.closest(".rb-drawer .rb-new, .rb-drawer .rb-setup-go, .rb-drawer .rb-load");
    if (done) {
      var own = done.closest(".rb-drawer"), button = toggleOf(own);
      if (!button) return;
      /* a new game redraws the bar: the focus goes to the new Settings button when it comes */
      var selector = ".rb-toggle-" + TOGGLE.exec(button.className)[1];
      refocus = { game: button.closest(".rb-game"), selector: selector, stale: button, until: Date.now() + 15000 };
      setTimeout(function () { setOpen(button, own, false); button.focus(); }, 0);
      return;
    }
    var again = target.closest(".rb-game .rb-again");
    if (again) {
      /* the table is drawn again: the focus goes to the new game's moves when they come */
      var game = again.closest(".rb-game");
      refocus = { game: game, selector: ".rb-actions", stale: game.querySelector(".rb-actions"), until: Date.now() + 15000 };
      return;
    }
    var card = target.closest(".rb-game .rb-cards button, .rb-game .rb-choices button");
    if (card) {
      decorate(document);
      /* a move played: the focus goes to the hand, whether its button now holds another card or is gone */
      tapped = { button: card, text: card.textContent, until: Date.now() + 15000 };
      refocus = { game: card.closest(".rb-game"), selector: ".rb-cards", until: Date.now() + 15000 };
      return;
    }
    var move = target.closest(".rb-game .rb-actions button, .rb-game .rb-step, .rb-game .rb-special .widget-button");
    if (move) {
      var group = move.closest(".rb-game").querySelector(".rb-actions");
      decorate(document);
      if (group) setTimeout(function () { group.focus({ preventScroll: true }); }, 0);
    }
  }, true);

  var STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  document.addEventListener("keydown", function (event) {
    var on = event.target instanceof Element ? event.target.closest(".rb-game .rb-cards button, .rb-game .rb-cards") : null;
    if (on && (event.key in STEPS || event.key === "Home" || event.key === "End")) {
      var group = on.closest(".rb-cards"), row = Array.prototype.slice.call(group.querySelectorAll("button"));
      if (!row.length) return;
      var k = on === group ? (STEPS[event.key] === -1 || event.key === "End" ? row.length : -1) : row.indexOf(on);
      k = event.key === "Home" ? 0 : event.key === "End" ? row.length - 1 : Math.max(0, Math.min(row.length - 1, k + STEPS[event.key]));
      row[k].focus();
      event.preventDefault();
      return;
    }
    if (event.key !== "Escape") return;
    var target = event.target instanceof Element ? event.target : null;
    var drawer = target && (target.closest(".rb-drawer.rb-open") || (target.closest(".rb-toggle") && drawerOf(target.closest(".rb-toggle"))));
    if (!drawer || !drawer.classList.contains("rb-open")) return;
    var toggle = toggleOf(drawer);
    if (!toggle) return;
    setOpen(toggle, drawer, false);
    toggle.focus();
    event.preventDefault();
  });

  /* H asks the coach for a hint (the Hint button of the game in focus), unless the reader is typing */
  document.addEventListener("keydown", function (event) {
    if ((event.key !== "h" && event.key !== "H") || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("input, textarea, select, [contenteditable]")) return;
    var game = (target && target.closest(".rb-game")) || document.querySelector(".rb-game");
    var button = game && game.querySelector(".rb-hint");
    if (!button || !button.offsetParent) return;
    button.click();
    event.preventDefault();
  });

  function pageTop(element) {
    var top = element.getBoundingClientRect().top;
    for (var node = element.parentElement; node; node = node.parentElement) top += node.scrollTop || 0;
    return top;
  }

  var BELOW = [".rb-hand-box", ".rb-hand-cards", ".rb-status", ".rb-actions", ".rb-step"];
  var PHONE = 700;  /* px: narrower, the page scrolls as a whole and no part of the table in a box of its own */
  var SMALLEST = 140;  /* px: the least of the table's centre shown before it scrolls */

  function set(element, name, value) {
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
  }

  function fit() {
    if (!document.documentElement.dataset.frontend) return;  /* an app page, not the book */
    document.querySelectorAll(".rb-game").forEach(function (game) {
      var centre = game.querySelector(".rb-centre");
      if (!centre || !centre.offsetParent) return;
      if (window.innerWidth < PHONE) {
        set(game, "--rb-centre-max", "none");
        set(game, "--rb-moves-max", "none");
        return;
      }
      var bottom = centre.getBoundingClientRect().bottom, last = bottom;
      BELOW.forEach(function (selector) {
        var element = game.querySelector(selector);
        if (element && element.offsetParent) last = Math.max(last, element.getBoundingClientRect().bottom);
      });
      /* the moves as tall as they would be uncut; when even a small centre leaves them no room,
         they scroll inside their own box instead */
      var moves = game.querySelector(".rb-actions");
      var movesNow = moves ? moves.getBoundingClientRect().height : 0, movesFull = moves ? moves.scrollHeight : 0;
      var room = window.innerHeight - pageTop(centre) - (last - bottom - movesNow + movesFull) - 12;
      /* the table's lengths are in its own pixels: a table zoomed for a large screen has larger ones */
      var zoom = parseFloat(getComputedStyle(game).zoom) || 1;
      var centreMax = Math.max(SMALLEST, Math.floor(room / zoom));
      var movesMax = room >= SMALLEST ? "none" : Math.max(96, Math.floor((movesFull - (SMALLEST - room)) / zoom)) + "px";
      set(game, "--rb-centre-max", centreMax + "px");
      set(game, "--rb-moves-max", movesMax);
    });
  }

  var pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; decorate(document); followCard(); keepFocus(); fit(); });
  }
  new MutationObserver(later).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["class"],
  });
  window.addEventListener("resize", later);
})();
