// The lobby: start a table (rule set, players, partners, counting, seats) and list the tables.

import { api, el, myTables, oldToken, saveInvites, saveMaker, saveSecret, savedSecret } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let catalogue = [];
let levels = [];

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
  const game = rules.end === "target" ? `game ${rules.target} up` : "a single deal";
  $("rules-about").replaceChildren(
    el("p", { class: "summary" }, rules.summary),
    el("p", { class: "facts" }, `${rules.players.join(", ")} players · ${game} · `,
      el("a", { href: `/rules/${rules.name}`, target: "_blank", id: "full-rules" }, "the full rules in plain words")),
    el("ul", { class: "sources", "aria-label": "sources" }, sources),
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
}

function myName() {
  try {
    return localStorage.getItem("noddy.myname") || "";
  } catch {
    return "";
  }
}

function seatRow(i, prior) {
  const kind = el("select", { "aria-label": `seat ${i + 1}`, class: "seat-kind", onchange: () => update() },
    el("option", { value: "me" }, "Me"),
    el("option", { value: "friend" }, "A friend (invite link)"),
    el("option", { value: "computer" }, "Computer"));
  kind.value = prior.kind;
  const level = el("select", { "aria-label": `level of seat ${i + 1}`, class: "seat-level" },
    ...levels.map((name) => el("option", { value: name }, name)));
  level.value = prior.level || defaultLevel();
  const name = el("input", { type: "text", maxlength: 24, class: "seat-name-input", "aria-label": `name at seat ${i + 1}`, value: prior.name || "" });
  const row = el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i + 1}`), kind, level, name);
  function update() {
    level.hidden = kind.value !== "computer";
    name.hidden = kind.value === "computer";
    name.placeholder = kind.value === "me" ? "your name" : "friend's name";
    if (kind.value === "me") {
      for (const other of document.querySelectorAll(".seat-kind")) if (other !== kind && other.value === "me") {
        other.value = "friend";
        other.dispatchEvent(new Event("change"));
      }
    }
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
  if ($("counting").value) body.counting = $("counting").value;
  $("start").disabled = true;
  try {
    const made = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    saveMaker(made.id, made.maker);
    if (made.invites.length) saveInvites(made.id, made.invites);
    if (made.secret) {
      saveSecret(made.id, made.secret);
      location.href = made.url;
      return;
    }
    const links = made.invites.map((inv) => {
      const url = new URL(inv.link, location.href).href;
      return el("li", {}, el("strong", {}, inv.name), " ", el("input", { value: url, readonly: true, onclick: (e) => e.target.select() }));
    });
    $("created").replaceChildren(el("h2", {}, "Table ready"),
      el("p", {}, "Send each player their own link: it seats one person, the first to open it."),
      el("ul", { class: "invite-links" }, links), el("p", {}, el("a", { href: made.url, class: "button" }, "Watch the table")));
    $("created").hidden = false;
    refresh();
  } catch (error) {
    $("create-error").textContent = `The table could not be made: ${error.message}`;
  } finally {
    $("start").disabled = false;
  }
}

function describeTable(t) {
  const who = t.seats.map((s) => s.name).join(", ");
  let state;
  if (t.status === "over") {
    const scores = t.scores.join(" – ");
    const names = t.seats.map((s) => s.name);
    const winner = t.winner === null ? null : t.side_seats[t.winner].map((seat) => names[seat]).join(" & ");
    state = winner === null ? `a draw, ${scores}` : `${winner} won, ${scores}`;
  } else if (t.status === "open") {
    state = `waiting for ${t.seats.filter((s) => !s.claimed).length} player(s)`;
  } else {
    state = `deal ${t.deal}, ${t.scores.join(" – ")}`;
  }
  return [el("span", { class: "t-title" }, t.title), el("span", { class: "t-who" }, who), el("span", { class: "t-state" }, state)];
}

function tableItem(t, mine) {
  const seated = mine && (savedSecret(t.id) || oldToken(t.id));
  let link;
  if (t.status === "over") link = el("a", { href: `/replay/${t.id}`, class: "button" }, "Replay");
  else if (seated) link = el("a", { href: `/t/${t.id}`, class: "button primary" }, "Play");
  else link = el("a", { href: `/t/${t.id}`, class: "button" }, "Watch");
  return el("li", { "data-table": t.id }, el("div", { class: "t-info" }, ...describeTable(t)), link);
}

function fill(list, tables, mine = false) {
  list.replaceChildren(...(tables.length ? tables.map((t) => tableItem(t, mine)) : [el("li", { class: "empty" }, "None.")]));
}

async function refresh() {
  try {
    const data = await api("/api/tables");
    const ids = new Set(myTables());
    const all = [...data.open, ...data.playing];
    fill($("mine"), all.filter((t) => ids.has(t.id)), true);
    fill($("open"), data.open.filter((t) => !ids.has(t.id)));
    fill($("playing"), data.playing.filter((t) => !ids.has(t.id)));
    fill($("finished"), data.finished);
  } catch {
    /* the next refresh will tell */
  }
}

async function start() {
  const data = await api("/api/rules");
  catalogue = data.rules;
  levels = data.levels;
  $("counting").append(...data.counting.map((c) => el("option", { value: c.value }, `Declare your own count: ${c.words}`)));
  $("rules").replaceChildren(...catalogue.map((r) => el("option", { value: r.name }, r.title)));
  $("rules").addEventListener("change", showRules);
  $("partners").addEventListener("change", () => { $("partners").dataset.touched = "yes"; });
  showRules();
  $("new-table").addEventListener("submit", create);
  refresh();
  setInterval(refresh, 5000);
}

start();
