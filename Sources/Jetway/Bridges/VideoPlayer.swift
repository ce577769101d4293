import Foundation
import JetwayWire

// Video (AVKit's `VideoPlayer` and `AVPlayerViewController`, AVFoundation's `AVPlayer`, which
// `jetway port` writes as Jetway's for a file that uses only these names): the browser's
// `<video>`. A player is the app's object, shared by the views that show it: `play()`,
// `pause()` and `seek(to:)` are sent to every page showing it (each plays its own copy of the
// picture), and the end of the video comes back as `AVPlayerItemDidPlayToEndTime`. A video in
// the app's bundle (`Bundle.main.url(forResource:withExtension:)`) is served from the app's
// assets folder by its file name (`JETWAY_ASSETS`); an `https` one is loaded by the browser
// from where it is. Browsers play a video with sound only after the visitor has touched the
// page: one the app starts before that plays muted.

/// A time in a video: a value in units of `timescale` per second.
public struct CMTime: Hashable, Sendable, Comparable {
    /// The time in units of `timescale`.
    public var value: Int64
    /// How many units make a second (at least 1).
    public var timescale: Int32
    /// Whether the time is unknown (`indefinite`): then `seconds` is NaN.
    public var isIndefinite = false

    /// `value` units of `timescale` per second; a timescale below 1 becomes 1.
    public init(value: Int64, timescale: Int32) {
        self.value = value
        self.timescale = max(timescale, 1)
    }

    /// `seconds`, rounded to units of `preferredTimescale` (at least 1); a NaN or infinite number of
    /// seconds becomes 0.
    public init(seconds: Double, preferredTimescale: Int32) {
        let scale = max(preferredTimescale, 1)
        self.init(value: seconds.isFinite ? Int64((seconds * Double(scale)).rounded()) : 0, timescale: scale)
    }

    /// The time in seconds; NaN when indefinite.
    public var seconds: Double { isIndefinite ? .nan : Double(value) / Double(timescale) }
    /// False only for an indefinite (or invalid) time.
    public var isValid: Bool { !isIndefinite }
    /// False only for an indefinite (or invalid) time.
    public var isNumeric: Bool { !isIndefinite }

    /// The start: 0 seconds.
    public static let zero = CMTime(value: 0, timescale: 1)
    /// A time not known (a video's length here).
    public static var indefinite: CMTime {
        var time = CMTime(value: 0, timescale: 1)
        time.isIndefinite = true
        return time
    }
    /// The same as `indefinite`: Jetway has one "no time" value.
    public static var invalid: CMTime { indefinite }

    /// Whether `a` is earlier than `b`, by their seconds; false when either is indefinite.
    public static func < (a: CMTime, b: CMTime) -> Bool { a.seconds < b.seconds }
    /// The sum, in the finer of the two timescales. An indefinite operand gives 0, not an
    /// indefinite time.
    public static func + (a: CMTime, b: CMTime) -> CMTime {
        CMTime(seconds: a.seconds + b.seconds, preferredTimescale: max(a.timescale, b.timescale))
    }
    /// The difference, in the finer of the two timescales. An indefinite operand gives 0, not an
    /// indefinite time.
    public static func - (a: CMTime, b: CMTime) -> CMTime {
        CMTime(seconds: a.seconds - b.seconds, preferredTimescale: max(a.timescale, b.timescale))
    }
}

/// `value` units of `timescale` per second.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
/// `seconds`, rounded to units of `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
/// The time in seconds (NaN when indefinite).
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// How a video fills its view: whole in it (`.resizeAspect`), filling it and cropped
/// (`.resizeAspectFill`), or stretched (`.resize`).
public struct AVLayerVideoGravity: Hashable, Sendable {
    let css: String
    /// The whole video in the view, letterboxed (`object-fit: contain`); the default.
    public static let resizeAspect = AVLayerVideoGravity(css: "contain")
    /// The view filled, the video cropped (`object-fit: cover`).
    public static let resizeAspectFill = AVLayerVideoGravity(css: "cover")
    /// The video stretched to the view (`object-fit: fill`).
    public static let resize = AVLayerVideoGravity(css: "fill")
}

/// A video to play: where it is.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// Where the video is: an `http(s)` or `data:` address the browser loads, or a file whose name
    /// is served from the app's assets folder (`/assets/<name>`).
    public let url: URL
    /// Posted (with the item as the object) when the video plays to its end in a page.
    public static let didPlayToEndTimeNotification = Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")

    /// The video at `url`.
    public init(url: URL) {
        self.url = url
        super.init()
    }

    /// The video's length: the server does not read the file, so it is indefinite.
    open var duration: CMTime { .indefinite }

    /// The address the browser loads it from: an `http(s)` URL as it is; a file by its name in
    /// the app's assets folder (`/assets/…`); a `data:` address as it is.
    var source: String {
        switch url.scheme?.lowercased() {
        case "http", "https", "data": url.absoluteString
        default:
            "/assets/"
                + (url.lastPathComponent.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? "")
        }
    }
}

extension NSNotification.Name {
    /// Posted (with the item as the object) when a page plays the video to its end.
    public static let AVPlayerItemDidPlayToEndTime = AVPlayerItem.didPlayToEndTimeNotification
}

/// Plays a video in the pages that show it (`VideoPlayer(player:)`, an `AVPlayerViewController`).
open class AVPlayer: NSObject, Observable, @unchecked Sendable {
    /// What the player does when a page plays the video to its end: `advance` and `pause` stop it
    /// and go back to the start (there is no queue to advance to); `none` leaves it counted as playing.
    public enum ActionAtItemEnd: Int, Sendable {
        /// The player pauses and goes back to the start: the same for both, as there is no queue to advance to.
        case advance, pause
        /// Nothing happens: the player still counts as playing, and `currentTime()` keeps counting past the end.
        case none
    }
    /// Paused or playing; `waitingToPlayAtSpecifiedRate` is never reported here.
    public enum TimeControlStatus: Int, Sendable {
        /// `paused` or `playing`, as `play()`, `pause()` or `rate` last set it (or `paused` after the end);
        /// `waitingToPlayAtSpecifiedRate` is never reported, as the browser's buffering is not sent back.
        case paused, waitingToPlayAtSpecifiedRate, playing
    }
    /// Unknown (no item) or ready to play (an item); `failed` is never reported: a page's failed
    /// load is not sent back.
    public enum Status: Int, Sendable {
        /// `unknown` without an item, `readyToPlay` with one (whether or not the browser can load it); `failed`
        /// is never reported.
        case unknown, readyToPlay, failed
    }

    private let registrar = ObservationRegistrar()
    private var _item: AVPlayerItem?
    private var _playing = false
    private var _serial = 0
    /// Where the video was when it last started or stopped, and when it started.
    private var position: Double = 0
    private var startedAt: Date?
    private var _volume: Float = 1
    private var _muted = false

    /// What happens when a page plays the video to its end; `.pause` by default.
    open var actionAtItemEnd: ActionAtItemEnd = .pause
    /// `.readyToPlay` with an item, `.unknown` without one; the browser's loading is not reported.
    open var status: Status { _item == nil ? .unknown : .readyToPlay }
    /// Kept and not read: the browser buffers as it does.
    open var automaticallyWaitsToMinimizeStalling = true
    /// Kept and not read: the browser offers AirPlay or casting as it does.
    open var allowsExternalPlayback = true

    /// A player with no video.
    public override init() { super.init() }

    /// A player of the video at `url`.
    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }

    /// A player of `item`'s video (none when nil).
    public init(playerItem item: AVPlayerItem?) {
        _item = item
        super.init()
    }

    /// The video being played; observed by views, which show the new one when it changes.
    open var currentItem: AVPlayerItem? {
        registrar.access(self, keyPath: \.currentItem)
        return _item
    }

    /// Plays `item` instead, from its start, playing if the player was.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        registrar.withMutation(of: self, keyPath: \.currentItem) {
            _item = item
            position = 0
            startedAt = _playing ? Date() : nil
        }
        changed()
    }

    /// What the pages are told: a serial, playing or paused, the time to start from, and the
    /// sound (`serial play|pause time volume muted`).
    var command: String {
        registrar.access(self, keyPath: \.command)
        return "\(_serial) \(_playing ? "play" : "pause") \(Color.format(position)) \(Color.format(Double(_volume))) \(_muted ? 1 : 0)"
    }

    private func changed() {
        registrar.withMutation(of: self, keyPath: \.command) { _serial += 1 }
    }

    /// Plays in every page showing the player (muted where the browser refuses sound before the
    /// visitor has touched the page).
    open func play() {
        guard !_playing else { return }
        _playing = true
        startedAt = Date()
        changed()
    }

    /// Pauses in every page showing the player, keeping the time reached.
    open func pause() {
        guard _playing else { return }
        position = currentTime().seconds
        _playing = false
        startedAt = nil
        changed()
    }

    /// 0 pauses; any other rate plays (at the normal speed).
    open var rate: Float {
        get { _playing ? 1 : 0 }
        set { if newValue == 0 { pause() } else { play() } }
    }

    /// `.playing` or `.paused`, as `play()` and `pause()` last set it.
    open var timeControlStatus: TimeControlStatus { _playing ? .playing : .paused }

    /// The sound's level, from 0 to 1 (clamped); sent to every page showing the player.
    ///
    /// Changing it while playing also sends the time playback last started from, so pages more
    /// than a quarter of a second away seek back to it.
    open var volume: Float {
        get { _volume }
        set {
            _volume = min(max(newValue, 0), 1)
            changed()
        }
    }

    /// Whether the sound is off; sent to every page showing the player (with the same seek back
    /// as `volume` while playing).
    open var isMuted: Bool {
        get { _muted }
        set {
            _muted = newValue
            changed()
        }
    }

    /// Where the video is, as the server counts it from the last play, pause or seek.
    open func currentTime() -> CMTime {
        var seconds = position
        if let startedAt { seconds += Date().timeIntervalSince(startedAt) }
        return CMTime(seconds: seconds, preferredTimescale: 600)
    }

    /// Moves to `time` (the start when indefinite) in every page showing the player.
    open func seek(to time: CMTime) {
        position = max(0, time.isIndefinite ? 0 : time.seconds)
        startedAt = _playing ? Date() : nil
        changed()
    }

    /// Moves to `time` as `seek(to:)` does, then calls `completionHandler` with true at once.
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(to: time)
        completionHandler(true)
    }

    /// Moves to `time` exactly: the tolerances are not read.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) { seek(to: time) }

    /// A page played the video to its end: the player stops there (or goes on, as
    /// `actionAtItemEnd` says) and the app hears it.
    func reachedEnd() {
        if actionAtItemEnd != .none, _playing {
            _playing = false
            startedAt = nil
            position = 0
            changed()
        }
        NotificationCenter.default.post(name: AVPlayerItem.didPlayToEndTimeNotification, object: _item)
    }

    /// The video's element for a page: its source, its look, and the player's command (the
    /// runtime plays, pauses and seeks it; features/media.js).
    @MainActor
    func node(_ context: _RenderContext, controls: Bool, gravity: AVLayerVideoGravity) -> Node {
        let node = context.element("video", "\(StyleClass.fillW) \(StyleClass.fillH)")
        if let source = currentItem?.source { node.setAttribute("src", source) }
        node.setAttribute("playsinline", "")
        node.setAttribute("preload", "metadata")
        if controls { node.setAttribute("controls", "") }
        node.setAttribute(RuntimeContract.Attribute.video, context.track { command })
        node.addStyle("display:block;width:100%;height:100%;object-fit:\(gravity.css);background:#000")
        node.on(.change) { [weak self] payload in
            guard case .text("ended") = payload else { throw JetwayError.wrongPayload(expected: "text \"ended\"", got: payload.kindName) }
            self?.reachedEnd()
        }
        return node
    }
}

/// A view that plays a player's video with the browser's controls, and the app's overlay on it.
///
/// ```swift
/// VideoPlayer(player: AVPlayer(url: trailerURL))
///     .frame(height: 220)
/// ```
public struct VideoPlayer<VideoOverlay: View>: _PrimitiveView {
    let player: AVPlayer?
    let overlay: VideoOverlay

    /// A player of `player`'s video with the browser's controls; a nil player shows an empty one.
    public init(player: AVPlayer?) where VideoOverlay == EmptyView {
        self.player = player
        overlay = EmptyView()
    }

    /// A player of `player`'s video with `videoOverlay` on it (it lets clicks through to the
    /// video's controls).
    public init(player: AVPlayer?, @ViewBuilder videoOverlay: () -> VideoOverlay) {
        self.player = player
        overlay = videoOverlay()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let box = context.element("div", "\(StyleClass.fillW) \(StyleClass.fillH)")
        box.addStyle("position:relative;background:#000")
        let inside = context.insideElement()
        let player = view.player ?? AVPlayer()
        var children = [player.node(inside.structural(0), controls: true, gravity: .resizeAspect)]
        var overlay: [Node] = []
        AnyView._render(AnyView(view.overlay), inside.structural(1), &overlay)
        if !overlay.isEmpty {
            let layer = inside.structural(2).element("div")
            layer.addStyle("position:absolute;inset:0;pointer-events:none")
            layer.children = overlay
            children.append(layer)
        }
        box.children = children
        out.append(box)
    }
}

/// UIKit's player screen: the player's video, with or without the browser's controls, filling
/// as `videoGravity` says.
open class AVPlayerViewController: UIViewController {
    /// The player whose video is shown (an empty one when nil).
    open var player: AVPlayer? { didSet { changedLook() } }
    /// Whether the browser's controls are shown (its `controls` attribute).
    open var showsPlaybackControls = true { didSet { changedLook() } }
    /// How the video fills the view.
    open var videoGravity: AVLayerVideoGravity = .resizeAspect { didSet { changedLook() } }
    /// Kept and not read: the visitor enters full screen from the controls.
    open var entersFullScreenWhenPlaybackBegins = false
    /// Kept and not read: the visitor leaves full screen from the controls.
    open var exitsFullScreenWhenPlaybackEnds = false
    /// Kept and not read: picture in picture is the browser's to offer.
    open var allowsPictureInPicturePlayback = true
    /// Kept and not read: picture in picture is the browser's to offer.
    open var canStartPictureInPictureAutomaticallyFromInline = false
    /// Kept and not read: a page has no Now Playing info to update.
    open var updatesNowPlayingInfoCenter = true

    /// A player screen with no player, showing controls.
    public override init() { super.init() }
    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    private func changedLook() { changed() }

    override func makeNode(_ context: _RenderContext) -> Node {
        (player ?? AVPlayer()).node(context, controls: showsPlaybackControls, gravity: videoGravity)
    }
}
