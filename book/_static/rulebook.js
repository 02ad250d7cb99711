/* The book's page script (deferred): the language switch, the theme's words in the reader's
   language, and the menu buttons of the theme on phones. See book/_ext/rulebook.py. */
(function () {
  "use strict";
  var root = document.documentElement;
  var SEPARATOR = " · ";
  var CYRILLIC = /[\u0400-\u04ff]/;

  /* The theme's own words (exact texts, attributes too) and their Russian. */
  var WORDS = {
    "Note": "Примечание",
    "Warning": "Внимание",
    "Tip": "Совет",
    "Important": "Важно",
    "Hint": "Подсказка",
    "See also": "См. также",
    "Contents": "Содержание",
    "On this page": "На этой странице",
    "Search": "Поиск",
    "Search / Поиск…": "Поиск…",
    "Search this book...": "Искать в книге…",
    "Previous": "Назад",
    "Next": "Далее",
    "previous": "назад",
    "next": "далее",
    "Skip to main content": "Перейти к содержанию",
    "Back to top": "Наверх",
    "Site navigation": "Оглавление книги",
    "Toggle primary sidebar": "Показать или скрыть оглавление",
    "Toggle secondary sidebar": "Показать или скрыть содержание страницы",
    "Fullscreen mode": "Во весь экран",
    "Download this page": "Скачать страницу",
    "Download source file": "Скачать исходный файл",
    "Print to PDF": "Печать в PDF",
    "light/dark": "светлая/тёмная тема",
    "Color mode": "Цветовая тема",
    "Light": "Светлая",
    "Dark": "Тёмная",
    "System Settings": "Как в системе",
    "Click to show": "Показать",
    "Click to hide": "Скрыть",
    "Show code cell source": "Показать код",
    "Hide code cell source": "Скрыть код",
    "Show code cell outputs": "Показать результат",
    "Hide code cell outputs": "Скрыть результат",
    "Copyright": "Авторские права",
    "By The card rulebook authors": "Авторы книги правил",
    "The card rulebook authors": "Авторы книги правил",
    "Close": "Закрыть",
    "Language": "Язык",
    "Solution to": "Решение:",
    "Toggle hidden content": "Показать или скрыть",
  };
  var PATTERNS = [
    [/^Solution to Exercise (\S+)/, "Решение упражнения $1"],
    [/^Exercise (\S+)/, "Упражнение $1"],
    [/^© Copyright (\d+)\.?$/, "© $1"],
    [/^Search Results$/, "Результаты поиска"],
    [/^Search finished, found (\d+) page\(s\) matching the search query\.$/, "Поиск закончен, найдено страниц: $1."],
    [/^Searching$/, "Идёт поиск"],
    [/^Preparing search\.\.\.$/, "Поиск готовится…"],
    [/^Your search did not match any documents\..*$/, "Ничего не найдено. Проверьте, правильно ли написаны слова."],
  ];
  var ATTRIBUTES = ["aria-label", "title", "placeholder", "data-bs-original-title"];
  var originals = new WeakMap();

  function translate(text, lang) {
    if (lang === "en") return text;
    var trimmed = text.trim();
    if (!trimmed) return text;
    var said = WORDS[trimmed];
    if (said === undefined) {
      for (var i = 0; i < PATTERNS.length && said === undefined; i++) {
        if (PATTERNS[i][0].test(trimmed)) said = trimmed.replace(PATTERNS[i][0], PATTERNS[i][1]);
      }
    }
    return said === undefined ? text : text.replace(trimmed, said);
  }

  /* The languages of a bilingual title's two halves (or null): the half with more Cyrillic is
     the Russian one, so an English half may quote a Russian name ("Play «Джокер» · Играть в
     «Джокер»"), as book/_ext/rulebook.py's halves_languages decides. */
  function share(text) {
    var cyrillic = (text.match(/[\u0400-\u04ff]/g) || []).length, latin = (text.match(/[A-Za-z]/g) || []).length;
    return cyrillic + latin ? cyrillic / (cyrillic + latin) : 0;
  }

  function halves(parts) {
    if (parts.length !== 2) return null;
    var a = share(parts[0]), b = share(parts[1]);
    if (a === b || Math.max(a, b) < 0.5 || !/[A-Za-z]/.test(parts.join(""))) return null;
    return a > b ? ["ru", "en"] : ["en", "ru"];
  }

  /* A chapter's title, a game's name and its English name in brackets ("Дурак (Durak)"), as
     book/_ext/rulebook.py's NAMED_TWICE reads it: the two names, or null. */
  var NAMED_TWICE = /^([^()A-Za-z]*[\u0400-\u04ff][^()A-Za-z]*) \(([^()\u0400-\u04ff]*[A-Za-z][^()\u0400-\u04ff]*)\)$/;

  function titleHalves(text) {
    if (text.indexOf(SEPARATOR) >= 0) {
      var parts = text.split(SEPARATOR), langs = halves(parts);
      return langs ? { parts: parts, langs: langs } : null;
    }
    var named = NAMED_TWICE.exec(text.trim());
    return named ? { parts: [named[1], named[2]], langs: ["ru", "en"] } : null;
  }

  /* "4.1. Rules · Правила" → the two languages as spans; CSS shows the reader's one. */
  function splitBilingual(textNode) {
    var text = textNode.nodeValue;
    if (!CYRILLIC.test(text)) return;
    var number = (text.match(/^\s*\d+(\.\d+)*\.?\s+/) || [""])[0];
    var found = titleHalves(text.slice(number.length));
    if (!found) return;
    var parts = found.parts, langs = found.langs;
    var fragment = document.createDocumentFragment();
    if (number) fragment.appendChild(document.createTextNode(number));
    parts.forEach(function (part, index) {
      var lang = langs[index];
      if (number && part.indexOf(number.trim()) === 0) part = part.slice(number.trim().length).replace(/^\s+/, "");
      if (index) {
        var separator = document.createElement("span");
        separator.className = "lang-separator";
        separator.textContent = SEPARATOR;
        fragment.appendChild(separator);
      }
      var span = document.createElement("span");
      span.className = "lang-" + lang;
      span.lang = lang;
      span.textContent = part;
      fragment.appendChild(span);
    });
    textNode.parentNode.replaceChild(fragment, textNode);
  }

  function pickTitle(text, lang) {
    return text.split(/ [-—] /).map(function (piece) {
      var number = (piece.match(/^\s*\d+(\.\d+)*\.?\s+/) || [""])[0];
      var found = titleHalves(piece.slice(number.length));
      if (!found) return translate(piece, lang);
      return number + found.parts[found.langs.indexOf(lang)].trim();
    }).join(" — ");
  }

  var CHROME = [
    ".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-header-article", ".prev-next-area",
    ".bd-footer", ".bd-footer-content", "#pst-skip-link", "#pst-back-to-top", "#pst-search-dialog",
    "#pst-primary-sidebar-modal", "#pst-secondary-sidebar-modal", ".admonition-title", ".exercise .admonition-title",
    ".solution .admonition-title", ".bd-search", ".search-button-field", "#search-results h2",
    ".bd-search-container > h1", "#search-results .search-summary", "#search-progress",
    "button.toggle-button", ".cell summary", ".dropdown summary", ".sd-summary-title",
    /* a link to a section is named by its bilingual title: the reader's half only */
    ".bd-article a.reference.internal",
  ];

  function eachTextNode(element, visit) {
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    var found = [];
    while (walker.nextNode()) found.push(walker.currentNode);
    found.forEach(visit);
  }

  var originalTitle = document.title;

  function applyLanguage(lang) {
    root.lang = lang;
    root.dataset.lang = lang;
    document.title = pickTitle(originalTitle, lang);
    CHROME.forEach(function (selector) {
      document.querySelectorAll(selector).forEach(function (element) {
        eachTextNode(element, function (node) {
          if (!originals.has(node)) originals.set(node, node.nodeValue);
          node.nodeValue = translate(originals.get(node), lang);
        });
        [element].concat(Array.prototype.slice.call(element.querySelectorAll("*"))).forEach(function (el) {
          ATTRIBUTES.forEach(function (name) {
            if (!el.hasAttribute(name)) return;
            var key = "rbOriginal" + name.replace(/[^a-z]/g, "");
            if (!(key in el.dataset)) el.dataset[key] = el.getAttribute(name);
            var value = el.dataset[key];
            el.setAttribute(name, value.indexOf(SEPARATOR) >= 0 ? pickTitle(value, lang) : translate(value, lang));
          });
        });
      });
    });
    labelExpanders(lang);
    nameControls();
    document.querySelectorAll(".rb-lang-switch button").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.setLang === lang));
    });
    document.querySelectorAll("a.reference.internal, a.rule-link").forEach(function (link) {
      /* keep ?lang= on links only when the reader came with it (the choice is also remembered) */
      if (new URLSearchParams(location.search).has("lang") && link.href.indexOf("#") !== 0) {
        var url = new URL(link.href, location.href);
        if (url.origin === location.origin) { url.searchParams.set("lang", lang); link.href = url.href; }
      }
    });
    document.dispatchEvent(new CustomEvent("rulebook:language", { detail: { lang: lang } }));
  }

  /* The sidebar's expanders are bare arrows: name them after their chapter. */
  function inLanguage(element, lang) {
    var own = element.querySelector(".lang-" + lang);
    return (own || element).textContent.replace(/\s+/g, " ").trim();
  }

  function labelExpanders(lang) {
    document.querySelectorAll("nav details > summary").forEach(function (summary) {
      if (summary.textContent.trim()) return;
      var link = summary.parentNode.parentNode.querySelector(":scope > a");
      var name = link ? inLanguage(link, lang) : "";
      summary.setAttribute("aria-label", (lang === "ru" ? "Разделы главы " : "Sections of ") + name);
    });
  }

  /* A widget control the view left without a name (a bare list box) is named after the label
     before it, so a screen reader says what the list is for. */
  function hasName(control) {
    if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby") || control.title) return true;
    return Array.prototype.some.call(control.labels || [], function (label) { return label.textContent.trim(); });
  }

  function nameControls() {
    document.querySelectorAll(".jupyter-widgets select, .jupyter-widgets input, .jupyter-widgets textarea").forEach(
      function (control) {
        var lang = (control.closest("[lang]") || root).lang === "ru" ? "ru" : "en"; /* a view's own language block */
        if (hasName(control) && !control.dataset.rbNamed) return;
        var box = control.closest(".widget-box") || control.parentNode;
        var labels = Array.prototype.filter.call(box.querySelectorAll(".widget-label"), function (label) {
          return label.textContent.trim() && (label.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
        });
        var before = labels.length ? labels[labels.length - 1].textContent.trim().replace(/:$/, "") : "";
        var kind = control.tagName === "SELECT" ? (lang === "ru" ? "Выбор" : "Choice") : (lang === "ru" ? "Поле" : "Field");
        control.setAttribute("aria-label", before ? kind + ": " + before : kind);
        control.dataset.rbNamed = "1";
      }
    );
  }

  /* A view shown in both languages on a saved page (widgets.common.bilingual) is drawn by the
     widget manager into blocks of class lang-en / lang-ru only: give them their language too,
     so a screen reader reads each in its own voice. */
  function markLanguageBlocks() {
    document.querySelectorAll(".lang-en:not([lang]), .lang-ru:not([lang])").forEach(function (block) {
      block.lang = block.classList.contains("lang-ru") ? "ru" : "en";
    });
  }

  /* The search page writes its progress and its summary after the page has loaded. */
  function translateSearch() {
    var lang = root.dataset.lang === "ru" ? "ru" : "en";
    document.querySelectorAll("#search-results h2, #search-results .search-summary, #search-progress").forEach(function (element) {
      eachTextNode(element, function (node) {
        if (!originals.has(node)) originals.set(node, node.nodeValue);
        var said = translate(originals.get(node), lang);
        if (node.nodeValue !== said) node.nodeValue = said;
      });
    });
  }

  /* A search result's excerpt is taken from its page: leave out the other language's blocks first. */
  function monolingualExcerpts() {
    if (typeof Search === "undefined" || !Search.htmlToText || Search.htmlToText.rbOneLanguage) return;
    var extract = Search.htmlToText;
    Search.htmlToText = function (htmlString, anchor) {
      var other = root.dataset.lang === "ru" ? "en" : "ru";
      var page = new DOMParser().parseFromString(htmlString, "text/html");
      var chrome = ", .lang-separator, .bd-header-article, .bd-sidebar-secondary, .prev-next-area, .live-bar, .onlyprint";
      page.querySelectorAll(".lang-" + other + chrome).forEach(function (node) { node.remove(); });
      return extract(page.documentElement.outerHTML, anchor);
    };
    Search.htmlToText.rbOneLanguage = true;
  }
  monolingualExcerpts();

  var naming = false;
  new MutationObserver(function () {
    if (naming) return;
    naming = true;
    requestAnimationFrame(function () {
      naming = false; markLanguageBlocks(); nameControls(); focusableScrollers(); translateSearch();
    });
  }).observe(document.body || root, { childList: true, subtree: true, characterData: true });

  /* ---- the reader's place: what is at the top of the screen stays there when the text changes ---- */
  var BLOCKS = ".bd-article :is(p, li, dt, dd, h1, h2, h3, h4, h5, pre, table, blockquote, .cell, .admonition-title, img)";

  function shown(element) {
    var box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  /* The first block of the article that begins on the screen (under the page's sticky header), and
     where it is; a block longer than the screen that fills it is the one read. */
  function placeInView() {
    var header = document.querySelector(".bd-header-article");
    var edge = header && /sticky|fixed/.test(getComputedStyle(header).position) ? header.getBoundingClientRect().bottom : 0;
    var straddling = null, found = null;
    Array.prototype.some.call(document.querySelectorAll(BLOCKS), function (element) {
      if (!shown(element)) return false;
      var box = element.getBoundingClientRect();
      if (box.bottom <= edge + 1) return false;
      if (box.top < edge - 1) {
        if (!straddling) straddling = { element: element, top: box.top };
        return false;
      }
      if (box.top < window.innerHeight) found = { element: element, top: box.top };
      return true;
    });
    return found || straddling;
  }

  /* A block of one language's half of a pair (rulebook.py: a tab set's blocks, or paragraphs and
     their twins) and the same block in the other half: the same place among the same children. */
  function twinOf(element) {
    var half = element.closest(".lang-pair > .lang-ru, .lang-pair > .lang-en");
    if (!half) return element;
    var other = Array.prototype.filter.call(half.parentNode.children, function (child) {
      return child !== half && (child.classList.contains("lang-ru") || child.classList.contains("lang-en"));
    })[0];
    if (!other) return element;
    var path = [];
    for (var node = element; node !== half; node = node.parentNode) {
      path.unshift(Array.prototype.indexOf.call(node.parentNode.children, node));
    }
    var twin = other;
    for (var i = 0; i < path.length && twin.children[path[i]]; i++) twin = twin.children[path[i]];
    return twin;
  }

  function keepPlace(change) {
    var place = placeInView();
    change();
    if (!place) return;
    var target = shown(place.element) ? place.element : twinOf(place.element);
    if (!shown(target)) target = place.element.closest(".lang-pair") || target;
    var moved = target.getBoundingClientRect().top - place.top;
    if (Math.abs(moved) >= 1) window.scrollTo({ top: window.scrollY + moved, behavior: "instant" });
  }

  /* ---- both languages side by side (a wide screen): each paragraph beside its twin ---- */
  var WIDE = window.matchMedia("(min-width: 1100px)");

  function setBeside(pair) {
    var halves = Array.prototype.filter.call(pair.children, function (child) {
      return child.classList.contains("lang-ru") || child.classList.contains("lang-en");
    });
    var ru = halves.filter(function (h) { return h.classList.contains("lang-ru"); })[0];
    var en = halves.filter(function (h) { return h.classList.contains("lang-en"); })[0];
    if (!ru || !en) return;
    var even = ru.children.length === en.children.length;
    pair.classList.toggle("rb-uneven", !even);
    [ru, en].forEach(function (half, column) {
      Array.prototype.forEach.call(half.children, function (child, row) {
        child.style.gridColumn = even ? String(column + 1) : "";
        child.style.gridRow = even ? String(row + 1) : "";
      });
    });
  }

  function showBoth(on) {
    keepPlace(function () {
      if (on) {
        root.dataset.both = "1";
        document.querySelectorAll(".lang-pair").forEach(setBeside);
      } else {
        delete root.dataset.both;
      }
      document.querySelectorAll(".rb-both").forEach(function (button) {
        button.setAttribute("aria-pressed", String(on));
      });
    });
  }

  function bothRemembered() {
    try { return localStorage.getItem("rulebook-both") === "1"; } catch (e) { return false; }
  }

  function addBoth(group) {
    if (!document.querySelector(".bd-article .lang-pair")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rb-both";
    button.setAttribute("aria-pressed", "false");
    button.innerHTML =
      '<span class="lang-en" lang="en">Both languages side by side</span>' +
      '<span class="lang-ru" lang="ru">Оба языка рядом</span>';
    button.addEventListener("click", function () {
      var on = root.dataset.both !== "1";
      try { localStorage.setItem("rulebook-both", on ? "1" : "0"); } catch (e) { /* this page only */ }
      showBoth(on);
    });
    group.parentNode.insertBefore(button, group.nextSibling);
    if (bothRemembered() && WIDE.matches) showBoth(true);
  }

  function choose(lang) {
    try { localStorage.setItem("rulebook-lang", lang); } catch (e) { /* no memory: this page only */ }
    var url = new URL(location.href);
    if (url.searchParams.has("lang")) { url.searchParams.set("lang", lang); history.replaceState(null, "", url.href); }
    keepPlace(function () { applyLanguage(lang); });
  }

  function addSwitch() {
    var group = document.createElement("div");
    group.className = "rb-lang-switch";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Language · Язык");
    [["ru", "Русский", "RU"], ["en", "English", "EN"]].forEach(function (pair) {
      var button = document.createElement("button");
      button.type = "button";
      button.lang = pair[0];
      button.dataset.setLang = pair[0];
      button.title = pair[1];
      button.innerHTML = '<span class="rb-long">' + pair[1] + '</span><span class="rb-short" aria-hidden="true">' + pair[2] + "</span>";
      button.addEventListener("click", function () { choose(pair[0]); });
      group.appendChild(button);
    });
    var place = document.querySelector(".article-header-buttons") || document.querySelector(".bd-header-article");
    if (place) {
      place.insertBefore(group, place.firstChild);
      addBoth(group);
    }
  }

  /* Both themes bind their click handler to the first .primary-toggle of the page, the one in
     the hidden top bar; the visible button in the article header then does nothing. Pass its
     clicks to the bound one. */
  function wireToggles() {
    ["primary-toggle", "secondary-toggle"].forEach(function (kind) {
      var buttons = document.querySelectorAll("." + kind);
      for (var i = 1; i < buttons.length; i++) {
        buttons[i].addEventListener("click", function (event) {
          event.preventDefault();
          event.stopPropagation();
          buttons[0].click();
        });
      }
    });
  }

  /* A box that scrolls sideways (a wide table, a long line of output) can be reached and
     scrolled with the keyboard. */
  function focusableScrollers() {
    document.querySelectorAll(".bd-article table, .cell_output pre, .cell_output, .widget-html-content").forEach(
      function (box) {
        var scrolls = box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== "visible";
        if (scrolls && !box.hasAttribute("tabindex")) {
          box.setAttribute("tabindex", "0");
          box.dataset.rbScroller = "1";
        } else if (!scrolls && box.dataset.rbScroller) {
          box.removeAttribute("tabindex");
          delete box.dataset.rbScroller;
        }
      }
    );
  }

  /* A folded note (an admonition of class "dropdown", sphinx-togglebutton) opens by a click
     anywhere on its title; the toggle script finds its button only from the title itself or
     the button, not from the language halves of a bilingual title: pass such a click on. */
  document.addEventListener("click", function (event) {
    var title = event.target.closest && event.target.closest(".admonition.toggle > .admonition-title");
    if (!title || event.target === title || event.target.closest(".toggle-button")) return;
    var button = title.querySelector(".toggle-button");
    if (!button) return;
    event.stopPropagation();
    button.click();
  }, true);

  function start() {
    CHROME.forEach(function (selector) {
      document.querySelectorAll(selector).forEach(function (element) { eachTextNode(element, splitBilingual); });
    });
    markLanguageBlocks();
    addSwitch();
    wireToggles();
    applyLanguage(root.dataset.lang === "ru" ? "ru" : "en");
    focusableScrollers();
    window.addEventListener("resize", focusableScrollers);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
