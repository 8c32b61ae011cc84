// The reader's options, remembered in this browser: a four-colour deck (clubs green, diamonds blue, so
// that no suit is told by red or black alone) and "larger and clearer" (larger cards and text, more
// spacing, Atkinson Hyperlegible, a typeface made for readers with low vision, shipped with the pages
// under the SIL Open Font Licence). Reduced motion is the system's own setting, honoured by style.css.

import { el } from "/static/common.js";
import { t } from "/static/words.js";

const KEY = "noddy.options";
const OPTIONS = { four_colour: "four-colour", clearer: "clearer" };

function saved() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function apply(chosen) {
  for (const [name, cls] of Object.entries(OPTIONS)) document.documentElement.classList.toggle(cls, Boolean(chosen[name]));
}

/** Draw the options' checkboxes into ``box`` in the page's language (again when it changes). */
export function renderOptions(box) {
  const draw = () => {
    const chosen = saved();
    box.replaceChildren(...Object.keys(OPTIONS).map((name) => el("label", { class: "option" },
      el("input", {
        type: "checkbox", id: `option-${name}`, checked: Boolean(chosen[name]),
        onchange: (e) => {
          const now = { ...saved(), [name]: e.target.checked };
          try {
            localStorage.setItem(KEY, JSON.stringify(now));
          } catch {
            /* private mode: the choice holds while the page is open */
          }
          apply(now);
        },
      }), " ", t(`options.${name}`))));
  };
  draw();
  document.addEventListener("noddy:words", draw);
}

apply(saved());
