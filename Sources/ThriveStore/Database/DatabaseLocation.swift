import Foundation

/// Where the data lives: one SQLite file (the default) or a PostgreSQL server.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresURL)

    /// `postgres://` or `postgresql://` URLs select PostgreSQL; otherwise the SQLite file
    /// `thrive.sqlite` in `dataDirectory`.
    public static func resolve(databaseURL: String?, dataDirectory: String) throws(StoreError) -> DatabaseLocation {
        if let databaseURL, !databaseURL.isEmpty {
            return .postgres(try PostgresURL(databaseURL))
        }
        return .sqlite(path: URL(fileURLWithPath: dataDirectory).appendingPathComponent("thrive.sqlite").path)
    }

    /// Safe to print: never includes the password.
    public var description: String {
        switch self {
        case .sqlite(let path): "SQLite at \(path)"
        case .postgres(let url): "PostgreSQL at \(url.host):\(url.port)/\(url.database)"
        }
    }
}

/// A parsed `postgres://user:password@host:port/database?sslmode=…` URL.
public struct PostgresURL: Sendable, Hashable {
    public let host: String
    public let port: Int
    public let username: String
    public let password: String?
    public let database: String
    /// `require` or `prefer` ask for TLS; `disable` (the default for loopback) does not.
    public let sslMode: String

    public init(_ text: String) throws(StoreError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme),
            let host = components.host, !host.isEmpty
        else {
            throw .invalidConfiguration(
                "The database URL must look like postgres://user:password@host:5432/database.")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw .invalidConfiguration("The database URL must name a database, as in postgres://user@host/thrive.")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .invalidConfiguration("The database URL must name a user, as in postgres://thrive@host/thrive.")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
        self.sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
        guard ["disable", "prefer", "require"].contains(sslMode) else {
            throw .invalidConfiguration("sslmode must be disable, prefer or require.")
        }
    }

    /// The same server with another database (tests create one database per test).
    public func with(database: String) -> PostgresURL {
        PostgresURL(host: host, port: port, username: username, password: password, database: database, sslMode: sslMode)
    }

    private init(host: String, port: Int, username: String, password: String?, database: String, sslMode: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }
}
