import Foundation

/// How pushes leave the server. Web Push needs no set-up (its key is made on first start and kept
/// in the database); the contact is what push services may write to about this server.
public struct PushConfiguration: Sendable, Hashable {
    /// RFC 8292's `sub`: a `mailto:` or `https:` address of the operator.
    public var contact: String
    /// How long a push service may take to answer before the push is tried again later.
    public var timeoutSeconds: Int64

    public init(contact: String = "mailto:thrive@localhost", timeoutSeconds: Int64 = 15) {
        self.contact = contact
        self.timeoutSeconds = timeoutSeconds
    }
}
