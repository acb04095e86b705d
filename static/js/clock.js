// The hall's round clock: counts down each second between the server's refreshes (htmx polls
// the face every 15 s and brings the seconds left, so a wrong clock on the screen's computer
// does not matter).
(function () {
  "use strict";
  let deadline = null;

  function pad(n) {
    return String(n).padStart(2, "0");
  }

  function read() {
    const clock = document.querySelector(".clock[data-seconds-left]");
    deadline = clock ? Date.now() + Number(clock.dataset.secondsLeft) * 1000 : null;
  }

  function tick() {
    const clock = document.querySelector(".clock[data-seconds-left]");
    if (!clock || deadline === null) return;
    const left = Math.round((deadline - Date.now()) / 1000);
    const minutes = Math.floor(Math.abs(left) / 60);
    clock.textContent = (left < 0 ? "-" : "") + pad(minutes) + ":" + pad(Math.abs(left) % 60);
    clock.closest(".clock-face").classList.toggle("over", left <= 0);
  }

  document.addEventListener("DOMContentLoaded", read);
  document.addEventListener("htmx:afterSwap", read);
  setInterval(tick, 1000);
})();
