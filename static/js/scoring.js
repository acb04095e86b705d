// The hand screen's two small helps; the page works without them (the engine checks on submit).
(function () {
  "use strict";

  // Fu buttons: only those the engine accepts with the tapped han, by ron or tsumo. The han
  // buttons carry the lists (data-fu-ron, data-fu-tsumo; empty where no fu is asked).
  function syncFu(form) {
    var tsumo = form.querySelector('input[name="result"][value="tsumo"]:checked') !== null;
    form.querySelectorAll(".win").forEach(function (panel) {
      var fuBox = panel.querySelector(".fu");
      if (!fuBox) return;
      var han = panel.querySelector(".han input:checked");
      var list = han ? (tsumo ? han.dataset.fuTsumo : han.dataset.fuRon) : null;
      fuBox.hidden = han !== null && !list;
      var allowed = list ? list.split(" ") : null;
      fuBox.querySelectorAll("input").forEach(function (input) {
        var ok = allowed === null || allowed.indexOf(input.value) !== -1;
        input.disabled = !ok;
        if (!ok) input.checked = false;
      });
    });
  }

  function eachEntry(root, fn) {
    if (root.matches && root.matches("form.entry")) fn(root);
    if (root.querySelectorAll) root.querySelectorAll("form.entry").forEach(fn);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.entry");
    if (form) syncFu(form);
  });
  document.addEventListener("htmx:load", function (event) {
    eachEntry(event.detail.elt, function (form) {
      blankKeptPanels(form);
      syncFu(form);
    });
  });

  // The win panels are the same for every hand of a game: a hand sent from blank ones says
  // which they are (data-panels), and when the next hand's are the same the answer leaves them
  // out and htmx keeps the tablet's own (hx-preserve). The kept panels go back to blank, each
  // control to what it was drawn with, as a fresh screen draws them.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("form.entry")) return;
    var panels = form.querySelector("#win-panels[data-panels]");
    if (panels) event.detail.headers["X-Tenbou-Panels"] = panels.dataset.panels;
  });
  function blankKeptPanels(form) {
    if (!form.hasAttribute("data-panels-kept")) return;
    form.removeAttribute("data-panels-kept");
    var panels = form.querySelector("#win-panels");
    if (!panels || !panels.children.length) { location.reload(); return; }  // none were kept
    panels.querySelectorAll("[data-calculated]").forEach(function (input) { input.remove(); });
    panels.querySelectorAll("input").forEach(function (input) {
      if (input.type === "checkbox" || input.type === "radio") input.checked = input.defaultChecked;
      else input.value = input.defaultValue;
    });
    panels.querySelectorAll("select").forEach(function (select) {
      var drawn = Array.prototype.findIndex.call(select.options, function (option) {
        return option.defaultSelected;
      });
      select.selectedIndex = drawn === -1 ? 0 : drawn;
    });
    panels.querySelectorAll("details").forEach(function (details) { details.open = false; });
  }

  // The start form: a tapped player goes to the first empty seat, or leaves the seat they had.
  function seatInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll('input[list="club-players"]'));
  }
  function markChips(form) {
    var taken = seatInputs(form).map(function (input) { return input.value.trim(); });
    form.querySelectorAll(".chip[data-player]").forEach(function (chip) {
      chip.setAttribute("aria-pressed", taken.indexOf(chip.dataset.player) !== -1 ? "true" : "false");
    });
  }
  document.addEventListener("click", function (event) {
    var chip = event.target.closest && event.target.closest(".chip[data-player]");
    if (!chip) return;
    var form = chip.closest("form");
    var inputs = seatInputs(form);
    var seated = inputs.filter(function (input) { return input.value.trim() === chip.dataset.player; });
    var empty = inputs.filter(function (input) { return !input.value.trim(); });
    if (seated.length) seated[0].value = "";
    else if (empty.length) empty[0].value = chip.dataset.player;
    markChips(form);
  });
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("#start-form");
    if (form) markChips(form);
  });
  document.addEventListener("htmx:load", function (event) {
    var root = event.detail.elt;
    var form = root.id === "start-form" ? root : root.querySelector && root.querySelector("#start-form");
    if (form) markChips(form);
  });

  // The events panel: "add" shows the next hidden deposit or payment row (the page draws two
  // spares; saving draws more). Without the script every row is posted all the same.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-add-row]");
    if (!button) return;
    var form = button.closest("form");
    var next = form.querySelector('[data-row="' + button.dataset.addRow + '"][hidden]');
    if (next) next.hidden = false;
    if (!form.querySelector('[data-row="' + button.dataset.addRow + '"][hidden]')) button.hidden = true;
  });

  // The hand calculator: its script is fetched the first time a scorekeeper opens it, so the
  // ordinary hand screen never carries it (static/js/calculator.js).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".calc-open[data-seat]");
    var box = document.getElementById("calculator");
    if (!button || !box) return;
    if (window.tenbouCalculator) { window.tenbouCalculator.open(button.dataset.seat); return; }
    var script = document.createElement("script");
    script.src = box.dataset.script;
    script.onload = function () { window.tenbouCalculator.open(button.dataset.seat); };
    script.onerror = function () {  // offline before the script was ever fetched
      box.textContent = box.dataset.offline;
      if (!box.open) box.showModal();
    };
    document.head.appendChild(script);
  });

  // The record bar sticks to the bottom of the screen: a control that takes the keyboard's focus
  // under it is scrolled up clear of it (WCAG 2.4.11). The CSS's scroll-padding does it where the
  // browser honours it for focus; this covers the rest, and a bar taller than its padding.
  var CLEAR = 8;  // px between the focused control and the bar
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    var form = target.closest && target.closest("form.entry");
    var bar = form && form.querySelector(".confirm-row");
    if (!bar || bar.contains(target)) return;
    var box = (target.closest("label") || target).getBoundingClientRect();
    var barTop = bar.getBoundingClientRect().top;
    if (box.bottom > barTop - CLEAR && box.top < barTop) {
      window.scrollBy(0, box.bottom - barTop + CLEAR);
    }
  });

  // A lost network never loses the form: nothing was swapped, so say so; the same key is sent
  // again with the retry, and the server stores the hand once.
  // Only the form's own send hides the note again: the live preview inside the form sends on
  // every tap, and it must not hide a failed submit's note (it raced it on slow machines).
  function offline(event, shown) {
    var elt = event.detail.elt;
    var form = elt && elt.closest && elt.closest("form");
    var note = form && form.querySelector(".offline");
    if (!note || (!shown && elt !== form)) return;
    note.hidden = !shown;
  }
  document.addEventListener("htmx:sendError", function (event) { offline(event, true); });
  document.addEventListener("htmx:timeout", function (event) { offline(event, true); });
  document.addEventListener("htmx:responseError", function (event) { offline(event, true); });
  document.addEventListener("htmx:beforeRequest", function (event) { offline(event, false); });
})();
