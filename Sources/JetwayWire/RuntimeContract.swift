/// What the browser runtime (Assets/jetway.js) and the server must agree on beyond the message
/// shapes: the names of the elements and attributes the runtime looks for in the server's
/// markup, the classes it sets, and the timings of the connection. Written once here; the
/// runtime reads them from `Assets/runtime/wire.js`, generated from this file
/// (`RuntimeContract.script`), and `RuntimeContractTests` fails when that copy differs.
public enum RuntimeContract {
    /// Attributes the runtime reads or writes.
    public enum Attribute {
        /// An element's id in patches (base 36; implicit ids: docs/protocol.md).
        public static let id = "data-j"
        /// The events an element sends (`click input …`).
        public static let events = "data-on"
        /// A widget's name, and its properties' prefix (`data-p-row-height`).
        public static let widget = "data-widget"
        /// The prefix of a widget's property attributes: `rowHeight` is `data-p-row-height`, its value as JSON.
        public static let widgetProperty = "data-p-"
        /// The screen a `NavigationStack` shows (its `nav` path), a tab link's value.
        public static let navigation = "data-nav"
        /// On a `TabView`, the tab it shows; on a tab link, the tab it opens.
        public static let tab = "data-tab"
        /// The page's title and what it asks the page host to open (`PageHost`).
        public static let title = "data-title"
        /// On the page's root, `serial url` for the page to open each serial once (`PageHost`); on a file importer's input,
        /// that its picker opens now.
        public static let open = "data-open"
        /// Pacing an element's events asked for (`.eventDebounce`, `.eventThrottle`), in ms.
        public static let debounce = "data-debounce"
        /// The least time between an element's events (`.eventThrottle`), in ms.
        public static let throttle = "data-throttle"
        /// `ScrollViewReader`: the target asked for (`serial name anchor`) and a target's name.
        public static let scrollTo = "data-scroll-to"
        /// A `ScrollViewReader` target's name (`.id(_:)`), which `scrollTo` names.
        public static let scrollID = "data-scroll-id"
        /// A `GeometryReader`'s number, whose size the runtime reports.
        public static let geometry = "data-geometry"
        /// A text the runtime writes each second (`Text(_:style:)`, timers) and its inputs.
        public static let clock = "data-jw-clock"
        /// The moment a clock text counts to or from, in ms since 1970.
        public static let clockAt = "data-jw-at"
        /// The time zone a `now-time` or `now-date` clock text shows (an identifier; UTC when absent).
        public static let clockZone = "data-jw-tz"
        /// The locale (a BCP 47 tag) a `now-time` or `now-date` clock text is written in; US
        /// English when absent.
        public static let clockLocale = "data-jw-locale"
        /// A `relative` or `offset` clock text's unit words in the page's language (JSON: `d`,
        /// `h`, `m`, `s` by plural category, `{0}` the count; `j` the joiner of two); English's
        /// when absent.
        public static let clockUnits = "data-jw-units"
        /// On the root: the language the visitor chose (`serial tag`; an empty tag for the
        /// browser's own), which the runtime keeps in the `jw_lang` cookie before reloading.
        public static let language = "data-jw-language"
        /// On the connection banner: the runtime's own words in the page's language (JSON:
        /// `reconnecting`, `elsewhere`, `notLive`, `lastUpdated`, and `locale`, the BCP 47 tag
        /// its time is written in); English when absent.
        public static let words = "data-jw-words"
        /// A `LanguageCycle`: how long each language is shown, in ms; the runtime marks the copy
        /// shown (`languageCurrent`) from the server's clock.
        public static let languageCycle = "data-jw-cycle"
        /// Set by the runtime on the `LanguageCycle` copy shown now.
        public static let languageCurrent = "data-jw-current"
        /// Set by the runtime on a `LanguageCycle` it switches (until then its first copy shows).
        public static let languageCycling = "data-jw-cycling"
        /// The start of a `down` or `up` timer's interval, in ms since 1970.
        public static let clockFrom = "data-jw-from"
        /// The end of a `down` or `up` timer's interval, in ms since 1970.
        public static let clockTo = "data-jw-to"
        /// `AsyncImage`: the phase its load reached (`empty`, `success`, `failure`; the runtime
        /// sets it from the image's load), and which phase each part of it shows.
        public static let imagePhase = "data-jw-phase"
        /// Which phase of its `AsyncImage` a part shows (`success`: the loaded image).
        public static let imagePart = "data-jw-part"
        /// `.minimumScaleFactor(_:)`: the smallest scale the runtime shrinks the text to fit.
        public static let minimumScale = "data-jw-min-scale"
        /// `.truncationMode(.head / .middle)`: the runtime cuts the line at its start or middle.
        public static let truncate = "data-jw-truncate"
        /// `ViewThatFits`: the axes its candidates must fit along; the runtime marks it `fitted`
        /// once it has chosen (and hides the others).
        public static let fits = "data-jw-fits"
        /// Set by the runtime on a `ViewThatFits`: the index of the candidate it chose.
        public static let fitted = "data-jw-fitted"
        /// `ShareLink`: what the browser's share sheet gets (a link, a text, a title); `copied`
        /// is set on the button for a moment where the item was copied instead.
        public static let shareURL = "data-jw-share-url"
        /// The text the share sheet gets.
        public static let shareText = "data-jw-share-text"
        /// The title the share sheet gets.
        public static let shareTitle = "data-jw-share-title"
        /// Set by the runtime on a `ShareLink` for two seconds when it copied the item instead of sharing it.
        public static let copied = "data-jw-copied"
        /// Motion (docs/motion.md): on the page's root in a patch, the animation of the whole
        /// change (`version;duration;delay;iterations;direction;easing`); on an element, the scope of an
        /// `.animation(_:value:)` (`changes;…`, `all;…`, `over;…` or `none`), and how it comes and
        /// goes (`.transition`).
        public static let animation = "data-jw-animation"
        /// `.animation(_:value:)`'s scope on an element: `changes;…`, `all;…`, `over;…` or `none`.
        public static let animationScope = "data-jw-animate"
        /// `.transition`: how the element comes and goes (the insertion's parts, then `|` and the removal's when they differ).
        public static let transition = "data-jw-transition"
        /// An animatable effect sampled on the server along an animation (`GeometryEffect`):
        /// `run;duration;delay;iterations;direction;linear|property|frame|…` — the page plays the
        /// frames of `property` evenly over the duration when `run` changes.
        public static let frames = "data-jw-frames"
        /// `.draggable`: what a drag of the element carries, `u <url>` or `t <text>`.
        public static let drag = "data-jw-drag"
        /// `.dropDestination`: the element takes drops (its `drop` event: `["over", bool]` while
        /// a drag is over it, `["drop", x, y, [kind, value], …]` with kinds `u` and `t`).
        public static let drop = "data-jw-drop"
        /// `.gesture`: what the runtime watches on the element, one recognizer per `;` (`tap 2`,
        /// `long 500 10`, `drag 10`, `magnify`, `rotate`); a leading `+` lets the views around it
        /// see the pointer too.
        public static let gesture = "data-jw-gesture"
        /// A `Canvas`'s drawing commands (`GraphicsContext.Recorder`), drawn by features/canvas.js.
        public static let drawing = "data-jw-draw"
        /// `.matchedGeometryEffect`: `namespace:id`; in an animated patch an element inserted
        /// with the key of one that left moves from that one's box.
        public static let matched = "data-jw-match"
        /// `.focused(_:)`: `serial wanted` — the runtime focuses the element (or its first field)
        /// when `serial` changes and `wanted` is 1, and takes the focus away when it is 0.
        public static let focus = "data-jw-focus"
        /// `.scrollDismissesKeyboard(.immediately / .interactively)`: scrolling the element takes
        /// the focus out of the field inside that has it (the on-screen keyboard goes).
        public static let dismissesKeyboard = "data-jw-dismisses-keyboard"
        /// On the page's root, `.fileExporter`'s file: `serial type base64 name` — the browser
        /// saves each serial once.
        public static let download = "data-jw-download"
        /// On the page's root, what the app asked the page to play or say (AVFoundation's
        /// `AVAudioPlayer`, `AVSpeechSynthesizer`): one request a line, `serial action player
        /// volume loops time source` (features/media.js); the browser does each serial once.
        public static let media = "data-jw-media"
        /// On the page's root, the notifications due for this browser (UserNotifications):
        /// one a line, `serial<TAB>kind<TAB>fields` — `authorize` (ask the visitor's leave),
        /// `front` or `back` with a title, subtitle and body (shown as a banner in front only
        /// for `front`; as a system notification when the page is hidden), `badge` with a
        /// count (features/notifications.js).
        public static let notifications = "data-jw-notifications"
        /// `.keepsScreenAwake()`: a Screen Wake Lock while such an element is on the page.
        public static let keepsAwake = "data-jw-awake"
        /// `CLLocationManager`: on the root, "<serial> watch" or "<serial> once" while a view's
        /// manager wants the visitor's position (features/location.js).
        public static let location = "data-jw-location"
        /// `.contentTransition(_:)`: how the element's text changes in an animated patch
        /// (`numeric`, `numeric up`, `numeric down`, `opacity`) (features/motion.js).
        public static let contentTransition = "data-jw-content-transition"
        /// A video's player (`AVPlayer`): `serial play|pause time volume muted` — each new serial
        /// is done once (features/media.js); the end comes back as a `change` event "ended".
        public static let video = "data-jw-video"
        /// An `AsyncImage` whose image fades in when it loads: the fade's milliseconds.
        public static let imageFade = "data-jw-image-fade"
        /// A `Map` (features/maps.js): where it looks (`latitude longitude latitudeSpan
        /// longitudeSpan`), what it may do and shows (`pan zoom follow user muted`), its tiles
        /// (`template` and a line with their credit), an item's coordinate and anchor
        /// (`latitude longitude x y`; an overlay's coordinates, in pairs), an overlay's kind
        /// (`line`, `polygon`, `circle radius`), and a control the runtime works (`user`,
        /// `scale`, `zoom`).
        public static let map = "data-jw-map"
        /// What a `Map` may do and shows: `pan zoom follow user muted`.
        public static let mapOptions = "data-jw-map-options"
        /// A `Map`'s tiles: the URL template, and a line with their credit.
        public static let mapTiles = "data-jw-map-tiles"
        /// A map item's coordinate and anchor (`latitude longitude x y`), or an overlay's coordinates in pairs.
        public static let mapAt = "data-jw-map-at"
        /// An overlay's kind: `line`, `polygon` or `circle radius`.
        public static let mapShape = "data-jw-map-shape"
        /// A control the runtime works on a `Map`: `user`, `scale` or `zoom`.
        public static let mapControl = "data-jw-map-control"
        /// A row with swipe actions (`.swipeActions`, `.onDelete`; features/swipes.js): the
        /// edge they come from and whether a full swipe does the first (`trailing full`,
        /// `leading`). Its actions are its `Class.rowActions` child.
        public static let swipe = "data-jw-swipe"
        /// A row of a `ForEach` with `.onMove` (features/reorder.js): its place in the data. A
        /// drag (by its `Class.rowHandle`, or a long press on the row) or an arrow key on the
        /// handle sends a `move` event with where it goes (SwiftUI's `toOffset`).
        public static let reorder = "data-jw-reorder"
        /// `.keyboardShortcut`: `modifiers key` — the modifier bits (`EventModifiers`) and the
        /// browser's name of the key; the runtime clicks the element when they are pressed.
        public static let shortcut = "data-jw-shortcut"
        /// `.onKeyPress`: `phases key key …` — the phase bits (`KeyPress.Phases`) and the keys
        /// the view listens for (`*`: every key), sent to it as `key` events while it or an
        /// element inside has the focus (features/keys.js).
        public static let keys = "data-jw-keys"
        /// On the root of a page whose views read a size class: the classes it was rendered
        /// for (`cr`: horizontal, vertical); the runtime sends the window's when they differ.
        public static let sizeClass = "data-jw-size-class"
        /// On the root of a page Jetway serves whose views read the visitor's zone: the time zone
        /// it was rendered in (IANA, as `Intl` names it); the runtime sends the browser's when it
        /// differs (features/locale.js).
        public static let timeZone = "data-jw-zone"
        /// On `<html>` of a page kept for offline: when it was live (ms).
        public static let savedAt = "data-jw-saved"
        /// A live view hosted in a page Jetway did not render (`<div data-jetway-view="/path">`).
        public static let hostedView = "data-jetway-view"
        /// On a lazy list's gap: how many rows it stands for; on the first gap, how many rows
        /// the window between them holds.
        public static let lazyRows = "data-rows"
        /// On a lazy list's first gap: how many rows lie between the two gaps (the window).
        public static let lazyWindow = "data-window"
    }

    /// Classes the runtime looks for in the server's markup.
    public enum Class {
        /// The element whose content is the page (patches and syncs apply inside it).
        public static let root = "jw-root"
        /// A drop destination while a drag is over it.
        public static let dropTargeted = "jw-drop-targeted"
        /// The "Reconnecting…" banner of a page.
        public static let banner = "jw-banner"
        /// A sheet, full-screen cover or alert: a `<dialog>` the runtime opens with `showModal()`.
        public static let sheet = "jw-sheet"
        /// A wheel picker and its options.
        public static let wheel = "jw-wheel"
        /// One option of a wheel picker.
        public static let wheelItem = "jw-wheel-item"
        /// `.refreshable`'s view and its button.
        public static let refreshable = "jw-refreshable"
        /// The button of a `.refreshable` view that refreshes it.
        public static let refresh = "jw-refresh"
        /// A `Link` inside another link's label (a span with role="link" and `data-href`): the runtime follows it.
        public static let link = "jw-link"
        /// A screen's Back button: on a screen this page pushed, the browser's Back does it.
        public static let navBack = "jw-nav-back"
        /// A `NavigationLink`: a click pushes its URL onto the browser's history.
        public static let navlink = "jw-navlink"
        /// A tab of a `TabView`, its bar and the view itself: the chosen tab is in the URL (`?tab=`).
        public static let tablink = "jw-tablink"
        /// A `TabView`, with the tab it shows in `data-tab`.
        public static let tabview = "jw-tabview"
        /// A `TabView`'s bar of tab links.
        public static let tabbar = "jw-tabbar"
        /// The screen's title: the document's title follows it.
        public static let navTitle = "jw-nav-title"
        /// A `Menu` (a `<details>`): a choice in it closes it.
        public static let menu = "jw-menu"
        /// A `.contextMenu`'s menu (a `<details>`), which a right click on its view opens.
        public static let contextMenu = "jw-context-menu"
        /// A view with a `.contextMenu` and its menu: a right click opens the menu.
        public static let hasContextMenu = "jw-has-context-menu"
        /// A `.fileImporter`'s input: the runtime opens its picker and uploads the chosen file.
        public static let fileImporter = "jw-file-importer"
        /// A notification shown in the page (UserNotifications' `.banner` while in front).
        public static let notificationBanner = "jw-notification-banner"
        /// What `jetway dev` reports over the page: a build under way, a failed build's errors,
        /// where the app trapped (features/development.js; its state in `data-state`).
        public static let development = "jw-development"
        /// The space a lazy list's rows before its window take (it handles `visible`), the space
        /// of the rows after it, and the mark of a horizontal one (`LazyHStack`, `LazyHGrid`).
        public static let lazyGap = "jw-lazy-gap"
        /// The gap after a lazy list's window.
        public static let lazyEnd = "jw-lazy-end"
        /// The mark of a horizontal lazy list's gaps (`LazyHStack`, `LazyHGrid`).
        public static let lazyAcross = "jw-lazy-across"
        /// `AsyncImage`: the image and the content of each phase of its load.
        public static let asyncImage = "jw-async-image"
        /// The content of one phase of an `AsyncImage`'s load, stacked over the others.
        public static let asyncImagePhase = "jw-async-phase"
        /// A `Text` (the runtime cuts texts for `.truncationMode`) and a view that fills the
        /// height it is offered (a `ViewThatFits` measures its candidates' heights in one).
        public static let text = StyleClass.text
        /// A view that fills the height it is offered.
        public static let fillHeight = StyleClass.fillH
        /// A `NavigationStack`: a change of its path slides its new screen in.
        public static let navstack = StyleClass.navstack

        /// A `Map` and the parts the runtime works in (features/maps.js): the tiles' layer, an
        /// item at a coordinate, an overlay's leaf, the app's controls and the chrome; and what
        /// the runtime draws there: a line, an area, the tiles' credit, the zoom buttons, the
        /// visitor's position.
        public static let map = StyleClass.map
        /// A `Map`'s layer of tiles.
        public static let mapTiles = StyleClass.mapTiles
        /// A map item at a coordinate.
        public static let mapItem = StyleClass.mapItem
        /// A map overlay's leaf.
        public static let mapShape = StyleClass.mapShape
        /// The app's controls over a `Map`.
        public static let mapControls = StyleClass.mapControls
        /// A `Map`'s chrome, where the runtime puts the credit and the zoom buttons.
        public static let mapChrome = StyleClass.mapChrome
        /// Drawn by the runtime: an overlay's line.
        public static let mapLine = "jw-map-line"
        /// Drawn by the runtime: an overlay's area (a polygon or a circle).
        public static let mapArea = "jw-map-area"
        /// Drawn by the runtime: the tiles' credit.
        public static let mapCredit = "jw-map-credit"
        /// Drawn by the runtime: the zoom buttons.
        public static let mapZoom = "jw-map-zoom"
        /// Drawn by the runtime: the visitor's position.
        public static let mapUser = "jw-map-user"
        /// A swiping row's actions (`Attribute.swipe`), a movable row's drag handle
        /// (`Attribute.reorder`), and what the runtime sets: a row being swiped (its finger
        /// down), a row lifted to be moved.
        public static let rowActions = StyleClass.rowActions
        /// A movable row's drag handle (`Attribute.reorder`), shown in edit mode.
        public static let rowHandle = "jw-row-handle"
        /// Set by the runtime on a row being swiped, while the finger is down.
        public static let swiping = "jw-swiping"
        /// Set by the runtime on a row lifted to be moved.
        public static let lifted = "jw-lifted"

        /// Every class above.
        public static let all = [
            rowActions, rowHandle, swiping, lifted, map, mapTiles, mapItem, mapShape, mapControls, mapChrome, mapLine, mapArea, mapCredit,
            mapZoom, mapUser,
            root, banner, sheet, wheel, wheelItem, refreshable, refresh, link, navBack, navlink, tablink, tabview, tabbar, navTitle, menu,
            contextMenu, hasContextMenu, fileImporter, notificationBanner, development, lazyGap, lazyEnd, lazyAcross, asyncImage,
            asyncImagePhase, text,
            fillHeight,
            navstack, dropTargeted,
        ]
    }

    /// Classes the runtime sets on `<html>` (a page) or on a hosted view's element.
    public enum State {
        /// While the socket is opening.
        public static let connecting = "jw-connecting"
        /// While the socket is open and the page joined.
        public static let connected = "jw-connected"
        /// While the page has no socket.
        public static let disconnected = "jw-disconnected"
        /// After a second without a socket: the banner shows.
        public static let offline = "jw-offline"
        /// Refused for good (close 1008) past the one reload in five minutes.
        public static let refused = "jw-refused"
        /// A kept copy shown while the server cannot be reached.
        public static let stale = "jw-stale"
        /// On a hosted view's element once its view is in it.
        public static let hosted = "jw-hosted"
        /// While a text field of the page has the focus (the on-screen keyboard is up on a
        /// phone): `ToolbarItemPlacement.keyboard`'s bar shows.
        public static let typing = "jw-typing"
        /// On a `.refreshable` pulled far enough to refresh when let go.
        public static let pulled = "jw-pulled"

        /// Every class above.
        public static let all = [connecting, connected, disconnected, offline, refused, stale, hosted, pulled, typing]
    }

    /// The page's `<meta name="…">` the runtime reads (`PageTemplate` writes them).
    public enum Meta {
        /// The session's token, for the first join.
        public static let token = "jetway-token"
        /// The page's path, for the join.
        public static let path = "jetway-path"
        /// The build that served the page, for the join.
        public static let build = "jetway-build"
        /// The version of the page as served, for the join.
        public static let version = "jetway-version"
        /// The app's title: the document's title is the screen's title and this (`Gate A1 – Mountain Airport`).
        public static let appTitle = "jetway-app-title"
        /// The server clock's time when the page was rendered (ms since 1970) and its rate: the page's clocks count from it.
        public static let clock = "jetway-clock"
        /// The app's time zone: the connection banner's "last updated" time is in it, unless the
        /// page's root says the visitor's (`Attribute.timeZone`).
        public static let timeZone = "jetway-time-zone"
        /// `last-page` on a page kept for offline (`Route(availableOffline: true)`): the runtime registers the service worker.
        public static let offline = "jetway-offline"
    }

    /// The websocket's subprotocol.
    public static let subprotocol = "jetway"

    /// The connection's timings, in milliseconds.
    public enum Timing {
        /// A ping every so often while a socket is open…
        public static let pingInterval = 10_000
        /// …and the socket is given up when nothing at all arrived within this of the ping.
        public static let pingDeadline = 8_000
        /// Reconnecting: a random delay up to `backoffBase × 2ⁿ`, at most `backoffCap`.
        public static let backoffBase = 250
        /// The longest delay before a reconnection.
        public static let backoffCap = 10_000
        /// The "Reconnecting…" banner shows after this long without a socket.
        public static let bannerDelay = 1_000
        /// Refused for good: the page loads itself again at most once in this long…
        public static let refusedReloadEvery = 300_000
        /// …and otherwise tries again after this long.
        public static let refusedRetry = 60_000
        /// A widget's request fails when its answer has not come within this long.
        public static let requestTimeout = 10_000
    }

    /// A widget's requests waiting for an answer, at most.
    public static let maxPendingRequests = 64

    /// The generated script: every constant above as one frozen object, `wire`, with the
    /// message names, op codes and close codes beside them.
    public static func script() -> String {
        func object(_ entries: [(String, String)], indent: String) -> String {
            "{\n" + entries.map { "\(indent)  \($0.0): \($0.1)," }.joined(separator: "\n") + "\n\(indent)}"
        }
        func quoted(_ text: String) -> String { "\"" + text + "\"" }
        let sections: [(String, [(String, String)])] = [
            (
                "attribute",
                [
                    ("id", Attribute.id), ("events", Attribute.events), ("widget", Attribute.widget),
                    ("widgetProperty", Attribute.widgetProperty), ("navigation", Attribute.navigation), ("tab", Attribute.tab),
                    ("title", Attribute.title), ("open", Attribute.open), ("debounce", Attribute.debounce),
                    ("throttle", Attribute.throttle), ("scrollTo", Attribute.scrollTo), ("scrollID", Attribute.scrollID),
                    ("geometry", Attribute.geometry), ("clock", Attribute.clock), ("clockAt", Attribute.clockAt),
                    ("clockZone", Attribute.clockZone), ("clockLocale", Attribute.clockLocale), ("clockUnits", Attribute.clockUnits),
                    ("language", Attribute.language), ("words", Attribute.words),
                    ("languageCycle", Attribute.languageCycle),
                    ("languageCurrent", Attribute.languageCurrent), ("languageCycling", Attribute.languageCycling),
                    ("clockFrom", Attribute.clockFrom),
                    ("clockTo", Attribute.clockTo),
                    ("focus", Attribute.focus), ("dismissesKeyboard", Attribute.dismissesKeyboard), ("download", Attribute.download),
                    ("media", Attribute.media), ("notifications", Attribute.notifications),
                    ("minimumScale", Attribute.minimumScale),
                    ("truncate", Attribute.truncate),
                    ("fits", Attribute.fits), ("fitted", Attribute.fitted), ("shareURL", Attribute.shareURL),
                    ("shareText", Attribute.shareText), ("shareTitle", Attribute.shareTitle), ("copied", Attribute.copied),
                    ("animation", Attribute.animation), ("animationScope", Attribute.animationScope),
                    ("transition", Attribute.transition), ("frames", Attribute.frames), ("gesture", Attribute.gesture),
                    ("drawing", Attribute.drawing),
                    ("drag", Attribute.drag), ("drop", Attribute.drop),
                    ("matched", Attribute.matched),
                    ("imagePhase", Attribute.imagePhase), ("imagePart", Attribute.imagePart), ("keepsAwake", Attribute.keepsAwake),
                    ("location", Attribute.location), ("shortcut", Attribute.shortcut), ("keys", Attribute.keys),
                    ("contentTransition", Attribute.contentTransition), ("video", Attribute.video), ("imageFade", Attribute.imageFade),
                    ("map", Attribute.map),
                    ("mapOptions", Attribute.mapOptions),
                    ("mapTiles", Attribute.mapTiles),
                    ("mapAt", Attribute.mapAt), ("mapShape", Attribute.mapShape), ("mapControl", Attribute.mapControl),
                    ("swipe", Attribute.swipe), ("reorder", Attribute.reorder),
                    ("sizeClass", Attribute.sizeClass), ("timeZone", Attribute.timeZone),
                    ("savedAt", Attribute.savedAt),
                    ("hostedView", Attribute.hostedView),
                    ("lazyRows", Attribute.lazyRows), ("lazyWindow", Attribute.lazyWindow),
                ].map { ($0.0, quoted($0.1)) }
            ),
            (
                "className",
                [
                    ("root", Class.root), ("banner", Class.banner), ("sheet", Class.sheet), ("wheel", Class.wheel),
                    ("wheelItem", Class.wheelItem), ("refreshable", Class.refreshable), ("refresh", Class.refresh), ("link", Class.link),
                    ("navBack", Class.navBack), ("navlink", Class.navlink), ("tablink", Class.tablink), ("tabview", Class.tabview),
                    ("tabbar", Class.tabbar), ("navTitle", Class.navTitle), ("menu", Class.menu), ("contextMenu", Class.contextMenu),
                    ("hasContextMenu", Class.hasContextMenu), ("fileImporter", Class.fileImporter),
                    ("notificationBanner", Class.notificationBanner), ("development", Class.development), ("lazyGap", Class.lazyGap),
                    ("lazyEnd", Class.lazyEnd), ("lazyAcross", Class.lazyAcross), ("asyncImage", Class.asyncImage),
                    ("asyncImagePhase", Class.asyncImagePhase), ("text", Class.text), ("fillHeight", Class.fillHeight),
                    ("navstack", Class.navstack), ("dropTargeted", Class.dropTargeted), ("rowActions", Class.rowActions),
                    ("rowHandle", Class.rowHandle), ("swiping", Class.swiping), ("lifted", Class.lifted), ("map", Class.map),
                    ("mapTiles", Class.mapTiles), ("mapItem", Class.mapItem), ("mapShape", Class.mapShape),
                    ("mapControls", Class.mapControls), ("mapChrome", Class.mapChrome), ("mapLine", Class.mapLine),
                    ("mapArea", Class.mapArea), ("mapCredit", Class.mapCredit), ("mapZoom", Class.mapZoom), ("mapUser", Class.mapUser),
                ].map { ($0.0, quoted($0.1)) }
            ),
            (
                "state",
                [
                    ("connecting", State.connecting), ("connected", State.connected), ("disconnected", State.disconnected),
                    ("offline", State.offline), ("refused", State.refused), ("stale", State.stale), ("hosted", State.hosted),
                    ("pulled", State.pulled), ("typing", State.typing),
                ].map { ($0.0, quoted($0.1)) }
            ),
            (
                "meta",
                [
                    ("token", Meta.token), ("path", Meta.path), ("build", Meta.build), ("version", Meta.version),
                    ("appTitle", Meta.appTitle), ("clock", Meta.clock), ("timeZone", Meta.timeZone), ("offline", Meta.offline),
                ].map { ($0.0, quoted($0.1)) }
            ),
            (
                "timing",
                [
                    ("pingInterval", Timing.pingInterval), ("pingDeadline", Timing.pingDeadline), ("backoffBase", Timing.backoffBase),
                    ("backoffCap", Timing.backoffCap), ("bannerDelay", Timing.bannerDelay),
                    ("refusedReloadEvery", Timing.refusedReloadEvery), ("refusedRetry", Timing.refusedRetry),
                    ("requestTimeout", Timing.requestTimeout),
                ].map { ($0.0, String($0.1)) }
            ),
            ("message", ServerMessage.names.map { ($0, quoted($0)) }),
            ("client", zip(["join", "event", "ping", "resync", "synced", "sizes"], ClientMessage.kinds).map { ($0.0, quoted($0.1)) }),
            (
                "op",
                zip(["setText", "setAttribute", "insert", "remove", "detach", "move", "replace", "command"], PatchOp.codes).map {
                    ($0.0, quoted($0.1))
                }
            ),
            ("close", CloseCode.allCases.map { (String(describing: $0), String($0.rawValue)) }),
        ]
        var lines = [
            "// Generated from Sources/JetwayWire (RuntimeContract.script()): do not edit. `make generated`",
            "// writes it again; RuntimeContractTests fails when it differs from the Swift definitions.",
            "const wire = Object.freeze({",
        ]
        for (name, entries) in sections {
            lines.append("  \(name): Object.freeze(" + object(entries, indent: "  ") + "),")
        }
        lines.append("  subprotocol: \(quoted(subprotocol)),")
        lines.append("  maxPendingRequests: \(maxPendingRequests),")
        lines.append("  maxHostedViews: \(ChannelEnvelope.maxChannels),")
        lines.append("  mostSizes: \(ClientMessage.mostSizes),")
        lines.append("});")
        return lines.joined(separator: "\n") + "\n"
    }
}
