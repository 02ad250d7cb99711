/* Inlined at the top of every page by rulebook.py: the reader's language is set before the
   page is drawn, so the other language never flashes. Order: ?lang= in the address, the
   reader's earlier choice, the browser's languages. */
(function () {
  var root = document.documentElement, asked = new URLSearchParams(location.search).get("lang"), saved = null;
  try { saved = localStorage.getItem("rulebook-lang"); } catch (e) { /* storage off: no memory */ }
  var prefers = (navigator.languages || [navigator.language || ""]).some(function (l) { return /^ru\b/i.test(l); });
  var lang = asked === "ru" || asked === "en" ? asked : saved === "ru" || saved === "en" ? saved : prefers ? "ru" : "en";
  if (asked === lang) { try { localStorage.setItem("rulebook-lang", lang); } catch (e) { /* ignore */ } }
  root.lang = lang;
  root.dataset.lang = lang;
  /* The widget library asks for its icon fonts next to the page instead of in _static/widgets/:
     point its style sheets at the files the book serves before the browser asks for them. */
  var fonts = new URL((root.dataset.content_root || "./") + "_static/widgets/", location.href).href;
  var broken = /url\((["']?)[^)"']*@jupyter-widgets\/(?:html-manager\/dist\/)?([0-9a-f]{20}\.(?:woff2|woff|ttf|eot|svg))/g;
  function fix(node) {
    if (node.nodeName === "STYLE" && node.textContent.indexOf("@jupyter-widgets/") >= 0) {
      var fixed = node.textContent.replace(broken, "url($1" + fonts + "$2");
      if (fixed !== node.textContent) node.textContent = fixed;
    }
  }
  new MutationObserver(function (changes) {
    changes.forEach(function (change) {
      change.addedNodes.forEach(fix);
      if (change.type === "characterData" || change.target.nodeName === "STYLE") { fix(change.target.nodeName === "STYLE" ? change.target : change.target.parentNode || {}); }
    });
  }).observe(document.head, { childList: true, subtree: true, characterData: true });
})();
