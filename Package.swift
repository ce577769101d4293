// swift-tools-version:6.0
import PackageDescription

// No target of a library product has unsafe flags: SwiftPM refuses them in a dependency added
// by version (`.package(url:from:)`). What they bought is kept in the code: the view graph's
// hot classes say, property by property, that their accesses need no run-time exclusivity
// check (`@exclusivity(unchecked)`: they are confined to the main actor); its hot loops are
// loops, not closures handed to the standard library (Swift 6 checks such a main-actor closure
// at run time at every call); `@ViewBuilder`'s tuples and `ModifiedContent` are `@inlinable`,
// so an app's views are built by code specialised for them. Only this repository's own app
// and bench — root-package code, as an app's own targets are in its package — skip the
// run-time checks in release builds, as any app may choose to (BENCHMARKS.md has the figures).
let appReleaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-disable-dynamic-actor-isolation"], .when(configuration: .release))
]

let package = Package(
    name: "Jetway",
    platforms: [.macOS(.v15)],
    products: [
        // An app's files import only `Jetway`; the server comes with it, so that `@main struct
        // X: App` is served (`App.main()`, CJetwayLaunch).
        .library(name: "Jetway", targets: ["Jetway", "JetwayServer"]),
        .library(name: "JetwayTesting", targets: ["JetwayTesting"]),
        .library(name: "JetwayServer", targets: ["JetwayServer"]),
        .library(name: "JetwayStore", targets: ["JetwayStore"]),
        .library(name: "JetwayCoreData", targets: ["JetwayCoreData"]),
        .library(name: "JetwaySwiftData", targets: ["JetwaySwiftData"]),
        .library(name: "JetwayCharts", targets: ["JetwayCharts"]),
        .library(name: "JetwayMapKit", targets: ["JetwayMapKit"]),
        .library(name: "JetwayKingfisher", targets: ["JetwayKingfisher"]),
        .library(name: "JetwayBrowser", targets: ["JetwayBrowser"]),
        .executable(name: "MountainAirport", targets: ["MountainAirport"]),
        .executable(name: "JetwayBench", targets: ["JetwayBench"]),
        // `jetway port <folder>`: a SwiftUI project's files rewritten to build against Jetway.
        .executable(name: "jetway", targets: ["JetwayCommand"]),
    ],
    targets: [
        // The wire contract between the server and the browser runtime, and nothing else: patch
        // ops and their encoder, every message each way, close codes, the DOM names both sides
        // read, timings. No dependencies (docs/protocol.md is checked against it).
        .target(name: "JetwayWire", path: "Sources/JetwayWire"),
        // The core: views, state, identity, rendering to nodes and HTML, keyed diff. No I/O.
        .target(
            name: "Jetway", dependencies: ["JetwayWire"], path: "Sources/Jetway"),
        // Jetway's browser files (Assets/: runtime, stylesheet, icon), compiled into the library.
        .target(
            name: "JetwayAssets", path: "Assets",
            resources: [
                // The runtime's parts (Assets/runtime), served joined as one script (BundledAssets).
                .embedInCode("runtime/wire.js"), .embedInCode("runtime/clock.js"), .embedInCode("runtime/wake-lock.js"),
                .embedInCode("runtime/ids.js"), .embedInCode("runtime/patch.js"), .embedInCode("runtime/morph.js"),
                .embedInCode("runtime/connection.js"), .embedInCode("runtime/view.js"), .embedInCode("runtime/copies.js"),
                .embedInCode("runtime/features/lazy.js"),
                .embedInCode("runtime/features/offline.js"), .embedInCode("runtime/features/keys.js"),
                .embedInCode("runtime/features/widgets.js"), .embedInCode("runtime/features/navigation.js"),
                .embedInCode("runtime/features/dialogs.js"), .embedInCode("runtime/features/uploads.js"),
                .embedInCode("runtime/features/pickers.js"), .embedInCode("runtime/features/scroll.js"),
                .embedInCode("runtime/features/sizes.js"), .embedInCode("runtime/features/locale.js"),
                .embedInCode("runtime/features/fields.js"),
                .embedInCode("runtime/features/focus.js"), .embedInCode("runtime/features/images.js"),
                .embedInCode("runtime/features/fitting.js"), .embedInCode("runtime/features/share.js"),
                .embedInCode("runtime/features/motion.js"), .embedInCode("runtime/features/canvas.js"),
                .embedInCode("runtime/features/gestures.js"),
                .embedInCode("runtime/features/dragdrop.js"), .embedInCode("runtime/features/swipes.js"),
                .embedInCode("runtime/features/reorder.js"), .embedInCode("runtime/features/location.js"),
                .embedInCode("runtime/features/maps.js"),
                .embedInCode("runtime/features/media.js"), .embedInCode("runtime/features/notifications.js"),
                .embedInCode("runtime/features/development.js"),
                .embedInCode("runtime/features/refresh.js"), .embedInCode("runtime/features/pacing.js"),
                .embedInCode("runtime/features/menus.js"), .embedInCode("runtime/page.js"),
                .embedInCode("runtime/host.js"),
                .embedInCode("jetway-sw.js"), .embedInCode("jetway.css"),
                .embedInCode("favicon.svg"),
                // Widgets that know nothing of Jetway, and their adapters (docs/integration.md).
                .embedInCode("widgets/timeline-table.js"), .embedInCode("widgets/timeline-table.css"),
                .embedInCode("widgets/jetway-timeline.js"), .embedInCode("widgets/picker-view.js"),
                .embedInCode("widgets/refresh-scroll-view.js"), .embedInCode("widgets/controls.css"),
                .embedInCode("widgets/jetway-controls.js"), .embedInCode("legacy.html"),
            ]),
        // C libraries, one shim each: the header plus what Swift cannot import from it.
        .systemLibrary(
            name: "CLibWebSockets", path: "Sources/CLibWebSockets", pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's allocator: the heap in use (the pages' memory budget) and trimming.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgreSQL", path: "Sources/CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // What an app declares around its views: routes, HTTP handlers, requests, responses,
        // cookies, password hashes and sign-in throttling (libcrypto's scrypt). No transport, so
        // an app's views, routes and sign-in build and test without it.
        .target(name: "JetwayRoutes", dependencies: ["Jetway", "CCrypto"], path: "Sources/JetwayRoutes"),
        // HTTP + websocket transport, sessions, tokens, assets.
        .target(
            name: "JetwayServer",
            dependencies: [
                "Jetway", "JetwayWire", "JetwayRoutes", "JetwayAssets", "JetwayPort", "CLibWebSockets", "CCrypto", "CZlib", "CMalloc",
                "CJetwayLaunch",
            ],
            path: "Sources/JetwayServer"),
        // A constructor that, before `main`, tells the core how JetwayServer serves an `App`.
        .target(name: "CJetwayLaunch", path: "Sources/CJetwayLaunch"),
        // Live data: records in SQLite (embedded) or PostgreSQL, live queries (FetchedResultList),
        // and sign-ins kept in a table several servers share (a JetwayRoutes SignInStore).
        .target(name: "JetwayStore", dependencies: ["Jetway", "JetwayRoutes", "CSQLite", "CPostgreSQL"], path: "Sources/JetwayStore"),
        // Core Data's API for ported apps: managed objects, contexts, `@FetchRequest`, models
        // read from `.xcdatamodeld`, kept in an SQLite file of JetwayStore's.
        .target(name: "JetwayCoreData", dependencies: ["Jetway", "JetwayStore", "JetwayPort"], path: "Sources/JetwayCoreData"),
        // SwiftData's API for ported apps: `@Model` classes, containers, contexts, `@Query`,
        // kept in an SQLite file of JetwayStore's.
        .target(name: "JetwaySwiftData", dependencies: ["Jetway", "JetwayStore"], path: "Sources/JetwaySwiftData"),
        .target(name: "JetwayCharts", dependencies: ["Jetway", "JetwayWire"], path: "Sources/JetwayCharts"),
        .target(name: "JetwayMapKit", dependencies: ["Jetway", "JetwayWire"], path: "Sources/JetwayMapKit"),
        .target(name: "JetwayKingfisher", dependencies: ["Jetway"], path: "Sources/JetwayKingfisher"),
        // The app: MountainAirport's screens and routes (Views/), and its executable.
        .target(
            name: "MountainAirportViews", dependencies: ["Jetway", "JetwayCharts", "JetwayRoutes", "JetwayStore"], path: "Views",
            // Its String Catalog (English, Spanish, German, Arabic), copied beside the executable.
            resources: [.process("Localizable.xcstrings")], swiftSettings: appReleaseSettings),
        .executableTarget(
            name: "MountainAirport", dependencies: ["MountainAirportViews", "JetwayServer", "JetwayStore"], path: "Sources/MountainAirport"),
        // ViewHost, the model DOM that applies patches, HTML parsing for tests.
        .target(name: "JetwayTesting", dependencies: ["Jetway"], path: "Sources/JetwayTesting"),
        // Drives real browsers for end-to-end tests and benches: Chromium and WebKit over
        // WebDriver, Firefox over WebDriver BiDi, and a websocket client of our own.
        .target(name: "JetwayBrowser", dependencies: ["JetwayWire"], path: "Sources/JetwayBrowser"),
        // Porting a SwiftUI project: the rewrite of its files (imports), on its own so that
        // `jetway port` and `make port-check` apply the one rule, and tests read it.
        .target(name: "JetwayPort", path: "Sources/JetwayPort"),
        // `jetway new`: a new app's package (Package.swift by URL, an App entry, a view, a test).
        .target(name: "JetwayTemplate", path: "Sources/JetwayTemplate"),
        // `jetway dev`: builds an app, runs it, and builds and restarts it on every save; what the
        // pages cannot see for themselves (a failed build, a trap) goes to them as a report.
        .target(name: "JetwayDevelopment", dependencies: ["JetwayWire"], path: "Sources/JetwayDevelopment"),
        .executableTarget(
            name: "JetwayCommand", dependencies: ["JetwayPort", "JetwayTemplate", "JetwayDevelopment"], path: "Sources/JetwayCommand"),
        // `make bench`: prints `bench: <name> <value> <unit>` lines.
        .executableTarget(
            name: "JetwayBench",
            dependencies: [
                "Jetway", "JetwayAssets", "JetwayTesting", "JetwayServer", "JetwayBrowser", "JetwayStore", "MountainAirportViews",
                "CMalloc",
            ],
            path: "Sources/JetwayBench",
            swiftSettings: appReleaseSettings),
        // The wire contract on its own: each message's bytes, and docs/protocol.md against it.
        .testTarget(name: "PortTests", dependencies: ["JetwayPort"], path: "Tests/PortTests"),
        .testTarget(name: "WireTests", dependencies: ["JetwayWire"], path: "Tests/WireTests"),
        .testTarget(name: "DevelopmentTests", dependencies: ["JetwayDevelopment"], path: "Tests/DevelopmentTests"),
        .testTarget(name: "JetwayTests", dependencies: ["Jetway", "JetwayTesting", "JetwayPort"], path: "Tests/JetwayTests"),
        // The seeds' SwiftUI code, compiled with `import Jetway` and driven through ViewHost.
        .testTarget(name: "SeedPortTests", dependencies: ["Jetway", "JetwayStore", "JetwayTesting"], path: "Tests/SeedPortTests"),
        // Core Data apps as they are written: entity classes, fetch requests, a store file.
        .testTarget(name: "CoreDataTests", dependencies: ["JetwayCoreData", "Jetway", "JetwayTesting"], path: "Tests/CoreDataTests"),
        // SwiftData apps as they are written: `@Model` classes, `@Query`, a store file.
        .testTarget(
            name: "SwiftDataTests", dependencies: ["JetwaySwiftData", "Jetway", "JetwayStore", "JetwayTesting"],
            path: "Tests/SwiftDataTests"),
        // Swift Charts as apps write them: marks, scales, axes, legends, drawn as HTML and SVG.
        .testTarget(name: "ChartsTests", dependencies: ["JetwayCharts", "Jetway", "JetwayTesting"], path: "Tests/ChartsTests"),
        .testTarget(name: "MapKitTests", dependencies: ["JetwayMapKit", "Jetway", "JetwayTesting"], path: "Tests/MapKitTests"),
        .testTarget(name: "KingfisherTests", dependencies: ["JetwayKingfisher", "Jetway", "JetwayTesting"], path: "Tests/KingfisherTests"),
        // The store on real SQLite files (and PostgreSQL, when `make test` has started one).
        .testTarget(name: "StoreTests", dependencies: ["JetwayStore", "JetwayTesting", "JetwayBrowser"], path: "Tests/StoreTests"),
        // An app's routes and screens without the transport (no JetwayServer here).
        .testTarget(
            name: "RouteTests", dependencies: ["Jetway", "JetwayRoutes", "JetwayStore", "JetwayTesting", "MountainAirportViews"],
            path: "Tests/RouteTests"),
        // Real sockets on 127.0.0.1; Chromium, Firefox and WebKit driving real pages.
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Jetway", "JetwayAssets", "JetwayServer", "JetwayStore", "JetwayBrowser", "JetwayTesting", "MountainAirportViews",
                "JetwayCoreData", "JetwaySwiftData", "JetwayCharts", "JetwayMapKit", "JetwayKingfisher", "JetwayTemplate",
            ],
            path: "Tests/ServerTests"),
    ]
)
