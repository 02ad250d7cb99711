/* Reading offline: the page registers the site's service worker (sw.js at the site's root, see
   book/_ext/offline-sw.js) and, once it is there, lists what the page has loaded, for the worker
   to keep: the page then opens again without a network. <html data-offline="kept"> says it is
   done (for the tests). The static apps carry this script too (lite/build_site.py). */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.caches || !/^https?:$/.test(location.protocol)) return;
  var script = document.currentScript;
  var root = new URL((script && script.dataset.root) || document.documentElement.dataset.content_root || "./", location.href);

  /* An app's page: JupyterLite, meeting a worker it did not register (the site's, which the book
     registered), unregisters every worker of the site, and the book would no longer open offline.
     The site's worker does what JupyterLite's does (offline-sw.js): JupyterLite is shown none to
     unregister, and uses the one that serves the page. */
  if (script && script.dataset.app) {
    navigator.serviceWorker.getRegistrations = function () { return Promise.resolve([]); };
  }

  function listed() {
    var urls = [location.href];
    performance.getEntriesByType("resource").forEach(function (entry) {
      if (entry.name.indexOf(location.origin + "/") === 0) urls.push(entry.name);
    });
    return urls;
  }

  function start() {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "kept") document.documentElement.dataset.offline = "kept";
    });
    /* offline, the worker already there serves the page: registering would only fail to fetch it
       again; an app's page has the worker JupyterLite registers (the same, lite/service-worker.js) */
    var register = navigator.onLine && !(script && script.dataset.app);
    var registered = register
      ? navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href })
      : Promise.resolve();
    registered
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        if (registration.active) registration.active.postMessage({ type: "keep", urls: listed() });
      })
      .catch(function (error) { console.warn("offline reading is off:", error && error.message); });
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
