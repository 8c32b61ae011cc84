// The pages' words: the phrase table of the reader's language, as the server's words layer gives it
// (GET /api/words/{lang}). The pages hold no wording: they fill in these phrases' {fields}.

const CHOICE = "noddy.lang";
let phrases = {};
let languages = {};
let current = null;

/** The language this browser's person chose (remembered), or null if none was chosen. */
export function chosenLang() {
  try {
    return localStorage.getItem(CHOICE);
  } catch {
    return null;
  }
}

export function chooseLang(lang) {
  try {
    localStorage.setItem(CHOICE, lang);
  } catch {
    /* private mode: the choice holds while the page is open */
  }
}

/** The language the page speaks now. */
export function lang() {
  return current;
}

/** Fetch the phrase table of ``wanted`` (unless it is loaded already) and fill in the page; parts that
 * fetch words of their own hear of it by the document's "noddy:words" event. */
export async function loadWords(wanted) {
  if (wanted === current) return;
  const response = await fetch(`/api/words/${encodeURIComponent(wanted)}`);
  const data = await response.json();
  phrases = data.phrases;
  languages = data.languages;
  current = data.lang;
  document.documentElement.lang = current;
  fillPage();
  document.dispatchEvent(new CustomEvent("noddy:words", { detail: current }));
}

/** A phrase with its {fields} filled in from ``values``. */
export function t(key, values = {}) {
  const text = phrases[key];
  if (text === undefined) return "";
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function has(key) {
  return key in phrases;
}

/** The phrase for a count: ``key.one`` for 1, ``key.many`` else, with ``n`` filled in. */
export function tn(key, n, values = {}) {
  return t(`${key}.${n === 1 ? "one" : "many"}`, { n, ...values });
}

/** Fill the page's fixed words: data-w (text), data-w-title, data-w-label (aria-label),
 * data-w-placeholder, and the document's title from the body's data-w-doc. */
export function fillPage(root = document) {
  for (const node of root.querySelectorAll("[data-w]")) node.textContent = t(node.dataset.w);
  for (const node of root.querySelectorAll("[data-w-title]")) node.title = t(node.dataset.wTitle);
  for (const node of root.querySelectorAll("[data-w-label]")) node.setAttribute("aria-label", t(node.dataset.wLabel));
  for (const node of root.querySelectorAll("[data-w-placeholder]")) node.placeholder = t(node.dataset.wPlaceholder);
  const doc = document.body && document.body.dataset.wDoc;
  if (doc) document.title = t(doc);
  for (const node of root.querySelectorAll(".lang-switch button")) {
    node.setAttribute("aria-pressed", String(node.dataset.lang === current));
  }
}

/** The visible language switch (each language named in itself); ``onChoose(lang)`` is called
 * after the choice is remembered. */
export function langSwitch(box, onChoose) {
  box.replaceChildren(...Object.entries(languages).map(([code, name]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "quiet small";
    button.dataset.lang = code;
    button.lang = code;
    button.textContent = name;
    button.setAttribute("aria-pressed", String(code === current));
    button.addEventListener("click", () => {
      chooseLang(code);
      onChoose(code);
    });
    return button;
  }));
}
