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
