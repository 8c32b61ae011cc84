// Where phones join a server on the local network (`noddy serve --lan`): the address, its QR code
// and who can then sit down. A server that does not serve the network answers 404: nothing shown.

import { el } from "/static/common.js";
import { lang, t } from "/static/words.js";

let shown = null;
let offTheLan = false;

/** Ask the server where phones join (found anew each time: a hotspot turned on later appears) and
 * fill ``box`` with it, unless the same address is already shown in the same language. A server
 * that does not serve the network is asked once: it cannot start to without a restart. */
export async function showJoin(box) {
  if (offTheLan) return;
  let join;
  try {
    const response = await fetch("/api/join");
    if (response.status === 404) {
      offTheLan = true;
      box.hidden = true;
      return;
    }
    join = await response.json();
  } catch {
    return; /* the next refresh will tell */
  }
  const key = `${lang()} ${join.urls.join(" ")}`;
  if (key === shown) return;
  shown = key;
  const title = el("h2", { id: "join-title" }, t("lobby.join_title"));
  if (!join.url) {
    box.replaceChildren(title, el("p", {}, t("lobby.join_none")));
  } else {
    const others = join.urls.slice(1);
    // The query keeps the browser from showing the image it drew of an address before.
    box.replaceChildren(title,
      el("img", { src: `/join.svg?u=${encodeURIComponent(join.url)}`, class: "join-qr", alt: t("lobby.join_qr", { url: join.url }) }),
      el("p", {}, t("lobby.join_scan"), " ", el("a", { href: join.url, class: "join-url" }, join.url)),
      others.length ? el("p", { class: "join-others" }, t("lobby.join_others", { urls: others.join(", ") })) : null,
      el("p", { class: "join-trust" }, t("lobby.join_trust")));
  }
  box.hidden = false;
}
