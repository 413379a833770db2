// swift-tools-version: 6.2
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "thrive",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "thrive", targets: ["thrive"]),
        .library(name: "ThriveCore", targets: ["ThriveCore"]),
        .library(name: "ThriveStore", targets: ["ThriveStore"]),
        .library(name: "ThriveSync", targets: ["ThriveSync"]),
        .library(name: "ThriveSyncClient", targets: ["ThriveSyncClient"]),
        .library(name: "ThriveReports", targets: ["ThriveReports"]),
        .library(name: "ThriveNotify", targets: ["ThriveNotify"]),
        .library(name: "ThriveImport", targets: ["ThriveImport"]),
        // Stubs of outside services and test-data writers, for the tests and the benchmarks.
        .library(name: "ThriveTestSupport", targets: ["ThriveTestSupport"]),
        .library(name: "ThriveWeb", targets: ["ThriveWeb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/JohnSundell/Ink.git", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti.git", from: "3.1.0"),
    ],
    targets: [
        .target(
            name: "ThriveCore",
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveStore",
            dependencies: [
                "ThriveCore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/foods")],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveSync",
            dependencies: ["ThriveCore"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveSyncClient",
            dependencies: [
                "ThriveCore",
                "ThriveSync",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CZBar",
            pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]
        ),
        .systemLibrary(
            name: "CQPDF",
            pkgConfig: "libqpdf",
            providers: [.apt(["libqpdf-dev"])]
        ),
        .target(
            name: "ThriveReports",
            dependencies: [
                "ThriveCore", "CRsvg", "CQREncode", "CPangoCairo", "CQPDF", "CDeflate", "CZBar",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveNotify",
            dependencies: [
                "ThriveCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "ThriveImport",
            dependencies: [
                "ThriveCore",
                "CLibXML2",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveWeb",
            dependencies: [
                "ThriveCore",
                "ThriveStore",
                "ThriveNotify",
                "ThriveImport",
                "ThriveSync",
                "ThriveReports",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Ink", package: "Ink"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .copy("Resources/templates"),
                .copy("Resources/programs"),
                .copy("Resources/content"),
                .copy("Resources/strings"),
                .copy("Resources/public"),
                .copy("Resources/openapi.json"),
                .copy("Resources/manifest.webmanifest"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "thrive",
            dependencies: [
                "ThriveCore",
                "ThriveStore",
                "ThriveWeb",
                "ThriveSync",
                "ThriveSyncClient",
                "ThriveImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveCoreTests",
            dependencies: [
                "ThriveCore",
                "ThriveTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveStoreTests",
            dependencies: [
                "ThriveCore",
                "ThriveStore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveSyncTests",
            dependencies: [
                "ThriveCore",
                "ThriveSync",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveImportTests",
            dependencies: ["ThriveCore", "ThriveImport", "ThriveTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveReportsTests",
            dependencies: [
                "ThriveCore", "ThriveReports", "ThriveTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ThriveTestSupport",
            dependencies: [
                "ThriveCore",
                "ThriveNotify",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Tests/ThriveTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveNotifyTests",
            dependencies: [
                "ThriveCore",
                "ThriveNotify",
                "ThriveTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveCLITests",
            dependencies: [
                "thrive", "ThriveCore", "ThriveStore", "ThriveSync", "ThriveSyncClient", "ThriveTestSupport",
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ThriveWebTests",
            dependencies: [
                "ThriveCore",
                "ThriveStore",
                "ThriveSync",
                "ThriveSyncClient",
                "ThriveWeb",
                "ThriveReports",
                "ThriveNotify",
                "ThriveTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
