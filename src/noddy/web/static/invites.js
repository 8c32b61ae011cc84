// The seats still to fill, on the table page: the invite links this browser holds and, for the
// table's maker, a new link for a seat nobody took or whose player has left.

import { api, el, saveInvites, savedInvites } from "/static/common.js";
import { t } from "/static/words.js";

const $ = (id) => document.getElementById(id);

/** The invite rows (the old link and the old secret stop working when the maker makes a new one). */
export function renderInvites({ tableId, info, makerKey, onError, onChange }) {
  const saved = savedInvites(tableId);
  const rows = [];
  if (info.status !== "over") {
    info.seats.forEach((seat, i) => {
      if (seat.kind !== "human" || i === info.you || (seat.claimed && (seat.connected || !makerKey))) return;
      const invite = seat.claimed ? null : saved.find((inv) => inv.seat === i);
      if (invite || makerKey) rows.push(inviteRow(i, seat, invite, { tableId, makerKey, onError, onChange }));
    });
  }
  $("invites").hidden = rows.length === 0;
  $("invite-list").replaceChildren(...rows);
}

function inviteRow(i, seat, invite, { tableId, makerKey, onError, onChange }) {
  const row = el("li", { "data-seat": i }, el("strong", {}, seat.name));
  if (invite) {
    const url = new URL(invite.link, location.href).href;
    const input = el("input", { value: url, readonly: true, "aria-label": t("invite.link_for", { name: seat.name }), onclick: (e) => e.target.select() });
    const copy = el("button", {
      onclick: async () => {
        try { await navigator.clipboard.writeText(url); copy.textContent = t("invite.copied"); } catch { input.select(); }
      },
    }, t("invite.copy"));
    row.append(input, copy);
  } else {
    row.append(el("span", { class: "invite-state" }, seat.claimed ? t("invite.left") : t("invite.none")));
  }
  if (makerKey) {
    row.append(el("button", {
      class: "new-link", "data-seat": i, onclick: () => newLink(i, { tableId, makerKey, onError, onChange }),
      title: t("invite.new_title"),
    }, t("invite.new")));
  }
  return row;
}

async function newLink(seat, { tableId, makerKey, onError, onChange }) {
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/invites`, {
      method: "POST", body: JSON.stringify({ maker: makerKey, seat }),
    });
    saveInvites(tableId, [...savedInvites(tableId).filter((inv) => inv.seat !== seat), made]);
    onChange();
  } catch (error) {
    onError(t("error.no_link", { error: error.message }));
  }
}
