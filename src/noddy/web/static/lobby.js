// The lobby: start a table (rule set, players, partners, counting, seats) and list the tables.

import { api, el, myTables, oldToken, saveHere, saveInvites, saveMaker, saveSecret, savedHere, savedSecret } from "/static/common.js";
import { showJoin } from "/static/join.js";
import { chosenLang, lang, langSwitch, loadWords, t, tn } from "/static/words.js";
import { renderOptions } from "/static/options.js";

const $ = (id) => document.getElementById(id);
let catalogue = [];
let levels = [];
let counting = [];
let listed = null;

function current() {
  return catalogue.find((r) => r.name === $("rules").value) || catalogue[0];
}

function playersChosen() {
  const checked = document.querySelector("input[name=players]:checked");
  return checked ? Number(checked.value) : current().players[0];
}

function defaultLevel() {
  for (const name of ["medium", "greedy"]) if (levels.includes(name)) return name;
  return levels[0];
}

function showRules() {
  const rules = current();
  const sources = rules.sources.map((s) => el("li", {}, s.url ? el("a", { href: s.url, rel: "noopener", target: "_blank" }, s.name) : s.name));
  const game = rules.end === "target" ? t("lobby.game_to", { target: rules.target }) : t("lobby.single_deal");
  $("rules-about").replaceChildren(
    el("p", { class: "summary" }, rules.summary),
    el("p", { class: "facts" }, t("lobby.facts", { players: rules.players.join(", "), game }),
      el("a", { href: `/rules/${rules.name}?lang=${encodeURIComponent(lang())}`, target: "_blank", id: "full-rules" }, t("lobby.full_rules"))),
    el("ul", { class: "sources", "aria-label": t("lobby.sources") }, sources),
  );
  const was = playersChosen();
  const box = $("players");
  box.replaceChildren(...rules.players.map((n) => el("label", { class: "pill" },
    el("input", { type: "radio", name: "players", value: n, checked: n === (rules.players.includes(was) ? was : rules.players[0]), onchange: showSeats }),
    el("span", {}, String(n)))));
  showSeats();
}

function showSeats() {
  const rules = current();
  const n = playersChosen();
  const partners = $("partners");
  $("partners-field").hidden = n !== 4;
  partners.disabled = rules.partners !== "optional";
  if (rules.partners !== "optional") partners.checked = rules.partners === "always";
  else if (partners.dataset.touched !== "yes") partners.checked = true;
  const list = $("seats");
  const old = [...list.children].map(readSeat);
  list.replaceChildren();
  for (let i = 0; i < n; i++) {
    const prior = old[i] || { kind: i === 0 ? "me" : "computer", level: defaultLevel(), name: i === 0 ? myName() : "" };
    list.append(seatRow(i, prior));
  }
  showHints();
}

/** Hints only where the server allows them: one person's seat, the others computers. Elsewhere the
 * box is unticked and disabled; the person's choice comes back when the seats allow it again. */
function showHints() {
  const hints = $("hints");
  const people = [...document.querySelectorAll(".seat-kind")].filter((kind) => kind.value !== "computer").length;
  hints.disabled = people !== 1;
  hints.checked = !hints.disabled && hints.dataset.wanted === "yes";
}

function myName() {
  try {
    return localStorage.getItem("noddy.myname") || "";
  } catch {
    return "";
  }
}

function seatRow(i, prior) {
  const kind = el("select", { "aria-label": t("lobby.seat_kind", { n: i + 1 }), class: "seat-kind", onchange: () => update() },
    el("option", { value: "me" }, t("lobby.me")),
    el("option", { value: "here" }, t("lobby.here")),
    el("option", { value: "friend" }, t("lobby.friend")),
    el("option", { value: "computer" }, t("lobby.computer")));
  kind.value = prior.kind;
  const level = el("select", { "aria-label": t("lobby.seat_level", { n: i + 1 }), class: "seat-level" },
    ...levels.map((name) => el("option", { value: name }, t(`level.${name}`) || name)));
  level.value = prior.level || defaultLevel();
  const name = el("input", { type: "text", maxlength: 24, class: "seat-name-input", "aria-label": t("lobby.seat_name", { n: i + 1 }), value: prior.name || "" });
  const row = el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, t("lobby.seat", { n: i + 1 })), kind, level, name);
  function update() {
    level.hidden = kind.value !== "computer";
    name.hidden = kind.value === "computer";
    const placeholder = { me: "lobby.your_name", here: "lobby.their_name" }[kind.value] || "lobby.friends_name";
    name.placeholder = t(placeholder);
    if (kind.value === "me") {
      for (const other of document.querySelectorAll(".seat-kind")) if (other !== kind && other.value === "me") {
        other.value = "friend";
        other.dispatchEvent(new Event("change"));
      }
    }
    showHints();
  }
  update();
  return row;
}

function readSeat(row) {
  const kind = row.querySelector(".seat-kind").value;
  const seat = { kind };
  if (kind === "computer") seat.level = row.querySelector(".seat-level").value;
  else {
    const name = row.querySelector(".seat-name-input").value.trim();
    if (name) seat.name = name;
  }
  return seat;
}

// Seats left unnamed are named in the maker's language ("Joueur 1", "Ami", "Ordinateur (moyen)").
function nameTheUnnamed(seats) {
  const computers = seats.filter((s) => s.kind === "computer").length;
  const friends = seats.filter((s) => s.kind === "friend").length;
  let friend = 0;
  seats.forEach((seat, i) => {
    if (seat.kind === "friend") friend += 1;
    if (seat.name) return;
    if (seat.kind === "me" || seat.kind === "here") seat.name = t("lobby.player_name", { n: i + 1 });
    else if (seat.kind === "friend") seat.name = friends === 1 ? t("lobby.friend_name") : t("lobby.friend_name_n", { n: friend });
    else {
      const level = t(`level.${seat.level}`) || seat.level;
      seat.name = computers === 1 ? t("lobby.computer_name", { level }) : t("lobby.computer_name_n", { n: i + 1, level });
    }
  });
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const players = playersChosen();
  const body = {
    rules: current().name,
    players,
    seats: [...$("seats").children].map(readSeat),
  };
  if (players === 4) body.partners = $("partners").checked;
  const mine = body.seats.find((s) => s.kind === "me");
  try {
    if (mine && mine.name) localStorage.setItem("noddy.myname", mine.name);
  } catch {
    /* not remembered */
  }
  nameTheUnnamed(body.seats);
  if ($("counting").value) body.counting = $("counting").value;
  if ($("hints").checked) body.hints = true;
  $("start").disabled = true;
  try {
    const made = await api(`/api/tables?lang=${lang()}`, { method: "POST", body: JSON.stringify(body) });
    saveMaker(made.id, made.maker);
    if (made.invites.length) saveInvites(made.id, made.invites);
    if (made.here.length) saveHere(made.id, made.here.map((seat) => seat.secret));
    if (made.secret) saveSecret(made.id, made.secret);
    if (made.secret || made.here.length) {
      location.href = made.url;
      return;
    }
    const links = made.invites.map((inv) => {
      const url = new URL(inv.link, location.href).href;
      return el("li", {}, el("strong", {}, inv.name), " ", el("input", { value: url, readonly: true, onclick: (e) => e.target.select() }));
    });
    $("created").replaceChildren(el("h2", {}, t("lobby.ready")),
      el("p", {}, t("lobby.send_links")),
      el("ul", { class: "invite-links" }, links), el("p", {}, el("a", { href: made.url, class: "button" }, t("lobby.watch_table"))));
    $("created").hidden = false;
    refresh();
  } catch (error) {
    $("create-error").textContent = t("lobby.not_made", { error: error.message });
  } finally {
    $("start").disabled = false;
  }
}

function describeTable(table) {
  const who = table.seats.map((s) => s.name).join(", ");
  let state;
  if (table.status === "over") {
    const scores = table.scores.join(" – ");
    const names = table.seats.map((s) => s.name);
    const winner = table.winner === null ? null : table.side_seats[table.winner].map((seat) => names[seat]).join(" & ");
    state = winner === null ? t("lobby.draw", { scores }) : t("lobby.won", { winner, scores });
  } else if (table.status === "open") {
    state = tn("lobby.waiting", table.seats.filter((s) => !s.claimed).length);
  } else {
    state = t("lobby.deal_now", { deal: table.deal, scores: table.scores.join(" – ") });
  }
  const rules = catalogue.find((r) => r.name === table.rules);
  return [el("span", { class: "t-title" }, rules ? rules.title : table.title), el("span", { class: "t-who" }, who), el("span", { class: "t-state" }, state)];
}

function tableItem(table, mine) {
  const seated = mine && (savedSecret(table.id) || oldToken(table.id) || savedHere(table.id).length);
  let link;
  if (table.status === "over") link = el("a", { href: `/replay/${table.id}`, class: "button" }, t("lobby.replay"));
  else if (seated) link = el("a", { href: `/t/${table.id}`, class: "button primary" }, t("lobby.play"));
  else link = el("a", { href: `/t/${table.id}`, class: "button" }, t("lobby.watch"));
  return el("li", { "data-table": table.id }, el("div", { class: "t-info" }, ...describeTable(table)), link);
}

function fill(list, tables, mine = false) {
  list.replaceChildren(...(tables.length ? tables.map((table) => tableItem(table, mine))
    : [el("li", { class: "empty" }, t(mine ? "lobby.none_yet" : "lobby.none"))]));
}

function show(data) {
  const ids = new Set(myTables());
  const all = [...data.open, ...data.playing];
  fill($("mine"), all.filter((table) => ids.has(table.id)), true);
  fill($("open"), data.open.filter((table) => !ids.has(table.id)));
  fill($("playing"), data.playing.filter((table) => !ids.has(table.id)));
  fill($("finished"), data.finished);
}

async function refresh() {
  try {
    listed = await api("/api/tables");
    show(listed);
    showJoin($("join"));
  } catch {
    /* the next refresh will tell */
  }
}

// The lobby's words, and the rule sets' and counting options' descriptions, in the chosen language.
async function speak(wanted) {
  await loadWords(wanted);
  const data = await api(`/api/rules?lang=${encodeURIComponent(lang())}`);
  catalogue = data.rules;
  levels = data.levels;
  counting = data.counting;
  const chosen = { rules: $("rules").value, counting: $("counting").value };
  $("counting").replaceChildren(el("option", { value: "" }, t("lobby.as_rules_say")),
    ...counting.map((c) => el("option", { value: c.value }, t("lobby.declare_own", { words: c.words }))));
  $("counting").value = chosen.counting;
  $("rules").replaceChildren(...catalogue.map((r) => el("option", { value: r.name }, r.title)));
  if (chosen.rules) $("rules").value = chosen.rules;
  langSwitch($("lang-switch"), (code) => speak(code));
  const seats = [...$("seats").children].map(readSeat);
  showRules();
  [...$("seats").children].forEach((row, i) => {
    if (!seats[i]) return;
    row.querySelector(".seat-kind").value = seats[i].kind;
    row.querySelector(".seat-kind").dispatchEvent(new Event("change"));
    if (seats[i].level) row.querySelector(".seat-level").value = seats[i].level;
    if (seats[i].name) row.querySelector(".seat-name-input").value = seats[i].name;
  });
  if (listed) show(listed);
  showJoin($("join"));
}

async function start() {
  await speak(chosenLang() || "en");
  $("rules").addEventListener("change", showRules);
  $("partners").addEventListener("change", () => { $("partners").dataset.touched = "yes"; });
  $("hints").addEventListener("change", () => { $("hints").dataset.wanted = $("hints").checked ? "yes" : "no"; });
  $("new-table").addEventListener("submit", create);
  refresh();
  setInterval(refresh, 5000);
}

renderOptions($("options"));

start();
