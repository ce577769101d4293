// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Jetway",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Jetway", targets: ["Jetway"]),
        .library(name: "JetwayTesting", targets: ["JetwayTesting"]),
        .executable(name: "JetwayBench", targets: ["JetwayBench"]),
    ],
    targets: [
        // The core: views, state, identity, rendering to nodes and HTML, keyed diff. No I/O.
        .target(name: "Jetway", path: "Sources/Jetway"),
        // ViewHost, the model DOM that applies patches, HTML parsing for tests.
        .target(name: "JetwayTesting", dependencies: ["Jetway"], path: "Sources/JetwayTesting"),
        // `make bench`: prints `bench: <name> <value> <unit>` lines.
        .executableTarget(name: "JetwayBench", dependencies: ["Jetway", "JetwayTesting"], path: "Sources/JetwayBench"),
        .testTarget(name: "JetwayTests", dependencies: ["Jetway", "JetwayTesting"], path: "Tests/JetwayTests"),
        // The seeds' SwiftUI code, compiled with `import Jetway` and driven through ViewHost.
        .testTarget(name: "SeedPortTests", dependencies: ["Jetway", "JetwayTesting"], path: "Tests/SeedPortTests"),
    ]
)
