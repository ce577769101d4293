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
    public var value: Int64
    public var timescale: Int32
    public var isIndefinite = false

    public init(value: Int64, timescale: Int32) {
        self.value = value
        self.timescale = max(timescale, 1)
    }

    public init(seconds: Double, preferredTimescale: Int32) {
        let scale = max(preferredTimescale, 1)
        self.init(value: seconds.isFinite ? Int64((seconds * Double(scale)).rounded()) : 0, timescale: scale)
    }

    public var seconds: Double { isIndefinite ? .nan : Double(value) / Double(timescale) }
    public var isValid: Bool { !isIndefinite }
    public var isNumeric: Bool { !isIndefinite }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static var indefinite: CMTime {
        var time = CMTime(value: 0, timescale: 1)
        time.isIndefinite = true
        return time
    }
    public static var invalid: CMTime { indefinite }

    public static func < (a: CMTime, b: CMTime) -> Bool { a.seconds < b.seconds }
    public static func + (a: CMTime, b: CMTime) -> CMTime {
        CMTime(seconds: a.seconds + b.seconds, preferredTimescale: max(a.timescale, b.timescale))
    }
    public static func - (a: CMTime, b: CMTime) -> CMTime {
        CMTime(seconds: a.seconds - b.seconds, preferredTimescale: max(a.timescale, b.timescale))
    }
}

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// How a video fills its view: whole in it (`.resizeAspect`), filling it and cropped
/// (`.resizeAspectFill`), or stretched (`.resize`).
public struct AVLayerVideoGravity: Hashable, Sendable {
    let css: String
    public static let resizeAspect = AVLayerVideoGravity(css: "contain")
    public static let resizeAspectFill = AVLayerVideoGravity(css: "cover")
    public static let resize = AVLayerVideoGravity(css: "fill")
}

/// A video to play: where it is.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    public let url: URL
    /// Posted (with the item as the object) when the video plays to its end in a page.
    public static let didPlayToEndTimeNotification = Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")

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
    public static let AVPlayerItemDidPlayToEndTime = AVPlayerItem.didPlayToEndTimeNotification
}

/// Plays a video in the pages that show it (`VideoPlayer(player:)`, an `AVPlayerViewController`).
open class AVPlayer: NSObject, Observable, @unchecked Sendable {
    public enum ActionAtItemEnd: Int, Sendable { case advance, pause, none }
    public enum TimeControlStatus: Int, Sendable { case paused, waitingToPlayAtSpecifiedRate, playing }
    public enum Status: Int, Sendable { case unknown, readyToPlay, failed }

    private let registrar = ObservationRegistrar()
    private var _item: AVPlayerItem?
    private var _playing = false
    private var _serial = 0
    /// Where the video was when it last started or stopped, and when it started.
    private var position: Double = 0
    private var startedAt: Date?
    private var _volume: Float = 1
    private var _muted = false

    open var actionAtItemEnd: ActionAtItemEnd = .pause
    open var status: Status { _item == nil ? .unknown : .readyToPlay }
    open var automaticallyWaitsToMinimizeStalling = true
    open var allowsExternalPlayback = true

    public override init() { super.init() }

    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }

    public init(playerItem item: AVPlayerItem?) {
        _item = item
        super.init()
    }

    open var currentItem: AVPlayerItem? {
        registrar.access(self, keyPath: \.currentItem)
        return _item
    }

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

    open func play() {
        guard !_playing else { return }
        _playing = true
        startedAt = Date()
        changed()
    }

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

    open var timeControlStatus: TimeControlStatus { _playing ? .playing : .paused }

    open var volume: Float {
        get { _volume }
        set {
            _volume = min(max(newValue, 0), 1)
            changed()
        }
    }

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

    open func seek(to time: CMTime) {
        position = max(0, time.isIndefinite ? 0 : time.seconds)
        startedAt = _playing ? Date() : nil
        changed()
    }

    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(to: time)
        completionHandler(true)
    }

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

    public init(player: AVPlayer?) where VideoOverlay == EmptyView {
        self.player = player
        overlay = EmptyView()
    }

    public init(player: AVPlayer?, @ViewBuilder videoOverlay: () -> VideoOverlay) {
        self.player = player
        overlay = videoOverlay()
    }

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
    open var player: AVPlayer? { didSet { changedLook() } }
    open var showsPlaybackControls = true { didSet { changedLook() } }
    open var videoGravity: AVLayerVideoGravity = .resizeAspect { didSet { changedLook() } }
    open var entersFullScreenWhenPlaybackBegins = false
    open var exitsFullScreenWhenPlaybackEnds = false
    open var allowsPictureInPicturePlayback = true
    open var canStartPictureInPictureAutomaticallyFromInline = false
    open var updatesNowPlayingInfoCenter = true

    public override init() { super.init() }
    public required init?(coder: NSCoder) { nil }

    private func changedLook() { changed() }

    override func makeNode(_ context: _RenderContext) -> Node {
        (player ?? AVPlayer()).node(context, controls: showsPlaybackControls, gravity: videoGravity)
    }
}
