// Live views hosted in a page Jetway did not render: `<div data-jetway-view="/embed/flights">`.
// Each is a page of this app fetched from its address (same origin), shown inside its
// element, with a session of its own; all of them share one socket (sharedSocket, below), each on a
// channel. Only the full jetway.js has this part: a Jetway page (jetway-page.js) never hosts.
async function hostView(element, channel, link) {
  const address = new URL(element.getAttribute(wire.attribute.hostedView) || "", location.href);
  if (address.origin !== location.origin) { element.classList.add(wire.state.refused); return null; }
  let page;
  try {
    const response = await fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } });
    page = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch (e) { element.classList.add(wire.state.disconnected); return null; }
  const field = (name) => meta(name, page);
  const viewRoot = page.querySelector("." + wire.className.root);
  if (!field(wire.meta.token) || !viewRoot) { element.classList.add(wire.state.refused); return null; }
  element.replaceChildren(document.adoptNode(viewRoot));
  element.classList.add(wire.state.hosted);
  return createView({
    token: field(wire.meta.token), path: field(wire.meta.path), build: field(wire.meta.build), version: Number(field(wire.meta.version)) || 0,
    appTitle: document.title, stateElement: element, embedded: true, query: address.search.slice(1), link, channel,
    findRoot: () => element.querySelector(":scope > ." + wire.className.root),
  });
}
function hostViews() {
  const elements = Array.from(document.querySelectorAll("[" + wire.attribute.hostedView + "]")).slice(0, wire.maxHostedViews);
  if (!elements.length) return;
  const link = sharedSocket();
  window.jetwayViews = [];
  elements.forEach((element, index) => {
    hostView(element, index + 1, link).then((view) => { window.jetwayViews[index] = view; });
  });
}
// The socket the views hosted in a page Jetway did not render share (page.js, hostViews): each
// view's connection is an endpoint of it, on a channel of its own.
function sharedSocket() {
  const endpoints = new Map();
  let real = null;
  const ensure = () => {
    if (real && real.readyState <= 1) return;
    const socket = openSocket();
    real = socket;
    socket.onopen = () => { for (const endpoint of endpoints.values()) if (endpoint.socket === socket && endpoint.onopen) endpoint.onopen(); };
    socket.onmessage = (event) => {
      const match = /^\["v",(\d{1,3}),/.exec(event.data);
      const endpoint = match && endpoints.get(Number(match[1]));
      if (endpoint && endpoint.socket === socket && endpoint.onmessage) endpoint.onmessage({ data: event.data.slice(match[0].length, -1) });
    };
    socket.onclose = (event) => {
      if (real === socket) real = null;
      for (const endpoint of Array.from(endpoints.values())) if (endpoint.socket === socket && endpoint.onclose) endpoint.onclose(event);
    };
    socket.onerror = () => socket.close();
  };
  return {
    open(channel) {
      ensure();
      const socket = real;
      const endpoint = {
        socket, onopen: null, onmessage: null, onclose: null, onerror: null,
        get readyState() { return socket.readyState; },
        send(text) { if (socket.readyState === 1) socket.send(`["v",${channel},${text}]`); },
        close() { socket.close(); },
        // Given up on (no answer to a ping): every view on this socket is lost now, not
        // when its close reaches a network that is gone.
        abandon() {
          if (real === socket) real = null;
          socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
          // (close() throws when it is already closing.)
          try { socket.close(); } catch (e) {}
          for (const other of Array.from(endpoints.values())) if (other.socket === socket && other.onclose) other.onclose({ code: 1006 });
        },
      };
      endpoints.set(channel, endpoint);
      if (socket.readyState === 1) setTimeout(() => { if (endpoint.onopen && endpoints.get(channel) === endpoint) endpoint.onopen(); });
      return endpoint;
    },
  };
}
// A page Jetway did not render (no token of its own) starts the views it hosts.
if (!meta(wire.meta.token)) { if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hostViews); else hostViews(); }
