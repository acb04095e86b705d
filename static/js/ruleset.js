// The ruleset editor: a switched-off option's inputs are not in force, so they are disabled
// until its switch is on again (a disabled input is not sent: the engine reads the option as
// off, as it does from the switch). Without this script they stay editable.
(function () {
  "use strict";

  function sync(toggle) {
    var option = toggle.closest(".switchable");
    var inputs = option && option.querySelector(".key-inputs");
    if (inputs) inputs.disabled = !toggle.checked;
  }

  function syncAll() {
    document.querySelectorAll(".switchable .switch input").forEach(sync);
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches(".switchable .switch input")) sync(event.target);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", syncAll);
  } else {
    syncAll();
  }
})();
