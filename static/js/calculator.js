// The hand calculator's panel (scoring/templates/scoring/calculator.html), loaded the first
// time a scorekeeper opens it. The panel's text fields hold the hand in the mpsz notation and
// are what the server counts; the tile keyboard only writes into them, so a keyboard user can
// type instead. "Use this value" copies the answer into the hand form, which stays editable.
(function () {
  "use strict";
  if (window.tenbouCalculator) return;

  var dialog = function () { return document.getElementById("calculator"); };
  var history = [];

  function form() { return document.getElementById("calc-form"); }
  function field(name) { return form().querySelector('[name="' + name + '"]'); }

  function parse(text) {
    var tiles = [], digits = "";
    (text || "").replace(/\s+/g, "").split("").forEach(function (ch) {
      if (/[0-9]/.test(ch)) digits += ch;
      else if ("mpsz".indexOf(ch) !== -1) {
        digits.split("").forEach(function (d) { tiles.push(d + ch); });
        digits = "";
      }
    });
    return tiles;
  }

  function write(tiles) {
    var out = "";
    tiles.forEach(function (tile, i) {
      var next = tiles[i + 1];
      out += tile[0];
      if (!next || next[1] !== tile[1]) out += tile[1];
    });
    return out;
  }

  function snapshot() {
    return ["hand", "melds", "dora", "ura"].map(function (n) { return field(n).value; });
  }

  function restore(values) {
    ["hand", "melds", "dora", "ura"].forEach(function (n, i) { field(n).value = values[i]; });
  }

  function changed() {
    form().dispatchEvent(new CustomEvent("calc-change", { bubbles: true }));
  }

  function meldSize(kind) { return kind === "k" || kind === "a" ? 4 : 3; }

  function handRoom() {
    var melds = field("melds").value.trim().split(/\s+/).filter(function (m) { return m; });
    var complete = melds.filter(function (m) { return parse(m.slice(1)).length >= 3; }).length;
    return 14 - 3 * complete;
  }

  function tap(tile) {
    var mode = form().querySelector('input[name="mode"]:checked').value;
    history.push(snapshot());
    if (mode === "hand") {
      var hand = parse(field("hand").value);
      if (hand.length >= handRoom()) { history.pop(); return; }  // full: the tap is ignored
      hand.push(tile);
      field("hand").value = write(hand);
    } else if (mode === "dora" || mode === "ura") {
      var indicators = parse(field(mode).value);
      indicators.push(tile);
      field(mode).value = write(indicators);
    } else {
      var melds = field("melds").value.trim().split(/\s+/).filter(function (m) { return m; });
      var last = melds.length ? melds[melds.length - 1] : "";
      var open = last && last[0] === mode && parse(last.slice(1)).length < meldSize(mode);
      if (open) {
        var tiles = parse(last.slice(1));
        tiles.push(tile);
        melds[melds.length - 1] = mode + write(tiles);
      } else {
        melds.push(mode + write([tile]));
      }
      field("melds").value = melds.join(" ");
      var current = parse(melds[melds.length - 1].slice(1));
      if (current.length >= meldSize(mode)) {  // the call is complete: back to the hand
        form().querySelector('input[name="mode"][value="hand"]').checked = true;
      }
    }
    changed();
  }

  function apply(button) {
    var seat = button.dataset.seat;
    var fields = JSON.parse(button.dataset.fields);
    var entry = document.getElementById("entry");
    if (!entry) return;
    var panel = entry.querySelector('.win[data-seat="' + seat + '"]');
    var value = entry.querySelector('input[name="value_' + seat + '"][value="' + button.dataset.value + '"]');
    if (value) value.checked = true;
    entry.querySelectorAll('input[name="fu_' + seat + '"]').forEach(function (input) {
      input.checked = fields.fu !== undefined && String(fields.fu) === input.value;
    });
    entry.querySelectorAll('input[name="yaku_' + seat + '"][data-calculated]').forEach(function (input) {
      input.remove();
    });
    entry.querySelectorAll('input[name="yaku_' + seat + '"]').forEach(function (input) {
      input.checked = fields.yaku.indexOf(input.value) !== -1;
    });
    fields.yaku.forEach(function (code) {
      if (entry.querySelector('input[name="yaku_' + seat + '"][value="' + code + '"]')) return;
      var extra = document.createElement("input");  // a yakuman by name: not on the picker
      extra.type = "hidden";
      extra.name = "yaku_" + seat;
      extra.value = code;
      extra.dataset.calculated = "";
      (panel || entry).appendChild(extra);
    });
    var dora = entry.querySelector('select[name="dora_' + seat + '"]');
    if (dora) {
      var wanted = String(fields.dora);
      var has = Array.prototype.some.call(dora.options, function (o) { return o.value === wanted; });
      dora.value = has ? wanted : dora.options[dora.options.length - 1].value;
    }
    var opened = entry.querySelector('input[name="open_' + seat + '"]');
    if (opened) opened.checked = !!fields.open;
    // 祝儀 (chips), where the ruleset asks them: the hand's ippatsu, ura-dora and red fives
    var ippatsu = entry.querySelector('input[name="ippatsu_' + seat + '"]');
    if (ippatsu) ippatsu.checked = !!fields.ippatsu;
    ["ura", "aka"].forEach(function (kind) {
      var select = entry.querySelector('select[name="' + kind + "_" + seat + '"]');
      if (!select) return;
      var count = String(fields[kind] || 0);
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === count; });
      select.value = count === "0" || !known ? "" : count;
    });
    var stats = panel && panel.querySelector("details.stats");
    if (stats) stats.open = true;
    (value || entry).dispatchEvent(new Event("change", { bubbles: true }));
    close();
    if (value) value.focus();
  }

  function close() {
    var box = dialog();
    if (box && box.open) box.close();
  }

  function offline(box) {
    var note = document.createElement("p");
    note.className = "calc-problem";
    note.setAttribute("role", "alert");
    note.textContent = box.dataset.offline;
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.calcClose = "";
    button.textContent = box.dataset.close;
    box.replaceChildren(note, button);
    if (!box.open) box.showModal();
    button.focus();
  }

  function open(seat) {
    var box = dialog();
    if (!navigator.onLine) { offline(box); return; }
    var entry = document.getElementById("entry");
    var params = new URLSearchParams();
    if (entry) {
      var result = entry.querySelector('input[name="result"]:checked');
      if (result) params.set("result", result.value);
      entry.querySelectorAll('input[name="riichi"]:checked').forEach(function (input) {
        params.append("riichi", input.value);
      });
      if (entry.dataset.hand) params.set("hand", entry.dataset.hand);
    }
    history = [];
    var url = box.dataset.url.replace(/0\/$/, seat + "/") + "?" + params.toString();
    htmx.ajax("GET", url, { target: box, swap: "innerHTML" }).then(function () {
      if (!box.querySelector(".calc")) { offline(box); return; }  // no answer: the network
      if (!box.open) box.showModal();
      var first = box.querySelector(".calc-keys .key");
      if (first) first.focus();
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target : null;
    if (!target) return;
    var key = target.closest("#calc-form .key");
    if (key) { tap(key.dataset.tile); return; }
    if (target.closest("[data-calc-undo]")) {
      if (history.length) { restore(history.pop()); changed(); }
      return;
    }
    if (target.closest("[data-calc-clear]")) {
      history.push(snapshot());
      restore(["", "", "", ""]);
      changed();
      return;
    }
    if (target.closest("[data-calc-close]")) { close(); return; }
    var use = target.closest("[data-calc-use]");
    if (use) apply(use);
  });

  // The mode radios only steer the keyboard: they ask the server nothing. Nor does a text
  // field's change: its typing was counted already (the input trigger), and the change comes
  // when the field loses focus, that is when the scorekeeper taps "Use this value"; a count
  // sent then would replace the button between the finger's down and up, and the tap is lost.
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target.closest || !target.closest("#calc-form")) return;
    if (target.name === "mode" || target.classList.contains("calc-text")) {
      event.stopPropagation();
    }
  }, true);

  window.tenbouCalculator = { open: open };
})();
