// Hands recorded while the network is down: kept on the tablet (IndexedDB), in order, with
// the idempotency key and the version each was entered on; sent in that order once the network
// is back, each until the server has answered it (a lost answer is sent again with the same
// key, and the server stores it once). A change the server refuses stops the queue there, with
// its reason; nothing after it is sent until the scorekeeper decides.
//
// The round, dealer, honba and scores after a waiting hand need the engine: the screen shows
// such hands as "not sent yet" and the scores as they were at the last answer (no engine in the
// browser: see the README).
(function () {
  "use strict";
  var panel = document.getElementById("offline-queue");
  if (!panel || !window.indexedDB) return;
  var game = panel.dataset.game;
  var text = JSON.parse(document.getElementById("offline-queue-text").textContent);
  var DB_NAME = "tenbou-offline", STORE = "changes";
  var syncing = false, stopped = false, retryTimer = null;

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        var store = request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        store.createIndex("game", "game");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function waiting() {
    return run("readonly", function (store) { return store.index("game").getAll(game); })
      .then(function (items) { return items.sort(function (a, b) { return a.id - b.id; }); });
  }
  function add(item) { return run("readwrite", function (store) { return store.add(item); }); }
  function remove(id) { return run("readwrite", function (store) { return store.delete(id); }); }
  function put(item) { return run("readwrite", function (store) { return store.put(item); }); }

  function form() { return document.getElementById("entry"); }
  // A waiting change moved onto another version: the field it sends says so too.
  function rebase(item, version) {
    item.version = version;
    item.entries = item.entries.map(function (pair) {
      return pair[0] === "version" ? ["version", String(version)] : pair;
    });
  }
  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }
  // The form, ready for the hand after the waiting ones: their versions follow each other.
  function nextOn(items) {
    var entry = form();
    if (!entry || !items.length) return;
    entry.querySelector('[name="version"]').value = items[items.length - 1].version + 1;
    entry.querySelector('[name="key"]').value = newKey();
  }

  function summary(entry) {
    var result = entry.querySelector('input[name="result"]:checked');
    var label = result && result.closest("label");
    return label ? label.textContent.trim() : "";
  }

  function editing() { var entry = form(); return entry ? entry.dataset.editing || "" : ""; }

  function keep(entry) {
    var data = new FormData(entry), entries = [];
    data.forEach(function (value, name) { entries.push([name, String(value)]); });
    if (editing()) return refix(entry, entries);
    var fixing = entry.dataset.fixNumber;
    var item = {
      game: game,
      action: fixing ? entry.dataset.fixAction : entry.getAttribute("action"),
      entries: entries,
      version: parseInt(data.get("version"), 10),
      key: String(data.get("key")),
      summary: (fixing ? text.fixHand.replace("%(number)s", fixing) + " · " : "") + summary(entry),
      at: Date.now()
    };
    delete entry.dataset.fixNumber;
    delete entry.dataset.fixAction;
    return add(item).then(function () {
      entry.reset();
      return waiting();
    }).then(function (items) {
      nextOn(items);
      entry.dispatchEvent(new Event("change", { bubbles: true }));
      show(items);
    });
  }

  // A waiting hand fixed before it was sent: the same place in the queue and version, a new
  // key (if the first one had reached the server after all, the fix is refused, not lost).
  function refix(entry, entries) {
    var id = parseInt(editing(), 10);
    return waiting().then(function (items) {
      var item = items.filter(function (one) { return one.id === id; })[0];
      if (!item) return items;
      var key = newKey();
      item.key = key;
      item.summary = summary(entry);
      item.entries = entries.map(function (pair) {
        if (pair[0] === "version") return ["version", String(item.version)];
        if (pair[0] === "key") return ["key", key];
        return pair;
      });
      return put(item).then(waiting);
    }).then(function (items) {
      delete entry.dataset.editing;
      entry.reset();
      nextOn(items);
      entry.dispatchEvent(new Event("change", { bubbles: true }));
      show(items);
    });
  }

  // The form shows a waiting hand's taps again, to fix it.
  function load(item) {
    var entry = form();
    entry.reset();
    item.entries.forEach(function (pair) {
      var name = pair[0], value = pair[1];
      if (name === "version" || name === "key" || name === "csrfmiddlewaretoken") return;
      entry.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === value) input.checked = true;
        } else {
          input.value = value;
        }
      });
    });
    entry.dataset.editing = String(item.id);
    entry.dispatchEvent(new Event("change", { bubbles: true }));
    entry.scrollIntoView({ block: "start" });
  }

  // A waiting hand deleted before it was sent: the ones after it follow on one version lower.
  function drop(id) {
    return waiting().then(function (items) {
      var after = false, work = [];
      items.forEach(function (item) {
        if (item.id === id) { after = true; work.push(remove(id)); return; }
        if (!after) return;
        rebase(item, item.version - 1);
        work.push(put(item));
      });
      return Promise.all(work);
    }).then(waiting).then(function (items) {
      var entry = form();
      if (entry) { entry.querySelector('[name="version"]').value = items.length ? items[items.length - 1].version + 1 : entry.querySelector('[name="version"]').defaultValue; }
      show(items);
    });
  }

  panel.addEventListener("click", function (event) {
    var button = event.target.closest("[data-queue-item]");
    if (!button) return;
    var id = parseInt(button.closest("li").dataset.id, 10);
    if (button.dataset.queueItem === "drop") { drop(id); return; }
    waiting().then(function (items) {
      var item = items.filter(function (one) { return one.id === id; })[0];
      if (item) { load(item); show(items); }
    });
  });
  // The network gone or back: the panel offers (or no longer offers) the offline controls;
  // back, the waiting changes are sent.
  window.addEventListener("offline", function () { waiting().then(function (items) { show(items); }); });
  window.addEventListener("online", function () {
    waiting().then(function (items) { show(items); });
    sync();
  });

  // The end of the game, kept like a hand: sent after the hands before it. The form that
  // confirms the settlement (when the server already said the game ended) carries its fields.
  function settlementForm() { return document.querySelector("form[data-offline-queue]"); }
  function ended(items) { return items.length > 0 && !!items[items.length - 1].end; }
  function keepEnd(kind, fields) {
    return waiting().then(function (items) {
      if (ended(items)) return items;
      var entry = form() || settlementForm();
      var version = items.length ? items[items.length - 1].version + 1
        : parseInt(fields.version || entry.querySelector('[name="version"]').value, 10);
      var key = newKey();
      var item = {
        game: game,
        end: kind,
        action: kind === "early" ? panel.dataset.endEarly : panel.dataset.finish,
        entries: [["version", String(version)], ["key", key], ["reason", kind === "early" ? text.timeUp : ""]],
        version: version,
        key: key,
        summary: kind === "early" ? text.endEarly : text.endGame,
        at: Date.now()
      };
      return add(item).then(waiting);
    }).then(function (items) { show(items); return items; });
  }
  panel.addEventListener("click", function (event) {
    var button = event.target.closest("[data-queue-end]");
    if (!button) return;
    if (!window.confirm(text.confirmEnd)) return;
    keepEnd(button.dataset.queueEnd, {});
  });

  function show(items, message, actions) {
    var list = panel.querySelector("ol"), note = panel.querySelector(".queue-note");
    var offline = !navigator.onLine, entry = form(), over = ended(items);
    // Offline, the end of the game can be queued; once it is, no hand follows it.
    panel.querySelector(".queue-end").hidden = !offline || !entry || over;
    if (entry) entry.hidden = over;
    panel.hidden = !items.length && !message && !(offline && entry);
    panel.querySelector(".queue-count").textContent = items.length
      ? text.waiting.replace("%(count)s", items.length) : "";
    list.replaceChildren.apply(list, items.map(function (item, index) {
      var li = document.createElement("li");
      li.className = "queued" + (String(item.id) === editing() ? " editing" : "");
      li.dataset.id = String(item.id);
      var label = document.createElement("span");
      label.textContent = text.notSent + (item.summary ? " · " + item.summary : "");
      li.appendChild(label);
      if (offline && (entry || item.end)) {
        [["fix", text.fix], ["drop", text.drop]].forEach(function (pair) {
          if (item.end && pair[0] === "fix") return;  // an end is only taken back
          var button = document.createElement("button");
          button.type = "button";
          button.className = "queue-" + pair[0];
          button.dataset.queueItem = pair[0];
          button.textContent = pair[1];
          li.appendChild(button);
        });
      }
      return li;
    }));
    note.textContent = message || "";
    note.hidden = !message;
    panel.querySelectorAll("[data-queue-action]").forEach(function (button) {
      button.hidden = !(actions || []).includes(button.dataset.queueAction);
    });
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; }
    catch (error) { return ""; }
  }
  function reason(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var found = page.querySelectorAll(".notice.conflict, .errors p, .field-error, .errorlist li");
    return Array.prototype.map.call(found, function (node) { return node.textContent.trim(); })
      .filter(Boolean).join(" ");
  }

  function later() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(sync, 1000);
  }

  // Sends the waiting changes in order; resolves when it stops (all sent, or why not).
  function sync() {
    if (syncing || stopped || !navigator.onLine || editing()) return Promise.resolve();
    syncing = true;
    return waiting().then(function step(items) {
      if (!items.length) {
        syncing = false;
        if (panel.dataset.sent) location.reload();  // the server's screen, with every hand
        return;
      }
      var item = items[0];
      return fetch(item.action, {
        method: "POST",
        body: new URLSearchParams(item.entries),
        headers: { "X-CSRFToken": csrf(), "HX-Request": "true" },
        credentials: "same-origin",
        redirect: "manual"
      }).then(function (response) {
        if (response.type === "opaqueredirect" || response.status === 403) {
          syncing = false;
          stopped = true;
          show(items, text.login, ["login"]);
          return;
        }
        if (response.ok) {
          panel.dataset.sent = "yes";
          return remove(item.id).then(waiting).then(function (rest) { show(rest); return step(rest); });
        }
        return response.text().then(function (html) {
          syncing = false;
          stopped = true;
          show(items, text.refused.replace("%(reason)s", reason(html) || response.status), ["discard", "rest"]);
        });
      }, function () {
        syncing = false;  // no answer: the same change, with the same key, a little later
        later();
      });
    });
  }

  // The scorekeeper's decisions on a refused change.
  panel.addEventListener("click", function (event) {
    var button = event.target.closest("[data-queue-action]");
    if (!button) return;
    var action = button.dataset.queueAction;
    if (action === "login") {
      location.href = panel.dataset.login + "?next=" + encodeURIComponent(location.pathname);
      return;
    }
    waiting().then(function (items) {
      if (action === "discard" && items.length) return remove(items[0].id).then(waiting);
      return items;
    }).then(function (items) {
      if (action === "discard") { show(items, text.discarded, items.length ? ["rest"] : []); return; }
      // "Send the rest": on the game as it is now, in order (the page is read again first).
      return fetch(location.pathname, { credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var version = page.querySelector('#entry [name="version"]');
          if (!version) { show(items, text.closed, ["discard"]); return; }
          var base = parseInt(version.value, 10);
          return Promise.all(items.map(function (item, index) {
            rebase(item, base + index);
            return put(item);
          })).then(function () { stopped = false; panel.dataset.sent = "yes"; return sync(); });
        });
    });
  });

  // Offline, a stored hand's "fix" fills the form with it (its fields come with the page),
  // and its "delete" is kept to be sent: both wait in the queue like a new hand.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-offline]");
    if (!link || navigator.onLine || !form()) return;
    event.preventDefault();
    var number = link.dataset.number, entry = form();
    if (link.dataset.offline === "delete") {
      if (!window.confirm(text.confirmDelete.replace("%(number)s", number))) return;
      var version = parseInt(entry.querySelector('[name="version"]').value, 10), key = newKey();
      var item = {
        game: game,
        action: link.getAttribute("href"),
        entries: [["version", String(version)], ["key", key], ["reason", ""]],
        version: version,
        key: key,
        summary: text.deleteHand.replace("%(number)s", number),
        at: Date.now()
      };
      add(item).then(waiting).then(function (items) { nextOn(items); show(items); });
      return;
    }
    var all = JSON.parse((document.getElementById("offline-hand-entries") || {}).textContent || "{}");
    load({ id: "", entries: all[number] || [] });
    delete entry.dataset.editing;
    entry.dataset.fixNumber = number;
    entry.dataset.fixAction = link.getAttribute("href");
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    // Only the hand form's own send (not its live preview), and only with no network at all.
    // A waiting hand being fixed stays in the queue, network or not.
    var settlement = settlementForm();
    if (settlement && event.detail.elt === settlement && !navigator.onLine) {
      event.preventDefault();
      keepEnd("finish", { version: settlement.querySelector('[name="version"]').value });
      return;
    }
    if (event.detail.elt !== form() || (navigator.onLine && !editing())) return;
    event.preventDefault();
    keep(form()).then(function () { sync(); });
  });
  document.addEventListener("htmx:load", function () {
    waiting().then(function (items) { nextOn(items); });
  });

  waiting().then(function (items) {
    nextOn(items);
    show(items);
    if (items.length) sync();
  });
})();
