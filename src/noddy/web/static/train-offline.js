// The trainer with no network (issue 36 item 3): a request the server cannot answer (the fetch itself
// failed: no network) is answered by noddy's own engine in the page (engine.js:
// noddy.offline.trainer.Trainer), as the server answers it; the learner's progress is then kept in
// this browser. A request the server refused is refused as before.
import { api } from "/static/common.js";
import { ask } from "/static/engine.js";

const PROGRESS = "noddy.train.offline";

function kept() {
  try {
    return localStorage.getItem(PROGRESS);
  } catch {
    return null;
  }
}

/** The trainer's ``api`` call: the server's answer, else (no network) the page's engine's. */
export async function trainApi(path, options = {}) {
  try {
    return await api(path, options);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  const body = options.body ? JSON.parse(options.body) : {};
  const answered = await ask("train", path, body, kept());
  if (answered.error) throw new Error(answered.error);
  try {
    localStorage.setItem(PROGRESS, answered.progress);
  } catch {
    /* private mode: the progress holds while the page is open */
  }
  return answered.answer;
}
