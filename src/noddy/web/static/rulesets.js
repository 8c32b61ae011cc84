// The rule sets the scorer and the board keeper offer: every preset's facts (GET /api/keeper/rules, kept
// by the service worker for use offline) and the house rules loaded on this device (their text and facts
// in localStorage, so they count and keep a board offline too).

const HOUSE = "noddy.house";

export function ruleValue(facts) {
  return facts.house ? `house:${facts.name}` : facts.name;
}

export async function ruleSets() {
  const response = await fetch("/api/keeper/rules");
  return (await response.json()).rule_sets;
}

/** The house rules kept on this device, each its facts with its file's ``text``. */
export function houseRules() {
  try {
    const kept = JSON.parse(localStorage.getItem(HOUSE) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/** Keep house rules (``facts`` as noddy.offline.rule_set gave them, the file's ``text``); a file of the
 * same name replaces the one kept. */
export function keepHouse(facts, text) {
  const kept = houseRules().filter((f) => f.name !== facts.name);
  kept.push({ ...facts, house: true, text, chance: {} });
  localStorage.setItem(HOUSE, JSON.stringify(kept));
}
