/// A provider token held in one buffer that is overwritten with zeros as soon as it has been used
/// (spec 004: tokens are zeroized after use). Swift copies a token's text when a header or a form
/// is built from it; those copies are freed at once, but only this buffer is overwritten.
public final class SecretToken: @unchecked Sendable {
    private var bytes: [UInt8]

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The token, for the one request that needs it.
    public func reveal() -> String { String(decoding: bytes, as: UTF8.self) }

    /// Overwrites the token; it reads as empty afterwards.
    public func wipe() {
        for index in bytes.indices { bytes[index] = 0 }
        bytes.removeAll()
    }

    deinit { wipe() }
}

/// What a token endpoint grants.
public struct TokenGrant: Sendable {
    public let access: SecretToken
    /// Providers that rotate refresh tokens (Fitbit, Oura, WHOOP) send a new one with every grant;
    /// Google keeps the first.
    public let refresh: SecretToken?
    public let expiresIn: Int?
    /// The scopes the person actually granted, in the provider's words.
    public let scope: String?

    public func wipe() {
        access.wipe()
        refresh?.wipe()
    }
}
