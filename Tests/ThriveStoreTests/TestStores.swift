import Foundation
import Logging
import Testing
import ThriveCore
import ThriveStore

/// Opens a fresh, empty, migrated store of each kind for one test, and removes it afterwards.
///
/// PostgreSQL tests connect to the server named by `THRIVE_TEST_DATABASE_URL` (the test command starts
/// one on 127.0.0.1) and create a database per test. They are skipped only when
/// `THRIVE_SKIP_POSTGRES=1` says so; a missing URL otherwise fails the test rather than passing silently.
enum TestStores {
    static let environment = ProcessInfo.processInfo.environment
    static let skipPostgres = environment["THRIVE_SKIP_POSTGRES"] == "1"

    /// The engines the store suite runs on.
    static var kinds: [DatabaseKind] { skipPostgres ? [.sqlite] : [.sqlite, .postgres] }

    static var logger: Logger {
        var logger = Logger(label: "thrive.test")
        logger.logLevel = .warning
        return logger
    }

    static func withStore<R>(_ kind: DatabaseKind, _ body: (Store) async throws -> R) async throws -> R {
        let (location, cleanup) = try await makeLocation(kind)
        let store = try await Store.open(location, logger: logger)
        do {
            let result = try await body(store)
            await store.close()
            try await cleanup()
            return result
        } catch {
            await store.close()
            try? await cleanup()
            throw ReflectedError(error)
        }
    }

    static func makeLocation(_ kind: DatabaseKind) async throws -> (DatabaseLocation, @Sendable () async throws -> Void) {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        switch kind {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-tests-\(name)")
            let path = folder.appendingPathComponent("thrive.sqlite").path
            return (.sqlite(path: path), { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            guard let text = environment["THRIVE_TEST_DATABASE_URL"] else {
                throw TestSetupError(
                    "THRIVE_TEST_DATABASE_URL is not set. Run the suite with ./scripts/test (it starts PostgreSQL), or set THRIVE_SKIP_POSTGRES=1 to skip PostgreSQL on purpose."
                )
            }
            let server = try PostgresURL(text)
            let admin = try await Database.open(.postgres(server), logger: logger)
            try await admin.read { try await $0.raw("CREATE DATABASE \(unsafeRaw: String(name))").run() }
            await admin.close()
            return (
                .postgres(server.with(database: String(name))),
                {
                    let admin = try await Database.open(.postgres(server), logger: logger)
                    // An autovacuum worker may still be busy in the new database; FORCE stops it, and a
                    // few tries cover the moment it takes to go.
                    var failure: (any Error)?
                    for attempt in 1...5 {
                        do {
                            try await admin.read {
                                try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name)) WITH (FORCE)").run()
                            }
                            failure = nil
                            break
                        } catch {
                            failure = error
                            try? await Task.sleep(for: .milliseconds(200 * attempt))
                        }
                    }
                    await admin.close()
                    if let failure { throw failure }
                }
            )
        }
    }
}

/// An error that describes itself in full: PostgresNIO's errors print a generic sentence unless
/// reflected, which would leave a failure on CI unexplained. Tests may show queries; logs may not.
struct ReflectedError: Error, CustomStringConvertible {
    let underlying: any Error
    let description: String
    init(_ error: any Error) {
        underlying = (error as? ReflectedError)?.underlying ?? error
        description = String(reflecting: underlying)
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Small builders for records, with sensible values unless a test says otherwise.
enum Make {
    static let time = Date(timeIntervalSince1970: 1_790_000_000)
    static let watch = SampleSource(name: "Apple Watch", kind: .device)

    static func account(_ email: String) throws -> Account {
        Account(id: UserID(UUID()), email: try EmailAddress(email), passwordHash: "$2b$04$hash", createdAt: time)
    }

    static func heartRate(_ value: Double, at offset: TimeInterval = 0, sync: String? = nil, version: Int = 1) -> QuantitySample {
        QuantitySample(
            id: SampleID(UUID()), type: .heartRate, value: value, start: time + offset, end: time + offset, source: watch,
            sync: sync.map { SyncStamp(identifier: $0, version: version) })
    }
}
