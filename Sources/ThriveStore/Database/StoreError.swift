import PostgresNIO
import SQLiteNIO

/// Failures of the store that a person or operator can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidConfiguration(String)
    /// A uniqueness rule was broken (e.g. the e-mail is already registered); the field that clashed.
    case conflict(String)
    case notFound
    case unavailable(String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let message): message
        case .conflict(let field): "A record with this \(field) already exists."
        case .notFound: "No such record."
        case .unavailable(let message): message
        }
    }
}

/// What kind of failure an error is, for an operator's log: the error's type and, for the
/// databases, their own code ("SQLiteError busy", "PSQLError 40001"). SQLite's own message is
/// added ("cannot start a transaction within a transaction"): it names tables and columns, never a
/// value, since every value is bound; PostgreSQL's is not, as it may quote a key's value.
public func failureKind(_ error: any Error) -> String {
    if let error = error as? SQLiteError { return "SQLiteError \(error.reason) \(error.message)" }
    if let error = error as? PSQLError { return "PSQLError \(error.serverInfo?[.sqlState] ?? "\(error.code)")" }
    return "\(type(of: error))"
}
