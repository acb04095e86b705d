// The game screen through a network outage: the page is kept by the service worker (/sw.js)
// for the next time it is opened without a network, and says plainly when it is offline.
(function () {
  "use strict";
  var banner = document.getElementById("offline-banner");
  function show() {
    if (banner) banner.hidden = navigator.onLine;
    document.documentElement.classList.toggle("is-offline", !navigator.onLine);
  }
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();

  if (!("serviceWorker" in navigator) || !banner) return;
  navigator.serviceWorker.register(banner.dataset.worker, { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    // This very page, kept as it is now: the first visit came before the worker could keep it.
    if (!navigator.onLine || !registration.active) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      if (event.data && event.data.kept) banner.dataset.kept = "yes";
    };
    registration.active.postMessage({ keep: location.pathname }, [channel.port2]);
    // Each change the server answers redraws the screen: keep the page as it is now, so that
    // a reload without the network shows the last hands and the version they reached.
    document.addEventListener("htmx:afterSettle", function (event) {
      if (navigator.onLine && event.detail.target && event.detail.target.id === "screen") {
        registration.active.postMessage({ keep: location.pathname });
      }
    });
  }).catch(function () { /* a browser that refuses: the page works online as before */ });
})();
