// ShareLink: the browser's share sheet (Web Share API) with the link or text in the page; where
// the browser has none (or the user's share fails for want of it), the item is copied to the
// clipboard and the button says so for a moment. Nothing goes to the server.
feature((view) => {
  const selector = "[" + wire.attribute.shareURL + "],[" + wire.attribute.shareText + "]";
  view.on("click", (event) => {
    const button = event.target.closest && event.target.closest(selector);
    if (!button || !view.mine(button) || button.disabled) return false;
    const url = button.getAttribute(wire.attribute.shareURL);
    const text = button.getAttribute(wire.attribute.shareText);
    const title = button.getAttribute(wire.attribute.shareTitle);
    const data = {};
    if (url) data.url = new URL(url, location.href).href;
    if (text) data.text = text;
    if (title) data.title = title;
    const copy = () => {
      const copied = [text, data.url].filter(Boolean).join(" ");
      const done = () => {
        button.setAttribute(wire.attribute.copied, "Copied");
        setTimeout(() => button.removeAttribute(wire.attribute.copied), 2000);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(copied).then(done, () => {});
    };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch((error) => { if (error && error.name !== "AbortError") copy(); });
    } else {
      copy();
    }
    return true;
  });
});
