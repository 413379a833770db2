import ArgumentParser
import Foundation
import Logging
import ThriveCore
import ThriveStore
import ThriveWeb

/// Where the data lives and how much to log: shared by every command that opens the database.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder for the SQLite database. [env: THRIVE_DATA_DIR] (default: data)")
    var dataDirectory: String?

    @Option(
        name: .customLong("database-url"),
        help: "postgres://user:password@host:5432/database to use PostgreSQL instead of SQLite. [env: THRIVE_DATABASE_URL]")
    var databaseURL: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical. [env: THRIVE_LOG_LEVEL] (default: info)")
    var logLevel: String?

    /// The environment's configuration with these flags laid over it.
    func configuration() throws -> AppConfiguration {
        var configuration = try AppConfiguration(environment: ProcessInfo.processInfo.environment)
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let databaseURL { configuration.databaseURL = databaseURL.isEmpty ? nil : databaseURL }
        if let logLevel { configuration.logLevel = try AppConfiguration.parseLogLevel(logLevel, source: "--log-level") }
        return configuration
    }
}

enum Runtime {
    /// Prints a line and flushes at once, so messages reach a log file or pipe before the server blocks.
    static func say(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// Logs go to standard error, so command output on standard out stays clean for scripts.
    static func logger(_ configuration: AppConfiguration) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = configuration.logLevel
            return handler
        }
        var logger = Logger(label: "thrive")
        logger.logLevel = configuration.logLevel
        return logger
    }

    static func openStore(_ configuration: AppConfiguration, logger: Logger, migrate: Bool = true) async throws -> Store {
        let location = try DatabaseLocation.resolve(
            databaseURL: configuration.databaseURL, dataDirectory: configuration.dataDirectory)
        var storeLogger = logger
        // The database drivers log connection events at debug; keep them quiet unless asked for trace.
        storeLogger.logLevel = configuration.logLevel == .trace ? .trace : max(configuration.logLevel, .info)
        return try await Store.open(location, logger: storeLogger, migrate: migrate)
    }

    static func hasher(_ configuration: AppConfiguration) -> BcryptPasswordHasher {
        BcryptPasswordHasher(cost: configuration.bcryptCost)
    }
}
