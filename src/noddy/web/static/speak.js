// "Say the counts aloud": the browser's own speech (speechSynthesis) says each call as it is built
// and each play, in the page's language. Off unless chosen; the choice is remembered. The words are
// the server's (an event's ``said``); this module only hands them to the voice.

import { lang } from "/static/words.js";

const KEY = "noddy.speak";
const VOICES = { en: "en-GB", fr: "fr-FR" };

/** Whether the person chose to hear the counts. */
export function speaking() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function chooseSpeaking(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* private mode: the choice holds while the page is open */
  }
  if (!on && window.speechSynthesis) window.speechSynthesis.cancel();
}

/** Say ``text`` if the person chose to hear the counts (or ``asked`` for it now: the scorer's "Say
 * it"); resolves when it has been said (at once when not speaking, and after a bound where a voice
 * never says it has finished). */
export function say(text, asked = false) {
  const voice = window.speechSynthesis;
  if (!text || !(asked || speaking()) || !voice || !window.SpeechSynthesisUtterance) return Promise.resolve();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = VOICES[lang()] || lang() || "en";
    const bound = setTimeout(resolve, 1500 + 120 * text.length);
    const done = () => {
      clearTimeout(bound);
      resolve();
    };
    utterance.onend = done;
    utterance.onerror = done;
    voice.speak(utterance);
  });
}
