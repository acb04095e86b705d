// The hall screen: pages of tables and standings that fit the screen, the next page every 10 s,
// Escape to leave. htmx polls the board every 5 s (see tournaments/views/hall.py); the page a
// section shows is kept across those refreshes, and an answer that is not a board (a login
// page, an error page from a proxy) is never swapped in: the last board stays up.
(function () {
  "use strict";
  const TURN_MS = 10000;
  const shown = {}; // the page each section shows, by its data-pages name

  // Split a section's items into the pages that fit its list: as many items as it holds
  // without scrolling, then the next ones (an item too tall alone still gets a page).
  function pagesOf(list) {
    const items = Array.from(list.children);
    const pages = [];
    let start = 0;
    items.forEach((item) => (item.hidden = true));
    while (start < items.length) {
      let end = start;
      while (end < items.length) {
        items[end].hidden = false;
        if (end > start && list.scrollHeight > list.clientHeight + 1) {
          items[end].hidden = true;
          break;
        }
        end += 1;
      }
      pages.push([start, end]);
      for (let i = start; i < end; i += 1) items[i].hidden = true;
      start = end;
    }
    return pages;
  }

  function show(section, turn) {
    const list = section.querySelector("[data-page-items]");
    const label = section.querySelector(".hall-page");
    if (!list) {
      if (label) label.textContent = "";
      return;
    }
    const pages = pagesOf(list);
    const name = section.dataset.pages;
    const page = pages.length ? ((shown[name] || 0) + turn) % pages.length : 0;
    shown[name] = page;
    const items = Array.from(list.children);
    if (pages.length) {
      const [start, end] = pages[page];
      items.forEach((item, i) => (item.hidden = i < start || i >= end));
    }
    if (label) label.textContent = pages.length > 1 ? page + 1 + " / " + pages.length : "";
  }

  function showAll(turn) {
    document.querySelectorAll("[data-pages]").forEach((section) => show(section, turn));
  }

  document.addEventListener("DOMContentLoaded", () => showAll(0));
  document.addEventListener("htmx:afterSwap", () => showAll(0));
  window.addEventListener("resize", () => showAll(0));
  setInterval(() => showAll(1), TURN_MS);

  document.addEventListener("htmx:beforeSwap", (event) => {
    const answer = event.detail.xhr ? event.detail.xhr.responseText : "";
    if (event.detail.target.id === "hall-board" && !answer.includes('id="hall-board"')) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("keydown", (event) => {
    const leave = document.querySelector(".hall-leave");
    if (event.key === "Escape" && leave) window.location.assign(leave.href);
  });
})();
