/* The loading screen in the page's language (included after app.js, which has set <html data-lang>).
   Voila's and Voici's scripts write English into it ("Running ...", "Starting up kernel...",
   "Executing 2 of 5") through window.update_loading_text: the page defines that function after
   this script, so it is wrapped as it is defined. No braces pairs that a template engine would
   read are used in this file (it is included raw). */
(function () {
  "use strict";
  var WORDS = {
    en: { running: "Opening the app…", kernel: "Starting Python in your browser…", step: "Preparing the page: step %1 of %2" },
    ru: { running: "Приложение открывается…", kernel: "Python запускается в браузере…", step: "Готовим страницу: шаг %1 из %2" },
  };

  function words() {
    return WORDS[document.documentElement.dataset.lang === "ru" ? "ru" : "en"];
  }

  function said(text, index, count) {
    if (/^Starting up kernel/.test(text || "")) return words().kernel;
    if (/^Running\b/.test(text || "")) return words().running;
    if (text) return text;
    return words().step.replace("%1", String(index)).replace("%2", String(count));
  }

  function show(text) {
    var heading = document.getElementById("loading_text");
    if (heading) heading.textContent = text;
  }

  var theirs = null;
  function ours(index, count, text) {
    if (theirs) theirs(index, count, text); /* it shows the spinner again where it was hidden */
    show(said(text, index, count));
  }
  try {
    Object.defineProperty(window, "update_loading_text", {
      configurable: true,
      get: function () { return ours; },
      set: function (given) { theirs = given; },
    });
  } catch (error) { /* an older browser: the screen stays in English */ }

  /* the heading is in the page as it arrives: put it in the page's language before it is drawn */
  function first() {
    var heading = document.getElementById("loading_text");
    if (heading && /^Running\b/.test(heading.textContent.trim())) show(words().running);
    return Boolean(heading);
  }
  if (!first() && document.readyState === "loading") {
    var watch = new MutationObserver(function () { if (first()) watch.disconnect(); });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () { watch.disconnect(); first(); });
  }
})();
