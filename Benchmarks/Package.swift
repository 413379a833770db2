// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which differs between checkouts.
let thrive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that `swift test` in the main package stays fast.
// Run with `swift package benchmark` (release build); see README.md in this folder.
let package = Package(
    name: "ThriveBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ThriveCore", package: thrive),
                .product(name: "ThriveStore", package: thrive),
                .product(name: "ThriveWeb", package: thrive),
                .product(name: "ThriveSync", package: thrive),
                .product(name: "ThriveSyncClient", package: thrive),
                .product(name: "ThriveNotify", package: thrive),
                .product(name: "ThriveImport", package: thrive),
                .product(name: "ThriveTestSupport", package: thrive),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Benchmarks/StoreBenchmarks",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "ServerBenchmark", path: "Sources/ServerBenchmark"),
    ]
)
