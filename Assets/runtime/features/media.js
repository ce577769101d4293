// Sounds, speech and copies the app asked for (AVAudioPlayer, AVSpeechSynthesizer,
// UIPasteboard): the page's root
// carries the latest requests (`data-jw-media`, one a line: `serial action player volume loops
// time source`), and each serial is done once. A player's sound comes with its first line and
// is kept here; a page shown anew (after a restart) keeps the sounds it is shown but does not
// replay what was asked before it came.
feature((view) => {
  const players = new Map();
  let done = null;
  const player = (id) => {
    let audio = players.get(id);
    if (!audio) { audio = new Audio(); audio.preload = "auto"; players.set(id, audio); }
    return audio;
  };
  function speak(rest, volume, rate) {
    if (!window.speechSynthesis || typeof SpeechSynthesisUtterance === "undefined") return;
    const [pitch, language] = rest.split(" ", 2);
    const words = rest.slice(pitch.length + language.length + 2);
    const utterance = new SpeechSynthesisUtterance(words);
    utterance.volume = volume;
    utterance.rate = rate;
    utterance.pitch = Number(pitch);
    if (language !== "-") utterance.lang = language;
    speechSynthesis.speak(utterance);
  }
  function run(line, play) {
    const [serial, action, id, volumeText, loopsText, timeText] = line.split(" ", 6);
    const source = line.slice([serial, action, id, volumeText, loopsText, timeText].join(" ").length + 1);
    const volume = Number(volumeText), loops = Number(loopsText), time = Number(timeText);
    if (action === "speak") { if (play) speak(source, volume, time); return; }
    if (action === "copy") { if (play && navigator.clipboard) navigator.clipboard.writeText(source).catch(() => {}); return; }
    const audio = player(id);
    if (source && audio.jwSource !== source) { audio.jwSource = source; audio.src = source; }
    if (!play) return;
    switch (action) {
      case "play":
        audio.volume = volume;
        // numberOfLoops: negative loops for ever, n plays n + 1 times.
        audio.loop = loops < 0;
        audio.jwLeft = loops > 0 ? loops : 0;
        audio.onended = () => { if (audio.jwLeft > 0) { audio.jwLeft -= 1; audio.currentTime = 0; audio.play().catch(() => {}); } };
        if (time > 0 || audio.ended) audio.currentTime = time;
        // A browser refuses sound before the visitor has used the page: nothing to do then.
        audio.play().catch(() => {});
        break;
      case "pause": audio.pause(); break;
      case "stop": audio.pause(); audio.currentTime = 0; break;
      case "volume": audio.volume = volume; break;
      case "silence": if (window.speechSynthesis) speechSynthesis.cancel(); break;
      case "hush": if (window.speechSynthesis) speechSynthesis.pause(); break;
      case "resume": if (window.speechSynthesis) speechSynthesis.resume(); break;
    }
  }
  view.on("settle", () => {
    if (!view.root) return;
    const requests = view.root.getAttribute(wire.attribute.media);
    if (!requests) { if (done === null) done = 0; return; }
    const lines = requests.split("\n");
    const first = done === null;
    for (const line of lines) {
      const serial = Number(line.split(" ", 1)[0]);
      if (!first && serial <= done) continue;
      run(line, !first);
    }
    done = Number(lines[lines.length - 1].split(" ", 1)[0]);
  });
});

// Videos (`AVPlayer` shown by `VideoPlayer` or an `AVPlayerViewController`): a `<video>`
// carries its player's latest command (`data-jw-video`: `serial play|pause time volume muted`),
// done once per serial — seek to the time, set the sound, then play or pause. A browser plays
// with sound only after the visitor has touched the page: a play it refuses is tried again
// muted. The video's end is sent as a `change` event, "ended".
feature((view) => {
  const done = new WeakMap(), heard = new WeakSet();
  function follow(el) {
    const command = el.getAttribute(wire.attribute.video);
    if (!command || done.get(el) === command.split(" ")[0]) return;
    const [serial, action, time, volume, muted] = command.split(" ");
    done.set(el, serial);
    const at = Number(time);
    if (Number.isFinite(at) && Math.abs(el.currentTime - at) > 0.25) { try { el.currentTime = at; } catch (e) {} }
    if (Number.isFinite(Number(volume))) el.volume = Math.min(1, Math.max(0, Number(volume)));
    el.muted = muted === "1";
    if (action === "play") {
      const started = el.play();
      // Refused for sound before the visitor touched the page (not a pause that came after):
      // played muted, if it is still to play.
      if (started && started.catch) started.catch((error) => {
        if (!error || error.name !== "NotAllowedError" || done.get(el) !== serial) return;
        el.muted = true;
        const again = el.play();
        if (again && again.catch) again.catch(() => {});
      });
    } else el.pause();
  }
  const all = () => { if (view.root) view.root.querySelectorAll("video[" + wire.attribute.video + "]").forEach(follow); };
  view.on("settle", all);
  view.on("inserted", (el) => {
    if (el.nodeType !== 1) return;
    const videos = el.matches("video") ? [el] : Array.from(el.querySelectorAll("video"));
    for (const video of videos) {
      if (!video.hasAttribute(wire.attribute.video)) continue;
      if (!heard.has(video)) {
        heard.add(video);
        video.addEventListener("ended", () => { if (view.handles(video, "change")) view.send(video, "change", "ended"); });
      }
      follow(video);
    }
  });
});
