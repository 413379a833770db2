import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit

/// PostgreSQL through PostgresNIO's connection pool. Several `thrive serve` processes can share one
/// server: nothing another process needs lives in this process's memory.
final class PostgresBackend: DatabaseBackend {
    private let client: PostgresClient
    private let runner: Task<Void, Never>

    private init(client: PostgresClient, runner: Task<Void, Never>) {
        self.client = client
        self.runner = runner
    }

    static func open(_ url: PostgresURL, logger: Logger) async throws -> PostgresBackend {
        let tls: PostgresClient.Configuration.TLS =
            switch url.sslMode {
            case "require": .require(.makeClientConfiguration())
            case "prefer": .prefer(.makeClientConfiguration())
            default: .disable
            }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: tls)
        configuration.options.maximumConnections = 16
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runner = Task { await client.run() }
        let backend = PostgresBackend(client: client, runner: runner)
        do {
            try await client.query("SELECT 1")
        } catch {
            runner.cancel()
            throw StoreError.unavailable(
                "Cannot connect to PostgreSQL at \(url.host):\(url.port)/\(url.database): \(String(reflecting: error))")
        }
        return backend
    }

    private func session(_ connection: PostgresConnection) -> DatabaseSession {
        DatabaseSession(sql: connection.sql(queryLogLevel: nil), sqlite: nil, postgres: connection)
    }

    func read<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        try await client.withConnection { connection in
            try await body(self.session(connection))
        }
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        try await client.withConnection { connection in
            try await self.inTransaction(self.session(connection), begin: "BEGIN", body)
        }
    }

    func close() async {
        runner.cancel()
        _ = await runner.value
    }
}
