// The site header's menu: one row on a phone, the rest behind a button (WAI-ARIA disclosure).
// Loaded in <head> without defer, so the page is marked as scripted before the header is drawn;
// without scripts the header shows every link, wrapped.
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  const header = document.querySelector(".site-header");
  const toggle = header && header.querySelector(".menu-toggle");
  if (!toggle) return;
  toggle.hidden = false;

  const menu = document.getElementById(toggle.getAttribute("aria-controls"));
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    header.classList.toggle("menu-open", open);
  };
  // What the button opened: the whole menu on a phone, the part beyond the pages from a tablet
  // up (the pages are in the row). The keyboard goes there first.
  const firstOpened = () => {
    const part = getComputedStyle(menu).position === "absolute" ? menu : menu.querySelector(".site-more");
    return part.querySelector("a, button");
  };
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    setOpen(open);
    if (open) firstOpened()?.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!header.contains(event.target)) setOpen(false);
  });
});
