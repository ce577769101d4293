// The connection's state machine, driven by a fake clock and fake sockets.
function fakeConnection(options = {}) {
  const time = fakeClock();
  const sockets = [], states = [], opened = [], lostCodes = [], storage = new Map();
  let reloads = 0, signedOut = 0;
  const env = {
    open() {
      const socket = {
        readyState: 0, sent: [], closed: false,
        send(text) { this.sent.push(JSON.parse(text)); },
        close() { this.closed = true; this.readyState = 3; },
      };
      sockets.push(socket);
      return socket;
    },
    setTimeout: time.setTimeout, clearTimeout: time.clearTimeout, setInterval: time.setInterval, clearInterval: time.clearInterval,
    now: () => time.now, random: () => options.random ?? 1, key: "/page",
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) },
    reload: () => { reloads++; },
    onState: (state) => states.push(state), onOpen: () => opened.push(sockets.length), onMessage: () => {},
    onLost: (code) => lostCodes.push(code), onSignedOut: () => { signedOut++; },
  };
  const connection = createConnection(env);
  const last = () => sockets[sockets.length - 1];
  const accept = () => { last().readyState = 1; last().onopen(); };
  const closeWith = (code) => { const socket = last(); socket.readyState = 3; socket.onclose({ code, reason: "" }); };
  return { connection, time, sockets, states, opened, lostCodes, storage, last, accept, closeWith, get reloads() { return reloads; }, get signedOut() { return signedOut; } };
}

test("connection: connecting, then open when the socket opens", () => {
  const c = fakeConnection();
  c.connection.start();
  assertEqual(c.states, ["connecting"]);
  c.accept();
  assertEqual(c.states, ["connecting", "open"]);
  assertEqual(c.opened, [1]);
  assert(c.connection.isOpen);
});

test("connection: a ping with nothing heard within the deadline gives the socket up, and a backoff brings a new one", () => {
  const c = fakeConnection();
  c.connection.start();
  c.accept();
  c.time.advance(wire.timing.pingInterval);
  assertEqual(c.last().sent[0][0], wire.client.ping);
  c.time.advance(wire.timing.pingDeadline);
  assert(c.sockets[0].closed, "given up");
  assertEqual(c.lostCodes, [1006]);
  assertEqual(c.connection.state, "waiting");
  c.time.advance(wire.timing.backoffBase); // random() = 1: the first wait is the whole base
  assertEqual(c.sockets.length, 2);
  assertEqual(c.connection.state, "connecting");
});

test("connection: any frame after a ping keeps the socket", () => {
  const c = fakeConnection();
  c.connection.start();
  c.accept();
  c.time.advance(wire.timing.pingInterval);
  c.time.advance(1);
  c.last().onmessage({ data: "[1,[],0]" });
  c.time.advance(wire.timing.pingDeadline);
  assert(!c.sockets[0].closed);
  assertEqual(c.connection.state, "open");
});

test("connection: the backoff doubles up to its cap, and an open socket starts it over", () => {
  const c = fakeConnection();
  c.connection.start();
  const waits = [];
  for (let i = 0; i < 8; i++) {
    c.closeWith(1001);
    const before = c.sockets.length, started = c.time.now;
    while (c.sockets.length === before) c.time.advance(50);
    waits.push(c.time.now - started);
  }
  assertEqual(waits, [250, 500, 1000, 2000, 4000, 8000, 10000, 10000]);
  c.accept();
  c.closeWith(1001);
  c.time.advance(wire.timing.backoffBase);
  assertEqual(c.connection.state, "connecting", "after an open the first wait is short again");
});

test("connection: refused for good reloads once in five minutes, then waits a minute between tries", () => {
  const c = fakeConnection();
  c.connection.start();
  c.closeWith(wire.close.policyViolation);
  assertEqual(c.reloads, 1);
  c.connection.now(); // as the reloaded page does
  c.closeWith(wire.close.policyViolation);
  assertEqual(c.reloads, 1, "no second reload within five minutes");
  assertEqual(c.connection.state, "refused");
  const before = c.sockets.length;
  c.time.advance(wire.timing.refusedRetry - 1);
  assertEqual(c.sockets.length, before);
  c.time.advance(1);
  assertEqual(c.sockets.length, before + 1);
});

test("connection: signed out ends it; nothing reconnects", () => {
  const c = fakeConnection();
  c.connection.start();
  c.accept();
  c.closeWith(wire.close.signedOut);
  assertEqual(c.signedOut, 1);
  assertEqual(c.connection.state, "signedOut");
  c.time.advance(60000);
  c.connection.now();
  assertEqual(c.sockets.length, 1);
});

test("connection: back to the tab reconnects at once, not at the end of a backoff", () => {
  const c = fakeConnection();
  c.connection.start();
  for (let i = 0; i < 5; i++) { c.closeWith(1001); c.time.advance(20000); }
  c.closeWith(1001);
  const before = c.sockets.length;
  c.connection.now();
  assertEqual(c.sockets.length, before + 1);
  assertEqual(c.connection.state, "connecting");
});

test("connection: a session another copy took is not taken back until the user returns", () => {
  const c = fakeConnection();
  c.connection.start();
  c.accept();
  c.closeWith(wire.close.openedElsewhere);
  assertEqual(c.connection.state, "elsewhere");
  c.time.advance(120000);
  assertEqual(c.sockets.length, 1, "no reconnect by itself");
  c.connection.now();
  assertEqual(c.sockets.length, 2);
  assertEqual(c.connection.state, "connecting");
});
