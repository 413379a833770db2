import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }
    var source: Now { Now { self.now } }

    func advance(minutes: Double) {
        current.withLock { $0 += minutes * 60 }
    }

    func advance(seconds: Double) {
        current.withLock { $0 += seconds }
    }
}

/// Every log line an app wrote, with its metadata, for the privacy test.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "thrive.test") { _ in CapturingHandler(capture: self) }
        logger.logLevel = level
        return logger
    }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            all.merge(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(all) \(event.source) \(event.file)")
        }
    }
}

/// A Thrive app on a fresh SQLite file (or a given store), with a controllable clock and a cheap
/// bcrypt cost so a suite of logins stays quick.
struct TestApp {
    static let hasher = BcryptPasswordHasher(cost: 4)
    let configuration: AppConfiguration
    let store: Store
    let clock: TestClock
    let logs: LogCapture
    let cleanup: @Sendable () async -> Void
    /// Short, so a test reading a coach stream gets its whole body within a second.
    var coachStream = CoachStreamTiming(tick: .milliseconds(100), lifetime: .milliseconds(600))

    static func make(
        configure: (inout AppConfiguration) -> Void = { _ in }, clock: TestClock = TestClock(), sharing: TestApp? = nil
    ) async throws -> TestApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-web-\(UUID().uuidString)")
        var configuration = AppConfiguration()
        configuration.dataDirectory = folder.path
        // Tests that move the clock by hours are not about the app lock; AppLockTests turn it on.
        configuration.appLockMinutes = nil
        configure(&configuration)
        let logs = LogCapture()
        if let sharing {
            // A second process: its own connections to the same database file.
            let store = try await Store.open(sharing.store.database.location, logger: logs.logger())
            return TestApp(configuration: configuration, store: store, clock: clock, logs: logs, cleanup: { await store.close() })
        }
        let store = try await Store.open(
            .sqlite(path: folder.appendingPathComponent("thrive.sqlite").path), logger: logs.logger())
        return TestApp(
            configuration: configuration, store: store, clock: clock, logs: logs,
            cleanup: {
                await store.close()
                try? FileManager.default.removeItem(at: folder)
            })
    }

    var dependencies: AppDependencies {
        AppDependencies(
            store: store, now: clock.source, ids: .random, hasher: Self.hasher, logger: logs.logger(), coachStream: coachStream)
    }

    /// Runs `body` against the app through HummingbirdTesting's router client (no sockets), or
    /// `live` on a socket at 127.0.0.1 (for what depends on the peer's address).
    func test<R>(live: Bool = false, _ body: @Sendable (Browser) async throws -> R) async throws -> R {
        do {
            let app = try await buildApplication(configuration, dependencies: dependencies)
            let result = try await app.test(live ? .live : .router) { client in try await body(Browser(client: client)) }
            await cleanup()
            return result
        } catch {
            await cleanup()
            throw error
        }
    }

    /// Counts of rows a failed request must not have written.
    func accountCount() async throws -> Int {
        try await store.read { try await $0.accounts.all().count }
    }
}
