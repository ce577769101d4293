// One view's connection to its session, as an explicit state machine:
//
//   idle ──connect──▶ connecting ──open──▶ open ──close/ping deadline──▶ waiting ──backoff──▶ connecting
//                                              └─ close 1008 ─▶ refused (one reload in five minutes, else retry each minute)
//                                              └─ close 4002 ─▶ signedOut (the page loads itself again)
//                                              └─ close 4000 ─▶ elsewhere (until the user comes back to this copy: now())
//
// While open it pings every `wire.timing.pingInterval` and gives the socket up when nothing at
// all arrived within `wire.timing.pingDeadline` of a ping (a pong waits behind the patches
// queued before it, so a busy server that is still sending is alive): lost now, not when its
// close reaches a network that is gone. Reconnecting waits a random time up to
// `backoffBase × 2ⁿ` (at most `backoffCap`): full jitter, so a thousand pages that lost one
// server do not come back at once. Everything outside (sockets, timers, the time, randomness,
// storage, reloading) comes from `env`, so tests drive it with a fake clock.
//
// env: { open() → socket, setTimeout, clearTimeout, setInterval, now(), random(),
//        storage (sessionStorage-like), reload(), key (for the refused marker),
//        onOpen(), onMessage(data), onLost(code, reason), onState(state), onSignedOut(), transmit? }
function createConnection(env) {
  // Called as plain functions: the browser's own timers can be handed over as they are.
  const { setTimeout: after, clearTimeout: cancel, setInterval: every } = env;
  let state = "idle", socket = null, attempt = 0, reconnectTimer = 0, pingTimer = 0;
  let outstandingPing = false, heardAt = 0, lastError = "";

  const enter = (next) => {
    if (state === next) return;
    state = next;
    env.onState(next);
  };

  function connect() {
    cancel(reconnectTimer);
    reconnectTimer = 0;
    if (socket && socket.readyState <= 1) return;
    enter("connecting");
    const opened = env.open();
    socket = opened;
    opened.onopen = () => {
      if (socket !== opened) return;
      attempt = 0;
      outstandingPing = false;
      enter("open");
      env.onOpen();
    };
    opened.onmessage = (event) => {
      if (socket !== opened) return;
      heardAt = env.now();
      env.onMessage(event.data);
    };
    opened.onclose = (event) => { if (socket === opened) lost(event.code, event.reason); };
    opened.onerror = () => { if (socket === opened) opened.close(); };
  }

  function lost(code, reason) {
    socket = null;
    enter("waiting");
    env.onLost(code, reason);
    if (code === wire.close.signedOut) { enter("signedOut"); env.onSignedOut(); }
    else if (code === wire.close.policyViolation) refused(reason);
    // Another copy of the page took the session: taking it back at once would close that
    // copy, which would take it back in turn. It waits until the user comes back to this one.
    else if (code === wire.close.openedElsewhere) enter("elsewhere");
    else scheduleReconnect();
  }

  // A socket given up on (no answer to a ping): lost now. A hosted view's socket is shared:
  // giving it up loses every view on it at once.
  function abandon(dead) {
    if (dead.abandon) { dead.abandon(); return; }
    dead.onclose = dead.onmessage = dead.onerror = null;
    // (close() throws when it is already closing.)
    try { dead.close(); } catch (e) {}
    if (socket === dead) lost(1006, "no answer to a ping");
  }

  // Refused for good (a token that does not verify, too many errors): load the page afresh,
  // once in five minutes; past that, say so and try again each minute instead of looping.
  function refused(reason) {
    const key = "jw-refused-" + env.key, last = Number(env.storage.getItem(key) || 0);
    if (env.now() - last > wire.timing.refusedReloadEvery) { env.storage.setItem(key, String(env.now())); env.reload(); return; }
    lastError = reason || "refused";
    enter("refused");
    cancel(reconnectTimer);
    reconnectTimer = after(() => { reconnectTimer = 0; connect(); }, wire.timing.refusedRetry);
  }

  function scheduleReconnect() {
    if (reconnectTimer) return;
    const delay = env.random() * Math.min(wire.timing.backoffCap, wire.timing.backoffBase * 2 ** attempt++);
    reconnectTimer = after(connect, delay);
  }

  function ping() {
    if (!socket || socket.readyState !== 1 || outstandingPing) return;
    const pinged = socket, sentAt = env.now();
    outstandingPing = true;
    pinged.send(JSON.stringify([wire.client.ping, sentAt % 1e9]));
    after(() => {
      if (socket !== pinged) return;
      if (outstandingPing && heardAt < sentAt) abandon(pinged); else outstandingPing = false;
    }, wire.timing.pingDeadline);
  }

  return {
    get state() { return state; },
    get lastError() { return lastError; },
    get isOpen() { return !!socket && socket.readyState === 1; },
    start() {
      if (!pingTimer) pingTimer = every(ping, wire.timing.pingInterval);
      connect();
    },
    // The tab became visible or the window focused, or the network came back: try at once,
    // not at the end of a backoff.
    now() { if (!socket && state !== "signedOut") { attempt = 0; connect(); } },
    send(message) { if (socket && socket.readyState === 1) { socket.send(JSON.stringify(message)); return true; } return false; },
    // A pong arrived: the ping is answered.
    pong() { outstandingPing = false; },
  };
}

// A websocket to the page's server (`WebSocket` looked up when called).
const openSocket = () => new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/", wire.subprotocol);
