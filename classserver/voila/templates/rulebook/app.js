/* An app page in one language (the Voila apps and the static site's Voici apps).

   The page's language is chosen as in the book: ?lang= in the address, else the reader's
   earlier choice (remembered in localStorage under the book's key), else the browser's
   languages. The notebook's Python reads it from the address, so the address always names
   it. Then the page shows only that language: the bilingual title ("Play Durak · Играть в
   дурака") and the introduction's English and Russian paragraphs are marked by their script
   and the other language is hidden; the introduction folds under a "How to play" button;
   <html lang> and the tab's title follow (a game view names its tab itself: "Durak · play").
   The switch on the title line changes the language: a game view switches in place and keeps
   the game; another app opens again in the other language.
   No braces pairs that a template engine would read are used in this file (it is included raw). */
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "rulebook-lang", SEPARATOR = " · ";
  var CYRILLIC = /[\u0400-\u04ff]/g, LATIN = /[A-Za-z]/g;
  var WORDS = {
    en: { play: "How to play", about: "About this page", language: "Language", moves: "Your moves" },
    ru: { play: "Как играть", about: "Об этой странице", language: "Язык", moves: "Ваши ходы" },
  };

  function remembered() {
    try { return localStorage.getItem(KEY); } catch (error) { return null; }
  }

  function remember(lang) {
    try { localStorage.setItem(KEY, lang); } catch (error) { /* storage off: this page only */ }
  }

  /* ---- before the page is drawn: the language, in the address too ---- */
  var params = new URLSearchParams(location.search), asked = params.get("lang"), saved = remembered();
  var prefers = (navigator.languages || [navigator.language || ""]).some(function (l) { return /^ru\b/i.test(l); });
  var lang = asked === "ru" || asked === "en" ? asked : saved === "ru" || saved === "en" ? saved : prefers ? "ru" : "en";
  if (asked === lang) remember(lang);
  if (asked !== lang) {
    var url = new URL(location.href);
    url.searchParams.set("lang", lang);
    /* Voila started the notebook for this address: only a new request gives Python the language.
       In the static apps Python starts later in this page and reads the address then. */
    if (root.dataset.frontend === "voila" && lang !== "en") {
      location.replace(url.href);
      return;
    }
    history.replaceState(history.state, "", url.href);
  }
  root.lang = lang;
  root.dataset.lang = lang;
  var isGame = /\/play(\.ipynb|\.html)?$/.test(location.pathname.replace(/\/$/, ""));

  /* ---- the text of the page in one language ---- */
  function letters(text, pattern) { return (text.match(pattern) || []).length; }

  function unquoted(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("code, pre, .anchor-link").forEach(function (node) { node.remove(); });
    return copy.textContent.replace(/«[^»]*»/g, " ");
  }

  function scriptOf(text) {
    var cyrillic = letters(text, CYRILLIC), latin = letters(text, LATIN);
    if (!cyrillic && !latin) return null;
    return cyrillic > latin ? "ru" : "en";
  }

  function mark(element, language) {
    element.classList.add("lang-" + language);
    element.lang = language;
  }

  /* "Play «Джокер» · Играть в «Джокер»": the half with more Cyrillic letters is the Russian one */
  function splitTitle(heading) {
    var anchor = heading.querySelector(".anchor-link");
    if (anchor) anchor.remove();
    var text = heading.textContent, parts = text.split(SEPARATOR);
    if (parts.length !== 2 || heading.dataset.rbSplit) return;
    var share = parts.map(function (part) {
      var c = letters(part, CYRILLIC), l = letters(part, LATIN);
      return c / Math.max(1, c + l);
    });
    if (share[0] === share[1]) return;
    heading.dataset.rbSplit = "1";
    heading.textContent = "";
    parts.forEach(function (part, index) {
      var span = document.createElement("span");
      mark(span, share[index] > share[1 - index] ? "ru" : "en");
      span.textContent = part.trim();
      heading.appendChild(span);
    });
  }

  function oneLanguage(cell) {
    cell.querySelectorAll("h1, h2, h3, h4").forEach(splitTitle);
    Array.prototype.forEach.call(cell.children, function (block) {
      if (/^H[1-6]$/.test(block.tagName) || block.classList.contains("rb-intro")) return;
      var language = scriptOf(unquoted(block));
      if (language) mark(block, language);
    });
  }

  function label(key) { return WORDS[root.dataset.lang === "ru" ? "ru" : "en"][key]; }

  /* The introduction after the first heading folds under one button. */
  function fold(cell) {
    var heading = cell.querySelector("h1");
    if (!heading || heading.parentNode !== cell || !heading.nextElementSibling) return;
    var intro = document.createElement("div");
    intro.id = "rb-intro";
    intro.className = "rb-intro";
    intro.hidden = true;
    while (heading.nextSibling) intro.appendChild(heading.nextSibling);
    var head = document.createElement("div");
    head.className = "rb-app-head";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rb-intro-toggle";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", intro.id);
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      intro.hidden = !open;
    });
    cell.insertBefore(head, heading);
    head.appendChild(heading);
    head.appendChild(button);
    head.appendChild(languageSwitch());
    cell.insertBefore(intro, head.nextSibling);
  }

  /* ---- switching ---- */
  function gameSwitch(language) {
    var buttons = document.querySelectorAll(".rb-game .rb-language button");
    var wanted = language === "ru" ? "Русский" : "English";
    return Array.prototype.find.call(buttons, function (b) { return b.textContent.trim() === wanted; });
  }

  function choose(language) {
    remember(language);
    if (language === root.dataset.lang) return;
    var inPlace = gameSwitch(language);
    if (inPlace) {
      inPlace.click();  /* the view redraws itself in the other language and says so (follow) */
      apply(language);
      return;
    }
    var url = new URL(location.href);
    url.searchParams.set("lang", language);
    location.assign(url.href);
  }

  function languageSwitch() {
    var group = document.createElement("div");
    group.className = "rb-lang-switch";
    group.setAttribute("role", "group");
    [["ru", "Русский", "RU"], ["en", "English", "EN"]].forEach(function (pair) {
      var button = document.createElement("button");
      button.type = "button";
      button.lang = pair[0];
      button.dataset.setLang = pair[0];
      button.title = pair[1];
      button.textContent = pair[2];
      button.setAttribute("aria-label", pair[1]);
      button.addEventListener("click", function () { choose(pair[0]); });
      group.appendChild(button);
    });
    return group;
  }

  function title() {
    var meta = document.querySelector(".rb-meta-data");
    if (meta && meta.dataset.lang === root.dataset.lang) return meta.dataset.title;
    var heading = document.querySelector(".jp-RenderedMarkdown h1");
    if (!heading) return document.title;
    var own = heading.querySelector(".lang-" + root.dataset.lang);
    return (own || heading).textContent.trim();
  }

  function apply(language) {
    root.lang = language;
    root.dataset.lang = language;
    var url = new URL(location.href);
    if (url.searchParams.get("lang") !== language) {
      url.searchParams.set("lang", language);
      history.replaceState(history.state, "", url.href);
    }
    document.title = title();
    document.querySelectorAll(".rb-lang-switch").forEach(function (group) {
      group.setAttribute("aria-label", label("language"));
      group.querySelectorAll("button").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.dataset.setLang === language));
      });
    });
    document.querySelectorAll(".rb-intro-toggle").forEach(function (button) {
      button.textContent = label(isGame ? "play" : "about");
    });
  }

  /* a game view says which language it is drawn in (its switch, a saved game loaded): follow it */
  function follow() {
    var meta = document.querySelector(".rb-meta-data");
    if (meta && meta.dataset.lang && meta.dataset.lang !== root.dataset.lang) {
      remember(meta.dataset.lang);
      apply(meta.dataset.lang);
    } else if (meta && document.title !== meta.dataset.title && meta.dataset.lang === root.dataset.lang) {
      document.title = meta.dataset.title;
    }
  }

  function start() {
    /* the app is the page's main landmark: a screen reader jumps to it, and nothing is left outside a region */
    var content = document.getElementById("rendered_cells");
    if (content) content.setAttribute("role", "main");
    var cells = document.querySelectorAll(".jp-RenderedMarkdown");
    cells.forEach(oneLanguage);
    if (cells.length) fold(cells[0]);
    if (!document.querySelector(".rb-lang-switch")) {
      var bar = document.createElement("div");
      bar.className = "rb-app-head";
      bar.appendChild(languageSwitch());
      (document.getElementById("rendered_cells") || document.body).prepend(bar);
    }
    apply(root.dataset.lang);
    var waiting = false;
    new MutationObserver(function () {
      if (waiting) return;
      waiting = true;
      requestAnimationFrame(function () { waiting = false; follow(); });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
