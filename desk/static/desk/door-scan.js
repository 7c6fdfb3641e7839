/* The door's scan: the phone's camera reads the QR code of a sign-up (on the player's phone, the
 * printed e-mail or the door list) and checks the player in at once, saying who it is and what
 * is still to pay. Decodes with the browser's BarcodeDetector where there is one, else with
 * jsQR (vendor/jsQR.js, loaded on the first scan). Without a camera, the code can be typed or
 * read by a hand scanner into the field; the page works without this script too. */
(() => {
  "use strict";

  const door = document.querySelector("[data-door-scan]");
  if (!door) return;
  const form = door.querySelector("form");
  const field = form.elements.code;
  const button = door.querySelector("[data-scan]");
  const video = door.querySelector("video");
  const result = door.querySelector("[data-scan-result]");
  const SAME_CODE_PAUSE = 3000; // ms a code must be out of view before it is sent again
  const FRAME_GAP = 120; // ms between two looks at the camera's picture
  let stream = null;
  let decode = null;
  let lastCode = "";
  let lastAt = 0;
  let busy = false;

  function csrfToken() {
    return form.querySelector('[name="csrfmiddlewaretoken"]').value;
  }

  function say(message, tone) {
    result.textContent = message;
    result.dataset.tone = tone;
  }

  function markHere(entryId) {
    const row = document.getElementById(`entry-${entryId}`);
    if (!row) return;
    row.classList.add("here");
    row.dataset.checkedIn = "true";
    const cell = row.querySelector("[data-here-cell]");
    if (cell) cell.textContent = door.dataset.hereText;
  }

  async function send(code) {
    busy = true;
    try {
      const response = await fetch(form.getAttribute("action"), {
        method: "POST",
        body: new URLSearchParams({ code: code }),
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
        signal: AbortSignal.timeout(10000),
      });
      const answer = await response.json();
      say(answer.message, answer.ok ? "ok" : "error");
      if (answer.ok) markHere(answer.entry_id);
      if (navigator.vibrate) navigator.vibrate(answer.ok ? 80 : [60, 60, 60]);
    } catch {
      say(door.dataset.failedText, "error");
    } finally {
      busy = false;
    }
  }

  /* a code still in view after its answer is not sent again: only once it has been out of
   * view for a while (the player's next visit, or a second look on purpose) */
  function seen(code) {
    const now = Date.now();
    if (!code || busy) return;
    const again = code === lastCode && now - lastAt < SAME_CODE_PAUSE;
    lastCode = code;
    lastAt = now;
    if (!again) send(code);
  }

  function loadJsQR() {
    if (window.jsQR) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const script = Object.assign(document.createElement("script"), { src: door.dataset.jsqr });
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }

  async function decoder() {
    if ("BarcodeDetector" in window) {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        return async () => {
          const codes = await detector.detect(video);
          return codes.length ? codes[0].rawValue : "";
        };
      }
    }
    await loadJsQR();
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    return async () => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return "";
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const picture = context.getImageData(0, 0, width, height);
      const found = window.jsQR(picture.data, width, height, { inversionAttempts: "dontInvert" });
      return found ? found.data : "";
    };
  }

  async function look() {
    if (!stream) return;
    try {
      seen(await decode());
    } catch {
      // a frame the decoder could not read: the next one will do
    }
    setTimeout(look, FRAME_GAP);
  }

  function stop() {
    if (stream) {
      for (const track of stream.getTracks()) track.stop();
    }
    stream = null;
    video.hidden = true;
    button.textContent = door.dataset.scanText;
    button.setAttribute("aria-pressed", "false");
  }

  async function start() {
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
      decode = decode || (await decoder());
    } catch {
      stop();
      say(door.dataset.noCameraText, "error");
      return;
    }
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    button.textContent = door.dataset.stopText;
    button.setAttribute("aria-pressed", "true");
    say(door.dataset.scanningText, "info");
    look();
  }

  if (navigator.mediaDevices?.getUserMedia) {
    button.hidden = false;
    button.addEventListener("click", () => {
      if (stream) stop();
      else start();
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = field.value.trim();
    if (!code) return;
    field.value = "";
    lastCode = code;
    lastAt = Date.now();
    send(code);
  });
})();
