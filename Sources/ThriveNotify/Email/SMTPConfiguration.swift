import Foundation

/// Where e-mail leaves the server: `smtps://user:password@host:465` (TLS from the first byte) or
/// `smtp://host:25` (plain, for a relay on this machine or network; a password is only sent over
/// TLS or to this machine), and the sender's address.
public struct SMTPConfiguration: Sendable, Hashable {
    public var host: String
    public var port: Int
    public var implicitTLS: Bool
    public var username: String?
    public var password: String?
    /// The address mail comes from ("thrive@example.org").
    public var from: String

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notAnSMTPURL, passwordWithoutTLS, badSender

        public var description: String {
            switch self {
            case .notAnSMTPURL: return "must be smtp://host:port or smtps://user:password@host:port"
            case .passwordWithoutTLS: return "sends a password only over smtps:// or to this machine"
            case .badSender: return "needs a sender address like thrive@example.org"
            }
        }
    }

    public init(url text: String, from: String) throws(Problem) {
        guard let url = URLComponents(string: text), let scheme = url.scheme, scheme == "smtp" || scheme == "smtps",
            let host = url.host, !host.isEmpty
        else { throw .notAnSMTPURL }
        implicitTLS = scheme == "smtps"
        self.host = host
        port = url.port ?? (implicitTLS ? 465 : 25)
        username = url.user?.removingPercentEncoding
        password = url.password?.removingPercentEncoding
        if password != nil, !implicitTLS, !["127.0.0.1", "localhost", "::1"].contains(host) { throw .passwordWithoutTLS }
        guard Self.isAddress(from) else { throw .badSender }
        self.from = from
    }

    /// One `@`, something on each side, no spaces or angle brackets (they would break the envelope).
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
    }
}
