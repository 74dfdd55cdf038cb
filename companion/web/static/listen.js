// Push-to-talk with the browser's own speech recognition (Web Speech API), shared by the
// table page (POST /heard) and the teaching page (POST /teach/heard); docs/web.md, "The
// referee listens". A press starts listening, a second press (or the end of the
// sentence) stops it; the recogniser's alternatives, best first, go to the server,
// which answers {understood, heard, message, ...} in the page's language.
"use strict";

// The browser's recogniser, or null where it has none (Firefox): the page then shows
// no button but one line saying why.
function companionRecognition() {
  return window.SpeechRecognition || window.webkitSpeechRecognition || null;
}

// The games' notation is German in every language (the English page glosses it), so
// every page listens in German (docs/web.md): an English recogniser would write
// "Wurf sieben" as words no notation reads.
const NOTATION_LANG = "de-DE";

// Wires the page's #mic button (hidden until the browser can listen), #mic-missing (the
// line shown where it cannot) and #heard (where the server's message is written).
// `options`: url, token (the CSRF token), words ({listening, failed, not_understood}),
// answer (called with the server's answer).
function companionListen(options) {
  const button = document.getElementById("mic");
  const missing = document.getElementById("mic-missing");
  const line = document.getElementById("heard");
  const Recognition = companionRecognition();
  if (!Recognition) {
    button.remove();
    missing.hidden = false;
    return;
  }
  button.hidden = false;
  let listening = null;
  const show = (text) => { line.textContent = text; };
  async function send(alternatives) {
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: {"Content-Type": "application/json", "X-CSRFToken": options.token},
        body: JSON.stringify({alternatives: alternatives, source: "browser"}),
      });
      const answer = await response.json();
      show(answer.message);
      options.answer(answer);
    } catch (error) {
      show(options.words.failed.replace("{error}", String(error)));
    }
  }
  button.addEventListener("click", () => {
    if (listening) { listening.stop(); return; }
    const recognition = new Recognition();
    recognition.lang = NOTATION_LANG;
    recognition.maxAlternatives = 5;
    recognition.interimResults = false;
    recognition.continuous = false;
    recognition.addEventListener("result", (event) => {
      const result = event.results[event.results.length - 1];
      const alternatives = Array.from(result, (a) => a.transcript).slice(0, 10);
      send(alternatives);
    });
    recognition.addEventListener("nomatch", () => send([]));
    recognition.addEventListener("error", (event) => {
      show(event.error === "no-speech" ? options.words.not_understood
           : options.words.failed.replace("{error}", event.error));
    });
    recognition.addEventListener("end", () => {
      listening = null;
      button.classList.remove("listening");
      button.setAttribute("aria-pressed", "false");
    });
    listening = recognition;
    button.classList.add("listening");
    button.setAttribute("aria-pressed", "true");
    show(options.words.listening);
    recognition.start();
  });
}
